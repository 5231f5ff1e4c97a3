"""The ARM wrestler sheet: attributes, size, alignment, Fame/Prestige, arsenal, Merits and Flaws.

A sheet is JSON (see ``docs/rules/arm.md`` for every key). :func:`validate` returns a normalized copy
or raises :class:`rules.errors.SheetError` naming the field; :func:`derived` gives Lift, WDB, Reach,
HDB, the StunTrack, Edge, Action Points, the Talent account (P-ARM-02..07) and the effective Level,
Damage and Skill of every arsenal entry; :func:`sheet_spec` describes the sheet as data for the web
builder (the canonical format of ``docs/rules/README.md``).
"""

import random
import re

from rules import narration_kit
from rules.arm.maneuvers import (
    BASE_MANEUVERS,
    DEFENSES,
    canonical_name,
    flag_problem,
    flagged,
    full_name,
)
from rules.arm.tables import (
    ARSENAL_CLASSES,
    ATTR_MAX,
    ATTR_MIN,
    ATTRIBUTES,
    BACKGROUNDS,
    BODY_PARTS,
    CREATION_MAX,
    CREATION_MIN,
    DEFAULT_BORDER,
    DEFAULT_PRESTIGE,
    FLAGS,
    FLAWS,
    FOREIGN_OBJECTS,
    FREE_TRAINING,
    MAX_TRAINING,
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

ALIGNMENTS = {"face": "face", "fan favorite": "face", "heel": "heel", "rulebreaker": "heel"}
TACTIC_KEYS = {"aggression": 0.5, "risk": 0.5, "cheating": 0.0, "counter": 0.5}
PART_ALIASES = {p.lower(): p for p in BODY_PARTS} | {"ribs/body": "Ribs", "body": "Ribs", "arms": "Arm", "legs": "Leg"}


def _fail(field, message):
    raise SheetError(field, message)


def parse_height(value, field="height"):
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
            m = re.fullmatch(r"(\d)\s*(?:'|ft|-|\s)\s*(\d{1,2})\s*(?:\"|in|'')?", text)
            if not m:
                _fail(field, f"cannot read {value!r} (use inches or 6'2\")")
            inches = int(m.group(1)) * 12 + int(m.group(2))
    else:
        _fail(field, "must be inches or feet'inches\"")
    if not 48 <= inches <= 96:
        _fail(field, f"{inches} inches is outside 4'0\"-8'0\"")
    return inches


def format_height(inches):
    return f"{inches // 12}'{inches % 12}\""


def _int(raw, key, lo, hi, default=None, field=None):
    field = field or key
    value = raw.get(key, default) if isinstance(raw, dict) else raw
    if value is None:
        _fail(field, "is required")
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            _fail(field, f"must be a whole number, not {value!r}")
    if not lo <= value <= hi:
        _fail(field, f"{value} is outside {lo}-{hi}")
    return value


def _names(raw, key, table, what):
    value = raw.get(key) or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        _fail(key, "must be a list of names")
    lower = {n.lower(): n for n in table}
    out = []
    for i, item in enumerate(value):
        name = lower.get(str(item).strip().lower())
        if name is None:
            _fail(f"{key}[{i}]", f"unknown {what} {item!r} (known: {', '.join(table)})")
        if name in out:
            _fail(f"{key}[{i}]", f"{name} is listed twice")
        out.append(name)
    return out


def _flags(value, field, base):
    if value is None:
        return []
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list):
        _fail(field, "must be a list of flags")
    lower = {n.lower(): n for n in FLAGS}
    flags = []
    for i, item in enumerate(value):
        flag = lower.get(str(item).strip().lower())
        if flag is None:
            _fail(f"{field}[{i}]", f"unknown flag {item!r} (known: {', '.join(FLAGS)})")
        problem = flag_problem(BASE_MANEUVERS[base], flag)
        if problem:
            _fail(f"{field}[{i}]", problem)
        if flag in flags:
            _fail(f"{field}[{i}]", f"flag {flag} is listed twice")
        flags.append(flag)
    return flags


