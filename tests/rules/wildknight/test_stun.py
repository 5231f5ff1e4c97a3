"""STUN: the Brawn roll vs Df = damage, 1/2/3 rounds, the halved d20 while stunned (K-20..K-24)."""

import pytest

from .helpers import match, play, rolls_for, sheet, types

DDT = {"maneuvers": ("DDT", "Stomp", "Moonsault"), "finisher": "DDT"}


def test_it_lets_the_victim_resist_stun_with_a_brawn_roll_against_the_damage():
    m = match(sheet("Ace", **DDT), sheet("Bo"), [15, 5, 6, 6])
    mv, st = play(m)
    assert types([mv, st]) == ["maneuver", "stun"]
    brawn = st["rolls"][0]
    assert (brawn["for"], brawn["need"], brawn["total"], brawn["outcome"]) == ("resist stun: DDT", 6, 6, "success")
    assert st["rounds"] == 0 and st["state"][1]["stunned"] == 0


@pytest.mark.parametrize(
    ("script", "outcome", "rounds"),
    [
        ([3], "failure", 1),
        ([1, 8], "automatic-failure", 2),  # natural 1; confirm 8 reaches Df 6: not critical
        ([1, 2], "critical-failure", 3),  # natural 1; confirm 2 misses Df 6: critical failure
    ],
)
def test_it_stuns_for_one_two_or_three_rounds(script, outcome, rounds):
    m = match(sheet("Ace", **DDT), sheet("Bo"), [15, 5, 6, *script])
    _, st = play(m)
    assert st["outcome"] == outcome and st["rounds"] == rounds
    assert st["state"][1]["stunned"] == rounds
    assert st["rolls"][0]["outcome"] == outcome


def test_it_lets_brawn_and_heat_help_resist_stun():
    bo = sheet("Bo", Brawn=2)
    m = match(sheet("Ace", **DDT), bo, [15, 5, 6, 19])
    m.w[1].heat = 1  # 19 is an automatic success with one Heat
    _, st = play(m)
    assert st["outcome"] == "automatic-success" and st["rounds"] == 0


def test_it_rolls_a_halved_d20_minus_fatigue_for_a_stunned_wrestler_who_chooses_no_move():
    m = match(sheet("Ace"), sheet("Bo"), [5, 15])
    m.w[1].stunned = 1
    m.w[1].fatigue = 20  # penalty 1
    (ev,) = play(m)
    b = ev["rolls"][1]
    assert b["for"] == "maneuver roll: stunned (d20/2)"
    assert b["modifiers"] == [{"name": "stunned: d20/2", "amount": -8}, {"name": "Fatigue penalty", "amount": -1}]
    assert b["total"] == 6  # 15 // 2 - 1
    assert ev["declared"][1] == {"side": 1, "maneuver": None, "stunned": True}
    assert ev["outcome"] == "duck" and ev["actor"] == 1  # 6 beats Ace's 5: the stunned man dodges


def test_it_lets_a_stunned_wrestler_duck_and_take_the_initiative():
    m = match(sheet("Ace"), sheet("Bo"), [5, 16], initiative=0)
    m.w[1].stunned = 1
    (ev,) = play(m)
    assert ev["outcome"] == "duck" and ev["actor"] == 1
    assert ev["state"][1]["fatigue"] == 0 and m.initiative == 1


def test_it_keeps_automatic_results_for_a_stunned_wrestler():
    # the stunned natural 20 halves to 10 but is an automatic hit: a dodge, whatever the attacker rolled
    m = match(sheet("Ace", Brawn=5), sheet("Bo"), [18, 20, 4], initiative=0)
    m.w[1].stunned = 2
    (ev,) = play(m)
    confirm = rolls_for(ev, "confirm critical")[0]
    assert confirm["modifiers"] == [{"name": "stunned: d20/2", "amount": -2}]
    assert ev["outcome"] == "duck" and ev["rolls"][1]["outcome"] == "automatic-hit"


def test_it_wears_off_one_round_of_stun_per_round_spent_stunned():
    m = match(sheet("Ace"), sheet("Bo"), [5, 16])
    m.w[1].stunned = 2
    play(m)
    assert list(m.end_round()) == []
    assert m.w[1].stunned == 1


def test_it_stuns_for_the_next_round_when_the_stun_lands_this_round():
    m = match(sheet("Ace", **DDT), sheet("Bo"), [15, 5, 6, 3])
    play(m)
    assert list(m.end_round()) == []
    assert m.w[1].stunned == 1  # the victim was not stunned during this round, so nothing wore off


def test_it_adds_to_a_running_stun_instead_of_cutting_it_short():
    m = match(sheet("Ace", **DDT), sheet("Bo"), [18, 5, 6, 3])
    m.w[1].stunned = 1
    play(m)
    assert m.w[1].stunned == 2
    assert list(m.end_round()) == []
    assert m.w[1].stunned == 1


def test_it_makes_a_headbutt_risk_stunning_the_attacker_too():
    butt = sheet("Ace", maneuvers=("Headbutt", "Stomp", "Moonsault"), finisher="Headbutt")
    m = match(butt, sheet("Bo"), [15, 5, 6, 10, 2])
    mv, st_bo, st_ace = play(m)
    assert st_bo["target"] == 1 and st_bo["rolls"][0]["need"] == 6
    assert st_ace["target"] == 0 and st_ace["rolls"][0]["need"] == 3 and st_ace["rounds"] == 1
    assert st_ace["state"][0]["stunned"] == 1
