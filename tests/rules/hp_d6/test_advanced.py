"""ADVANCED RULES (W-22): foreign objects, run-ins, attacking the referee; off unless the stipulation says."""

import pytest

from rules.errors import SetupError
from rules.hp_d6 import advanced, moves, pins, tactics
from rules.hp_d6.match import MatchEnded
from tests.rules.hp_d6.helpers import rolls, scripted, setup, sheet, told, types

ALL = {"foreign_objects": True, "run_ins": True, "attack_referee": True}


def test_it_leaves_the_advanced_rules_off_by_default():
    m = scripted([], a=sheet("Ace", only=None, cheat=5), b=sheet("Bruiser"))
    assert m.advanced == {"foreign_objects": False, "run_ins": False, "attack_referee": False}
    assert tactics.options(m, m.w[0], m.w[1]) == []  # cheat weight, but nothing to cheat with


@pytest.mark.parametrize(
    "bad",
    [{"advanced": {"chairs": True}}, {"advanced": {"run_ins": "yes"}}, {"advanced": 3}, {"no_dq": "no"}],
)
def test_it_refuses_unknown_or_malformed_advanced_options(bad):
    with pytest.raises(SetupError):
        setup(**bad)


def test_it_accepts_advanced_true_as_every_option():
    m = scripted([], advanced=True)
    assert m.advanced == ALL


# --- foreign objects ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("table", "dealt"), [(3, 2), (4, 2), (5, 3), (6, 5)])
def test_it_picks_up_a_weapon_connects_and_reads_the_table(table, dealt):
    m = scripted([5, 1, 4, 2, table], advanced={"foreign_objects": True})
    a, b = m.w
    advanced.foreign_object(m, a, b)
    event = m.events[-1]
    assert rolls(event) == [
        ("foreign object pick-up: attacker", 5),
        ("foreign object pick-up: defender", 1),
        ("foreign object connect: attacker", 4),
        ("foreign object connect: defender", 2),
        ("foreign object: result", table),
    ]
    assert (event["outcome"], event["damage"]) == ("hit", dealt)
    assert b.hp == 20 - dealt and b.prone
    assert a.weapon is not None  # he still holds it


@pytest.mark.parametrize("table", [1, 2])
def test_it_disqualifies_a_wrestler_the_referee_sees_with_a_weapon(table):
    m = scripted([5, 1, 4, 2, table], advanced={"foreign_objects": True})
    a, b = m.w
    with pytest.raises(MatchEnded):
        advanced.foreign_object(m, a, b)
    assert m.events[-2]["outcome"] == "seen"
    assert (m.events[-1]["winner"], m.events[-1]["method"]) == (1, "disqualification")


def test_it_lets_a_seen_weapon_shot_land_in_a_no_dq_match():
    m = scripted([5, 1, 4, 2, 1], advanced={"foreign_objects": True}, no_dq=True)
    a, b = m.w
    advanced.foreign_object(m, a, b)
    assert m.events[-1]["damage"] == advanced.UNSEEN_DAMAGE


def test_it_keeps_the_weapon_after_a_miss_and_swings_again_without_picking_it_up():
    m = scripted([5, 1, 2, 4, 6, 1, 5], advanced={"foreign_objects": True})
    a, b = m.w
    advanced.foreign_object(m, a, b)
    assert m.events[-1]["outcome"] == "missed"
    advanced.foreign_object(m, a, b)
    assert [r["for"] for r in m.events[-1]["rolls"]][0] == "foreign object connect: attacker"
    assert b.hp == 17


def test_it_drops_the_weapon_when_hit_by_the_opponent():
    m = scripted([5, 1, 2, 4, 6, 2], advanced={"foreign_objects": True})
    a, b = m.w
    advanced.foreign_object(m, a, b)
    assert a.weapon is not None
    moves.strike(m, b, a)
    assert a.weapon is None


def test_it_fails_to_pick_up_a_weapon_on_a_lost_roll():
    m = scripted([2, 2], advanced={"foreign_objects": True})
    a, b = m.w
    advanced.foreign_object(m, a, b)
    assert m.events[-1]["outcome"] == "no weapon"
    assert a.weapon is None


# --- run-ins ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("arrive", [1, 2, 3])
def test_it_uses_up_the_run_in_even_when_nobody_comes(arrive):
    m = scripted([arrive], advanced={"run_ins": True})
    a, b = m.w
    assert advanced.run_in(m, a, b) is False
    assert a.run_in_used is True
    assert m.events[-1]["outcome"] == "no run-in"
    assert b.hp == 20


def test_it_lets_the_run_in_hit_for_ten_and_go_unseen_on_five_or_six():
    m = scripted([4, 5], advanced={"run_ins": True})
    a, b = m.w
    assert advanced.run_in(m, a, b) is True
    event = m.events[-1]
    assert rolls(event) == [("run-in: does he come?", 4), ("run-in: does the referee see it?", 5)]
    assert (event["outcome"], event["damage"]) == ("unseen", 10)
    assert b.hp == 10 and b.prone