def _arsenal(raw):
    entries = raw.get("arsenal")
    if not isinstance(entries, list) or not entries:
        _fail("arsenal", "must be a non-empty list of maneuvers")
    out, seen = [], set()
    for i, entry in enumerate(entries):
        field = f"arsenal[{i}]"
        if isinstance(entry, str):
            entry = {"maneuver": entry}
        if not isinstance(entry, dict):
            _fail(field, "must be a maneuver name or {maneuver, flags, training, name}")
        unknown = set(entry) - {"maneuver", "flags", "training", "name"}
        if unknown:
            _fail(f"{field}.{sorted(unknown)[0]}", "unknown key")
        base = canonical_name(entry.get("maneuver", ""))
        if base is None:
            _fail(f"{field}.maneuver", f"unknown maneuver {entry.get('maneuver')!r}")
        flags = _flags(entry.get("flags"), f"{field}.flags", base) if base in BASE_MANEUVERS else []
        if base in DEFENSES and entry.get("flags"):
            _fail(f"{field}.flags", "Defenses take no flags")
        training = _int(entry, "training", 0, MAX_TRAINING, default=0, field=f"{field}.training")
        name = entry.get("name")
        if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > 60):
            _fail(f"{field}.name", "must be a short non-empty text")
        key = (base, frozenset(flags))
        if key in seen:
            _fail(field, f"{full_name(base, flags) if flags else base} is already in the arsenal")
        seen.add(key)
        row = {"maneuver": base, "flags": flags, "training": training}
        if name:
            row["name"] = name.strip()
        out.append(row)
    return out


