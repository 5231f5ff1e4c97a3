"""The Moves: strikes, grapples (and reversals), high risk, pinning combinations, submissions, finishers."""

from fractions import Fraction
from itertools import product

import pytest

from rules.hp_d6 import moves
from rules.hp_d6.match import MatchEnded
from tests.rules.hp_d6.helpers import rolls, scripted, sheet, state, types


def _pair(m):
    return m.w[0], m.w[1]


# --- strikes (W-4) ----------------------------------------------------------------------------------


def test_it_lands_a_strike_when_the_attacker_rolls_higher():
    m = scripted([5, 2])
    a, b = _pair(m)
    assert moves.strike(m, a, b) is True
    (event,) = m.events
    assert event["type"] == "strike"
    assert event["outcome"] == "hit"
    assert event["damage"] == 1
    assert rolls(event) == [("strike: attacker", 5), ("strike: defender", 2)]
    assert event["rolls"][0]["need"] == 3
    assert event["rolls"][0]["outcome"] == "success"
    assert state(event, 1)["hp"] == 19
    assert state(event, 1)["prone"] is True  # W-11: the recipient is knocked down
    assert state(event, 0)["prone"] is False


@pytest.mark.parametrize(("att", "dfn"), [(3, 3), (2, 5), (6, 6)])
def test_it_misses_a_strike_on_a_tie_or_a_lower_roll(att, dfn):
    m = scripted([att, dfn])
    a, b = _pair(m)
    assert moves.strike(m, a, b) is False
    assert m.events[-1]["outcome"] == "miss"
    assert b.hp == 20
    assert b.prone is False


def test_it_lands_a_strike_with_probability_15_in_36():
    landed = 0
    for att, dfn in product(range(1, 7), repeat=2):
        m = scripted([att, dfn])
        a, b = _pair(m)
        landed += moves.strike(m, a, b) is True
    assert Fraction(landed, 36) == Fraction(15, 36)


def test_it_lets_a_prone_wrestler_strike_a_standing_one():
    m = scripted([4, 1])
    a, b = _pair(m)
    a.prone = True  # the free attack after a kick-out comes from the mat
    moves.strike(m, a, b, free=True)
    assert m.events[-1]["free"] is True
    assert b.hp == 19 and b.prone


# --- grapples (W-5, W-6) ----------------------------------------------------------------------------


def test_it_lands_a_grapple_for_two_hp():
    m = scripted([6, 3])
    a, b = _pair(m)
    assert moves.grapple(m, a, b) is True
    event = m.events[-1]
    assert (event["type"], event["outcome"], event["damage"]) == ("grapple", "hit", 2)
    assert b.hp == 18 and b.prone


def test_it_stands_a_prone_opponent_up_to_grapple_him():
    m = scripted([2, 5, 4, 4])  # defender wins the first roll, the reversal roll is a tie: no reversal
    a, b = _pair(m)
    b.prone = True
    b.turns_not_hit = 2
    moves.grapple(m, a, b)
    event = m.events[-1]
    assert event["stood_up"] is True
    assert event["outcome"] == "blocked"
    assert b.prone is False  # W4: a failed grapple leaves him standing
    assert b.turns_not_hit == 0


def test_it_reverses_a_grapple_when_the_defender_wins_twice():
    m = scripted([2, 5, 1, 3])
    a, b = _pair(m)
    assert moves.grapple(m, a, b) is False
    event = m.events[-1]
    assert event["outcome"] == "reversed"
    assert event["self_damage"] == 1
    assert rolls(event) == [
        ("grapple: attacker", 2),
        ("grapple: defender", 5),
        ("grapple reversal: attacker", 1),
        ("grapple reversal: defender", 3),
    ]
    assert a.hp == 19 and a.prone  # he took the reversal
    assert b.hp == 20 and not b.prone


def test_it_rolls_no_reversal_after_a_tied_grapple():
    m = scripted([4, 4])
    a, b = _pair(m)
    moves.grapple(m, a, b)
    assert len(m.events[-1]["rolls"]) == 2
    assert m.events[-1]["outcome"] == "blocked"


def test_it_reverses_a_grapple_with_probability_225_in_1296():
    reversed_ = hits = 0
    for script in product(range(1, 7), repeat=4):
        m = scripted(list(script))
        a, b = _pair(m)
        moves.grapple(m, a, b)
        reversed_ += m.events[-1]["outcome"] == "reversed"
        hits += m.events[-1]["outcome"] == "hit"
    assert Fraction(reversed_, 6**4) == Fraction(15, 36) ** 2
    assert Fraction(hits, 6**4) == Fraction(15, 36)


# --- high risk (W-7, W-8) ---------------------------------------------------------------------------


