"""The wrestler sheet: name, alignment, Hit Points, a trademark finisher and favourite moves by type.

The seed has no wrestler-creation chapter. A sheet here holds what the text needs and nothing else:
"each wrestler starts out with 20 HP" (``hp``, 20 by default), the "Trademark Finisher ... unique to
each wrestler" (``finisher``) and the names of the moves he likes for each move type (``moves``),
used for the play-by-play. ``tactics`` (optional) says how he picks move types; see ``tactics.py``.
"""

import random

from rules import narration_kit
from rules.errors import SheetError
from rules.hp_d6.moves import CARRIERS, NAMED_TYPES

HP_DEFAULT = 20
HP_MIN = 10
HP_MAX = 40
NAME_MAX = 40
MOVES_PER_TYPE_MAX = 12
WEIGHT_MAX = 20
REQUIRED_TYPES = ("strike", "grapple")

WEIGHT_KEYS = ("strike", "grapple", "high_risk", "submission", "pinning_combination", "finisher", "cheat")
TACTICS_FLAGS = ("pin", "take_finisher", "run_in_save")
TACTICS_KEYS = ("weights", "submission_below", "combination_carrier", *TACTICS_FLAGS)

ALIGNMENTS = ("face", "heel")

# Pools for example sheets (the seed's own examples first).
STRIKES = ("Punch", "Kick", "Leg Drop", "Chop", "Forearm Smash", "Knee Lift", "Elbow Smash", "Headbutt")
GRAPPLES = ("Body Slam", "DDT", "Irish Whip", "Suplex", "Powerslam", "Piledriver", "Backbreaker", "Hip Toss")
HIGH_RISK = ("Missile Drop Kick", "Flying Elbow Drop", "Flying Cross Body", "Moonsault", "Diving Headbutt")
PINNING = ("Small Package", "Roll-Up", "Sunset Flip", "Inside Cradle", "Schoolboy")
SUBMISSIONS = ("Armbar", "Sleeper Hold", "Boston Crab", "Figure-Four Leglock", "Camel Clutch", "Sharpshooter")
FIRST = ("Hacksaw", "Iron", "Rowdy", "Macho", "Golden", "Mad Dog", "Big", "Wild", "Dynamite", "Ravishing")
LAST = ("Harlan", "Duggan", "Steele", "Vachon", "Savage", "Bronco", "Flair", "Kid", "Piper", "Rude")
FINISHER_A = ("Texas", "Skull", "Atomic", "Brain", "Gutwrench", "Tombstone", "Emerald", "Sky High")
FINISHER_B = ("Cloverleaf", "Crusher", "Drop", "Buster", "Powerbomb", "Piledriver", "Fusion", "Lariat")
ALLIES = ("his tag partner", "a masked accomplice", "his bodyguard", "his stablemate", "his cousin")

_POOLS = {
    "strike": STRIKES,
    "grapple": GRAPPLES,
    "high_risk": HIGH_RISK,
    "pinning_combination": PINNING,
    "submission": SUBMISSIONS,
}

EXAMPLE_SHEET = {
    "name": "Hacksaw Harlan",
    "alignment": "face",
    "pronouns": "he",
    "hp": 20,
    "finisher": "Harlan Hammer",
    "moves": {
        "strike": ["Chop", "Punch", "Leg Drop"],
        "grapple": ["Suplex", "Body Slam", "DDT"],
        "high_risk": ["Flying Elbow Drop"],
        "pinning_combination": ["Small Package"],
        "submission": ["Armbar"],
    },
}

SECOND_EXAMPLE = {
    "name": "Rowdy Rude",
    "alignment": "heel",
    "pronouns": "he",
    "hp": 20,
    "finisher": "Rude Awakening",
    "moves": {
        "strike": ["Knee Lift", "Forearm Smash"],
        "grapple": ["Piledriver", "Backbreaker"],
        "high_risk": ["Diving Headbutt"],
        "pinning_combination": ["Inside Cradle"],
        "submission": ["Camel Clutch", "Sleeper Hold"],
    },
    "ally": "his bodyguard",
}


