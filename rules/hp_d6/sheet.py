"""The wrestler sheet: name, alignment, Hit Points, a trademark finisher and favourite moves by type.

The seed has no wrestler-creation chapter. A sheet here holds what the text needs and nothing else:
"each wrestler starts out with 20 HP" (``hp``, 20 by default), the "Trademark Finisher ... unique to
each wrestler" (``finisher``) and the names of the moves he likes for each move type (``moves``),
used for the play-by-play. ``tactics`` (optional) says how he picks move types; see ``tactics.py``.
"""

import random

from rules import narration_kit
from rules.hp_d6.moves import CARRIERS, NAMED_TYPES
from rules.sheet_check import check_sheet

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
                "value": {
                    "type": "list",
                    "item": {"type": "string", "max_length": NAME_MAX},
                    "single": True,
                    "default": [],
                },
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
                "sparse": True,  # the sheet keeps only the tactics given (the defaults are the tactics')
                "fields": [
                    {
                        "name": "weights",
                        "type": "mapping",
                        "sparse": True,
                        "keys": list(WEIGHT_KEYS),
                        "value": {"type": "integer", "min": 0, "max": WEIGHT_MAX},
                        "label": "Move type weights",
                        "help": f"how often he picks each move type, 0 (never) to {WEIGHT_MAX}, against the others; "
                        "left empty, his alignment's usual mix (cheat: advanced-rule cheating)",
                    },
                    {
                        "name": "submission_below",
                        "label": "Submissions below (HP)",
                        "type": "integer",
                        "min": 0,
                        "max": HP_MAX,
                        "default": 11,
                        "help": "he tries submissions twice as often once the opponent is at this many HP or fewer "
                        "(default 11)",
                    },
                    {
                        "name": "combination_carrier",
                        "label": "Pinning combination from",
                        "type": "choice",
                        "choices": list(CARRIERS),
                        "default": "grapple",
                        "help": "the move a pinning combination is set up with: a grapple (2 HP) or a high-risk move "
                        "(3 HP); "
                        "default grapple",
                    },
                    {
                        "name": "pin",
                        "label": "Goes for pins",
                        "type": "boolean",
                        "default": True,
                        "help": "covers a pinnable opponent (default yes)",
                    },
                    {
                        "name": "take_finisher",
                        "label": "Hits the finisher",
                        "type": "boolean",
                        "default": True,
                        "help": "a 6 against a 1 with the opponent at 15 HP or fewer becomes his Trademark Finisher "
                        "(default yes)",
                    },
                    {
                        "name": "run_in_save",
                        "label": "Ally saves him",
                        "type": "boolean",
                        "default_by_alignment": {"face": False, "heel": True},
                        "help": "his ally runs in to break a pin (advanced rule Run-Ins; default: heels yes, faces no)",
                    },
                ],
            },
        ],
        "derived": {
            "hp": "starting Hit Points",
            "pin_at": "he can be pinned at this many HP or fewer",
            "finisher_at": "a finisher can land on him at this many HP or fewer",
        },
    }


def validate_sheet(raw):
    """Return a normalized copy of ``raw`` or raise SheetError naming the field: every type and range is the
    spec's (:func:`rules.sheet_check.check_sheet`); hp-d6 has no cross-field rule."""
    sheet = check_sheet(raw, sheet_spec())
    if not sheet.get("tactics"):
        sheet.pop("tactics", None)
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
