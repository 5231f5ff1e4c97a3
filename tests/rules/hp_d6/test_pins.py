"""Going for the Pin: eligibility, three consecutive rolls, what each lost roll means (W-14 ... W-17)."""

from fractions import Fraction
from itertools import product

import pytest

from rules.hp_d6 import moves, pins, tactics
from rules.hp_d6.match import MatchEnded
from tests.rules.hp_d6.helpers import play, rolls, scripted, sheet, state, types


def _down(m, hp=10):
    a, b = m.w
    b.hp = hp
    b.prone = True
    return a, b


def test_it_wins_by_pinfall_after_three_won_rolls():
    m = scripted([4, 1, 5, 2, 6, 3])
    a, b = _down(m)
    with pytest.raises(MatchEnded):
        pins.pin(m, a, b)
    assert types(m.events) == ["pin", "pin_count", "pin_count", "pin_count", "result"]
    assert m.events[0]["rolls"] == []  # "you don't have to make any rolls to attempt the pin"
    assert [e["count"] for e in m.events[1:4]] == [1, 2, 3]
    assert rolls(m.events[3]) == [("pin count 3: pinner", 6), ("pin count 3: pinned", 3)]
    result = m.events[-1]
    assert (result["winner"], result["method"], result["rolls"]) == (0, "pinfall", [])


def test_it_gives_a_free_attack_from_the_mat_after_a_kick_out_at_one():
    m = scripted([3, 3, 4, 2])  # count 1 is a tie (kick-out), then the free strike lands
    a, b = _down(m)
    assert pins.pin(m, a, b) is False
    assert types(m.events) == ["pin", "pin_count", "strike"]
    assert m.events[1]["outcome"] == "kick-out, free attack"
    free = m.events[2]
    assert (free["actor"], free["target"], free["free"], free["outcome"]) == (1, 0, True, "hit")
    assert a.hp == 19 and a.prone
    assert b.prone is True  # he struck from the mat and is still down


def test_it_stands_the_opponent_up_after_a_kick_out_at_two():
    m = scripted([4, 1, 2, 5])
    a, b = _down(m)
    pins.pin(m, a, b)
    assert m.events[-1]["outcome"] == "kick-out, stands up"
    assert b.prone is False


def test_it_leaves_the_opponent_down_after_a_kick_out_at_three():
    m = scripted([4, 1, 5, 2, 1, 1])
    a, b = _down(m)
    pins.pin(m, a, b)
    assert m.events[-1]["outcome"] == "kick-out, stays down"
    assert b.prone is True
    assert len(m.events) == 4


def test_it_pins_with_probability_15_cubed_over_36_cubed():
    wins = 0
    for script in product(range(1, 7), repeat=6):
        m = scripted(list(script))
        a, b = _down(m)
        try:
            pins.pin_rolls(m, a, b)
        except MatchEnded:
            wins += 1
    assert Fraction(wins, 6**6) == Fraction(15, 36) ** 3


@pytest.mark.parametrize(("hp", "prone", "expected"), [(10, True, True), (11, True, False), (3, False, False)])
def test_it_allows_a_pin_only_at_10_hp_or_less_against_a_prone_opponent(hp, prone, expected):
    m = scripted([])
    a, b = m.w
    b.hp, b.prone = hp, prone
    assert pins.can_pin(m, a, b) is expected


def test_it_goes_for_the_pin_whenever_it_is_allowed_even_with_other_favourite_moves():
    m = scripted([], a=sheet("Ace", only="grapple"))
    a, b = _down(m, hp=7)
    assert tactics.choose(m, a, b) == "pin"


def test_it_skips_the_pin_when_his_tactics_say_so():
    m = scripted([], a=sheet("Ace", only="grapple", pin=False))
    a, b = _down(m, hp=7)
    assert tactics.choose(m, a, b) == "grapple"


def test_it_plays_a_whole_short_match_to_a_pinfall():
    events = play(
        [5, 2, 5, 2, 1, 4, 4, 3, 4, 1, 5, 2, 6, 3],
        a=sheet("Ace", hp=10),
        b=sheet("Bruiser", hp=10),
    )
    assert types(events) == [
        "bell",
        "initiative",
        "strike",
        "get_up",
        "initiative",
        "pin",
        "pin_count",
        "pin_count",
        "pin_count",
        "result",
    ]
    assert [e["seq"] for e in events] == list(range(10))
    assert [e["round"] for e in events] == [0, 1, 1, 1, 2, 2, 2, 2, 2, 2]
    assert [e["clock"] for e in events] == [0.0, 0.0, 0.0, 5.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0]
    assert state(events[-1], 1) == {
        "name": "Bruiser",
        "side": 1,
        "hp": 9,
        "hp_max": 10,
        "prone": True,
        "turns_not_hit": 0,
        "finisher": "Bruiser Driver",
        "weapon": None,
        "run_in_used": False,
    }
    assert events[-1]["winner"] == 0
    assert events[-1]["rounds"] == 2


# --- 0 HP (decision D10): "removing all of the defending wrestler's remaining HPs" ---------------------------


def test_it_pins_a_wrestler_at_0_hp_with_the_finishers_single_d6():
    m = scripted([5])  # his one d6: not a natural 6
    a, b = _down(m, hp=0)
    with pytest.raises(MatchEnded):
        pins.pin(m, a, b)
    assert types(m.events) == ["pin", "finisher_pin", "result"]
    assert rolls(m.events[1]) == [("finisher pin: kick-out", 5)]
    assert m.events[1]["outcome"] == "three"
    assert (m.events[-1]["winner"], m.events[-1]["method"]) == (0, "pinfall")


def test_it_lets_a_wrestler_at_0_hp_kick_out_only_on_a_natural_six_and_stand():
    m = scripted([6])
    a, b = _down(m, hp=0)
    assert pins.pin(m, a, b) is False
    assert types(m.events) == ["pin", "finisher_pin"]
    assert (m.events[-1]["outcome"], m.events[-1]["kick_out_roll"]) == ("kick-out", 6)
    assert (b.hp, b.prone) == (0, False)
    assert m.dice.remaining == 0  # no three pin rolls, no free attack


def test_it_pins_a_standing_wrestler_at_0_hp_from_a_pinning_combination_with_one_d6():
    m = scripted([5, 2, 4, 1, 2], a=sheet("Ace", only="pinning_combination"))  # grapple, extra roll, his d6
    a, b = m.w
    b.hp = 0
    with pytest.raises(MatchEnded):
        moves.pinning_combination(m, a, b)
    assert types(m.events) == ["grapple", "pinning_combination", "finisher_pin", "result"]
    assert rolls(m.events[2]) == [("finisher pin: kick-out", 2)]