def _reversals(raw):
    items = raw.get("reversals") or []
    if not isinstance(items, list):
        _fail("reversals", "must be a list of {counter, into}")
    out = []
    for i, item in enumerate(items):
        field = f"reversals[{i}]"
        if not isinstance(item, dict):
            _fail(field, "must be {counter, into, training}")
        counter = canonical_name(item.get("counter", ""))
        into = canonical_name(item.get("into", ""))
        if counter not in BASE_MANEUVERS:
            _fail(f"{field}.counter", f"unknown maneuver {item.get('counter')!r}")
        if into not in BASE_MANEUVERS or BASE_MANEUVERS[into].type in ("Trick",):
            _fail(f"{field}.into", f"{item.get('into')!r} is not a maneuver that can be a Reversal")
        training = _int(item, "training", 0, MAX_TRAINING, default=0, field=f"{field}.training")
        out.append({"counter": counter, "into": into, "training": training})
    return out


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
    if not isinstance(raw, dict):
        raise SheetError("sheet", "must be a JSON object")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        _fail("name", "must be a non-empty text of at most 60 characters")
    attrs_raw = raw.get("attributes")
    if not isinstance(attrs_raw, dict):
        _fail("attributes", f"must be an object with {', '.join(ATTRIBUTES)}")
    for key in attrs_raw:
        if key not in ATTRIBUTES:
            _fail(f"attributes.{key}", f"unknown attribute (ARM has {', '.join(ATTRIBUTES)})")
    attributes = {a: _int(attrs_raw, a, ATTR_MIN, ATTR_MAX, field=f"attributes.{a}") for a in ATTRIBUTES}
    if "height" not in raw:
        _fail("height", "is required")
    height = parse_height(raw["height"])
    weight = _int(raw, "weight", 90, 700)
    alignment = ALIGNMENTS.get(str(raw.get("alignment", "")).strip().lower())
    if alignment is None:
        _fail("alignment", "must be face (fan favorite) or heel (rulebreaker)")
    sheet = {
        "name": name.strip(),
        "height": height,
        "weight": weight,
        "alignment": alignment,
        "pronouns": narration_kit.pronouns_of(raw, SheetError),
        "fame": _int(raw, "fame", 0, 100_000, default=100),
        "prestige": -1 if raw.get("prestige") is None else _int(raw, "prestige", 0, 100_000),
        "attributes": attributes,
        "background": _names(raw, "background", BACKGROUNDS, "background"),
        "merits": _names(raw, "merits", MERITS, "merit"),
        "flaws": _names(raw, "flaws", FLAWS, "flaw"),
        "arsenal": _arsenal(raw),
        "reversals": _reversals(raw),
        "advancement": _int(raw, "advancement", 0, 1000, default=0),
    }
    if len(sheet["background"]) > 2:
        _fail("background", "at most two Backgrounds may be combined")
    start = starting_prestige(sheet["background"])
    if sheet["prestige"] < 0:
        sheet["prestige"] = start
    elif new and sheet["prestige"] < start:
        who = "a Legend" if start == STARTING_PRESTIGE["Legend"] else "a Defector"
        _fail("prestige", f"{who} starts with {start} Prestige, not {sheet['prestige']} (P-ARM-08)")
    if "Slack" in sheet["merits"] and alignment != "heel":
        _fail("merits", "Slack is a rulebreaker's Merit (alignment heel)")
    if "Street Tough" in sheet["background"]:
        if "Injury Prone" in sheet["flaws"]:
            _fail("flaws", "a Street Tough may not take Injury Prone")
        if attributes["TOU"] < 10:
            _fail("attributes.TOU", "a Street Tough needs TOU 10 or more")
    if "Athletic Pick" in sheet["background"] and attributes["STA"] < 10:
        _fail("attributes.STA", "an Athletic Pick needs STA 10 or more")
    if "Prizefighter" in sheet["background"] and attributes["BRA"] < 10:
        _fail("attributes.BRA", "a Prizefighter needs BRA 10 or more")
    # Finisher
    labels = {entry_label(r).lower(): r for r in sheet["arsenal"]}
    finisher = raw.get("finisher")
    if finisher is not None:
        row = labels.get(str(finisher).strip().lower())
        if row is None:
            _fail("finisher", f"{finisher!r} is not in the arsenal")
        if row["maneuver"] in DEFENSES or BASE_MANEUVERS[row["maneuver"]].type == "Trick":
            _fail("finisher", "a Finisher must be an attacking maneuver")
        sheet["finisher"] = entry_label(row)
    # Capacity per arsenal (P-ARM-10)
    counts = {}
    for row in sheet["arsenal"]:
        counts[entry_class(row)] = counts.get(entry_class(row), 0) + 1
    for row in sheet["reversals"]:
        cls = BASE_MANEUVERS[row["into"]].cls
        counts[cls] = counts.get(cls, 0) + 1
    for cls in ARSENAL_CLASSES:
        cap = arsenal_capacity(attributes[cls], sheet["flaws"])
        if counts.get(cls, 0) > cap:
            _fail("arsenal", f"{counts[cls]} {cls} maneuvers exceed the {cls} arsenal's {cap} slots")
    # Injuries carried into the match
    inj_raw = raw.get("injuries") or {}
    if not isinstance(inj_raw, dict):
        _fail("injuries", "must be an object of body part: points")
    injuries = {}
    for key in inj_raw:
        part = PART_ALIASES.get(str(key).strip().lower())
        if part is None:
            _fail(f"injuries.{key}", f"unknown body part (use {', '.join(BODY_PARTS)})")
        points = _int(inj_raw, key, 0, 50, field=f"injuries.{key}")
        if points:
            injuries[part] = points
    sheet["injuries"] = injuries
    # Concealed objects (starred)
    objects = _names(raw, "objects", FOREIGN_OBJECTS, "foreign object")
    for i, obj in enumerate(objects):
        if not FOREIGN_OBJECTS[obj][3]:
            _fail(f"objects[{i}]", f"{obj} cannot be concealed (only starred objects)")
    sheet["objects"] = objects
    # Tactics knobs
    tactics_raw = raw.get("tactics") or {}
    if not isinstance(tactics_raw, dict):
        _fail("tactics", "must be an object")
    tactics = {}
    for key, value in tactics_raw.items():
        if key == "finisher_weardown":
            tactics[key] = _int(tactics_raw, key, 1, 6, field="tactics.finisher_weardown")
        elif key in TACTIC_KEYS:
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
                _fail(f"tactics.{key}", "must be a number from 0 to 1")
            tactics[key] = float(value)
        else:
            _fail(f"tactics.{key}", f"unknown tactic (known: {', '.join([*TACTIC_KEYS, 'finisher_weardown'])})")
    sheet["tactics"] = tactics
    # Talent account (P-ARM-02)
    account = talent_account(sheet)
    if account["spent"] > account["pool"]:
        _fail(
            "attributes",
            f"spends {account['spent']} Talent but the pool is {account['pool']} "
            f"(raise 'advancement' for Talent earned since creation)",
        )
    return sheet


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


# --- the sheet as data, for the web builder (roster/sheets.py reads it) ------------------------------

