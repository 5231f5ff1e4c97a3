"""The wildknight wrestler sheet: name, alignment, weight, six attributes, maneuvers, finisher, tactics.

The seed names six attributes (Brawn, Power, Athleticism, Flair, Deception, Presence) but gives no sheet.
REFERENCE P-K1 is adopted: the four abilities run -5..+5 (0 = average), Deception and Presence (skills in
Wild World Wrestling) run 0..+5. All six live in one ``attributes`` block.
"""

import random

from rules import narration_kit
from rules.errors import SheetError
from rules.sheet_check import check_sheet
from rules.wildknight.tables import (
    ATTRIBUTES,
    BY_NAME,
    EXAMPLE_GIMMICKS,
    FLAW_MAX,
    FLAWS,
    GIMMICK_MAX,
    GIMMICKS,
    ILL,
    MANEUVERS,
    PIN,
    PIN_ATTEMPT,
    SIGNATURE_MOVE,
    weight_mod,
)

ABILITIES = ("Brawn", "Power", "Athleticism", "Flair")
SKILLS = ("Deception", "Presence")
RANGES = dict.fromkeys(ABILITIES, (-5, 5)) | dict.fromkeys(SKILLS, (0, 5))
WEIGHT_RANGE = (100, 700)
NAME_MAX = 60
MANEUVER_COUNT = (3, 20)
ALIGNMENTS = ("face", "heel")
EXCUSES = ("best", "lie", "intimidate")

# Tactics keys: (type, min, max, description). Defaults depend on alignment (see ``tactics_for``).
TACTICS = {
    "illegal": (bool, None, None, "uses illegal moves (default: heels yes, faces no)"),
    "cheat": (int, 0, 2, "pin cheats (tights, ropes) tried before the counts (default: heels 1, faces 0)"),
    "exertion": (int, 0, 5, "exertion on ordinary maneuvers, +E to the roll for 2E Fatigue (default 0)"),
    "finisher_exertion": (int, 0, 5, "exertion on the finisher (default 2)"),
    "cover_at": (int, 0, 10, "covers a prone opponent whose Fatigue penalty is at least this (default 1)"),
    "finisher_at": (int, 0, 10, "calls the finisher once the opponent's Fatigue penalty is at least this (default 1)"),
    "excuse": (str, None, None, "DQ excuse: best, lie (Deception + Flair) or intimidate (Presence + Brawn)"),
}


def tactics_for(sheet):
    """The sheet's tactics with every default filled in."""
    heel = sheet["alignment"] == "heel"
    tactics = {
        "illegal": heel,
        "cheat": 1 if heel else 0,
        "exertion": 0,
        "finisher_exertion": 2,
        "cover_at": 1,
        "finisher_at": 1,
        "excuse": "best",
    }
    tactics.update(sheet.get("tactics") or {})
    return tactics


def fatigue_threshold(brawn, iron_man=False):
    """K-10: one point of Fatigue penalty for every full (20 + Brawn) Fatigue (25 + Brawn for an Iron Man)."""
    return (25 if iron_man else 20) + brawn


# What each stat keys on (REFERENCE K1, K2) and the creation budget the player spends (ability points, skill ranks).
ATTRIBUTE_HELP = {
    "Brawn": "ability: punches, chops, clotheslines; stun resistance and the Fatigue threshold. Abilities share "
    "5 ability points at creation (0 is average; one below 0 buys another above)",
    "Power": "ability: slams, suplexes, powerbombs, bear hugs; the pinner's count rolls (of the 5 ability points)",
    "Athleticism": "ability: aerial and speed moves; a kick-out option (of the 5 ability points)",
    "Flair": "ability: technical holds, submissions, the Pin Attempt; a kick-out option (of the 5 ability points)",
    "Deception": "skill: illegal moves, tights-pulling (with Flair). Skills share 4 ranks at creation, at most 3 each",
    "Presence": "skill: taunts, intimidation (with Brawn); of the 4 skill ranks",
}


