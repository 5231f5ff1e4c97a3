"""The ARM wrestler sheet: attributes, size, alignment, Fame/Prestige, arsenal, Merits and Flaws.

A sheet is JSON (see ``docs/rules/arm.md`` for every key). :func:`validate` returns a normalized copy
or raises :class:`rules.errors.SheetError` naming the field; :func:`derived` gives Lift, WDB, Reach,
HDB, the StunTrack, Edge, Action Points and the Talent account (P-ARM-02..07).
"""

import random
import re

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
    DEFAULT_BORDER,
    FLAGS,
    FLAWS,
    FOREIGN_OBJECTS,
    FREE_TRAINING,
    MAX_TRAINING,
    MERITS,
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


def validate(raw):
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
        "fame": _int(raw, "fame", 0, 100_000, default=100),
        "prestige": _int(raw, "prestige", 0, 100_000, default=100),
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


def derived(sheet):
    wrow, hrow = weight_row(sheet["weight"]), height_row(sheet["height"])
    a = sheet["attributes"]
    return {
        "lift": wrow[2],
        "wdb": wrow[3],
        "reach": hrow[2],
        "hdb": hrow[3],
        "height": format_height(sheet["height"]),
        "borders": borders(sheet["weight"]),
        "bonuses": {k: attribute_bonus(v) for k, v in a.items()},
        "action_points": attribute_bonus(a["AGI"]),
        "stuntrack": list(stuntrack(sheet)),
        "edge": sheet["fame"] // 100,
        "alignment": sheet["alignment"],
        "capacity": {c: arsenal_capacity(a[c], sheet["flaws"]) for c in ARSENAL_CLASSES},
        "talent": talent_account(sheet),
    }


# --- example sheets ---------------------------------------------------------------------------------

EXAMPLE = {
    "name": "Rick Steel",
    "height": "6'2\"",
    "weight": 245,
    "alignment": "face",
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