NAME_MAX = 60
ATTRIBUTE_HELP = {
    "STR": "Strength: STR maneuvers, breaking holds",
    "TEC": "Technique: TEC maneuvers, holds",
    "AGI": "Agility: AGI maneuvers; its bonus is the Action Points per round",
    "BRA": "Brawling: BRA maneuvers (strikes)",
    "SAV": "Savvy: SAV maneuvers, tricks, the crowd and the referee",
    "STA": "Stamina: StunTrack (with TOU), recovering",
    "TOU": "Toughness: StunTrack (with STA), injuries",
}
TACTIC_HELP = {
    "aggression": "0 cautious .. 1 reckless: big moves, pins, flair",
    "risk": "0 safe .. 1 daredevil: high-risk and flying moves",
    "cheating": "0 clean .. 1 dirty: illegal moves and objects (heels)",
    "counter": "0 never .. 1 always declares Defenses and Reversals",
}


def _signed(n):
    return f"+{n}" if n > 0 else f"-{-n}" if n < 0 else "0"


def _maneuver_label(m):
    dmg = f", damage {m.damage}" + ("+WDB" if "W" in m.tags else "") + ("+HDB" if "H" in m.tags else "")
    return f"{m.number}. {m.name} ({m.cls} L{m.level}{dmg}, {m.type})"


def _defense_label(d):
    return f"{d.number}. {d.name} (Defense, {d.cls} L{d.level})"


def _flag_label(name):
    d_level, d_damage, high_risk, _note = FLAGS[name]
    return f"{name} (Level {_signed(d_level)}, damage {_signed(d_damage)}{', high risk' if high_risk else ''})"


