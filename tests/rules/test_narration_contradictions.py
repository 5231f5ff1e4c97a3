"""The commentary never says what the event state contradicts: thousands of seeded matches per ruleset, every
line checked by the rules of ``rules.narration_check`` (one per kind of contradiction in issue 17, and the ones
found since). Each ruleset's run is bounded to about 20 seconds on the 2-core build machine.

ARM plays singles with its stipulations (a title, no DQ, seconds at ringside, a concrete floor) and its Changes
of Venue (tag teams, cages: no rope rebounds inside one).
"""

import pytest

from rules import RandomDice, get_ruleset
from rules.narration_check import RULES, check

# ruleset: (matches, stipulations cycled through)
RUNS = {
    "hp-d6": (2000, ({}, {"advanced": True}, {"advanced": True, "no_dq": True}, {"title": "World Title"})),
    "wildknight": (2000, ({}, {"no_dq": True}, {"starting_heat": [3, 2]}, {"title": "World Title"})),
    "arm": (
        1000,
        (
            {},
            {"no_dq": True},
            {"title": "World Title"},
            {"floor": "concrete", "seconds": [{"side": 0, "name": "Manager Mo", "skill": 12}]},
        ),
    ),
}
ARM_VENUES = 200  # tag team and cage matches, on top of the singles


def _pairs(ruleset, n):
    """Seeded example sheets, two different names a match (the checker tells wrestlers apart by name)."""
    for seed in range(n):
        a = ruleset.example_sheet(None if seed % 5 == 0 else seed)
        other = seed + 5000
        while ruleset.example_sheet(other)["name"] == a["name"]:
            other += 5000
        yield a, ruleset.example_sheet(other), seed


