"""The commentary never says what the event state contradicts: thousands of seeded matches per ruleset, every
line checked by the rules of ``rules.narration_check`` (one per kind of contradiction in issue 17, and the ones
found since). Each ruleset's run is bounded to about 20 seconds on the 2-core build machine.

ARM joins when its narration is rewritten: add its rules to ``narration_check.RULES["arm"]`` and a row here.
"""

import pytest

from rules import RandomDice, get_ruleset
from rules.narration_check import RULES, check

# ruleset: (matches, stipulations cycled through)
RUNS = {
    "hp-d6": (2000, ({}, {"advanced": True}, {"advanced": True, "no_dq": True}, {"title": "World Title"})),
    "wildknight": (2000, ({}, {"no_dq": True}, {"starting_heat": [3, 2]}, {"title": "World Title"})),
}


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
    assert found == [], found[:10]


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
