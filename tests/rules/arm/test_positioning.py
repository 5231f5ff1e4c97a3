"""Positioning (A70-A89): positions, AP costs, the ring grid, running, climbing, flying range."""

import pytest

from rules.arm import positioning as pos
from rules.arm import ring, rounds
from rules.arm.ring import KIND, SQUARE_AT, SQUARE_ID

from .helpers import match


def test_the_ring_has_four_corners_sixteen_rope_squares_twelve_middle_and_four_centre():
    ring = [k for k in KIND.values() if k in "X+Mc"]
    assert (ring.count("X"), ring.count("+"), ring.count("M"), ring.count("c")) == (4, 16, 12, 4)
    assert sum(1 for k in KIND.values() if k == "A") == 40  # the aisle, 10 squares long
    assert KIND[SQUARE_AT["f6"]] == "c" and KIND[SQUARE_AT["d4"]] == "X" and KIND[SQUARE_AT["c3"]] == "o"


def test_square_ids_are_column_letter_and_row():
    assert SQUARE_ID[(0, 0)] == "a1" and SQUARE_ID[(5, 5)] == "f6"


def test_diagonals_cost_the_same():
    assert ring.distance((3, 3), (5, 5)) == 2


@pytest.mark.parametrize(
    ("frm", "to", "cost"),
    [
        ("Facing", "Behind", 1),
        ("Facing", "Bent", 2),
        ("Prone", "Facedown", 1),
        ("Prone", "Kneeling", 2),
        ("Prone", "Facing", 4),
        ("Sitting", "Sitting", 0),
    ],
)
def test_shift_costs(frm, to, cost):
    assert pos.shift_cost(frm, to) == cost


def test_the_attacker_cannot_put_him_down_or_sit_him_up_from_standing():
    assert not pos.can_move_defender("Facing", "Prone")
    assert not pos.can_move_defender("Facing", "Sitting")
    assert pos.can_move_defender("Facing", "Bent")
    assert pos.can_move_defender("Prone", "Sitting")


def test_rope_reach_is_minus_two_in_middle_and_minus_four_in_centre():
    assert (ring.ROPE_REACH["+"], ring.ROPE_REACH["M"], ring.ROPE_REACH["c"]) == (0, -2, -4)


def test_runners_meet_at_the_mirror_square():
    assert ring.mirror(SQUARE_AT["g6"]) == SQUARE_AT["f6"]


def test_running_costs_two_from_standing_one_at_the_ropes():
    m = match()
    a = m.fighters[0]
    a.square = SQUARE_AT["f6"]
    assert pos.run_cost(a) == 2
    a.square = SQUARE_AT["e4"]
    assert pos.run_cost(a) == 1


def test_a_shortfall_of_action_points_becomes_a_penalty():
    m = match()
    a = m.fighters[0]
    a.ap = 1
    assert pos.spend(a, 4) == 3
    assert (a.ap, a.deficit) == (0, 3)


def test_climbing_costs_the_walk_to_the_corner_plus_one_per_rope():
    m = match()
    a = m.fighters[0]
    a.square = SQUARE_AT["e5"]  # next to corner d4
    cost, corner = pos.climb_plan(a, 3)
    assert corner == SQUARE_AT["d4"] and cost == 1 + 3


@pytest.mark.parametrize(("dist", "steps", "penalty"), [(1, 3, 0), (3, 1, -4), (3, 3, -2), (4, 2, -5)])
def test_flying_range_penalty(dist, steps, penalty):
    assert pos.flying_range_penalty((3, 3), (3, 3 + dist), steps) == penalty


def test_heights_in_steps():
    assert pos.ROPE_STEPS == {1: 1, 2: 2, 3: 3} and pos.APRON_STEPS == 2 and pos.RAILING_STEPS == 2


def test_launching_off_another_wrestler_is_his_hdb_plus_five():
    m = match()
    assert pos.launch_altitude(m.fighters[1]) == 2 + 5  # 6'0": HDB +2