def test_it_disqualifies_the_wrestler_whose_run_in_the_referee_sees():
    m = scripted([6, 4], advanced={"run_ins": True})
    a, b = m.w
    with pytest.raises(MatchEnded):
        advanced.run_in(m, a, b)
    assert (m.events[-1]["winner"], m.events[-1]["method"]) == (1, "disqualification")


def test_it_stops_a_pinfall_with_a_run_in_after_the_three_count():
    heel = sheet("Bruiser", alignment="heel")  # heels save themselves with a run-in by default
    m = scripted([4, 1, 5, 2, 6, 3, 5, 6], b=heel, advanced={"run_ins": True})
    a, b = m.w
    b.hp, b.prone = 8, True
    assert pins.pin(m, a, b) is False
    assert types(m.events) == ["pin", "pin_count", "pin_count", "pin_count", "run_in"]
    assert m.events[-1]["save"] is True
    assert a.hp == 10 and a.prone


def test_it_makes_no_run_in_save_for_a_face_by_default():
    m = scripted([4, 1, 5, 2, 6, 3], b=sheet("Bruiser", alignment="face"), advanced={"run_ins": True})
    a, b = m.w
    b.hp, b.prone = 8, True
    with pytest.raises(MatchEnded):
        pins.pin(m, a, b)
    assert m.events[-1]["method"] == "pinfall"


def test_it_stops_a_finisher_pin_with_a_run_in_after_the_three_count():
    # "A run-in may be used to stop a pinfall even after the pin has been awarded": the finisher's pin too
    m = scripted([3, 4, 5], b=sheet("Bruiser", alignment="heel"), advanced={"run_ins": True})
    a, b = m.w
    b.hp = 12
    assert moves.finisher(m, a, b) == "finisher"
    assert types(m.events) == ["finisher", "finisher_pin", "run_in"]
    assert (m.events[1]["outcome"], m.events[2]["save"], m.events[2]["outcome"]) == ("three", True, "unseen")
    assert a.hp == 10 and a.prone and b.run_in_used


def test_it_disqualifies_the_wrestler_whose_run_in_save_the_referee_sees():
    m = scripted([4, 1, 5, 2, 6, 3, 5, 2], b=sheet("Bruiser", alignment="heel"), advanced={"run_ins": True})
    a, b = m.w
    b.hp, b.prone = 8, True
    with pytest.raises(MatchEnded):
        pins.pin(m, a, b)
    assert (m.events[-2]["type"], m.events[-2]["save"]) == ("run_in", True)
    assert (m.events[-1]["winner"], m.events[-1]["method"]) == (0, "disqualification")


def test_it_gives_each_wrestler_one_run_in_a_match_so_a_used_one_saves_nothing():
    heel = sheet("Bruiser", alignment="heel", cheat=2)
    m = scripted([4, 1, 5, 2, 6, 3], b=heel, advanced={"run_ins": True})
    a, b = m.w
    b.hp, b.prone = 8, True
    b.run_in_used = True
    with pytest.raises(MatchEnded):
        pins.pin(m, a, b)
    assert "run_in" not in types(m.events) and m.events[-1]["method"] == "pinfall"
    m.referee = "down"  # the moment a heel calls his run-in as an action: not once it is used
    assert "run_in" not in dict(tactics.options(m, b, a))
    b.run_in_used = False
    assert "run_in" in dict(tactics.options(m, b, a))


def test_it_rolls_no_referee_die_for_a_run_in_in_a_no_dq_match():
    m = scripted([4], advanced={"run_ins": True}, no_dq=True)
    a, b = m.w
    assert advanced.run_in(m, a, b) is True
    assert rolls(m.events[-1]) == [("run-in: does he come?", 4)] and b.hp == 10


def test_it_drops_the_weapon_when_his_grapple_is_reversed_on_him():
    m = scripted([2, 5, 1, 4], advanced={"foreign_objects": True})
    a, b = m.w
    a.weapon = "steel chair"
    moves.grapple(m, a, b)
    assert m.events[-1]["outcome"] == "reversed" and a.weapon is None


def test_it_keeps_the_weapon_when_he_crashes_from_a_missed_high_risk_move():
    m = scripted([5, 1, 2, 4], advanced={"foreign_objects": True})
    a, b = m.w
    a.weapon = "steel chair"
    moves.high_risk(m, a, b)
    assert m.events[-1]["outcome"] == "missed" and a.prone and a.weapon == "steel chair"


