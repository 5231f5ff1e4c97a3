"""ARM example sheets: the canonical one (Rick Steel) and random valid ones from a seed (the CLI's
``python -m rules example arm --seed N``, the tests' opponents)."""

import random

from rules import narration_kit
from rules.arm.maneuvers import BASE_MANEUVERS, DEFENSES, flagged
from rules.arm.sheet import arsenal_capacity, borders, entry_class, talent_account, validate
from rules.arm.tables import DEFAULT_BORDER, FREE_TRAINING, MERITS, attribute_bonus
from rules.errors import SheetError

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


FLAGGED_MOVES = (
    ("Elbow Drop", ["Flying"]),
    ("Body Press", ["Flying"]),
    ("Vertical Suplex", ["Super"]),
    ("Clothesline", ["Running"]),
    ("German Suplex", ["Bridging"]),
    ("Leg Drop", ["Flying"]),
    ("Splash", ["Flying"]),
    ("Moonsault", ["Flying"]),
    ("Big Boot", ["Running"]),
)


def _random_sheet(rng):
    """A random sheet within its Talent (the draws from ``rng`` in a fixed order: the same seed, the same sheet)."""
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
    _raise_attributes(rng, sheet)
    arsenal = _random_arsenal(rng, sheet["attributes"], flaws, alignment)
    finisher_row = _train(rng, arsenal)
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


def _raise_attributes(rng, sheet):
    """Spend the Talent pool on attributes (1 a point to the Border, 2 above), weighted by his build."""
    weight = sheet["weight"]
    pool = talent_account(sheet)["pool"] - sum(MERITS[m] for m in sheet["merits"]) - 1
    border = borders(weight)
    weights = {"STR": 3, "TEC": 3, "AGI": 3, "BRA": 3, "SAV": 2, "STA": 3, "TOU": 3}
    if weight >= 260:
        weights["STR"] += 3
    elif weight <= 200:
        weights["AGI"] += 3
    attrs = sheet["attributes"]
    spent = 0
    keys = list(weights)
    for _ in range(400):
        attribute = rng.choices(keys, [weights[k] for k in keys])[0]
        if attrs[attribute] >= 15:
            continue
        cost = 1 if attrs[attribute] < border.get(attribute, DEFAULT_BORDER) else 2
        if spent + cost > pool:
            break
        attrs[attribute] += 1
        spent += cost


def _random_arsenal(rng, attrs, flaws, alignment):
    """Per Class a few maneuvers he can use (no Tricks or objects; faces nothing illegal), one flagged move, one
    Defense, and Distract Referee for a heel, all within the slots."""
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
    base, flags = rng.choice(list(FLAGGED_MOVES))
    cls = BASE_MANEUVERS[base].cls
    if sum(1 for r in arsenal if entry_class(r) == cls) < arsenal_capacity(attrs[cls], flaws):
        arsenal.append({"maneuver": base, "flags": list(flags)})
    defenses = [d for d in DEFENSES.values() if d.name not in ("Lunge Tag", "Lunge Escape")]
    defense = rng.choice(defenses)
    if arsenal_capacity(attrs[defense.cls], flaws) > sum(1 for r in arsenal if entry_class(r) == defense.cls):
        arsenal.append({"maneuver": defense.name})
    if alignment == "heel" and arsenal_capacity(attrs["SAV"], flaws) >= 2:
        arsenal.append({"maneuver": "Distract Referee"})
    return arsenal


def _train(rng, arsenal):
    """The Finisher is his highest-Level, hardest-hitting attack (training 2); the free points go to others."""
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
    return finisher_row
