"""The ARM sheet as data, for the web builder (roster/sheets.py reads it) and the one sheet validator
(:mod:`rules.sheet_check`): the canonical format of docs/rules/README.md."""

from rules import narration_kit
from rules.arm.maneuvers import BASE_MANEUVERS, DEFENSES
from rules.arm.tables import (
    ATTR_MAX,
    ATTR_MIN,
    ATTRIBUTES,
    BACKGROUNDS,
    BODY_PARTS,
    CREATION_MAX,
    CREATION_MIN,
    FLAGS,
    FLAWS,
    FOREIGN_OBJECTS,
    FREE_TRAINING,
    MAX_TRAINING,
    MERITS,
)

NAME_MAX = 60
TACTIC_KEYS = {"aggression": 0.5, "risk": 0.5, "cheating": 0.0, "counter": 0.5}
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
DERIVED = {
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
}


def _signed(number):
    return f"+{number}" if number > 0 else f"-{-number}" if number < 0 else "0"


def _maneuver_label(maneuver):
    dmg = (
        f", damage {maneuver.damage}"
        + ("+WDB" if "W" in maneuver.tags else "")
        + ("+HDB" if "H" in maneuver.tags else "")
    )
    return f"{maneuver.number}. {maneuver.name} ({maneuver.cls} L{maneuver.level}{dmg}, {maneuver.type})"


def _defense_label(defense):
    return f"{defense.number}. {defense.name} (Defense, {defense.cls} L{defense.level})"


def _flag_label(name):
    d_level, d_damage, high_risk, _note = FLAGS[name]
    return f"{name} (Level {_signed(d_level)}, damage {_signed(d_damage)}{', high risk' if high_risk else ''})"


def _names(choices, labels, what, help_, **extra):
    """A list of names from a table, matched whatever their case; one bare name is accepted too."""
    return {
        "type": "list",
        "of": "choice",
        "choices": list(choices),
        **({"labels": labels} if labels else {}),
        "unique": True,
        "case_insensitive": True,
        "single": True,
        "what": what,
        "default": [],
        "help": help_,
        **extra,
    }


def _person_fields():
    return {
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
            "default": 100,
            "help": "kept by the league; Edge per match = Fame // 100",
        },
        "prestige": {"type": "integer", "min": 0, "max": 100_000, "help": "kept by the league: the standing"},
    }


def _trait_fields():
    return {
        "background": _names(
            BACKGROUNDS,
            {b: f"{b} (Talent {_signed(adj)})" if adj else b for b, adj in BACKGROUNDS.items()},
            "background",
            "at most two; Athletic Pick needs STA 10, Street Tough TOU 10, Prizefighter BRA 10",
            max_items=2,
        ),
        "merits": _names(
            MERITS, {m: f"{m} (costs {cost} Talent)" for m, cost in MERITS.items()}, "merit", "Slack is for heels only"
        ),
        "flaws": _names(
            FLAWS,
            {f: f"{f} (gives {gain} Talent)" for f, gain in FLAWS.items()},
            "flaw",
            "a Street Tough may not be Injury Prone",
        ),
    }


def _arsenal_fields():
    maneuvers = list(BASE_MANEUVERS.values())
    attacks = [m.name for m in maneuvers]
    reversible = [m.name for m in maneuvers if m.type != "Trick"]
    training = {"type": "integer", "min": 0, "max": MAX_TRAINING, "default": 0}
    return {
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
                    "case_insensitive": True,
                    "what": "maneuver",
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
                    "case_insensitive": True,
                    "what": "flag",
                    "default": [],
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
        "reversals": _reversals_field(attacks, reversible, maneuvers, training),
    }


def _reversals_field(attacks, reversible, maneuvers, training):
    return {
        "type": "list",
        "of": "object",
        "label": "Bought Reversals",
        "default": [],
        "help": "a Reversal counts in the arsenal of the maneuver it turns into",
        "fields": {
            "counter": {
                "type": "choice",
                "required": True,
                "choices": attacks,
                "case_insensitive": True,
                "what": "maneuver",
                "labels": {m.name: _maneuver_label(m) for m in maneuvers},
                "help": "the opponent's maneuver it counters",
            },
            "into": {
                "type": "choice",
                "required": True,
                "choices": reversible,
                "case_insensitive": True,
                "what": "maneuver that can be a Reversal",
                "labels": {m.name: _maneuver_label(m) for m in maneuvers if m.type != "Trick"},
                "help": "the maneuver he turns it into",
            },
            "training": dict(training),
        },
    }


def _league_and_tactics_fields():
    concealable = [name for name, row in FOREIGN_OBJECTS.items() if row[3]]
    return {
        "injuries": {
            "type": "object",
            "default": {},
            "help": "kept by the league: Injury points carried into a match",
            "fields": {part: {"type": "integer", "min": 0, "max": 50} for part in BODY_PARTS},
        },
        "objects": _names(
            concealable,
            {},
            "concealable object",
            "concealable foreign objects he brings (hidden with the Conceal Object Trick)",
            label="Hidden objects",
        ),
        "tactics": {
            "type": "object",
            "default": {},
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
            "default": 0,
            "help": "Talent earned since creation (added to the pool)",
        },
    }


def sheet_spec():
    """The sheet as data (canonical format of docs/rules/README.md): the web builder is generated from it, and
    :func:`rules.sheet_check.check_sheet` checks a sheet against it.

    Everything is JSON-serialisable. ``labels`` (value -> text) only changes what a choice displays.
    Fame, Prestige and injuries are described but kept by the league (the web app does not edit them).
    """
    return {
        "ruleset": "arm",
        "fields": {**_person_fields(), **_trait_fields(), **_arsenal_fields(), **_league_and_tactics_fields()},
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
        "derived": dict(DERIVED),
    }
