"""Getting Up: roll-offs, the natural 6, +1 for every turn not hit (W-11, W-12, W-13)."""

from fractions import Fraction
from itertools import product

import pytest

from rules.hp_d6 import knockdown
from rules.hp_d6.match import SECONDS_PER_TURN, MatchEnded
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
    # Round 1: Ace strikes Bruiser down (0), Bruiser fails to get up. Rounds 2 and 3: Ace misses (+1, +2) and
    # Bruiser fails again (3+1 vs 4, then 1+2 vs 4). Round 4: Ace hits him again: the count starts again at 0,
    # and Bruiser's next get-up roll carries no bonus.
    events = play(
        [5, 2, 5, 2, 1, 4] + [5, 2, 2, 3, 3, 4] + [5, 2, 1, 1, 1, 4] + [5, 2, 4, 1, 4, 5],
        a=sheet("Ace"),
        b=sheet("Bruiser"),
        time_limit=8 * SECONDS_PER_TURN,  # four rounds of play, then the bell
    )
    by_type = [(e["type"], e.get("outcome"), state(e, 1)["turns_not_hit"]) for e in events]
    assert by_type == [
        ("bell", None, 0),
        ("initiative", None, 0),
        ("strike", "hit", 0),
        ("get_up", "down", 0),
        ("initiative", None, 0),
        ("strike", "miss", 0),  # his +1 for this turn comes at its end
        ("get_up", "down", 1),
        ("initiative", None, 1),
        ("strike", "miss", 1),
        ("get_up", "down", 2),
        ("initiative", None, 2),
        ("strike", "hit", 0),
        ("get_up", "down", 0),
        ("result", None, 0),
    ]
    get_ups = [e for e in events if e["type"] == "get_up"]
    assert [e["bonus"] for e in get_ups] == [0, 1, 2, 0]
    assert get_ups[-1]["rolls"][0]["modifiers"] == []  # the +1s are gone after the hit
    assert events[-1]["method"] == "draw"


def test_it_resets_the_count_when_he_is_knocked_down():
    m = scripted([])
    a, _ = m.w
    a.prone = True
    a.turns_not_hit = 3
    a.weapon = "steel chair"
    knockdown.knock_down(a)
    assert (a.prone, a.turns_not_hit, a.hit, a.weapon) == (True, 0, True, None)


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


# --- 0 HP (decision D10): "the amount of energy he has left to compete" -----------------------------------


@pytest.mark.parametrize("prone", [True, False])
def test_it_lets_the_turn_of_a_wrestler_at_0_hp_pass_without_a_roll_or_a_move(prone):
    m = scripted([])  # no dice: no get-up roll, no tactics die, no move
    a, b = m.w
    a.hp, a.prone = 0, prone
    m.turn(a)
    assert types(m.events) == ["spent"]
    spent = m.events[0]
    assert (spent["actor"], spent["target"], spent["prone"], spent["rolls"]) == (0, 1, prone, [])
    assert a.prone is prone


def test_it_calls_a_draw_when_both_wrestlers_are_at_0_hp():
    # Ace is at 0 HP; Bruiser, at 1 HP, misses a Moonsault (set-up 4-2, attack 1-3): -1 HP to himself.
    m = scripted([4, 2, 1, 3], b=sheet("Bruiser", alignment="heel", only="high_risk"))
    a, b = m.w
    a.hp, b.hp = 0, 1  # Ace standing (a prone man at 0 HP would simply be pinned)
    with pytest.raises(MatchEnded):
        m.turn(b)
    assert types(m.events) == ["high_risk", "result"]
    result = m.events[-1]
    assert (result["winner"], result["method"], result["reason"]) == (None, "draw", "both at 0 HP")
    assert [w["hp"] for w in result["state"]] == [0, 0]