def test_setting_him_on_the_turnbuckle_is_a_str_check_minus_his_lift_and_exertion():
    from .helpers import sheet

    m = match([12, 8], b=sheet("Bruiser", alignment="heel", weight=250))  # Lift +1
    a, d = m.fighters
    a.square = d.square = SQUARE_AT["d4"]
    a.ap = 3
    assert not pos.place_on_turnbuckle(m, a, d, rope=3)  # sits on the top = stands on rope 2: -1
    assert pos.place_on_turnbuckle(m, a, d, rope=3)
    rec = m.events[0]["rolls"][0]
    assert rec["need"] == 10 - 1 - 1 and a.ap == 1
    assert d.perch == "rope2" and a.damage == 1  # exertion: his Lift


def test_both_must_stand_in_the_same_corner_and_nobody_sits_on_the_first_rope():
    m = match([])
    a, d = m.fighters
    assert not pos.place_on_turnbuckle(m, a, d)  # not in a corner
    a.square = d.square = SQUARE_AT["d4"]
    assert not pos.place_on_turnbuckle(m, a, d, rope=1)


def test_an_irish_whip_and_rebound_meet_at_the_mirror_or_at_the_ropes_when_he_follows():
    assert ring.whip_meeting(SQUARE_AT["f6"], SQUARE_AT["g6"], "cross") == SQUARE_AT["g6"]
    assert ring.whip_meeting(SQUARE_AT["e5"], SQUARE_AT["f5"], "cross") == SQUARE_AT["h5"]
    assert ring.whip_meeting(SQUARE_AT["e5"], SQUARE_AT["f5"], "follow") == SQUARE_AT["i5"]
    assert ring.KIND[ring.whip_meeting(SQUARE_AT["e5"], SQUARE_AT["f5"], "follow")] == "+"


def test_a_running_maneuver_from_the_middle_whips_him_first():
    from rules.arm import tactics

    from .helpers import entry, sheet

    heel = sheet(
        "Bruiser",
        alignment="heel",
        arsenal=[{"maneuver": "Clothesline", "flags": ["Running"]}, "Kick"],
        tactics={"cheating": 0.8},
    )
    m = match([], a=heel, b=sheet("Ace"))
    a, d = m.fighters
    p = tactics.build(m, a, d, entry(a, "Running Clothesline"))
    assert p.whip == "follow" and p.cost == pos.WHIP + pos.RUN_REBOUND and p.over_top
    a.ap = 2
    rounds.execute_positioning(m, a, p)
    assert a.running and ring.KIND[d.square] == "+" and a.square == d.square


def test_onto_the_shoulders_anywhere_counts_as_sitting_on_the_top_rope():
    m = match([5])
    a, d = m.fighters
    a.ap = 1
    assert pos.place_on_turnbuckle(m, a, d, shoulders=True)
    assert d.perch == "shoulders" and pos.perch_steps("shoulders") == 2
    assert {"name": "rope 2", "amount": -1} in m.events[0]["rolls"][0]["modifiers"]


def test_the_maneuver_section_s_running_costs_are_a_promotion_switch():
    # P-ARM-14 running_costs = "maneuver_section": start running 4 AP, bounce off the ropes 2 AP (seed 31)
    from rules.arm import tactics

    from .helpers import entry, sheet

    runner = sheet("Ace", arsenal=[{"maneuver": "Clothesline", "flags": ["Running"]}, "Kick"])
    costs = {}
    for reading in ("positioning", "maneuver_section"):
        m = match([], a=runner, running_costs=reading)
        a, d = m.fighters
        a.square = SQUARE_AT["f6"]
        standing = pos.run_cost(a, m.run_costs)
        a.square = SQUARE_AT["e4"]
        at_ropes = pos.run_cost(a, m.run_costs)
        a.square, d.square = SQUARE_AT["f6"], SQUARE_AT["g6"]
        whip = tactics.build(m, a, d, entry(a, "Running Clothesline"))  # whip him and rebound
        costs[reading] = (standing, at_ropes, whip.cost)
    assert costs == {"positioning": (2, 1, pos.WHIP + 1), "maneuver_section": (4, 2, pos.WHIP + 2)}


def test_a_running_costs_reading_the_engine_does_not_know_is_refused():
    import pytest

    from rules.errors import SetupError

    with pytest.raises(SetupError, match="running_costs must be positioning or maneuver_section"):
        match([], running_costs="cheap")