def test_it_ends_a_high_risk_move_after_a_failed_set_up():
    m = scripted([3, 3])
    a, b = _pair(m)
    assert moves.high_risk(m, a, b) is False
    event = m.events[-1]
    assert event["outcome"] == "set-up failed"
    assert len(event["rolls"]) == 2
    assert (a.hp, b.hp, a.prone, b.prone) == (20, 20, False, False)


def test_it_lands_a_high_risk_move_for_three_hp():
    m = scripted([5, 1, 4, 2])
    a, b = _pair(m)
    assert moves.high_risk(m, a, b) is True
    event = m.events[-1]
    assert rolls(event)[2:] == [("high risk attack: attacker", 4), ("high risk attack: defender", 2)]
    assert (event["damage"], b.hp, b.prone) == (3, 17, True)


def test_it_costs_the_attacker_one_hp_when_a_high_risk_move_misses():
    m = scripted([5, 1, 2, 2])
    a, b = _pair(m)
    moves.high_risk(m, a, b)
    event = m.events[-1]
    assert (event["outcome"], event["self_damage"]) == ("missed", 1)
    assert a.hp == 19 and a.prone  # he crashed to the mat
    assert b.hp == 20


def test_it_lands_misses_and_fails_high_risk_moves_with_the_exact_probabilities():
    counts = {"hit": 0, "missed": 0, "set-up failed": 0}
    for script in product(range(1, 7), repeat=4):
        m = scripted(list(script))
        a, b = _pair(m)
        moves.high_risk(m, a, b)
        counts[m.events[-1]["outcome"]] += 1
    total = 6**4
    assert Fraction(counts["hit"], total) == Fraction(15, 36) ** 2
    assert Fraction(counts["missed"], total) == Fraction(15, 36) * Fraction(21, 36)
    assert Fraction(counts["set-up failed"], total) == Fraction(21, 36)


# --- finishers (W-9, W-10) --------------------------------------------------------------------------


def test_it_turns_a_six_against_a_one_into_the_finisher_at_15_hp_or_less():
    m = scripted([6, 1, 3])  # strike roll 6-1, then the defender's kick-out d6: 3 is no kick-out
    a, b = _pair(m)
    b.hp = 15
    with pytest.raises(MatchEnded):
        moves.strike(m, a, b)
    assert types(m.events) == ["finisher", "finisher_pin", "result"]
    finisher, pin, result = m.events
    assert finisher["move"] == "Ace Driver"
    assert finisher["instead_of"] == "Punch"
    assert finisher["damage"] == 15
    assert state(finisher, 1)["hp"] == 0
    assert rolls(pin) == [("finisher pin: kick-out", 3)]
    assert (result["winner"], result["method"]) == (0, "pinfall")


def test_it_ignores_a_six_against_a_one_above_15_hp():
    m = scripted([6, 1])
    a, b = _pair(m)
    b.hp = 16
    moves.strike(m, a, b)
    assert types(m.events) == ["strike"]
    assert b.hp == 15


def test_it_kicks_out_of_a_finisher_on_a_natural_six():
    m = scripted([6, 1, 6])
    a, b = _pair(m)
    b.hp = 9
    b.prone = True
    moves.grapple(m, a, b)
    assert types(m.events) == ["finisher", "finisher_pin"]
    assert m.events[-1]["outcome"] == "kick-out"
    assert b.hp == 0
    assert b.prone is False  # he kicks out "and returns to a standing position"


def test_it_lets_a_wrestler_decline_the_finisher_through_his_tactics():
    m = scripted([6, 1], a=sheet("Ace", take_finisher=False))
    a, b = _pair(m)
    b.hp = 12
    moves.strike(m, a, b)
    assert types(m.events) == ["strike"]
    assert b.hp == 11


def test_it_fizzles_a_declared_finisher_without_six_against_one():
    m = scripted([6, 2])
    a, b = _pair(m)
    b.hp = 10
    assert moves.finisher_attempt(m, a, b) is False
    assert m.events[-1]["type"] == "finisher_attempt"
    assert b.hp == 10


def test_it_lands_a_declared_finisher_with_probability_1_in_36():
    landed = 0
    for att, dfn in product(range(1, 7), repeat=2):
        m = scripted([att, dfn, 6])  # a kick-out 6 so the match goes on
        a, b = _pair(m)
        b.hp = 15
        landed += moves.finisher_attempt(m, a, b) == "finisher"
    assert Fraction(landed, 36) == Fraction(1, 36)


def test_it_finishes_from_the_high_risk_attack_roll_not_the_set_up():
    m = scripted([6, 1, 5, 3])
    a, b = _pair(m)
    b.hp = 10
    moves.high_risk(m, a, b)  # 6-1 on the set-up is only a set-up
    assert m.events[-1]["outcome"] == "hit"
    assert b.hp == 7


# --- pinning combinations (W-18) --------------------------------------------------------------------