def sheet_spec():
    return {
        "ruleset": "wildknight",
        "fields": {
            "name": {"type": "string", "max_length": NAME_MAX, "required": True, "help": "ring name"},
            "alignment": {"type": "choice", "choices": list(ALIGNMENTS), "required": True},
            "pronouns": narration_kit.pronoun_field(),
            "weight": {
                "type": "integer",
                "min": WEIGHT_RANGE[0],
                "max": WEIGHT_RANGE[1],
                "unit": "lb",
                "required": True,
                "help": "gives the Weight Mod",
            },
            "maneuvers": {
                "type": "list",
                "of": "choice",
                "choices": [m.name for m in MANEUVERS],
                "what": "maneuver",
                "min_items": MANEUVER_COUNT[0],
                "max_items": MANEUVER_COUNT[1],
                "unique": True,
                "required": True,
                "help": "moves the wrestler knows; Pin Attempt is always known",
            },
            "finisher": {
                "type": "object",
                "required": True,
                "fields": {
                    "name": {"type": "string", "max_length": NAME_MAX, "required": True},
                    "maneuver": {
                        "type": "choice",
                        "choices": [m.name for m in MANEUVERS if m.die],
                        "what": "damaging maneuver",
                        "required": True,
                        "help": "one of the wrestler's damaging maneuvers",
                    },
                },
            },
            "gimmicks": {
                "type": "list",
                "of": "choice",
                "choices": list(GIMMICKS),
                "descriptions": dict(GIMMICKS),
                "max_items": GIMMICK_MAX + FLAW_MAX,
                "unique": True,
                "required": False,
                "help": f"Gimmick Enhancements: {GIMMICK_MAX}, plus one for each Flaw",
            },
            "flaws": {
                "type": "list",
                "of": "choice",
                "choices": list(FLAWS),
                "descriptions": dict(FLAWS),
                "max_items": FLAW_MAX,
                "unique": True,
                "required": False,
                "help": "Flaws: each one buys one more Gimmick Enhancement",
            },
            "signature": {
                "type": "choice",
                "choices": [m.name for m in MANEUVERS],
                "what": "maneuver",
                "required": False,
                "help": f"the move the {SIGNATURE_MOVE} GE names (one of his maneuvers, not the finisher's)",
            },
            "tactics": {
                "type": "object",
                "required": False,
                "fields": {
                    key: (
                        {"type": "boolean", "help": desc}
                        if typ is bool
                        else {"type": "choice", "choices": list(EXCUSES), "help": desc}
                        if typ is str
                        else {"type": "integer", "min": lo, "max": hi, "help": desc}
                    )
                    for key, (typ, lo, hi, desc) in TACTICS.items()
                },
            },
        },
        "attributes": [
            {
                "name": name,
                "min": RANGES[name][0],
                "max": RANGES[name][1],
                "kind": "ability" if name in ABILITIES else "skill",
                "help": ATTRIBUTE_HELP[name],
            }
            for name in ATTRIBUTES
        ],
        "derived": {
            "weight_mod": "Weight Mod from weight (REFERENCE K3 table)",
            "fatigue_threshold": "20 + Brawn: Fatigue per -1 Fatigue penalty",
            "ability_points": "sum of the four abilities (Wild World Wrestling creation: 5 points)",
            "skill_ranks": "Deception + Presence (creation: 4 ranks)",
        },
    }


def validate_sheet(raw):
    """Return a normalized copy of ``raw`` or raise SheetError naming the field: types and ranges are the spec's
    (:func:`rules.sheet_check.check_sheet`); here only the cross-field rules: a maneuver that works on a standing
    man, the finisher among his maneuvers, K13's Gimmick Enhancements (two, one more per Flaw) and the signature
    move of the Signature Move GE."""
    sheet = check_sheet(raw, sheet_spec())
    seen = sheet["maneuvers"]
    if not any(not BY_NAME[n].needs_prone for n in seen):
        raise SheetError("maneuvers", "needs at least one maneuver that works on a standing opponent")
    base = sheet["finisher"]["maneuver"]
    if base not in seen:
        raise SheetError("finisher.maneuver", f"{base} is not one of the wrestler's maneuvers")
    flaws = sheet.get("flaws")
    gimmicks = sheet.get("gimmicks")
    most = GIMMICK_MAX + len(flaws or ())  # K13: two GEs, one more for each Flaw
    if gimmicks is not None and len(gimmicks) > most:
        raise SheetError("gimmicks", f"at most {most} Gimmick Enhancements ({GIMMICK_MAX}, plus one for each Flaw)")
    _signature(sheet, seen, base, gimmicks)
    return sheet


