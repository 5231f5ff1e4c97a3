"""Seed 000 "The Attribute Check": d20 roll-under, Ace, Botch, Contests, Unopposed (A1-A5, A100)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import ScriptedDice
from rules.arm import checks


def test_it_succeeds_at_or_under_the_attribute():
    dice = ScriptedDice([12, 13])
    assert checks.check(dice, [("STR", 12)], "x")["outcome"] == "ace"
    assert checks.check(dice, [("STR", 12)], "x")["outcome"] == "fail"


def test_it_records_die_value_need_outcome_modifiers_and_purpose():
    dice = ScriptedDice([5])
    rec = checks.check(dice, [("TEC", 11), ("Level vs weardown", -4), ("training", 2)], "Atomic Drop", actor=0)
    assert rec == {
        "die": "d20",
        "value": 5,
        "for": "Atomic Drop",
        "need": 9,
        "outcome": "success",
        "modifiers": [
            {"name": "TEC", "amount": 11},
            {"name": "Level vs weardown", "amount": -4},
            {"name": "training", "amount": 2},
        ],
        "actor": 0,
    }
    assert dice.take_rolls() == [rec]


def test_a_natural_20_is_a_botch_even_when_the_need_is_higher():
    assert checks.check(ScriptedDice([20]), [("STR", 25)], "x")["outcome"] == "botch"


def test_an_ace_is_19_when_the_need_is_20_or_more():
    assert checks.check(ScriptedDice([19]), [("STR", 22)], "x")["outcome"] == "ace"
    assert checks.check(ScriptedDice([18]), [("STR", 22)], "x")["outcome"] == "success"


def test_a_need_of_zero_or_less_always_fails():
    assert checks.check(ScriptedDice([1]), [("STR", 3), ("x", -3)], "x")["outcome"] == "fail"


@given(st.integers(1, 20), st.integers(-10, 30))
def test_outcome_property(value, need):
    out = checks.outcome_of(value, need)
    if value == 20:
        assert out == "botch"
    elif value > need:
        assert out == "fail"
    elif value == min(need, 19):
        assert out == "ace"
    else:
        assert out == "success"


def test_a_contest_goes_to_the_higher_successful_roll():
    w, ra, rb = checks.contest(ScriptedDice([9, 11]), [("SAV", 12)], [("SAV", 12)], "SAV contest")
    assert w == 1 and ra["value"] == 9 and rb["value"] == 11


def test_a_contest_goes_to_the_only_success():
    w, _ra, _rb = checks.contest(ScriptedDice([15, 3]), [("SAV", 12)], [("SAV", 12)], "c")
    assert w == 1


def test_a_contest_is_rolled_again_when_both_fail():
    dice = ScriptedDice([15, 20, 4, 2])
    w, ra, rb = checks.contest(dice, [("SAV", 12)], [("SAV", 12)], "c")
    assert (w, ra["value"], rb["value"]) == (0, 4, 2)
    assert len(dice.take_rolls()) == 4


def test_an_ace_beats_a_plain_success_with_the_same_roll():
    w, _ra, _rb = checks.contest(ScriptedDice([10, 10]), [("A", 12)], [("B", 10)], "c")
    assert w == 1


def test_equal_plain_successes_are_rolled_again():
    w, ra, _rb = checks.contest(ScriptedDice([8, 8, 9, 2]), [("A", 12)], [("B", 12)], "c")
    assert w == 0 and ra["value"] == 9


def test_a_hopeless_contest_ends_after_six_rerolls_by_the_higher_need():
    dice = ScriptedDice([5] * 12)
    w, _ra, _rb = checks.contest(dice, [("A", 1)], [("B", 3)], "c")
    assert w == 1


def test_unopposed_keeps_the_more_advantageous_roll():
    dice = ScriptedDice([15, 6])
    rec = checks.unopposed(dice, [("BRA", 10)], "Punch")
    rolls = dice.take_rolls()
    assert rec["value"] == 6 and rec["unopposed"] is True
    assert rolls[0]["kept"] is False and len(rolls) == 2


@pytest.mark.parametrize(("a", "b", "kept"), [(20, 12, 12), (10, 3, 10), (5, 9, 5), (11, 10, 10)])
def test_unopposed_order_is_ace_success_fail_botch(a, b, kept):
    rec = checks.unopposed(ScriptedDice([a, b]), [("BRA", 10)], "x")
    assert rec["value"] == kept


def test_the_referee_must_succeed_and_roll_higher_than_the_wrestler():
    ref = checks.check(ScriptedDice([9]), [("referee Skill", 10)], "ref")
    assert checks.referee_beats(ref, 8) and not checks.referee_beats(ref, 9)
    fail = checks.check(ScriptedDice([14]), [("referee Skill", 10)], "ref")
    assert not checks.referee_beats(fail, 3)


def test_margin_is_need_minus_roll_for_successes_only():
    assert checks.margin(checks.check(ScriptedDice([4]), [("X", 10)], "x")) == 6
    assert checks.margin(checks.check(ScriptedDice([14]), [("X", 10)], "x")) is None
