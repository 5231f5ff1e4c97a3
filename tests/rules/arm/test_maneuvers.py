"""Maneuvers (P-ARM-15..18): the table, Flags, arsenal improvisation (A21-A24, A57, A68-A69)."""

import pytest

from rules.arm.maneuvers import BASE_MANEUVERS, DEFENSES, FLAG_FITS, flag_problem, flagged, improvise_penalty
from rules.arm.tables import BODY_PARTS, FLAGS, FOREIGN_OBJECTS, MANEUVER_ROWS

from .helpers import RULESET


def test_the_table_has_70_base_maneuvers_and_8_defenses():
    rows = RULESET.maneuvers()
    assert len([r for r in rows if r["type"] != "Defense"]) == 70
    assert len([r for r in rows if r["type"] == "Defense"]) == 8
    assert [r[0] for r in MANEUVER_ROWS] == list(range(1, 71))


def test_every_maneuver_has_class_level_damage_and_a_valid_target():
    for m in BASE_MANEUVERS.values():
        assert m.cls in ("STR", "TEC", "AGI", "BRA", "SAV")
        assert 0 <= m.level <= 4
        assert m.damage >= 0
        assert m.target in BODY_PARTS or m.type == "Trick"


@pytest.mark.parametrize(
    ("name", "code"),
    [("Punch", "BRA-0"), ("Atomic Drop", "STR-2"), ("Fire Tab", "BRA-1"), ("Powder", "BRA-1"), ("Piledriver", "STR-3")],
)
def test_the_seed_s_examples_have_the_seed_s_levels(name, code):
    assert BASE_MANEUVERS[name].code == code


def test_lifting_maneuvers_use_arm_leg_and_back():
    assert set(BASE_MANEUVERS["Body Slam"].uses) == {"Arm", "Leg", "Back"}


def test_a_flying_flag_adds_a_level_and_makes_it_high_risk():
    m = flagged("Elbow Drop", ("Flying",))
    assert m.name == "Flying Elbow Drop" and m.level == 2 and m.high_risk
    assert not BASE_MANEUVERS["Elbow Drop"].high_risk


def test_flags_are_ordered_the_same_way_whatever_the_order_given():
    assert flagged("Elbow Drop", ("Spinning", "Flying")).name == flagged("Elbow Drop", ("Flying", "Spinning")).name


def test_running_adds_two_damage_and_knocks_down():
    m = flagged("Shoulder Block", ("Running",))
    assert m.damage == BASE_MANEUVERS["Shoulder Block"].damage + 2 and "KD" in m.props


def test_bridging_makes_a_pinfall_predicament():
    assert "PP" in flagged("German Suplex", ("Bridging",)).props


def test_flags_only_fit_sensible_maneuvers():
    assert flag_problem(BASE_MANEUVERS["Armbar"], "Flying")
    assert flag_problem(BASE_MANEUVERS["Elbow Drop"], "Flying") is None
    assert set(FLAG_FITS) == set(FLAGS)


def test_improvised_maneuvers_are_minus_two_or_minus_one_a_flag_away():
    keys = {("Elbow Drop", frozenset()), ("Body Slam", frozenset())}
    assert improvise_penalty(keys, "Elbow Drop", ()) == 0
    assert improvise_penalty(keys, "Elbow Drop", ("Flying",)) == -1
    assert improvise_penalty(keys, "Elbow Drop", ("Flying", "Spinning")) == -2
    assert improvise_penalty(keys, "Piledriver", ()) == -2


def test_defenses_counter_the_types_they_name():
    assert DEFENSES["Dodge"].counters_maneuver(BASE_MANEUVERS["Punch"])
    assert DEFENSES["Dodge"].counters_maneuver(flagged("Elbow Drop", ("Flying",)))
    assert DEFENSES["Hip Block"].counters_maneuver(BASE_MANEUVERS["Body Slam"])
    assert not DEFENSES["Block"].counters_maneuver(BASE_MANEUVERS["Dropkick"])  # an AGI strike
    assert DEFENSES["Counter-Hold"].counters_maneuver(BASE_MANEUVERS["Sleeper Hold"])


def test_foreign_objects_table_marks_targets_and_concealables():
    assert FOREIGN_OBJECTS["Table"][0] == "X"
    assert FOREIGN_OBJECTS["Brass Knuckles"][3] is True
    assert FOREIGN_OBJECTS["Folding Chair"][3] is False
    assert FOREIGN_OBJECTS["Fist Load"][4] is True  # punch only
