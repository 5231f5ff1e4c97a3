"""The ARM wrestler sheet: attributes, size, alignment, Fame/Prestige, arsenal, Merits and Flaws.

A sheet is JSON (see ``docs/rules/arm.md`` for every key). :func:`validate` returns a normalized copy
or raises :class:`rules.errors.SheetError` naming the field: the types and ranges come from the sheet spec
(:mod:`rules.arm.sheet_spec`, checked by :func:`rules.sheet_check.check_sheet`, shared by every ruleset); here are
only ARM's own spellings (height, alignment, injured parts) and its cross-field rules (Background prerequisites,
Slack, Flags that fit, the Finisher, arsenal slots per Class, the Talent budget). :func:`derived` gives Lift,
WDB, Reach, HDB, the StunTrack, Edge, Action Points, the Talent account (P-ARM-02..07) and the effective Level,
Damage and Skill of every arsenal entry. Example sheets are :mod:`rules.arm.examples`.
"""

import re

from rules.arm.maneuvers import BASE_MANEUVERS, DEFENSES, flag_problem, flagged, full_name
from rules.arm.sheet_spec import sheet_spec
from rules.arm.tables import (
    ARSENAL_CLASSES,
    BACKGROUNDS,
    BODY_PARTS,
    DEFAULT_BORDER,
    DEFAULT_PRESTIGE,
    FLAWS,
    FREE_TRAINING,
    MERITS,
    STARTING_PRESTIGE,
    STUN_CODES,
    STUNTRACK_BREAKS,
    TALENT_POOL,
    attribute_bonus,
    height_row,
    weight_row,
)
from rules.errors import SheetError
from rules.sheet_check import check_sheet

ALIGNMENTS = {"face": "face", "fan favorite": "face", "heel": "heel", "rulebreaker": "heel"}
PART_ALIASES = {p.lower(): p for p in BODY_PARTS} | {"ribs/body": "Ribs", "body": "Ribs", "arms": "Arm", "legs": "Leg"}
# the order a normalized sheet keeps its keys in
KEY_ORDER = (
    "name",
    "height",
    "weight",
    "alignment",
    "pronouns",
    "fame",
    "prestige",
    "attributes",
    "background",
    "merits",
    "flaws",
    "arsenal",
    "reversals",
    "advancement",
    "finisher",
    "injuries",
    "objects",
    "tactics",
)


def _fail(field, message):
    raise SheetError(field, message)


def parse_height(value, field="height", _check=None):
    """Inches from 74, "74", 6'2\", 6-2 or "6 ft 2"."""
    if isinstance(value, bool):
        _fail(field, "must be inches or feet'inches\"")
    if isinstance(value, int):
        inches = value
    elif isinstance(value, str):
        text = value.strip()
        if text.isdigit():
            inches = int(text)
        else:
            found = re.fullmatch(r"(\d)\s*(?:'|ft|-|\s)\s*(\d{1,2})\s*(?:\"|in|'')?", text)
            if not found:
                _fail(field, f"cannot read {value!r} (use inches or 6'2\")")
            inches = int(found.group(1)) * 12 + int(found.group(2))
    else:
        _fail(field, "must be inches or feet'inches\"")
    if not 48 <= inches <= 96:
        _fail(field, f"{inches} inches is outside 4'0\"-8'0\"")
    return inches


def format_height(inches):
    return f"{inches // 12}'{inches % 12}\""


def _alignment(value, field, _check):
    alignment = ALIGNMENTS.get(str(value).strip().lower())
    if alignment is None:
        _fail(field, "must be face (fan favorite) or heel (rulebreaker)")
    return alignment


def _injuries(value, field, check):
    """Injury points by body part, the seed's spellings accepted ("Ribs/Body", "legs"); parts at 0 are dropped."""
    if not isinstance(value, dict):
        _fail(field, "must be an object of body part: points")
    respelled = {}
    for key, points in value.items():
        part = PART_ALIASES.get(str(key).strip().lower())
        if part is None:
            _fail(f"{field}.{key}", f"unknown body part (use {', '.join(BODY_PARTS)})")
        respelled[part] = points
    try:
        checked = check(respelled)
    except SheetError as error:  # name the field as he wrote it
        written = next((k for k in value if PART_ALIASES.get(str(k).strip().lower()) == error.field.split(".")[-1]), "")
        raise SheetError(f"{field}.{written}", error.message) from None
    return {part: points for part, points in checked.items() if points}


def _row(value, field, check):
    """An arsenal row, or a bare maneuver name."""
    return check({"maneuver": value} if isinstance(value, str) else value)


def _flags(value, field, check):
    return check(value.split() if isinstance(value, str) else value)


PARSERS = {
    "height": parse_height,
    "alignment": _alignment,
    "injuries": _injuries,
    "arsenal[]": _row,
    "arsenal[].flags": _flags,
}


def entry_label(row):
    return row.get("name") or (full_name(row["maneuver"], row["flags"]) if row["flags"] else row["maneuver"])


def entry_class(row):
    base = row["maneuver"]
    return (BASE_MANEUVERS.get(base) or DEFENSES[base]).cls


