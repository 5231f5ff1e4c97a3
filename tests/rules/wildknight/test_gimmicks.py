"""Gimmick Enhancements (REFERENCE K13 subset): K-8's Fatigue-costing GE (Hulk Up) and the simple modifiers."""

import pytest

from rules.dice import ScriptedDice
from rules.errors import SheetError
from rules.wildknight import referee
from rules.wildknight.state import Wrestler

from .helpers import RULESET, match, play, sheet, told, types

SLAMMER = {"maneuvers": ("Body Slam", "Stomp", "Moonsault"), "finisher": "Body Slam"}
DDT = {"maneuvers": ("DDT", "Stomp", "Moonsault"), "finisher": "DDT"}


def test_it_raises_the_fatigue_threshold_of_an_iron_man():
    iron = sheet("Ace", Brawn=1)
    iron = RULESET.validate_sheet({**iron, "gimmicks": ["Iron Man"]})
    assert RULESET.derived(iron)["fatigue_threshold"] == 26
    w = Wrestler(iron, 0)
    w.fatigue = 25
    assert w.penalty == 0
    w.fatigue = 26
    assert w.penalty == 1


def test_it_starts_a_crowd_favorite_with_one_heat():
    fav = RULESET.validate_sheet({**sheet("Ace"), "gimmicks": ["Crowd Favorite"]})
    m = match(fav, sheet("Bo"), [], starting_heat=[1, 0])
    assert [s["heat"] for s in m.snapshot()] == [2, 0]


def test_it_gives_a_resilient_wrestler_plus_two_against_stun():
    tough = RULESET.validate_sheet({**sheet("Bo"), "gimmicks": ["Resilient"]})
    m = match(sheet("Ace", **DDT), tough, [15, 5, 6, 4])
    _, st = play(m)
    assert {"name": "Resilient", "amount": 2} in st["rolls"][0]["modifiers"]
    assert st["rolls"][0]["total"] == 6 and st["rounds"] == 0  # 4 + 2 reaches Df 6


def test_it_gives_an_escape_artist_plus_one_on_kick_outs():
    slippery = RULESET.validate_sheet({**sheet("Bo"), "gimmicks": ["Escape Artist"]})
    m = match(sheet("Ace"), slippery, [15, 5, 12, 12, 12, 13])
    m.w[1].prone = True
    m.w[1].fatigue = 20  # penalty 1
    events = play(m)
    one, two = events[2:]
    kick = one["rolls"][1]
    assert {"name": "Escape Artist", "amount": 1} in kick["modifiers"] and kick["total"] == 12
    assert one["outcome"] == "count"  # 12 only ties the pinner
    assert two["outcome"] == "kick-out" and two["rolls"][1]["total"] == 13


def test_it_gives_dirty_tricks_plus_two_to_cheats_and_lies():
    dirty = RULESET.validate_sheet({**sheet("Ace", alignment="heel"), "gimmicks": ["Dirty Tricks"]})
    w = Wrestler(dirty, 0)
    ok, roll = referee.cheat_roll(ScriptedDice([8]), w)
    assert ok and roll.rec["total"] == 10
    survived, excuse, roll = referee.warn(ScriptedDice([3]), w)
    assert excuse == "lie" and {"name": "Dirty Tricks", "amount": 2} in roll.rec["modifiers"] and survived


def test_it_lets_a_powerhouse_lift_two_weight_mods_heavier():
    strong = RULESET.validate_sheet({**sheet("Ace", **SLAMMER), "gimmicks": ["Powerhouse"]})
    m = match(strong, sheet("Bo", weight=250), [12, 11, 4])  # margin 1, but WM 2 <= Power 0 + 2: automatic
    (ev,) = play(m)
    assert ev["lifted"] is True and ev["margin_needed"] == 0 and ev["damage"] == 4


def test_it_makes_a_monster_harder_to_lift():
    big = RULESET.validate_sheet({**sheet("Bo", weight=190), "gimmicks": ["Monster"]})
    assert RULESET.derived(big)["weight_mod"] == 1
    m = match(sheet("Ace", **SLAMMER), big, [11, 11])  # Ace wins the tie, but margin 0 < WM 1 - Power 0
    (ev,) = play(m)
    assert ev["outcome"] == "no-lift" and ev["margin_needed"] == 1


def test_it_helps_a_submission_specialist_on_the_roll_and_the_difficulty():
    spec = RULESET.validate_sheet(
        {
            **sheet("Ace", maneuvers=("Bear Hug", "Stomp", "Moonsault"), finisher="Bear Hug"),
            "gimmicks": ["Submission Specialist"],
        }
    )
    m = match(spec, sheet("Bo"), [5, 6, 3, 10])
    m.w[1].fatigue = 20
    mv, sub = play(m)
    assert {"name": "Submission Specialist", "amount": 2} in mv["rolls"][0]["modifiers"] and mv["actor"] == 0
    # Df 5 + 3 damage + 2; Bo's 10 - 1 (Fatigue penalty) = 9 falls short
    assert (sub["rolls"][0]["need"], sub["rolls"][0]["total"], sub["outcome"]) == (10, 9, "tapped")
    assert m.outcome[:2] == (0, "submission")


