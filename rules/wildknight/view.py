"""wildknight's wrestler page (rules/view.py): the four abilities and two skills on the card, the maneuvers as a
table (key ability, damage die, what they need) with the Finisher marked, the creation budget in words."""

from rules.view import default_view, humanize

DERIVED_LABELS = {
    "weight_mod": "Weight Mod",
    "fatigue_threshold": "Fatigue per -1 penalty",
    "ability_points": "Ability points (creation: 5)",
    "skill_ranks": "Skill ranks (creation: 4)",
}
COLUMNS = ("Maneuver", "Key ability", "Damage", "Traits")
ABILITY_POINTS, SKILL_RANKS = 5, 4


def view(spec, sheet, derived, maneuver_table):
    table = {row["name"]: row for row in maneuver_table}
    finisher = sheet.get("finisher") or {}
    rows = []
    for name in sheet.get("maneuvers") or []:
        row = table.get(name, {})
        is_finisher = finisher.get("maneuver") == name
        label = f"{finisher['name']} ({name})" if is_finisher and finisher.get("name") else name
        rows.append(
            {
                "cells": [
                    label,
                    row.get("key", ""),
                    row.get("damage") or "",
                    ", ".join(humanize(m.replace("-", " ")) for m in row.get("modifiers") or []),
                ],
                "finisher": is_finisher,
            }
        )
    arsenal = {"title": "Maneuvers", "columns": list(COLUMNS), "rows": rows, "finisher": finisher.get("name", "")}
    out = default_view(
        spec,
        sheet,
        derived,
        derived_labels=DERIVED_LABELS,
        hide=("maneuvers", "finisher"),
        arsenal=arsenal if rows else None,
    )
    kinds = {a["name"]: a.get("kind") for a in spec.get("attributes") or []}
    for attribute in out["attributes"]:
        attribute["note"] = kinds.get(attribute["key"]) or ""
        value = attribute["value"]
        attribute["value"] = (
            f"{value:+d}" if isinstance(value, int) and kinds.get(attribute["key"]) == "ability" else value
        )
    return out


def budget(sheet, abilities, skills):
    """The creation budget of a sheet being typed (Wild World Wrestling: 5 ability points, 4 skill ranks)."""
    values = sheet.get("attributes") or {}
    try:
        points = sum(int(values[a]) for a in abilities if values.get(a) is not None)
        ranks = sum(int(values[s]) for s in skills if values.get(s) is not None)
    except (TypeError, ValueError):
        return None
    text = (
        f"Ability points: {_spent(points, ABILITY_POINTS)}; skill ranks: {_spent(ranks, SKILL_RANKS)}"
        " (Wild World Wrestling's creation budget; a guide, the league does not refuse more)."
    )
    return {"text": text, "over": False}


def _spent(used, budget):
    if used > budget:
        return f"{used} of {budget}, {used - budget} over"
    return f"{used} of {budget}, {budget - used} left"
