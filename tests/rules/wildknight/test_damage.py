"""LIFTING AND KNOCKDOWN, DAMAGE: Weight Mod, lifting/knockdown margins, damage dice, Fatigue (K-1..K-10)."""

import pytest

from rules.wildknight.damage import lifts, margin_needed
from rules.wildknight.tables import BY_NAME, weight_mod

from .helpers import match, play, sheet

SLAMMER = {"maneuvers": ("Body Slam", "Stomp", "Moonsault"), "finisher": "Body Slam"}


@pytest.mark.parametrize(
    ("weight", "wm"), [(100, -1), (160, -1), (161, 0), (200, 0), (201, 1), (240, 1), (400, 5), (450, 6), (451, 7)]
)
def test_it_derives_the_weight_mod_from_weight(weight, wm):
    assert weight_mod(weight) == wm


def test_it_lifts_automatically_when_the_weight_mod_does_not_exceed_the_key_attribute():
    assert margin_needed(2, 2) == 0 and lifts(2, 2, -10)
    assert margin_needed(0, 3) == 3 and not lifts(0, 3, 2) and lifts(0, 3, 3)


def test_it_lifts_a_light_target_even_on_a_narrow_win():
    m = match(sheet("Ace", Power=2, **SLAMMER), sheet("Bo", weight=230), [11, 12, 5])
    (ev,) = play(m)
    assert ev["lifted"] is True and ev["margin_needed"] == 0 and ev["damage"] == 7
    assert ev["state"][1]["prone"] is True and ev["state"][1]["position"] == "prone"


def test_it_does_no_damage_when_the_lift_fails_but_still_counts_the_hit_and_initiative():
    m = match(sheet("Ace", **SLAMMER), sheet("Bo", weight=300), [14, 12], initiative=1)
    (ev,) = play(m)
    assert ev["outcome"] == "no-lift" and ev["lifted"] is False and ev["margin_needed"] == 3
    assert ev["damage"] == 0 and ev["state"][1]["fatigue"] == 0 and ev["state"][1]["prone"] is False
    assert [r["die"] for r in ev["rolls"]] == ["d20", "d20"]  # no damage die
    assert m.initiative == 0


def test_it_lifts_a_heavy_target_when_the_margin_is_reached():
    m = match(sheet("Ace", **SLAMMER), sheet("Bo", weight=300), [15, 12, 2])
    (ev,) = play(m)
    assert ev["lifted"] is True and ev["damage"] == 2 and ev["state"][1]["prone"] is True


def test_it_damages_with_a_knockdown_move_even_when_the_knockdown_fails():
    m = match(sheet("Ace"), sheet("Bo", weight=300), [14, 12, 4])
    (ev,) = play(m)
    assert ev["knocked_down"] is False and ev["damage"] == 4
    assert ev["state"][1]["prone"] is False and ev["state"][1]["fatigue"] == 4


def test_it_adds_the_key_attribute_to_the_damage_die():
    m = match(sheet("Ace", Brawn=3), sheet("Bo"), [10, 5, 4])
    (ev,) = play(m)
    assert ev["damage"] == 7


def test_it_never_lets_damage_go_below_zero():
    weak = sheet("Ace", Brawn=-3, maneuvers=("Punch", "Stomp", "Moonsault"), finisher="Punch")
    m = match(weak, sheet("Bo"), [18, 5, 1])
    (ev,) = play(m)
    assert ev["damage"] == 0 and ev["state"][1]["fatigue"] == 0


@pytest.mark.parametrize("name", ["Punch", "Kick", "Top-Rope Plancha", "Powerbomb"])
def test_it_keeps_damage_dice_between_d4_and_d10(name):
    assert 4 <= BY_NAME[name].die <= 10


def test_it_takes_one_fatigue_penalty_point_per_twenty_plus_brawn_fatigue_on_every_roll():
    m = match(sheet("Ace"), sheet("Bo", Brawn=5), [10, 10, 1])
    m.w[0].fatigue = 40  # 2 x (20 + 0)
    m.w[1].fatigue = 49  # 1 x (20 + 5), not yet 2
    (ev,) = play(m)
    a_roll, b_roll = ev["rolls"][:2]
    assert {"name": "Fatigue penalty", "amount": -2} in a_roll["modifiers"] and a_roll["total"] == 8
    assert {"name": "Fatigue penalty", "amount": -1} in b_roll["modifiers"] and b_roll["total"] == 14
    assert ev["state"][0]["fatigue_penalty"] == 2 and ev["state"][1]["fatigue_threshold"] == 25


def test_it_charges_two_fatigue_per_point_of_exertion_hit_or_miss():
    m = match(sheet("Ace", tactics={"exertion": 2}), sheet("Bo"), [5, 15, 3])
    (ev,) = play(m)
    assert {"name": "exertion", "amount": 2} in ev["rolls"][0]["modifiers"] and ev["rolls"][0]["total"] == 7
    assert ev["actor"] == 1
    a = ev["state"][0]
    assert (a["fatigue"], a["damage"], a["exertion"]) == (7, 3, 4)


def test_it_starts_every_wrestler_at_zero_fatigue():
    m = match(sheet("Ace"), sheet("Bo"), [])
    assert [s["fatigue"] for s in m.snapshot()] == [0, 0]


def test_it_makes_a_dive_cost_the_diver_fatigue():
    diver = sheet("Ace", maneuvers=("Dive to the Floor", "Stomp", "Moonsault"), finisher="Dive to the Floor")
    m = match(diver, sheet("Bo"), [15, 5, 6, 3])
    (ev,) = play(m)
    assert ev["damage"] == 6
    assert ev["rolls"][-1] == {"die": "d4", "value": 3, "for": "self-inflicted: Dive to the Floor", "side": 0}
    assert ev["state"][0]["fatigue"] == 3
