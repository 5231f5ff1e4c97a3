"""Maneuver-table effects (REFERENCE K6-K8 as adopted): submissions, stare-down, sunset flip, restful holds, and
the rarer critical cases that need several moves or Heat to set up."""

from .helpers import match, play, sheet, types

HUG = {"maneuvers": ("Bear Hug", "Stomp", "Moonsault"), "finisher": "Bear Hug"}


def test_it_makes_a_tired_victim_tap_out_when_he_fails_the_brawn_roll():
    m = match(sheet("Ace", **HUG), sheet("Bo"), [15, 5, 3, 5])
    m.w[1].fatigue = 20
    mv, sub = play(m)
    assert types([mv, sub]) == ["maneuver", "submission"]
    roll = sub["rolls"][0]
    assert roll["for"] == "resist submission: Bear Hug"
    assert (roll["need"], roll["total"], roll["outcome"]) == (8, 4, "failure")  # Df 5 + 3 damage
    assert sub["outcome"] == "tapped" and m.outcome[:2] == (0, "submission")


def test_it_lets_a_tired_victim_fight_out_of_a_hold():
    m = match(sheet("Ace", **HUG), sheet("Bo"), [15, 5, 3, 12])
    m.w[1].fatigue = 20
    _, sub = play(m)
    assert sub["outcome"] == "escaped" and m.outcome is None


def test_it_never_makes_a_fresh_victim_roll_against_a_hold():
    m = match(sheet("Ace", **HUG), sheet("Bo"), [15, 5, 3])
    (ev,) = play(m)
    assert ev["damage"] == 3 and m.outcome is None


def test_it_gives_a_stared_down_wrestler_minus_two_on_his_next_maneuver_roll():
    starer = sheet("Ace", Presence=2, maneuvers=("Stare-down", "Stomp", "Moonsault"), finisher="Stomp")
    m = match(starer, sheet("Bo"), [15, 5, 5, 10, 4])
    (stare,) = list(m.play_round())
    assert stare["maneuver"] == "Stare-down" and "damage" not in stare
    m.log.round = 2
    (ev,) = play(m)
    assert {"name": "stare-down", "amount": -2} in ev["rolls"][1]["modifiers"]
    assert ev["rolls"][1]["total"] == 8 and ev["actor"] == 1


def test_it_gives_the_next_pin_attempt_plus_two_after_a_sunset_flip():
    flipper = sheet("Ace", maneuvers=("Sunset Flip", "Stomp", "Moonsault"), finisher="Sunset Flip")
    m = match(flipper, sheet("Bo"), [15, 5, 2, 10, 11, 10, 15])
    m.w[1].fatigue = 20
    (flip,) = list(m.play_round())
    assert flip["lifted"] is True and flip["state"][1]["prone"] is True
    m.log.round = 2
    events = play(m)
    assert types(events) == ["maneuver", "pin", "pin-count"]
    assert {"name": "sunset flip", "amount": 2} in events[0]["rolls"][0]["modifiers"]
    assert events[0]["actor"] == 0  # 12 beats Bo's 10


def test_it_lets_a_restful_headlock_remove_one_fatigue_from_the_attacker():
    holder = sheet("Ace", maneuvers=("Headlock", "Stomp", "Moonsault"), finisher="Headlock")
    m = match(holder, sheet("Bo"), [15, 5, 2])
    m.w[0].fatigue = 5
    (ev,) = play(m)
    assert ev["state"][0]["fatigue"] == 4 and ev["state"][1]["fatigue"] == 2


def test_it_settles_two_confirmed_criticals_by_the_higher_confirm_total():
    # two Heat each: naturals of 18 are automatic hits; both confirms beat 18; Bo's 20 beats Ace's 19
    m = match(sheet("Ace"), sheet("Bo"), [18, 18, 19, 20, 1, 1], initiative=0)
    m.w[0].heat = m.w[1].heat = 2
    m.w[0].tactics["finisher_at"] = m.w[1].tactics["finisher_at"] = 10  # keep the Heat: no finisher call
    (ev,) = play(m)
    assert ev["actor"] == 1 and ev["critical"] is True and ev["dice"] == 2
    assert [r["outcome"] for r in ev["rolls"][:2]] == ["outrolled", "critical"]


def test_it_lets_a_stunned_wrestler_kick_out_with_a_full_attribute_roll():
    m = match(sheet("Ace"), sheet("Bo"), [15, 10, 12, 15])
    m.w[1].stunned = 1
    m.w[1].prone = True
    m.w[1].fatigue = 20
    events = play(m)
    assert types(events) == ["maneuver", "pin", "pin-count"]
    kick = events[-1]["rolls"][1]
    assert kick["modifiers"] == [{"name": "Fatigue penalty", "amount": -1}] and kick["total"] == 14
    assert events[-1]["outcome"] == "kick-out"