def sheet_spec():
    """The sheet as data: the web app builds its form from this (JSON-serialisable)."""
    return {
        "ruleset": "hp-d6",
        "fields": [
            {"name": "name", "type": "string", "required": True, "max_length": NAME_MAX, "help": "ring name"},
            {"name": "alignment", "type": "choice", "required": True, "choices": list(ALIGNMENTS)},
            {"name": "pronouns", **narration_kit.pronoun_field()},
            {
                "name": "hp",
                "type": "integer",
                "required": False,
                "default": HP_DEFAULT,
                "min": HP_MIN,
                "max": HP_MAX,
                "help": "Hit Points at the bell (the text: 20 in a standard match)",
            },
            {
                "name": "finisher",
                "type": "string",
                "required": True,
                "max_length": NAME_MAX,
                "help": "the wrestler's Trademark Finisher",
            },
            {
                "name": "moves",
                "type": "mapping",
                "required": True,
                "keys": list(NAMED_TYPES),
                "value": {"type": "list", "item": {"type": "string", "max_length": NAME_MAX}},
                "max_items": MOVES_PER_TYPE_MAX,
                "required_keys": list(REQUIRED_TYPES),
                "help": "favourite move names per type; an empty or missing list means he never uses that type",
                "examples": {k: list(v[:3]) for k, v in _POOLS.items()},
            },
            {
                "name": "ally",
                "type": "string",
                "required": False,
                "max_length": NAME_MAX,
                "help": "who runs in for him (advanced rule Run-Ins)",
            },
            {
                "name": "tactics",
                "type": "mapping",
                "required": False,
                "fields": [
                    {
                        "name": "weights",
                        "type": "mapping",
                        "keys": list(WEIGHT_KEYS),
                        "value": {"type": "integer", "min": 0, "max": WEIGHT_MAX},
                        "help": "how often he picks each move type (cheat: advanced-rule cheating)",
                    },
                    {"name": "submission_below", "type": "integer", "min": 0, "max": HP_MAX, "default": 11},
                    {"name": "combination_carrier", "type": "choice", "choices": list(CARRIERS), "default": "grapple"},
                    {"name": "pin", "type": "boolean", "default": True},
                    {"name": "take_finisher", "type": "boolean", "default": True},
                    {"name": "run_in_save", "type": "boolean", "default_by_alignment": {"face": False, "heel": True}},
                ],
            },
        ],
        "derived": {
            "hp": "starting Hit Points",
            "pin_at": "he can be pinned at this many HP or fewer",
            "finisher_at": "a finisher can land on him at this many HP or fewer",
        },
    }


def _string(raw, field, required=True):
    value = raw.get(field)
    if value is None:
        if required:
            raise SheetError(field, "is required")
        return None
    if not isinstance(value, str):
        raise SheetError(field, "must be a string")
    value = value.strip()
    if not value:
        raise SheetError(field, "must not be empty")
    if len(value) > NAME_MAX:
        raise SheetError(field, f"must be at most {NAME_MAX} characters")
    return value


def _int(value, field, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise SheetError(field, "must be a whole number")
    if not lo <= value <= hi:
        raise SheetError(field, f"must be between {lo} and {hi}")
    return value


def _moves(raw):
    if not isinstance(raw, dict):
        raise SheetError("moves", "must be a mapping of move type to a list of move names")
    for key in raw:
        if key not in NAMED_TYPES:
            raise SheetError(f"moves.{key}", f"unknown move type (known: {', '.join(NAMED_TYPES)})")
    moves = {}
    for kind in NAMED_TYPES:
        names = raw.get(kind, [])
        if names is None:
            names = []
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list):
            raise SheetError(f"moves.{kind}", "must be a list of move names")
        if len(names) > MOVES_PER_TYPE_MAX:
            raise SheetError(f"moves.{kind}", f"at most {MOVES_PER_TYPE_MAX} moves")
        clean = []
        for i, name in enumerate(names):
            if not isinstance(name, str) or not name.strip():
                raise SheetError(f"moves.{kind}.{i}", "must be a non-empty string")
            if len(name.strip()) > NAME_MAX:
                raise SheetError(f"moves.{kind}.{i}", f"must be at most {NAME_MAX} characters")
            clean.append(name.strip())
        if kind in REQUIRED_TYPES and not clean:
            raise SheetError(f"moves.{kind}", "needs at least one move")
        moves[kind] = clean
    return moves