# --- attacking the referee ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 2])
def test_it_disqualifies_a_wrestler_who_fails_to_knock_the_referee_out(value):
    m = scripted([value], advanced={"attack_referee": True})
    a, b = m.w
    with pytest.raises(MatchEnded):
        advanced.attack_referee(m, a, b)
    assert (m.events[-1]["winner"], m.events[-1]["method"]) == (1, "disqualification")


def test_it_knocks_the_referee_down_for_a_d6_turns_on_three_or_four():
    m = scripted([3, 2], advanced={"attack_referee": True})
    a, b = m.w
    advanced.attack_referee(m, a, b)
    event = m.events[-1]
    assert (event["outcome"], event["turns"], event["referee"]) == ("down", 2, "down")
    advanced.referee_clock(m)  # the end of this turn
    advanced.referee_clock(m)  # one turn
    assert m.referee == "down"
    advanced.referee_clock(m)  # two turns: he is back
    assert m.referee == "up"
    assert m.events[-1]["type"] == "referee"


def test_it_sends_a_replacement_after_2d6_turns_on_five_or_six():
    m = scripted([6, 3, 4], advanced={"attack_referee": True})
    a, b = m.w
    advanced.attack_referee(m, a, b)
    assert (m.referee, m.events[-1]["turns"]) == ("out", 7)
    assert rolls(m.events[-1])[1:] == [("replacement referee: turns", 3), ("replacement referee: turns", 4)]


def test_it_counts_no_pins_and_no_tap_outs_while_the_referee_is_down():
    m = scripted([4, 2, 5, 1] + [6, 1] * 6 + [1, 6], advanced={"attack_referee": True})
    a, b = m.w
    m.referee = "down"
    b.hp, b.prone = 5, True
    assert pins.can_pin(m, a, b) is False
    moves.submission(m, a, b)  # taps, but nobody sees it; the hold goes on until he breaks it
    outcomes = [e["outcome"] for e in m.events if e["type"] == "submission_hold"]
    assert outcomes == ["wrenched", "wrenched", "wrenched", "wrenched", "unseen tap", "unseen tap", "broken"]
    assert m.events[-1]["type"] != "result"


def test_it_cheats_only_as_the_rules_switched_on_allow():
    heel = sheet("Bruiser", alignment="heel", only="strike", cheat=2)
    m = scripted([], b=heel, advanced=ALL)
    a, b = m.w
    assert dict(tactics.options(m, b, a)) == {"strike": 1}  # not behind: no risk taken
    b.hp = 12
    assert dict(tactics.options(m, b, a)) == {"strike": 1, "attack_referee": 2}
    m.referee = "down"
    assert dict(tactics.options(m, b, a)) == {"strike": 1, "foreign_object": 6, "run_in": 4}


def test_it_rolls_no_referee_die_for_a_run_in_while_the_referee_is_down():
    m = scripted([5], advanced=ALL)
    a, b = m.w
    m.referee = "down"
    assert advanced.run_in(m, a, b) is True
    assert rolls(m.events[-1]) == [("run-in: does he come?", 5)]
    assert m.events[-1]["outcome"] == "unseen"


def test_it_lets_a_referee_shrug_off_an_attack_in_a_no_dq_match():
    m = scripted([2], advanced=ALL, no_dq=True)
    a, b = m.w
    advanced.attack_referee(m, a, b)
    assert m.events[-1]["outcome"] == "shrugged off"
    assert m.referee == "up"


def test_it_brings_in_the_replacement_referee_when_his_turns_are_up():
    m = scripted([5, 1, 1], advanced=ALL)
    a, b = m.w
    advanced.attack_referee(m, a, b)
    for _ in range(2):  # this turn, then the two turns of 1+1
        advanced.referee_clock(m)
    assert m.referee == "out"
    advanced.referee_clock(m)
    assert m.referee == "up"
    assert "replacement referee" in told(m)[-1] or "new referee" in told(m)[-1]


def test_it_makes_no_finisher_pin_and_no_combination_pin_without_a_referee():
    m = scripted([6, 1, 5, 2], advanced=ALL)
    a, b = m.w
    m.referee = "out"
    b.hp = 12
    moves.strike(m, a, b)  # 6-1 at 12 HP: the finisher, but nobody to count
    assert types(m.events) == ["finisher"]
    b.prone = False
    b.hp = 12
    moves.pinning_combination(m, a, b)
    assert types(m.events)[-2:] == ["grapple", "pinning_combination"]
    assert m.events[-1]["outcome"] == "no pin"


def test_it_risks_a_foreign_object_in_front_of_the_referee_only_when_he_cannot_attack_him():
    heel = sheet("Bruiser", alignment="heel", only="strike", cheat=3)
    m = scripted([], b=heel, advanced={"foreign_objects": True})
    a, b = m.w
    b.hp = 15
    assert dict(tactics.options(m, b, a)) == {"strike": 1, "foreign_object": 3}