def _signature(sheet, seen, base, gimmicks):
    signature = sheet.get("signature")
    if SIGNATURE_MOVE in (gimmicks or ()):
        if signature is None:
            raise SheetError("signature", f"{SIGNATURE_MOVE} needs the name of the move (signature)")
        if signature not in seen and signature != PIN_ATTEMPT.name:
            raise SheetError("signature", f"{signature} is not one of the wrestler's maneuvers")
        if signature == base:
            raise SheetError("signature", f"{signature} is his finisher; a signature move is another one")
    elif signature is not None:
        raise SheetError("signature", f"a signature move needs the {SIGNATURE_MOVE} Gimmick Enhancement")


def derived(sheet):
    a = sheet["attributes"]
    gimmicks = sheet.get("gimmicks") or ()
    return {
        "weight_mod": weight_mod(sheet["weight"]) + (1 if "Monster" in gimmicks else 0),
        "fatigue_threshold": fatigue_threshold(a["Brawn"], "Iron Man" in gimmicks),
        "ability_points": sum(a[n] for n in ABILITIES),
        "skill_ranks": sum(a[n] for n in SKILLS),
    }


CANONICAL = {
    "name": "Rowdy Rex Rampage",
    "alignment": "heel",
    "pronouns": "he",
    "weight": 265,
    "attributes": {"Brawn": 2, "Power": 2, "Athleticism": 0, "Flair": 1, "Deception": 2, "Presence": 2},
    "maneuvers": [
        "Punch",
        "Knee Strike",
        "Clothesline",
        "Shoulderblock",
        "Body Slam",
        "Vertical Suplex",
        "Powerbomb",
        "Stomp",
        "Bear Hug",
        "Eye Rake",
        "Taunt",
    ],
    "finisher": {"name": "Rampage Bomb", "maneuver": "Powerbomb"},
}

_FIRST = ("Rowdy", "Flash", "Iron", "Lucky", "Mad Dog", "El", "Big", "Sweet", "Dirty", "Golden", "Jungle", "Razor")
_LAST = ("Rex", "Dakota", "Vega", "Kowalski", "Santos", "Boone", "McCoy", "Steele", "Lynx", "Blaze", "Duval")
_FINISHER_WORDS = ("Doomsday", "Lights Out", "Final", "Killswitch", "Crown", "Thunder", "Midnight", "Last Call")


def example_sheet(seed=None):
    """The canonical sheet without a seed; a random valid one drawn from ``random.Random(seed)``."""
    if seed is None:
        return validate_sheet({**CANONICAL, "attributes": dict(CANONICAL["attributes"])})
    rng = random.Random(seed)
    # Wild World Wrestling random creation: 1d6 - 1d4 per ability; 0..3 ranks per skill.
    attrs = {name: rng.randint(1, 6) - rng.randint(1, 4) for name in ABILITIES}
    attrs |= {name: rng.randint(0, 3) for name in SKILLS}
    alignment = rng.choice(ALIGNMENTS)
    pool = [m.name for m in MANEUVERS if m is not PIN_ATTEMPT and (alignment == "heel" or ILL not in m.mods)]
    moves = rng.sample(pool, rng.randint(6, 11))
    standing = [n for n in moves if not BY_NAME[n].needs_prone and PIN not in BY_NAME[n].mods]  # tactics need one
    if not standing:
        moves.append("Punch")
    damaging = [n for n in moves if BY_NAME[n].die >= 8] or [n for n in moves if BY_NAME[n].die]
    if not damaging:
        moves.append("Clothesline")
        damaging = ["Clothesline"]
    base = rng.choice(damaging)
    raw = {
        "name": f"{rng.choice(_FIRST)} {rng.choice(_LAST)}",
        "alignment": alignment,
        "weight": rng.randrange(170, 400, 5),
        "attributes": attrs,
        "maneuvers": moves,
        "finisher": {"name": f"{rng.choice(_FINISHER_WORDS)} {base}", "maneuver": base},
        "gimmicks": rng.sample(EXAMPLE_GIMMICKS, rng.randint(0, GIMMICK_MAX)),
        "pronouns": narration_kit.example_pronouns(seed),  # from the seed alone: the rest stays what it was
    }
    return validate_sheet(raw)
