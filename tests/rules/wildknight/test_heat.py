"""HEAT: +1 at 10+ damage (max 4), spent on finishers before the roll, widening the automatic range (K-25..K-28)."""

import pytest

from rules.dice import ScriptedDice
from rules.wildknight import heat
from rules.wildknight.state import Wrestler

from .helpers import match, play, sheet, types

LARIAT = {"maneuvers": ("Running Lariat", "Stomp", "Moonsault"), "finisher": "Running Lariat"}


def test_it_gains_one_heat_for_ten_damage_from_one_move():
    m = match(sheet("Ace", Brawn=4, **LARIAT), sheet("Bo"), [15, 5, 6])
    (ev,) = play(m)
    assert ev["damage"] == 10 and ev["heat_gained"] == 1 and ev["state"][0]["heat"] == 1


def test_it_gains_no_heat_for_nine_damage():
    m = match(sheet("Ace", Brawn=4, **LARIAT), sheet("Bo"), [15, 5, 5])
    (ev,) = play(m)
    assert ev["damage"] == 9 and ev["heat_gained"] == 0 and ev["state"][0]["heat"] == 0


def test_it_caps_heat_at_four():
    # the finisher (a Stomp) needs a prone target, so Ace throws an ordinary 10-damage Lariat at four Heat
    ace = sheet("Ace", Brawn=4, maneuvers=("Running Lariat", "Stomp", "Moonsault"), finisher="Stomp")
    m = match(ace, sheet("Bo"), [15, 5, 6])
    m.w[0].heat = 4
    (ev,) = play(m)
    assert ev["damage"] == 10 and ev["heat_gained"] == 0 and ev["state"][0]["heat"] == 4


def test_it_spends_heat_on_a_finisher_before_the_roll_even_when_it_misses():
    ace = sheet("Ace", Brawn=2, **LARIAT, tactics={"finisher_at": 0, "finisher_exertion": 0})
    m = match(ace, sheet("Bo"), [4, 15, 2])
    m.w[0].heat = 1
    fin, mv = play(m)
    assert types([fin, mv]) == ["finisher", "maneuver"]
    assert fin["heat_spent"] == 1 and fin["state"][0]["heat"] == 0 and fin["rolls"] == []
    assert fin["finisher"] == "Ace Special"
    assert mv["actor"] == 1 and mv["declared"][0]["finisher"] is True
    assert mv["state"][0]["heat"] == 0


def test_it_rolls_two_dice_for_a_finisher_and_always_checks_stun():
    ace = sheet("Ace", Brawn=2, **LARIAT, tactics={"finisher_at": 0, "finisher_exertion": 1})
    m = match(ace, sheet("Bo"), [12, 5, 3, 4, 15])
    m.w[0].heat = 2
    fin, mv, st = play(m)
    assert mv["maneuver"] == "Ace Special" and mv["base"] == "Running Lariat"
    assert mv["dice"] == 2 and mv["damage"] == 9
    assert {"name": "exertion", "amount": 1} in mv["rolls"][0]["modifiers"]
    assert st["type"] == "stun" and st["rolls"][0]["need"] == 9
    assert mv["state"][0]["heat"] == 1 and mv["state"][0]["exertion"] == 2


def test_it_shrinks_the_automatic_range_as_soon_as_the_heat_is_spent():
    # two Heat, one spent: natural 18 is no longer automatic (range 19-20), so Bo's 19 wins outright
    ace = sheet("Ace", **LARIAT, tactics={"finisher_at": 0, "finisher_exertion": 0})
    m = match(ace, sheet("Bo"), [18, 19, 3], initiative=0)
    m.w[0].heat = 2
    _, mv = play(m)
    assert mv["rolls"][0]["outcome"] == "miss" and mv["actor"] == 1


def test_it_widens_the_automatic_hit_range_by_one_per_heat():
    m = match(sheet("Ace"), sheet("Bo", Brawn=5), [19, 17, 2, 3], initiative=1)
    m.w[0].heat = 1
    (ev,) = play(m)
    assert ev["rolls"][0]["outcome"] == "automatic-hit" and ev["actor"] == 0
    assert heat.automatic_range(0) == (20,)
    assert heat.automatic_range(2) == (18, 19, 20)


def test_it_grants_heat_for_a_successful_taunt():
    showman = sheet("Ace", maneuvers=("Taunt", "Stomp", "Moonsault"), finisher="Stomp", Presence=3)
    m = match(showman, sheet("Bo"), [12, 5])
    (ev,) = play(m)
    assert ev["heat_gained"] == 1 and ev["state"][0]["heat"] == 1
    assert "damage" not in ev and ev["state"][1]["fatigue"] == 0


@pytest.mark.parametrize(("total", "opposing", "gained"), [(20, 10, 1), (19, 10, 0), (25, 14, 1)])
def test_it_grants_segment_heat_for_beating_the_difficulty_by_ten(total, opposing, gained):
    assert heat.segment_heat(total, opposing) == gained


def test_it_rolls_a_promo_segment_and_records_the_roll():
    w = Wrestler(sheet("Ace", Presence=3, Flair=2), 0)
    gained, rec = heat.promo(ScriptedDice([16]), w, "Presence", "Flair", 10)
    assert gained == 1 and w.heat == 1
    assert rec["total"] == 21 and rec["need"] == 20 and rec["outcome"] == "heat"


def test_it_carries_promo_heat_into_a_match_through_the_stipulation():
    m = match(sheet("Ace"), sheet("Bo"), [], starting_heat=[2, 0])
    assert [s["heat"] for s in m.snapshot()] == [2, 0]