def test_it_steps_up_a_devastating_finisher_die():
    dev = RULESET.validate_sheet(
        {**sheet("Ace", tactics={"finisher_at": 0, "finisher_exertion": 0}), "gimmicks": ["Devastating Finisher"]}
    )
    m = match(dev, sheet("Bo"), [15, 5, (8, 8), (8, 1), 20])
    m.w[0].heat = 1
    fin, mv, st = play(m)
    assert [r["die"] for r in mv["rolls"] if r["for"].startswith("damage")] == ["d8", "d8"]
    assert mv["damage"] == 9


def test_it_lets_a_wrestler_hulk_up_ignoring_his_fatigue_penalty_then_pay_for_it():
    hulk = RULESET.validate_sheet({**sheet("Ace", tactics={"finisher_at": 10}), "gimmicks": ["Hulk Up"]})
    m = match(hulk, sheet("Bo"), [15, 5, 3])
    m.w[0].fatigue = 40  # penalty 2
    m.w[0].heat = 1
    up, mv = play(m)
    assert types([up, mv]) == ["hulk-up", "maneuver"]
    assert up["heat_spent"] == 1 and up["rounds"] == 3 and up["state"][0]["heat"] == 0
    assert up["state"][0]["fatigue_penalty"] == 0 and up["state"][0]["hulk_up"] == 3
    assert mv["rolls"][0]["modifiers"] == [] and mv["rolls"][0]["total"] == 15  # no Fatigue penalty
    assert list(m.end_round()) == [] and m.w[0].hulk == 2
    m.w[0].hulk = 1
    m.dice._script.append(4)
    (down,) = list(m.end_round())
    assert down["type"] == "hulk-up" and down["fatigue"] == 4
    assert down["rolls"] == [{"die": "d6", "value": 4, "for": "Hulk Up wears off: Ace", "side": 0}]
    assert down["state"][0]["fatigue"] == 44 and down["state"][0]["fatigue_penalty"] == 2
    assert m.w[0].hulk_used is True


def test_it_hulks_up_only_once_a_match():
    hulk = RULESET.validate_sheet({**sheet("Ace", tactics={"finisher_at": 10}), "gimmicks": ["Hulk Up"]})
    m = match(hulk, sheet("Bo"), [15, 5, 3])
    m.w[0].fatigue = 40
    m.w[0].heat = 1
    m.w[0].hulk_used = True
    (mv,) = play(m)
    assert {"name": "Fatigue penalty", "amount": -2} in mv["rolls"][0]["modifiers"]


@pytest.mark.parametrize(
    ("gimmicks", "field"),
    [
        (["Iron Man", "Monster", "Resilient"], "gimmicks"),
        (["Iron Man", "Iron Man"], "gimmicks.1"),
        (["Cool Shades"], "gimmicks.0"),
        ("Iron Man", "gimmicks"),
        ([3], "gimmicks.0"),
    ],
)
def test_it_names_the_field_of_a_bad_gimmick(gimmicks, field):
    with pytest.raises(SheetError) as info:
        RULESET.validate_sheet({**sheet("Ace"), "gimmicks": gimmicks})
    assert info.value.field == field


FLYER = {"maneuvers": ("Dropkick", "Stomp", "Moonsault"), "finisher": "Dropkick"}


def _signature(**extra):
    raw = {
        **sheet("Ace", maneuvers=("Clothesline", "Dropkick", "Stomp"), finisher="Clothesline"),
        "gimmicks": ["Signature Move"],
        "signature": "Dropkick",
    }
    return RULESET.validate_sheet({**raw, **extra})


def test_it_gives_plus_two_to_the_signature_move_and_favours_it():
    m = match(_signature(), sheet("Bo"), [(3, 3), 10, 11, 3])  # d3: Clothesline, Dropkick, Dropkick again
    (ev,) = play(m)
    roll = ev["rolls"][1]
    assert ev["rolls"][0]["for"] == "tactics: maneuver" and ev["maneuver"] == "Dropkick"
    assert {"name": "Signature Move", "amount": 2} in roll["modifiers"] and roll["total"] == 12
    assert (ev["actor"], ev["damage"]) == (0, 3)  # 12 beats Bo's 11


def test_it_gives_no_signature_bonus_to_other_moves():
    m = match(_signature(), sheet("Bo"), [(3, 1), 10, 9, 2])
    (ev,) = play(m)
    assert ev["maneuver"] == "Clothesline" and ev["rolls"][1]["modifiers"] == []


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"signature": None}, "needs the name"),
        ({"signature": "Powerbomb"}, "not one of the wrestler's maneuvers"),
        ({"signature": "Clothesline"}, "is his finisher"),
        ({"signature": "Tornado Flip"}, "unknown maneuver"),
        ({"gimmicks": ["Iron Man"]}, "needs the Signature Move"),
    ],
)
def test_it_refuses_a_signature_that_does_not_fit(extra, message):
    raw = {
        **sheet("Ace", maneuvers=("Clothesline", "Dropkick", "Stomp"), finisher="Clothesline"),
        "gimmicks": ["Signature Move"],
        "signature": "Dropkick",
        **extra,
    }
    if raw["signature"] is None:
        del raw["signature"]
    with pytest.raises(SheetError) as info:
        RULESET.validate_sheet(raw)
    assert info.value.field == "signature" and message in str(info.value)