def sheet_spec():
    """The sheet as data (canonical format of docs/rules/README.md): the web builder is generated from it.

    Everything is JSON-serialisable. ``labels`` (value -> text) only changes what a choice displays.
    Fame, Prestige and injuries are described but kept by the league (the web app does not edit them).
    """
    maneuvers = list(BASE_MANEUVERS.values())
    attacks = [m.name for m in maneuvers]
    reversible = [m.name for m in maneuvers if m.type != "Trick"]
    concealable = [name for name, row in FOREIGN_OBJECTS.items() if row[3]]
    training = {"type": "integer", "min": 0, "max": MAX_TRAINING}
    return {
        "ruleset": "arm",
        "fields": {
            "name": {"type": "string", "required": True, "max_length": NAME_MAX, "help": "ring name"},
            "alignment": {
                "type": "choice",
                "required": True,
                "choices": ["face", "heel"],
                "labels": {"face": "face (fan favorite)", "heel": "heel (rulebreaker)"},
            },
            "pronouns": narration_kit.pronoun_field(),
            "height": {
                "type": "string",
                "required": True,
                "max_length": 12,
                "help": "inches (48 to 96) or feet'inches, e.g. 6'2\"; gives Reach, HDB and Talent",
            },
            "weight": {
                "type": "integer",
                "required": True,
                "min": 90,
                "max": 700,
                "unit": "lb",
                "help": "gives Lift, WDB, the Borders and Talent",
            },
            "fame": {
                "type": "integer",
                "min": 0,
                "max": 100_000,
                "help": "kept by the league; Edge per match = Fame // 100",
            },
            "prestige": {"type": "integer", "min": 0, "max": 100_000, "help": "kept by the league: the standing"},
            "background": {
                "type": "list",
                "of": "choice",
                "choices": list(BACKGROUNDS),
                "labels": {b: f"{b} (Talent {_signed(adj)})" if adj else b for b, adj in BACKGROUNDS.items()},
                "max_items": 2,
                "unique": True,
                "help": "at most two; Athletic Pick needs STA 10, Street Tough TOU 10, Prizefighter BRA 10",
            },
            "merits": {
                "type": "list",
                "of": "choice",
                "choices": list(MERITS),
                "labels": {m: f"{m} (costs {cost} Talent)" for m, cost in MERITS.items()},
                "unique": True,
                "help": "Slack is for heels only",
            },
            "flaws": {
                "type": "list",
                "of": "choice",
                "choices": list(FLAWS),
                "labels": {f: f"{f} (gives {gain} Talent)" for f, gain in FLAWS.items()},
                "unique": True,
                "help": "a Street Tough may not be Injury Prone",
            },
            "arsenal": {
                "type": "list",
                "of": "object",
                "required": True,
                "min_items": 1,
                "help": "maneuvers and Defenses he knows; per Class at most 2 x bonus + 1 (bought Reversals count); "
                f"{FREE_TRAINING} training points are free, then 1 Talent per 2",
                "fields": {
                    "maneuver": {
                        "type": "choice",
                        "required": True,
                        "choices": [*attacks, *DEFENSES],
                        "labels": {m.name: _maneuver_label(m) for m in maneuvers}
                        | {d.name: _defense_label(d) for d in DEFENSES.values()},
                        "help": "the 70 maneuvers, then the Defenses",
                    },
                    "flags": {
                        "type": "list",
                        "of": "choice",
                        "choices": list(FLAGS),
                        "labels": {f: _flag_label(f) for f in FLAGS},
                        "unique": True,
                        "help": "each must fit the maneuver; Defenses take none",
                    },
                    "training": dict(training, help="+1 Skill per point"),
                    "name": {
                        "type": "string",
                        "max_length": NAME_MAX,
                        "label": "Custom name",
                        "help": "optional, e.g. Steel Bomb",
                    },
                },
            },
            "finisher": {
                "type": "string",
                "max_length": NAME_MAX,
                "help": "which arsenal entry is the Finisher (+2 Skill, double damage): its custom name, or its "
                "maneuver with flags, e.g. Running Shoulder Block",
            },
            "reversals": {
                "type": "list",
                "of": "object",
                "label": "Bought Reversals",
                "help": "a Reversal counts in the arsenal of the maneuver it turns into",
                "fields": {
                    "counter": {
                        "type": "choice",
                        "required": True,
                        "choices": attacks,
                        "labels": {m.name: _maneuver_label(m) for m in maneuvers},
                        "help": "the opponent's maneuver it counters",
                    },
                    "into": {
                        "type": "choice",
                        "required": True,
                        "choices": reversible,
                        "labels": {m.name: _maneuver_label(m) for m in maneuvers if m.type != "Trick"},
                        "help": "the maneuver he turns it into",
                    },
                    "training": dict(training),
                },
            },
            "injuries": {
                "type": "object",
                "help": "kept by the league: Injury points carried into a match",
                "fields": {part: {"type": "integer", "min": 0, "max": 50} for part in BODY_PARTS},
            },
            "objects": {
                "type": "list",
                "of": "choice",
                "label": "Hidden objects",
                "choices": concealable,
                "unique": True,
                "help": "concealable foreign objects he brings (hidden with the Conceal Object Trick)",
            },
            "tactics": {
                "type": "object",
                "help": "how the default tactics play him",
                "fields": {
                    **{
                        key: {"type": "number", "min": 0, "max": 1, "help": f"{TACTIC_HELP[key]} (default {default})"}
                        for key, default in TACTIC_KEYS.items()
                    },
                    "finisher_weardown": {
                        "type": "integer",
                        "min": 1,
                        "max": 6,
                        "label": "Finisher weardown",
                        "help": "goes for the Finisher once the opponent is this worn: 1 Fresh, 2 Winded, 3 Tired "
                        "(default), 4 Groggy, 5 Exhausted, 6 Spent",
                    },
                },
            },
            "advancement": {
                "type": "integer",
                "min": 0,
                "max": 1000,
                "help": "Talent earned since creation (added to the pool)",
            },
        },
        "attributes": [
            {
                "name": name,
                "min": ATTR_MIN,
                "max": ATTR_MAX,
                "creation": [CREATION_MIN, CREATION_MAX],
                "help": ATTRIBUTE_HELP.get(name, ""),
            }
            for name in ATTRIBUTES
        ],
        "derived": {
            "lift": "Lift (weight table): against lifting maneuvers",
            "wdb": "Weight Damage Bonus, added to W maneuvers",
            "reach": "Reach (height table)",
            "hdb": "Height Damage Bonus, added to H maneuvers",
            "height": "height as feet'inches",
            "borders": "per attribute: above it a point costs 2 Talent",
            "bonuses": "attribute bonus per attribute",
            "agi_bonus": "AGI bonus (Action Points per round)",
            "sta_bonus": "STA bonus",
            "action_points": "Action Points per round (the AGI bonus)",
            "stuntrack": "the five StunTrack breaks (B = TOU + STA, Iron Man +2, Glass Jaw -2)",
            "edge": "Edge points per match (Fame // 100)",
            "starting_prestige": "the Prestige his Background starts him with (Legend 400, Defector 200, else 100)",
            "alignment": "face or heel",
            "capacity": "arsenal slots per Class",
            "talent": "the Talent account: pool, spent (attributes, merits, training) and left",
            "arsenal": "each entry: maneuver, name, Class, flags, effective Level, Damage (with WDB/HDB, doubled "
            "for the Finisher) and Skill (attribute + training, +2 Finisher), before situational modifiers",
            "reversals": "each bought Reversal: counter, into, Level and Skill",
        },
    }


