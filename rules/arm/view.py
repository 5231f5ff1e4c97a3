"""ARM's wrestler page (rules/view.py): the card with each attribute's bonus, the arsenal as the match uses it
(effective Level, Damage, Skill; the Finisher marked), the Talent account in words; and the budget line of the
new-wrestler form."""

from rules.arm.sheet import parse_height, talent_account
from rules.errors import SheetError
from rules.view import default_view, words

DERIVED_LABELS = {
    "lift": "Lift",
    "wdb": "Weight Damage Bonus (WDB)",
    "reach": "Reach",
    "hdb": "Height Damage Bonus (HDB)",
    "sta_bonus": "STA bonus (injury points healed a week)",
    "action_points": "Action Points per round",
    "stuntrack": "StunTrack breaks",
    "edge": "Edge points per match",
    "starting_prestige": "Starting Prestige",
    "capacity": "Arsenal slots per Class",
    "talent": "Talent",
}
# Shown elsewhere on the page: the bonuses beside the attributes, the height in the facts, the arsenal in its table.
HIDDEN = ("height", "borders", "bonuses", "agi_bonus", "alignment", "arsenal", "reversals", "finisher")

COLUMNS = ("Move", "Maneuver", "Class", "Type", "Flags", "Level", "Damage", "Skill", "Training")


def talent_words(talent):
    parts = f"attributes {talent['attributes']}, merits {talent['merits']}, training {talent['training']}"
    left = talent["pool"] - talent["spent"]
    if left < 0:
        return f"{talent['spent']} of {talent['pool']} spent ({parts}): {-left} over the pool"
    return f"{talent['spent']} of {talent['pool']} spent ({parts}), {left} left"


def view(spec, sheet, derived):
    out = default_view(spec, sheet, derived, derived_labels=DERIVED_LABELS, hide=HIDDEN, arsenal=_arsenal(derived))
    bonuses = derived.get("bonuses") or {}
    for attribute in out["attributes"]:
        if attribute["key"] in bonuses:
            attribute["note"] = f"bonus +{bonuses[attribute['key']]}"
    out["facts"] = [(label, text) for label, text in out["facts"] if label != "Height"]
    if derived.get("height"):
        out["facts"].insert(1, ("Height", derived["height"]))
    out["derived"] = [(label, _derived_words(label, derived, text), help_) for label, text, help_ in out["derived"]]
    reversals = derived.get("reversals") or []
    if reversals:
        text = "; ".join(f"{r['counter']} into {r['into']} (Level {r['level']}, Skill {r['skill']})" for r in reversals)
        out["lists"].append(("Reversals", text))
    return out


def _derived_words(label, derived, text):
    if label == DERIVED_LABELS["talent"]:
        return talent_words(derived["talent"])
    if label == DERIVED_LABELS["stuntrack"]:
        return " / ".join(str(n) for n in derived["stuntrack"])
    if label == DERIVED_LABELS["capacity"]:
        return ", ".join(f"{k} {v}" for k, v in derived["capacity"].items())
    return text


def _arsenal(derived):
    rows = []
    finisher = ""
    for entry in derived.get("arsenal") or []:
        own_name = entry["name"] if entry["name"] != entry["maneuver"] else ""
        rows.append(
            {
                "cells": [
                    entry["name"],
                    entry["maneuver"] if own_name else "",
                    entry["class"],
                    entry["type"],
                    words(entry["flags"]) if entry["flags"] else "",
                    entry["level"],
                    entry["damage"] if entry["type"] != "Defense" else "",
                    entry["skill"],
                    entry["training"] or "",
                ],
                "finisher": bool(entry.get("finisher")),
            }
        )
        if entry.get("finisher"):
            finisher = entry["name"]
    if not rows:
        return None
    return {"title": "Arsenal", "columns": list(COLUMNS), "rows": rows, "finisher": finisher}


def budget(sheet):
    """The Talent account of a sheet being typed, in words; None while it cannot be counted yet."""
    try:
        filled = {
            "background": [],
            "flaws": [],
            "merits": [],
            "arsenal": [],
            "reversals": [],
            "advancement": 0,
            **{k: v for k, v in sheet.items() if v is not None},
        }
        filled["height"] = parse_height(filled["height"])
        filled["arsenal"] = [r for r in filled["arsenal"] if isinstance(r, dict)]
        filled["attributes"] = {k: v for k, v in (filled.get("attributes") or {}).items() if isinstance(v, int)}
        talent = talent_account(filled)
    except (KeyError, TypeError, ValueError, AttributeError, SheetError):
        return None
    left = talent["pool"] - talent["spent"]
    text = f"Talent: {talent_words(talent)}."
    if left < 0:
        text += f" Lower an attribute, drop a merit or training, or take a flaw to save {-left}."
    return {"text": text, "over": left < 0}