def test_it_lets_a_high_flyer_ignore_one_critical_miss_a_match():
    flyer = RULESET.validate_sheet({**sheet("Ace", **FLYER), "gimmicks": ["High Flyer"]})
    # round 1: Ace's natural 1, confirm 5 does not beat Bo's 10: a critical miss he ignores (Bo: one die)
    # round 2: the same again, High Flyer used: Bo gets the extra die (Bo's d3 picks Clothesline: Ace is down)
    m = match(flyer, sheet("Bo"), [1, 10, 5, 3, (3, 1), 1, 10, 5, 3, 4])
    first = list(m.play_round())
    assert types(first) == ["maneuver", "high-flyer"]
    hit, flown = first
    assert [r["outcome"] for r in hit["rolls"][:3]] == ["automatic-miss", "hit", "critical-miss-ignored"]
    assert (hit["actor"], hit["dice"], hit["opponent_critical_miss"], hit["damage"]) == (1, 1, False, 3)
    assert flown["actor"] == 0 and "High Flyer" in told(m, first)[1] and m.w[0].high_flyer_used
    m.log.round += 1
    second = list(m.play_round())
    assert types(second) == ["maneuver"]
    assert (second[0]["dice"], second[0]["opponent_critical_miss"], second[0]["damage"]) == (2, True, 7)
    assert m.dice.remaining == 0


def test_it_keeps_a_high_flyers_critical_miss_on_a_move_that_is_not_athleticism():
    flyer = RULESET.validate_sheet({**sheet("Ace"), "gimmicks": ["High Flyer"]})  # Clothesline: Brawn
    m = match(flyer, sheet("Bo"), [1, 10, 5, 3, 4])
    (ev,) = play(m)
    assert ev["opponent_critical_miss"] is True and ev["dice"] == 2 and not m.w[0].high_flyer_used


def _winded(**tactics):
    raw = {**sheet("Ace", tactics=tactics or None), "gimmicks": ["Second Wind"]}
    return RULESET.validate_sheet(raw)


def test_it_lets_a_winded_wrestler_take_his_second_wind_as_his_action():
    m = match(_winded(), sheet("Bo"), [4, 5, 15, 10], starting_heat=[1, 0])
    m.w[0].fatigue = 45  # penalty 2, Bo fresh
    wind, mv = play(m)
    assert wind["type"] == "second-wind" and (wind["heat_spent"], wind["recovered"]) == (1, 9)
    assert [r["for"] for r in wind["rolls"]] == ["Second Wind: Ace", "Second Wind: Ace"]
    assert wind["state"][0]["heat"] == 0 and wind["state"][0]["fatigue"] == 36
    # his roll: a plain d20 minus his (now lower) Fatigue penalty; winning it only keeps Bo's move off him
    roll = mv["rolls"][0]
    assert roll["for"] == "maneuver roll: second wind (no move)"
    assert roll["modifiers"] == [{"name": "Fatigue penalty", "amount": -1}] and roll["total"] == 14
    assert (mv["outcome"], mv["actor"]) == ("duck", 0) and mv["declared"][0]["second_wind"] is True
    assert m.initiative == 0 and m.w[0].second_wind_used


def test_it_still_recovers_when_the_opponent_hits_during_the_second_wind():
    m = match(_winded(), sheet("Bo"), [6, 6, 5, 10, 2], starting_heat=[1, 0])
    m.w[0].fatigue = 45
    wind, mv = play(m)
    assert wind["recovered"] == 12 and (mv["actor"], mv["damage"]) == (1, 2)
    assert mv["state"][0]["fatigue"] == 45 - 12 + 2


def test_it_takes_the_second_wind_only_once_and_only_with_heat():
    m = match(_winded(), sheet("Bo"), [15, 10, 3], starting_heat=[1, 0])
    m.w[0].fatigue = 45
    m.w[0].second_wind_used = True
    (mv,) = play(m)
    assert mv["maneuver"] == "Clothesline" and m.w[0].heat == 1
    m = match(_winded(), sheet("Bo"), [15, 10, 3])  # no Heat to spend
    m.w[0].fatigue = 45
    (mv,) = play(m)
    assert mv["maneuver"] == "Clothesline"


def test_it_allows_one_more_gimmick_for_each_flaw():
    three = ["Iron Man", "Monster", "Resilient"]
    ok = RULESET.validate_sheet({**sheet("Ace"), "flaws": ["Glass Jaw"], "gimmicks": three})
    assert ok["flaws"] == ["Glass Jaw"] and ok["gimmicks"] == three
    with pytest.raises(SheetError) as info:
        RULESET.validate_sheet({**sheet("Ace"), "flaws": ["Glass Jaw"], "gimmicks": [*three, "Hulk Up"]})
    assert info.value.field == "gimmicks" and "plus one for each Flaw" in str(info.value)