@pytest.mark.parametrize("ruleset_id", sorted(RUNS))
def test_no_line_contradicts_the_event_state(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    matches, stipulations = RUNS[ruleset_id]
    found = []
    for a, b, seed in _pairs(ruleset, matches):
        setup = ruleset.build_setup([[a], [b]], stipulation=stipulations[seed % len(stipulations)])
        events = list(ruleset.resolve(setup, RandomDice(seed), seed=seed))
        found += [(seed, c.rule, c.text, c.why) for c in check(ruleset_id, events, [a, b])]
    if ruleset_id == "arm":
        found += _arm_venues(ruleset)
    assert found == [], found[:10]


def _arm_venues(ruleset):
    found = []
    cages = ({"cage": "steel", "escape": "either"}, {"cage": "chainlink", "escape": "pinfall", "cage_internal": False})
    for seed in range(ARM_VENUES):
        if seed % 2:
            seeds, kind, stip = ((seed, seed + 1), (seed + 2, seed + 3)), "tag", {}
        else:
            seeds, kind, stip = ((seed,), (seed + 1,)), "cage", cages[seed // 2 % 2]
        sides = [[dict(ruleset.example_sheet(s), name=f"Wrestler {s}") for s in side] for side in seeds]
        setup = ruleset.build_setup(sides, kind=kind, stipulation=stip)
        events = list(ruleset.resolve(setup, RandomDice(seed), seed=seed))
        sheets = [w for side in sides for w in side]
        found += [(seed, c.rule, c.text, c.why) for c in check("arm", events, sheets)]
    return found


def _event(kind, text, state, **fields):
    return {
        "seq": fields.pop("seq", 1),
        "round": fields.pop("round", 1),
        "type": kind,
        "text": text,
        "state": state,
        "actor": fields.pop("actor", 0),
        "target": fields.pop("target", 1),
        **fields,
    }


def _state(prone=(False, False), hp=(20, 20), stunned=(0, 0)):
    return [
        {"name": "Lady Vendetta", "side": 0, "prone": prone[0], "hp": hp[0], "stunned": stunned[0]},
        {"name": "Ace Steel", "side": 1, "prone": prone[1], "hp": hp[1], "stunned": stunned[1]},
    ]


SHEETS = [{"name": "Lady Vendetta", "pronouns": "she"}, {"name": "Ace Steel", "pronouns": "he"}]


def _rules(ruleset_id, events):
    return {c.rule for c in check(ruleset_id, events, SHEETS)}


@pytest.mark.parametrize(
    ("ruleset_id", "events", "rule"),
    [
        (
            "hp-d6",
            [_event("bell", "Go.", _state(), seq=0), _event("get_up", "Lady Vendetta gets to his feet.", _state())],
            "wrong_pronoun",
        ),
        (
            "hp-d6",
            [_event("bell", "Go.", _state(), seq=0), _event("get_up", "Vendetta gets to her feet.", _state())],
            "stands_while_standing",
        ),
        (
            "hp-d6",
            [
                _event("bell", "Go.", _state(), seq=0),
                _event(
                    "strike",
                    "Vendetta drops a Leg Drop on the fallen Steel.",
                    _state((False, True)),
                    outcome="hit",
                    damage=1,
                ),
            ],
            "down_while_standing",
        ),
        (
            "hp-d6",
            [
                _event("bell", "Go.", _state((True, False)), seq=0),
                _event("initiative", "Lady Vendetta seizes the moment (6-4).", _state((True, False)), seq=1),
                _event("get_up", "Lady Vendetta is still down.", _state((True, False)), seq=2, outcome="down"),
            ],
            "seizes_then_still_down",
        ),
        (
            "hp-d6",
            [
                _event("bell", "Go.", _state(hp=(0, 5)), seq=0),
                _event("strike", "Vendetta hits a Punch.", _state(hp=(0, 4)), seq=1, outcome="hit", damage=1),
            ],
            "out_cold_wrestles_on",
        ),
        (
            "hp-d6",
            [
                _event("bell", "Go.", _state(), seq=0),
                _event(
                    "grapple", "Vendetta hauls Steel off the mat and slams him.", _state((False, True)), outcome="hit"
                ),
            ],
            "hauls_up_a_standing_man",
        ),
        (
            "wildknight",
            [
                _event("bell", "Go.", _state(), seq=0),
                _event(
                    "maneuver",
                    "Vendetta connects with a Punch on Steel for 0 damage.",
                    _state(),
                    outcome="hit",
                    damage=0,
                ),
            ],
            "connects_for_nothing",
        ),
        (
            "wildknight",
            [
                _event("bell", "Go.", _state(), seq=0),
                _event(
                    "maneuver",
                    "Both swing and miss badly.",
                    _state(stunned=(1, 0)),
                    outcome="whiff",
                    declared=[{"side": 0, "maneuver": None, "stunned": True}, {"side": 1, "maneuver": "Punch"}],
                ),
            ],
            "both_swing_when_stunned",
        ),
        (
            "wildknight",
            [_event("bell", "Go.", _state(), seq=0)]
            + [
                _event(
                    "maneuver",
                    "Vendetta hits the Vendetta Driver!",
                    _state(),
                    seq=n,
                    round=n,
                    outcome="hit",
                    damage=9,
                    finisher=True,
                )
                for n in (1, 2, 3)
            ],
            "same_finisher_line_three_rounds",
        ),
        (
            "wildknight",
            [
                _event("bell", "Go.", _state(), seq=0),
                _event("maneuver", "A dazed Steel stumbles clear.", _state(), outcome="duck"),
            ],
            "dazed_but_not_stunned",
        ),
        (
            "hp-d6",
            [
                _event("bell", "Go.", _state(), seq=0),
                _event(
                    "pin_count", "Vendetta covers: one, two, three!", _state(), count=3, outcome="kick-out, stays down"
                ),
            ],
            "kick_out_on_a_three",
        ),
    ],
)
def test_each_rule_catches_its_contradiction(ruleset_id, events, rule):
    assert rule in _rules(ruleset_id, events)
    assert rule in {r.__name__ for r in RULES[ruleset_id]}


def test_a_consistent_line_passes_every_rule():
    events = [
        _event("bell", "Go.", _state(), seq=0),
        _event(
            "strike",
            "Vendetta lands a Chop, and Steel goes down; she is rolling now.",
            _state((False, True)),
            outcome="hit",
            damage=1,
        ),
        _event("get_up", "", _state((False, True)), seq=2, actor=1, target=0, outcome="up"),
        _event("strike", "Back on his feet, Steel misses a Punch.", _state(), seq=3, actor=1, target=0, outcome="miss"),
    ]
    assert check("hp-d6", events, SHEETS) == []


# --- ARM: its state has positions and squares, not ``prone`` -----------------------------------------------


def _arm_state(positions=("Facing", "Facing"), squares=("f6", "g6")):
    return [
        {"name": "Lady Vendetta", "side": 0, "position": positions[0], "square": squares[0]},
        {"name": "Ace Steel", "side": 1, "position": positions[1], "square": squares[1]},
    ]


def _arm_start(state=None, **stipulation):
    return _event("start", "Go.", state or _arm_state(), seq=0, round=0, stipulation=stipulation)


ARM_SHEETS = [
    {"name": "Lady Vendetta", "pronouns": "she", "arsenal": [{"maneuver": "Distract Referee", "name": "Sweet Talk"}]},
    {"name": "Ace Steel", "pronouns": "he"},
]


@pytest.mark.parametrize(
    ("events", "rule"),
    [
        ([_arm_start(), _event("position", "Vendetta gets to his feet.", _arm_state())], "wrong_pronoun"),
        ([_arm_start(), _event("maneuver", "Back up, Vendetta hits a Chop.", _arm_state())], "stands_while_standing"),
        (
            [_arm_start(), _event("maneuver", "Vendetta hauls Steel back up and slams him.", _arm_state())],
            "hauls_up_a_standing_man",
        ),
        (
            [
                _arm_start(_arm_state(("Prone", "Prone"))),
                _event("position", "", _arm_state(("Prone", "Bent")), seq=1, target=1),
                _event("maneuver", "Vendetta pulls Steel up and slams him.", _arm_state(("Prone", "Prone")), seq=2),
            ],
            "hauler_lying_down",
        ),
        (
            [
                _arm_start(_arm_state(squares=("b2", "b3"))),
                _event("position", "", _arm_state(squares=("b2", "b3")), seq=1),
                _event(
                    "maneuver", "Vendetta hits the ropes and levels Steel.", _arm_state(squares=("b2", "b3")), seq=2
                ),
            ],
            "ropes_off_the_floor_or_in_a_cage",
        ),
        (
            [
                _arm_start(cage="steel"),
                _event("maneuver", "Off the ropes, Vendetta levels Steel.", _arm_state()),
            ],
            "ropes_off_the_floor_or_in_a_cage",
        ),
        (
            [
                _arm_start(),
                _event(
                    "miss", "Vendetta goes for the Sweet Talk but Steel avoids it.", _arm_state(), maneuver="Sweet Talk"
                ),
            ],
            "trick_avoided_by_the_opponent",
        ),
        (
            [
                _arm_start(),
                _event("miss", "Vendetta misses a Chop.", _arm_state(), maneuver="Chop", outcome="fail"),
                _event(
                    "miss",
                    "Steel botches the Powerslam badly!",
                    _arm_state(),
                    seq=2,
                    actor=1,
                    target=0,
                    maneuver="Powerslam",
                    outcome="botch",
                ),
            ],
            "reply_without_its_reason",
        ),
        (
            [_arm_start(), _event("pin", "Vendetta covers: one, two, three! Steel kicks out!", _arm_state(), count=3)],
            "arm_kick_out_on_a_three",
        ),
    ],
)
def test_each_arm_rule_catches_its_contradiction(events, rule):
    assert rule in {c.rule for c in check("arm", events, ARM_SHEETS)}
    assert rule in {r.__name__ for r in RULES["arm"]}


def test_a_consistent_arm_line_passes_every_rule():
    down = _arm_state(("Facing", "Prone"))
    events = [
        _arm_start(down),
        _event("position", "", _arm_state(("Facing", "Bent")), seq=1, target=1),
        _event("maneuver", "Vendetta hauls Steel back up and slams him with a Body Slam.", down, seq=2),
        _event("miss", "Steel rolls away from Vendetta's Elbow Drop.", down, seq=3, actor=0, maneuver="Elbow Drop"),
        _event("maneuver", "Steel makes Vendetta pay for the miss with a Kick.", down, seq=4, actor=1, target=0),
        _event("pin", "Steel covers: one, two... Vendetta kicks out!", down, seq=5, actor=1, target=0, count=2),
    ]
    assert check("arm", events, ARM_SHEETS) == []