def _tactics(raw):
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise SheetError("tactics", "must be a mapping")
    out = {}
    for key in raw:
        if key not in TACTICS_KEYS:
            raise SheetError(f"tactics.{key}", f"unknown tactics key (known: {', '.join(TACTICS_KEYS)})")
    if "weights" in raw:
        weights = raw["weights"]
        if not isinstance(weights, dict):
            raise SheetError("tactics.weights", "must be a mapping of move type to a whole number")
        clean = {}
        for key in weights:
            if key not in WEIGHT_KEYS:
                raise SheetError(f"tactics.weights.{key}", f"unknown weight (known: {', '.join(WEIGHT_KEYS)})")
        for key in WEIGHT_KEYS:
            if key in weights:
                clean[key] = _int(weights[key], f"tactics.weights.{key}", 0, WEIGHT_MAX)
        out["weights"] = clean
    if "submission_below" in raw:
        out["submission_below"] = _int(raw["submission_below"], "tactics.submission_below", 0, HP_MAX)
    if "combination_carrier" in raw:
        carrier = raw["combination_carrier"]
        if carrier not in CARRIERS:
            raise SheetError("tactics.combination_carrier", f"must be one of {', '.join(CARRIERS)}")
        out["combination_carrier"] = carrier
    for flag in TACTICS_FLAGS:
        if flag in raw:
            if not isinstance(raw[flag], bool):
                raise SheetError(f"tactics.{flag}", "must be true or false")
            out[flag] = raw[flag]
    return out


def validate_sheet(raw):
    """Return a normalized copy of ``raw`` or raise SheetError naming the field."""
    if not isinstance(raw, dict):
        raise SheetError("sheet", "must be a mapping")
    known = ("name", "alignment", "pronouns", "hp", "finisher", "moves", "ally", "tactics")
    for key in raw:
        if key not in known:
            raise SheetError(str(key), f"unknown field (known: {', '.join(known)})")
    sheet = {"name": _string(raw, "name")}
    alignment = raw.get("alignment")
    if alignment not in ALIGNMENTS:
        raise SheetError("alignment", "must be face or heel")
    sheet["alignment"] = alignment
    sheet["pronouns"] = narration_kit.pronouns_of(raw, SheetError)
    hp = raw.get("hp", HP_DEFAULT)
    sheet["hp"] = _int(hp, "hp", HP_MIN, HP_MAX)
    sheet["finisher"] = _string(raw, "finisher")
    if "moves" not in raw:
        raise SheetError("moves", "is required")
    sheet["moves"] = _moves(raw["moves"])
    ally = _string(raw, "ally", required=False)
    if ally is not None:
        sheet["ally"] = ally
    tactics = _tactics(raw.get("tactics"))
    if tactics:
        sheet["tactics"] = tactics
    return sheet


def example_sheet(seed=None):
    """The canonical sheet without a seed; a random valid one drawn from ``random.Random(seed)`` with it."""
    if seed is None:
        return validate_sheet(EXAMPLE_SHEET)
    rng = random.Random(seed)
    first, last = rng.choice(FIRST), rng.choice(LAST)
    moves = {}
    for kind, pool in _POOLS.items():
        low = 1 if kind in REQUIRED_TYPES else 0
        moves[kind] = rng.sample(pool, rng.randint(max(low, 1), 3))
    sheet = {
        "name": f"{first} {last}",
        "alignment": rng.choice(ALIGNMENTS),
        "hp": HP_DEFAULT,
        "finisher": f"{rng.choice(FINISHER_A)} {rng.choice(FINISHER_B)}",
        "moves": moves,
        "ally": rng.choice(ALLIES),
    }
    # Drawn from the seed alone, after the rest, so every other field stays what it was.
    pronouns = sheet["pronouns"] = narration_kit.example_pronouns(seed)
    sheet["ally"] = sheet["ally"].replace("his ", narration_kit.Person("", pronouns=pronouns).his + " ", 1)
    return validate_sheet(sheet)