# --- example sheets ---------------------------------------------------------------------------------

EXAMPLE = {
    "name": "Rick Steel",
    "height": "6'2\"",
    "weight": 245,
    "alignment": "face",
    "pronouns": "he",
    "fame": 300,
    "prestige": 100,
    "attributes": {"STR": 12, "TEC": 11, "AGI": 9, "BRA": 11, "SAV": 10, "STA": 11, "TOU": 12},
    "background": ["Stalwart"],
    "merits": ["Style: Powerhouse"],
    "flaws": [],
    "arsenal": [
        {"maneuver": "Forearm Smash"},
        {"maneuver": "Chop"},
        {"maneuver": "Kick"},
        {"maneuver": "Clothesline", "training": 1},
        {"maneuver": "Elbow Drop"},
        {"maneuver": "Body Slam", "training": 1},
        {"maneuver": "Vertical Suplex"},
        {"maneuver": "Powerslam"},
        {"maneuver": "Shoulder Block", "flags": ["Running"]},
        {"maneuver": "Powerbomb", "flags": ["Sit-out"], "training": 2, "name": "Steel Bomb"},
        {"maneuver": "Block", "training": 1},
        {"maneuver": "Side Headlock"},
        {"maneuver": "Hip Toss"},
        {"maneuver": "Boston Crab", "training": 1},
        {"maneuver": "Sprawl"},
        {"maneuver": "Dropkick"},
    ],
    "finisher": "Steel Bomb",
    "reversals": [],
    "injuries": {},
    "objects": [],
    "tactics": {"aggression": 0.6, "risk": 0.4, "cheating": 0.0},
}

FIRST = ("Rick", "Jake", "Ox", "Vince", "Duke", "Chico", "Lex", "Bam Bam", "Tito", "Sid", "Kane", "Rey")
LAST = ("Steel", "Thunder", "Savage", "Diamond", "Cobra", "Vega", "Hammer", "Blaze", "Stone", "Wolfe")


def example(seed=None):
    """The canonical sheet without a seed; a random valid sheet from ``seed`` with it."""
    if seed is None:
        return validate(EXAMPLE)
    rng = random.Random(seed)  # noqa: S311 - sheet generation, not security
    for _ in range(50):
        sheet = _random_sheet(rng)
        sheet["pronouns"] = narration_kit.example_pronouns(seed)  # from the seed alone: no draw from rng
        try:
            return validate(sheet)
        except SheetError:
            continue
    return validate(EXAMPLE)  # pragma: no cover - the generator stays within budget


