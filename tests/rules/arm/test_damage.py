"""StunTrack, weardown, exertion, recovery (A108-A112, A119-A120) and Injury (A113-A118)."""

import pytest

from rules.arm import damage, injury
from rules.arm.maneuvers import BASE_MANEUVERS, flagged

from .helpers import match, sheet


@pytest.mark.parametrize(
    ("dmg", "level", "name"),
    [
        (0, 0, "Fresh"),
        (20, 0, "Fresh"),
        (21, 1, "Winded"),
        (41, 2, "Tired"),
        (61, 3, "Groggy"),
        (81, 4, "Exhausted"),
        (101, 5, "Spent"),
    ],
)
def test_weardown_levels(dmg, level, name):
    breaks = (20, 40, 60, 80, 100)
    assert damage.level_for(dmg, breaks) == level and damage.weardown_name(level) == name


def test_weardown_penalties_and_spent_keeps_minus_four():
    assert [damage.weardown_penalty(n) for n in range(6)] == [0, -1, -2, -3, -4, -4]


def test_crossing_a_break_is_announced():
    m = match([])
    d = m.fighters[1]
    damage.take(m, d, 21, "x")
    assert d.level == 1 and m.events[-1]["type"] == "weardown" and m.events[-1]["level"] == "Winded"


def test_exertion_is_level_plus_his_lift_but_a_lift_bonus_does_not_reduce_it():
    slam = BASE_MANEUVERS["Body Slam"]
    assert damage.exertion(slam, 4) == 1 + 4
    assert damage.exertion(slam, -3) == 1
    assert damage.exertion(BASE_MANEUVERS["Headbutt"], 0) == 1  # EXERT +1
    assert damage.exertion(flagged("Body Slam", ("Leaping",)), 0) == 2


def test_stalling_removes_the_sta_bonus_on_a_successful_check():
    m = match([5, 15])
    a = m.fighters[0]
    a.damage = 10
    assert damage.stall(m, a) == 2 and a.damage == 8  # STA 10: bonus 2
    assert damage.stall(m, a) == 0


def test_injury_checks_per_condition_at_minus_one_per_five_damage():
    m = match([15, 3], b=sheet("Bruiser", alignment="heel", flaws=["Injury Prone"]))
    a, d = m.fighters
    a.working.add("Back")
    e = a.attacks[0]  # Body Slam
    added = injury.injury_checks(m, a, d, e.move, e, "success", 10)
    ev = m.events[-1]
    assert ev["reasons"] == ["Injury Prone", "Working Over"] and added == 1
    assert [r["need"] for r in ev["rolls"]] == [8, 8]


def test_no_condition_no_check():
    m = match([])
    a, d = m.fighters
    e = a.attacks[0]
    assert injury.injury_checks(m, a, d, e.move, e, "success", 10) == 0 and m.events == []


def test_injury_penalty_is_capped_at_six():
    m = match()
    a = m.fighters[0]
    a.injuries = {"Arm": 5, "Leg": 4}
    assert injury.use_penalty(a, ("Arm", "Leg", "Back")) == -6


def test_a_week_off_heals_the_sta_bonus_spread_over_the_parts():
    assert injury.heal_week({"Arm": 2, "Back": 1}, 10) == {"Arm": 1}  # STA 10: bonus 2, the worst first
    assert sum(injury.heal_week({"Arm": 3, "Leg": 3}, 9).values()) == 4  # STA 9: bonus 2
    assert injury.heal_week({"Head": 5}, 4) == {"Head": 5}  # STA 4: bonus 0