def starting_prestige(background):
    """P-ARM-08: a Legend starts with 400 Prestige, a Defector with 200, everyone else with 100."""
    return max([DEFAULT_PRESTIGE] + [STARTING_PRESTIGE.get(b, 0) for b in background])


def validate(raw, new=False):
    """The normalized sheet, or SheetError naming the field. ``new``: a sheet at creation, whose Prestige
    must be at least its Background's starting Prestige (later the league's standing may fall below it)."""
    sheet = check_sheet(raw, sheet_spec(), brackets=True, parsers=PARSERS, unknown="drop")
    _prestige(sheet, new)
    _prerequisites(sheet)
    _arsenal(sheet)
    finisher = sheet.get("finisher")
    if finisher is not None:
        sheet["finisher"] = _finisher(sheet, finisher)
    _capacity(sheet)
    account = talent_account(sheet)
    if account["spent"] > account["pool"]:
        _fail(
            "attributes",
            f"this build costs {account['spent']} Talent and there are {account['pool']} to spend, "
            f"{account['spent'] - account['pool']} too many: lower an attribute, drop a merit or some training, or "
            f"take a flaw (Advancement counts Talent earned since creation)",
        )
    return {key: sheet[key] for key in KEY_ORDER if key in sheet}


def _prestige(sheet, new):
    """P-ARM-08: without one, the Background's starting Prestige; a new sheet may not start below it (D47)."""
    start = starting_prestige(sheet["background"])
    if sheet.get("prestige") is None:
        sheet["prestige"] = start
    elif new and sheet["prestige"] < start:
        who = "a Legend" if start == STARTING_PRESTIGE["Legend"] else "a Defector"
        _fail("prestige", f"{who} starts with {start} Prestige, not {sheet['prestige']} (P-ARM-08)")


def _prerequisites(sheet):
    """P-ARM-08/09: Slack is a heel's; a Street Tough is never Injury Prone and needs TOU 10; an Athletic Pick STA
    10; a Prizefighter BRA 10."""
    attributes, background = sheet["attributes"], sheet["background"]
    if "Slack" in sheet["merits"] and sheet["alignment"] != "heel":
        _fail("merits", "Slack is a rulebreaker's Merit (alignment heel)")
    if "Street Tough" in background:
        if "Injury Prone" in sheet["flaws"]:
            _fail("flaws", "a Street Tough may not take Injury Prone")
        if attributes["TOU"] < 10:
            _fail("attributes.TOU", "a Street Tough needs TOU 10 or more")
    if "Athletic Pick" in background and attributes["STA"] < 10:
        _fail("attributes.STA", "an Athletic Pick needs STA 10 or more")
    if "Prizefighter" in background and attributes["BRA"] < 10:
        _fail("attributes.BRA", "a Prizefighter needs BRA 10 or more")


def _arsenal(sheet):
    """Each Flag must fit its maneuver (D13), Defenses take none, and no maneuver twice."""
    seen = set()
    for i, row in enumerate(sheet["arsenal"]):
        base, flags = row["maneuver"], row["flags"]
        if base in DEFENSES and flags:
            _fail(f"arsenal[{i}].flags", "Defenses take no flags")
        for j, flag in enumerate(flags):
            problem = flag_problem(BASE_MANEUVERS[base], flag)
            if problem:
                _fail(f"arsenal[{i}].flags[{j}]", problem)
        key = (base, frozenset(flags))
        if key in seen:
            _fail(f"arsenal[{i}]", f"{full_name(base, flags) if flags else base} is already in the arsenal")
        seen.add(key)


def _finisher(sheet, finisher):
    """The Finisher is an attacking arsenal entry, named by its custom name or its flagged maneuver."""
    labels = {entry_label(r).lower(): r for r in sheet["arsenal"]}
    row = labels.get(finisher.lower())
    if row is None:
        _fail("finisher", f"{finisher!r} is not in the arsenal")
    if row["maneuver"] in DEFENSES or BASE_MANEUVERS[row["maneuver"]].type == "Trick":
        _fail("finisher", "a Finisher must be an attacking maneuver")
    return entry_label(row)


def _capacity(sheet):
    """P-ARM-10: per Class at most 2 x bonus + 1 maneuvers (Limited Arsenal -2), bought Reversals counting."""
    counts = {}
    for row in sheet["arsenal"]:
        counts[entry_class(row)] = counts.get(entry_class(row), 0) + 1
    for row in sheet["reversals"]:
        cls = BASE_MANEUVERS[row["into"]].cls
        counts[cls] = counts.get(cls, 0) + 1
    for cls in ARSENAL_CLASSES:
        cap = arsenal_capacity(sheet["attributes"][cls], sheet["flaws"])
        if counts.get(cls, 0) > cap:
            _fail("arsenal", f"{counts[cls]} {cls} maneuvers exceed the {cls} arsenal's {cap} slots")


def arsenal_capacity(value, flaws=()):
    cap = 2 * attribute_bonus(value) + 1
    if "Limited Arsenal" in flaws:
        cap -= 2
    return max(1, cap)


