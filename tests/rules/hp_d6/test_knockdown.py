"""Getting Up: roll-offs, the natural 6, +1 for every turn not hit (W-11, W-12, W-13)."""

from fractions import Fraction
from itertools import product

import pytest

from rules.hp_d6 import knockdown
from rules.hp_d6.match import SECONDS_PER_TURN
from tests.rules.hp_d6.helpers import play, rolls, scripted, sheet, state, types


def test_it_gets_up_on_a_higher_roll_but_does_not_attack_this_turn():
    m = scripted([4, 2])
    a, b = m.w
    a.prone = True
    assert knockdown.get_up(m, a, b) is False
    event = m.events[-1]
    assert (event["type"], event["outcome"]) == ("get_up", "up")
    assert rolls(event) == [("get up: prone wrestler", 4), ("get up: opponent", 2)]
    assert a.prone is False


def test_it_gets_up_and_attacks_on_a_natural_six():
    m = scripted([6, 6])
    a, b = m.w
    a.prone = True
    assert knockdown.get_up(m, a, b) is True
    assert m.events[-1]["outcome"] == "up and attack"
    assert a.prone is False


@pytest.mark.parametrize(("prone", "opp"), [(3, 3), (1, 5)])
def test_it_stays_down_on_a_tie_or_a_lower_roll(prone, opp):
    m = scripted([prone, opp])
    a, b = m.w
    a.prone = True
    knockdown.get_up(m, a, b)
    assert m.events[-1]["outcome"] == "down"
    assert a.prone is True


def test_it_adds_one_for_every_turn_not_hit():
    m = scripted([3, 5])
    a, b = m.w
    a.prone = True
    a.turns_not_hit = 3
    knockdown.get_up(m, a, b)
    event = m.events[-1]
    assert event["outcome"] == "up"  # 3 + 3 beats 5
    assert event["bonus"] == 3
    assert event["rolls"][0]["modifiers"] == [{"name": "turns not hit", "amount": 3}]
    assert event["rolls"][0]["need"] == 3


@pytest.mark.parametrize(("bonus", "ways"), [(0, 16), (1, 21), (2, 26), (5, 35)])
def test_it_gets_up_with_the_exact_probability_for_each_bonus(bonus, ways):
    # 0: 15 higher + the natural 6 against a 6; 1: a >= d (21); 2: d <= a + 1 (26); 5: all but 1 against 6
    up = 0
    for prone, opp in product(range(1, 7), repeat=2):
        m = scripted([prone, opp])
        a, b = m.w
        a.prone = True
        a.turns_not_hit = bonus
        knockdown.get_up(m, a, b)
        up += not a.prone
    assert Fraction(up, 36) == Fraction(ways, 36)


def test_it_counts_the_turns_a_prone_wrestler_is_not_hit_and_starts_again_when_hit():
    # Ace strikes Bruiser down; Bruiser fails to get up; round 2 Ace misses (Bruiser +1), Bruiser fails again
    # (3+1 vs 4); round 3 Ace hits again (back to 0).
    events = play(
        [5, 2, 5, 2, 1, 4, 5, 2, 2, 3, 3, 4, 5, 2, 4, 1],
        a=sheet("Ace"),
        b=sheet("Bruiser"),
        time_limit=4 * SECONDS_PER_TURN,  # two rounds of play, then the bell
    )
    by_type = [(e["type"], e.get("outcome"), state(e, 1)["turns_not_hit"]) for e in events]
    assert by_type[:8] == [
        ("bell", None, 0),
        ("initiative", None, 0),
        ("strike", "hit", 0),
        ("get_up", "down", 0),
        ("initiative", None, 0),
        ("strike", "miss", 0),
        ("get_up", "down", 1),
        ("result", None, 1),
    ]
    assert types(events)[-1] == "result"
    assert events[-1]["method"] == "draw"


def test_it_spends_the_whole_turn_getting_up_on_an_ordinary_win():
    m = scripted([5, 2])
    a, b = m.w
    a.prone = True
    m.turn(a)
    assert types(m.events) == ["get_up"]
    assert m.dice.remaining == 0


def test_it_attacks_in_the_same_turn_after_a_natural_six():
    m = scripted([6, 3, 4, 1])
    a, b = m.w
    a.prone = True
    m.turn(a)
    assert types(m.events) == ["get_up", "strike"]
    assert (m.events[-1]["actor"], m.events[-1]["outcome"]) == (0, "hit")
    assert b.hp == 19