def _random_sheet(rng):
    weight = rng.choice((165, 190, 215, 235, 250, 270, 300, 340))
    height = rng.randint(67, 80)
    alignment = rng.choice(("face", "heel"))
    merits = []
    flaws = rng.sample(["Ritual", "Injury Prone", "Hot-Headed", "Slow Starter", "Glass Jaw"], rng.randint(0, 1))
    if alignment == "heel" and rng.random() < 0.5:
        merits.append("Slack")
    if weight < 220 and rng.random() < 0.5:
        merits.append("Style: Daredevil")
    sheet = {
        "weight": weight,
        "height": height,
        "merits": merits,
        "flaws": flaws,
        "background": [],
        "attributes": dict.fromkeys(("STR", "TEC", "AGI", "BRA", "SAV", "STA", "TOU"), 5),
        "arsenal": [{"maneuver": "Kick"}],
        "reversals": [],
        "advancement": 0,
    }
    pool = talent_account(sheet)["pool"] - sum(MERITS[m] for m in merits) - 1
    bs = borders(weight)
    weights = {"STR": 3, "TEC": 3, "AGI": 3, "BRA": 3, "SAV": 2, "STA": 3, "TOU": 3}
    if weight >= 260:
        weights["STR"] += 3
    elif weight <= 200:
        weights["AGI"] += 3
    attrs = sheet["attributes"]
    spent = 0
    keys = list(weights)
    for _ in range(400):
        a = rng.choices(keys, [weights[k] for k in keys])[0]
        if attrs[a] >= 15:
            continue
        cost = 1 if attrs[a] < bs.get(a, DEFAULT_BORDER) else 2
        if spent + cost > pool:
            break
        attrs[a] += 1
        spent += cost
    arsenal = []
    for cls in ("BRA", "STR", "TEC", "AGI"):
        cap = arsenal_capacity(attrs[cls], flaws)
        options = [
            m
            for m in BASE_MANEUVERS.values()
            if m.cls == cls
            and "TRICK" not in m.props
            and "OBJ" not in m.props
            and m.level <= 1 + attribute_bonus(attrs[cls])
        ]
        if alignment == "face":
            options = [m for m in options if "ILL" not in m.props]
        options.sort(key=lambda m: m.number)
        picks = rng.sample(options, min(len(options), max(1, cap - 1)))
        for m in sorted(picks, key=lambda m: m.number):
            arsenal.append({"maneuver": m.name})
    flagged_moves = [
        ("Elbow Drop", ["Flying"]),
        ("Body Press", ["Flying"]),
        ("Vertical Suplex", ["Super"]),
        ("Clothesline", ["Running"]),
        ("German Suplex", ["Bridging"]),
        ("Leg Drop", ["Flying"]),
        ("Splash", ["Flying"]),
        ("Moonsault", ["Flying"]),
        ("Big Boot", ["Running"]),
    ]
    base, flags = rng.choice(flagged_moves)
    cls = BASE_MANEUVERS[base].cls
    used = sum(1 for r in arsenal if entry_class(r) == cls)
    if used < arsenal_capacity(attrs[cls], flaws):
        arsenal.append({"maneuver": base, "flags": flags})
    defenses = [d for d in DEFENSES.values() if d.name not in ("Lunge Tag", "Lunge Escape")]
    d = rng.choice(defenses)
    if arsenal_capacity(attrs[d.cls], flaws) > sum(1 for r in arsenal if entry_class(r) == d.cls):
        arsenal.append({"maneuver": d.name})
    if alignment == "heel" and arsenal_capacity(attrs["SAV"], flaws) >= 2:
        arsenal.append({"maneuver": "Distract Referee"})
    attacks = [
        r
        for r in arsenal
        if r["maneuver"] in BASE_MANEUVERS
        and not BASE_MANEUVERS[r["maneuver"]].is_hold
        and BASE_MANEUVERS[r["maneuver"]].type != "Trick"
    ]
    finisher_row = max(
        attacks, key=lambda r: (BASE_MANEUVERS[r["maneuver"]].level, BASE_MANEUVERS[r["maneuver"]].damage)
    )
    finisher_row["training"] = 2
    points = FREE_TRAINING - 2
    for row in rng.sample(arsenal, len(arsenal)):
        if points <= 0:
            break
        if row is not finisher_row:
            row["training"] = 1
            points -= 1
    name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
    finisher_row["name"] = f"{name.split()[-1]} {flagged(finisher_row['maneuver']).name.split()[-1]}"
    sheet.update(
        name=name,
        alignment=alignment,
        fame=rng.choice((100, 200, 300, 400, 600, 700)),
        prestige=rng.choice((100, 100, 200)),
        arsenal=arsenal,
        finisher=finisher_row["name"],
        tactics={
            "aggression": round(rng.uniform(0.3, 0.9), 2),
            "risk": round(rng.uniform(0.1, 0.8), 2),
            "cheating": round(rng.uniform(0.3, 0.9), 2) if alignment == "heel" else 0.0,
        },
    )
    if alignment == "heel" and rng.random() < 0.5:
        sheet["objects"] = [rng.choice(("Brass Knuckles", "Powder", "Fist Load"))]
    return sheet