def borders(weight):
    row = weight_row(weight)
    return {"STR": row[4], "TOU": row[5], "AGI": row[6], "STA": row[7]}


def attribute_cost(value, border):
    """Talent to raise an attribute from 5: 1 per point up to the Border, 2 per point above it."""
    if value <= 5:
        return 0
    cheap = min(value, border) - 5
    return max(0, cheap) + 2 * max(0, value - max(border, 5))


def talent_account(sheet):
    wrow, hrow = weight_row(sheet["weight"]), height_row(sheet["height"])
    pool = TALENT_POOL + wrow[1] + hrow[1] + sheet.get("advancement", 0)
    pool += sum(BACKGROUNDS[b] for b in sheet["background"])  # Talent adj: Legend -5, Defector -2
    pool += sum(FLAWS[f] for f in sheet["flaws"])
    merits = sum(MERITS[m] for m in sheet["merits"])
    bs = borders(sheet["weight"])
    attrs = sum(attribute_cost(v, bs.get(a, DEFAULT_BORDER)) for a, v in sheet["attributes"].items())
    rows = [*sheet["arsenal"], *sheet["reversals"]]
    training = sum(r.get("training", 0) for r in rows)
    training_cost = (max(0, training - FREE_TRAINING) + 1) // 2
    return {
        "pool": pool,
        "attributes": attrs,
        "merits": merits,
        "training_points": training,
        "training": training_cost,
        "spent": attrs + merits + training_cost,
    }


def stuntrack(sheet):
    """P-ARM-06: breaks at B, 2B .. 5B with B = TOU + STA (Iron Man +2, Glass Jaw -2)."""
    a = sheet["attributes"]
    size = a["TOU"] + a["STA"]
    if "Iron Man" in sheet["merits"]:
        size += 2
    if "Glass Jaw" in sheet["flaws"]:
        size -= 2
    size = max(4, size)
    return tuple(size * n for n in range(1, STUNTRACK_BREAKS + 1))


def entry_effects(sheet, wdb=None, hdb=None):
    """Each arsenal entry as the match uses it: its flagged Level, its Damage with WDB/HDB (doubled for the
    Finisher) and its Skill (attribute + training, +2 for the Finisher), before situational modifiers."""
    a = sheet["attributes"]
    if wdb is None:
        wdb = weight_row(sheet["weight"])[3]
    if hdb is None:
        hdb = height_row(sheet["height"])[3]
    finisher = sheet.get("finisher")
    out = []
    for row in sheet["arsenal"]:
        base = row["maneuver"]
        label = entry_label(row)
        if base in DEFENSES:
            move, damage, fin = DEFENSES[base], 0, False
        else:
            move = flagged(base, tuple(row["flags"]))
            fin = finisher is not None and label == finisher
            damage = move.damage + (wdb if "W" in move.tags else 0) + (hdb if "H" in move.tags else 0)
            if base == "Fire Tab":
                damage = STUN_CODES["Fire Tab"]  # as resolution.maneuver_damage: its Stun Code, nothing else
            elif fin:
                damage *= 2
        out.append(
            {
                "maneuver": move.name,
                "name": label,
                "class": move.cls,
                "type": move.type,
                "flags": list(row["flags"]),
                "level": move.level,
                "damage": damage,
                "skill": a[move.cls] + row["training"] + (2 if fin else 0),
                "training": row["training"],
                "finisher": fin,
            }
        )
    return out


def reversal_effects(sheet):
    """Each bought Reversal: the maneuver it counters, the one it turns into, its Level and Skill."""
    a = sheet["attributes"]
    out = []
    for row in sheet["reversals"]:
        move = flagged(row["into"])
        out.append(
            {
                "counter": row["counter"],
                "into": row["into"],
                "class": move.cls,
                "level": move.level,
                "skill": a[move.cls] + row["training"],
                "training": row["training"],
            }
        )
    return out


def derived(sheet):
    wrow, hrow = weight_row(sheet["weight"]), height_row(sheet["height"])
    a = sheet["attributes"]
    talent = talent_account(sheet)
    talent["left"] = talent["pool"] - talent["spent"]
    return {
        "lift": wrow[2],
        "wdb": wrow[3],
        "reach": hrow[2],
        "hdb": hrow[3],
        "height": format_height(sheet["height"]),
        "borders": borders(sheet["weight"]),
        "bonuses": {k: attribute_bonus(v) for k, v in a.items()},
        "agi_bonus": attribute_bonus(a["AGI"]),
        "sta_bonus": attribute_bonus(a["STA"]),
        "action_points": attribute_bonus(a["AGI"]),
        "stuntrack": list(stuntrack(sheet)),
        "edge": sheet["fame"] // 100,
        "starting_prestige": starting_prestige(sheet["background"]),
        "alignment": sheet["alignment"],
        "capacity": {c: arsenal_capacity(a[c], sheet["flaws"]) for c in ARSENAL_CLASSES},
        "talent": talent,
        "arsenal": entry_effects(sheet, wrow[3], hrow[3]),
        "reversals": reversal_effects(sheet),
    }