def test_it_rolls_a_grapple_into_a_pin():
    m = scripted([5, 2, 4, 1, 3, 2, 4, 2, 5, 1])
    a, b = _pair(m)
    b.hp = 12
    with pytest.raises(MatchEnded):
        moves.pinning_combination(m, a, b)
    assert types(m.events) == ["grapple", "pinning_combination", "pin_count", "pin_count", "pin_count", "result"]
    assert m.events[0]["damage"] == 2
    assert rolls(m.events[1]) == [("pinning combination: attacker", 4), ("pinning combination: defender", 1)]
    assert m.events[-1]["method"] == "pinfall"


def test_it_needs_the_extra_roll_for_a_pinning_combination():
    m = scripted([5, 2, 1, 4])
    a, b = _pair(m)
    b.hp = 12
    moves.pinning_combination(m, a, b)
    assert types(m.events) == ["grapple", "pinning_combination"]
    assert m.events[-1]["outcome"] == "escaped"
    assert b.hp == 10 and b.prone


def test_it_makes_no_pin_from_a_combination_above_10_hp():
    m = scripted([5, 2])
    a, b = _pair(m)
    moves.pinning_combination(m, a, b)
    assert m.events[-1]["outcome"] == "no pin"
    assert b.hp == 18


def test_it_can_carry_a_pinning_combination_on_a_high_risk_move():
    m = scripted([5, 2, 6, 5, 2, 3], a=sheet("Ace", combination_carrier="high_risk"))
    a, b = _pair(m)
    b.hp = 13
    moves.pinning_combination(m, a, b)
    assert types(m.events) == ["high_risk", "pinning_combination"]
    assert b.hp == 10


# --- submissions (W-19, W-20, W-21) -----------------------------------------------------------------


def test_it_locks_a_submission_with_two_won_rolls_then_breaks_it():
    m = scripted([4, 2, 5, 1, 3, 1, 2, 2, 1, 6])
    a, b = _pair(m)
    moves.submission(m, a, b)
    assert types(m.events) == ["submission", "submission_hold", "submission_hold", "submission_hold"]
    locked, wrench, held, broken = m.events
    assert (locked["outcome"], locked["damage"]) == ("locked", 1)
    assert rolls(locked) == [
        ("submission apply: attacker", 4),
        ("submission apply: defender", 2),
        ("submission sustain: attacker", 5),
        ("submission sustain: defender", 1),
    ]
    assert (wrench["outcome"], wrench["damage"], wrench["locked_rolls"]) == ("wrenched", 1, 1)
    assert (held["outcome"], held["damage"], held["locked_rolls"]) == ("held", 0, 2)
    assert broken["outcome"] == "broken"
    assert b.hp == 18
    assert b.prone is True  # "the hold is broken, but the defending wrestler remains prone"


def test_it_does_nothing_when_the_hold_is_not_sustained():
    m = scripted([4, 2, 3, 3])
    a, b = _pair(m)
    moves.submission(m, a, b)
    assert m.events[-1]["outcome"] == "escaped"
    assert b.hp == 20 and not b.prone


def test_it_taps_out_after_five_locked_rolls_at_10_hp_or_less():
    m = scripted([4, 2, 5, 1] + [6, 1] * 5)
    a, b = _pair(m)
    b.hp = 12
    with pytest.raises(MatchEnded):
        moves.submission(m, a, b)
    holds = [e for e in m.events if e["type"] == "submission_hold"]
    assert [h["locked_rolls"] for h in holds] == [1, 2, 3, 4, 5]
    assert holds[-1]["outcome"] == "tap out"
    assert m.events[-1]["method"] == "submission"
    assert m.events[-1]["winner"] == 0
    assert b.hp == 6


def test_it_does_not_tap_out_above_10_hp_after_five_locked_rolls():
    m = scripted([4, 2, 5, 1] + [3, 3] * 5 + [1, 2])
    a, b = _pair(m)  # ties keep the hold on but remove nothing: he stays at 19
    moves.submission(m, a, b)
    holds = [e for e in m.events if e["type"] == "submission_hold"]
    assert [h["outcome"] for h in holds] == ["held"] * 5 + ["broken"]
    assert b.hp == 19


def test_it_never_takes_hp_below_zero():
    m = scripted([4, 2, 5, 1, 6, 1, 6, 1, 1, 6])
    a, b = _pair(m)
    b.hp = 1
    moves.submission(m, a, b)
    assert b.hp == 0
    assert [e["damage"] for e in m.events] == [1, 0, 0, 0]


def test_it_names_a_carrier_move_he_has_no_names_for():
    raw = sheet("Ace", combination_carrier="high_risk")
    raw["moves"]["high_risk"] = []
    m = scripted([5, 2, 6, 5, 2, 3], a=raw)
    a, b = _pair(m)
    b.hp = 13
    moves.pinning_combination(m, a, b)
    assert m.events[0]["move"] == "Flying Cross Body"
