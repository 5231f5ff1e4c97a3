"""Properties over many seeds, sheets and stipulations (hypothesis)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RandomDice
from rules.base import RESULT_METHODS
from rules.hp_d6.match import DEFAULT_TIME_LIMIT
from tests.rules.hp_d6.helpers import RULESET

STIPULATIONS = (
    {},
    {"advanced": True},
    {"advanced": True, "no_dq": True},
    {"advanced": {"run_ins": True}},
    {"advanced": {"foreign_objects": True}},
    {"time_limit": 300},
)
STATE_KEYS = {"name", "side", "hp", "hp_max", "prone", "turns_not_hit", "finisher", "weapon", "run_in_used"}


def _sheet(seed, hp):
    sheet = RULESET.example_sheet(seed=seed)
    sheet["hp"] = hp
    if seed % 3 == 0:  # some wrestlers declare finishers and cheat a lot
        sheet["tactics"] = {"weights": {"finisher": 2, "cheat": 6, "high_risk": 4}}
    return RULESET.validate_sheet(sheet)


matches = st.tuples(
    st.integers(min_value=0, max_value=2**31),
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from(STIPULATIONS),
    st.integers(min_value=10, max_value=40),
)


def _play(seed, sa, sb, stipulation, hp):
    setup = RULESET.build_setup([[_sheet(sa, hp)], [_sheet(sb, 20)]], stipulation=stipulation)
    dice = RandomDice(seed)
    events = list(RULESET.resolve(setup, dice, seed=seed))
    return setup, dice, events


@settings(max_examples=300, deadline=None)
@given(matches)
def test_every_match_ends_with_one_result_and_gapless_seq(case):
    setup, dice, events = _play(*case)
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert [e["type"] for e in events].count("result") == 1
    result = events[-1]
    assert result["type"] == "result"
    assert result["method"] in RESULT_METHODS
    assert (result["winner"] is None) == (result["method"] == "draw")
    assert result["clock"] <= setup.stipulation.get("time_limit", DEFAULT_TIME_LIMIT)
    clocks = [e["clock"] for e in events]
    assert clocks == sorted(clocks)
    for e in events:  # actors/targets are sides; text is a sentence, or "" when folded into the next line
        assert isinstance(e["text"], str) and e["text"] == e["text"].strip()
        assert e["actor"] in (None, 0, 1) and e["target"] in (None, 0, 1)
    assert events[0]["text"] and result["text"]  # the bell and the result always have their own line


@settings(max_examples=300, deadline=None)
@given(matches)
def test_every_die_is_accounted_for_once(case):
    _, dice, events = _play(*case)
    records = [r for e in events for r in e["rolls"]]
    assert len(records) == dice.count
    for r in records:
        assert r["for"]
        sides = int(r["die"][1:])
        assert 1 <= r["value"] <= sides
        assert sides == 6 or r["for"] == "tactics: move"


@settings(max_examples=300, deadline=None)
@given(matches)
def test_hp_never_goes_below_zero(case):
    _, _, events = _play(*case)
    for e in events:
        assert len(e["state"]) == 2
        for w in e["state"]:
            assert set(w) >= STATE_KEYS
            assert 0 <= w["hp"] <= w["hp_max"]


@settings(max_examples=300, deadline=None)
@given(matches)
def test_a_pin_is_only_attempted_at_10_hp_or_less_unless_it_follows_a_finisher(case):
    _, _, events = _play(*case)
    for i, e in enumerate(events):
        if e["type"] == "pin" or (e["type"] == "pin_count" and e["count"] == 1):
            pinned = e["state"][e["target"]]
            assert pinned["hp"] <= 10
            assert pinned["prone"] is True
        if e["type"] == "finisher_pin":  # right after the finisher, or the cover of a man at 0 HP (D10)
            assert events[i - 1]["type"] in ("finisher", "pin", "pinning_combination")
            assert e["state"][e["target"]]["hp"] == 0


ACTIONS = ("strike", "grapple", "high_risk", "submission", "finisher_attempt", "foreign_object", "attack_referee")


@settings(max_examples=300, deadline=None)
@given(matches)
def test_a_wrestler_at_0_hp_makes_no_move_and_is_pinned_with_one_d6(case):
    _, _, events = _play(*case)
    for before, e in zip(events, events[1:]):
        actor = e["actor"]
        if actor is None or e["type"] not in (*ACTIONS, "get_up", "pin", "run_in"):
            continue
        if e["type"] == "run_in" and e["save"]:  # his friend runs in, not he
            continue
        if e["type"] == "strike" and e["free"]:  # the kick-out's free attack: only from a three-roll pin
            assert before["type"] == "pin_count"
        assert before["state"][actor]["hp"] > 0, (e["seq"], e["type"])
    for e in events:
        if e["type"] == "pin_count":
            assert e["state"][e["target"]]["hp"] > 0 or e["count"] > 1
    result = events[-1]
    if result["method"] == "draw" and result.get("reason") == "both at 0 HP":
        assert [w["hp"] for w in result["state"]] == [0, 0]


@settings(max_examples=300, deadline=None)
@given(matches)
def test_a_tap_out_comes_only_after_five_locked_rolls_at_10_hp_or_less(case):
    _, _, events = _play(*case)
    for i, e in enumerate(events):
        if e["type"] == "submission_hold" and e["outcome"] in ("tap out", "unseen tap"):
            assert e["locked_rolls"] >= 5
            assert e["state"][e["target"]]["hp"] <= 10
        if e["type"] == "result" and e["method"] == "submission":
            assert events[i - 1]["type"] == "submission_hold"
            assert events[i - 1]["outcome"] == "tap out"
        if e["type"] == "submission_hold" and e["outcome"] != "broken":  # locked rolls count up one by one
            before = events[i - 1]
            assert before["type"] in ("submission", "submission_hold")
            assert e["locked_rolls"] == (before.get("locked_rolls") or 0) + 1


@settings(max_examples=60, deadline=None)
@given(matches)
def test_the_same_seed_gives_the_same_bytes_and_the_same_quiet_result(case):
    setup, _, events = _play(*case)
    seed = case[0]
    again = list(RULESET.resolve(setup, RandomDice(seed), seed=seed))
    assert json.dumps(again) == json.dumps(events)
    assert json.dumps(RULESET.outcome(setup, RandomDice(seed), seed=seed)) == json.dumps(events[-1])


weights = st.fixed_dictionaries(
    {},
    optional={
        k: st.integers(min_value=0, max_value=20)
        for k in ("strike", "grapple", "high_risk", "submission", "pinning_combination", "finisher", "cheat")
    },
)
tactics = st.fixed_dictionaries(
    {},
    optional={
        "weights": weights,
        "submission_below": st.integers(min_value=0, max_value=40),
        "combination_carrier": st.sampled_from(["grapple", "high_risk"]),
        "pin": st.booleans(),
        "take_finisher": st.booleans(),
        "run_in_save": st.booleans(),
    },
)
advanced = st.fixed_dictionaries(
    {}, optional={k: st.booleans() for k in ("foreign_objects", "run_ins", "attack_referee")}
)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**31),
    tactics,
    tactics,
    advanced,
    st.booleans(),
    st.integers(min_value=10, max_value=3000),
    st.sampled_from(["face", "heel"]),
)
def test_any_valid_tactics_and_stipulation_play_a_complete_match(seed, ta, tb, adv, no_dq, limit, alignment):
    a = dict(RULESET.example_sheet(), tactics=ta, alignment=alignment)
    b = dict(RULESET.example_sheet(seed=seed % 97), tactics=tb)
    stipulation = {"advanced": adv, "no_dq": no_dq, "time_limit": limit}
    setup = RULESET.build_setup([[RULESET.validate_sheet(a)], [RULESET.validate_sheet(b)]], stipulation=stipulation)
    dice = RandomDice(seed)
    events = list(RULESET.resolve(setup, dice, seed=seed))
    assert events[-1]["type"] == "result"
    assert events[-1]["clock"] <= limit
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert sum(len(e["rolls"]) for e in events) == dice.count
    if no_dq:
        assert events[-1]["method"] != "disqualification"
    if not any(adv.values()):
        assert not {"foreign_object", "run_in", "attack_referee"} & {e["type"] for e in events}
    assert json.dumps(RULESET.outcome(setup, RandomDice(seed), seed=seed)) == json.dumps(events[-1])
