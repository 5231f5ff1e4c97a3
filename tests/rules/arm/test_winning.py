"""Winning the match on scripted dice: pinfalls (A122-A128, A106, A62-A64), holds and submissions
(A129-A135), knockouts (A136-A139), Edge in pins and holds (A150, A151)."""

import pytest

from rules.arm import damage, follow_up, holds, submission, tactics, winning
from rules.arm.match import MatchOver

from .helpers import entry, match, plan, sheet, types


@pytest.fixture
def quiet_tactics(monkeypatch):
    monkeypatch.setattr(tactics, "wants_repin", lambda *a: False)
    monkeypatch.setattr(tactics, "cover_hook", lambda m, a, d, ap: 1 if ap >= 1 else 0)


def test_three_failed_dice_are_a_pinfall(quiet_tactics):
    m = match([12, 15, 18])
    a, d = m.fighters
    d.position = "Prone"
    with pytest.raises(MatchOver):
        winning.pin(m, a, d, ap=5)
    assert m.result["method"] == "pinfall" and m.result["winner"] == 0
    pin = [e for e in m.events if e["type"] == "pin"][0]
    assert pin["count"] == 3 and [r["need"] for r in pin["rolls"]] == [9, 9, 9]  # STR 10, leg hooked -1
    assert m.log.clock == 3.0  # three one-second counts


def test_a_kick_out_at_two_shakes_off_two_action_points(quiet_tactics):
    m = match([5, 15, 18])
    a, d = m.fighters
    d.position = "Prone"
    left = winning.pin(m, a, d, ap=5)
    assert left == 5 - 1 - 1 - 2  # cover, hook, two counts


def test_the_cover_needs_an_action_point(quiet_tactics):
    m = match([])
    a, d = m.fighters
    d.position = "Prone"
    assert winning.pin(m, a, d, ap=0) == 0 and m.events == []


def test_the_cover_is_paid_from_the_action_points_he_has_never_below_zero(quiet_tactics):
    """Seed: a cover costs 1 AP ("at least 1 Action Point remaining"); a Facedown man must be rolled onto his
    back first (1 AP). With 1 AP left that is one short: no cover (D59)."""
    m = match([])
    a, d = m.fighters
    d.position = "Facedown"
    assert winning.pin(m, a, d, ap=1) == 1 and m.events == [] and d.position == "Facedown"
    m2 = match([15, 15, 15])
    a2, d2 = m2.fighters
    d2.position = "Facedown"
    with pytest.raises(MatchOver):
        winning.pin(m2, a2, d2, ap=2)  # rolled over (1) and covered (1): nothing left to hook the leg
    pin = next(e for e in m2.events if e["type"] == "pin")
    assert [r["need"] for r in pin["rolls"]] == [10, 10, 10]  # no hook: STR 10


def test_a_botch_cancels_a_success_and_an_ace_gives_advantage():
    assert winning.pin_count([{"outcome": "success"}, {"outcome": "botch"}, {"outcome": "fail"}]) == (3, False)
    assert winning.pin_count([{"outcome": "ace"}, {"outcome": "botch"}, {"outcome": "fail"}]) == (2, False)
    assert winning.pin_count([{"outcome": "ace"}, {"outcome": "success"}, {"outcome": "fail"}]) == (1, True)


def test_an_ace_on_the_kick_out_gives_him_advantage(quiet_tactics):
    m = match([9, 15, 18])  # need 9: the 9 is an Ace
    a, d = m.fighters
    d.position = "Prone"
    assert winning.pin(m, a, d, ap=5) == 0
    assert m.attacker is d


def test_after_a_finisher_on_a_winded_man_he_rolls_one_die(quiet_tactics):
    m = match([14])
    a, d = m.fighters
    d.position, d.level = "Prone", 1
    with pytest.raises(MatchOver):
        winning.pin(m, a, d, ap=5, finisher=True)
    pin = [e for e in m.events if e["type"] == "pin"][0]
    assert len(pin["rolls"]) == 1 and pin["count"] == 3


def test_squeeze_count_adds_a_die_and_drops_the_worst(quiet_tactics):
    m = match([14, 3], b=sheet("Bruiser", alignment="face", fame=400))
    a, d = m.fighters
    d.position, d.level = "Prone", 1
    winning.pin(m, a, d, ap=5, finisher=True)
    edge = [e for e in m.events if e["type"] == "edge"][0]
    assert edge["option"] == "squeeze_count" and edge["cost"] == 4  # 2 for a face, doubled after a Finisher
    pin = [e for e in m.events if e["type"] == "pin"][0]
    assert pin["count"] == 2 and pin["rolls"][0]["kept"] is False


def test_break_modifiers_lift_hook_lobster_repin_and_ropes():
    m = match(b=sheet("Bruiser", alignment="heel", weight=300))
    a, d = m.fighters
    mods = dict(winning.break_mods(a, d, "STR", False, 2, 2))
    assert mods["pinner's Lift"] == -4 and mods["lobster cover"] == -2 and mods["repeated cover"] == 4
    a.square = (5, 5)  # a centre square
    assert dict(winning.break_mods(a, d, "SAV", False, 0, 0))["distance to the ropes"] == -4


def test_a_hooked_leg_penalises_only_the_escapes_the_seed_lists_not_a_hair_pull(quiet_tactics, monkeypatch):
    """Seed: hooking a leg applies "a -1 to attempts to Power Out, Kick Out, Lift a Shoulder, or reach the
    ropes"; pulling the hair (BRA) is not one of them."""
    heel = sheet("Bruiser", alignment="heel", tactics={"cheating": 0.9})
    m = match([15, 15, 5, 15], a=sheet("Ace"), b=heel)  # two dice fail, one holds; the referee misses it
    a, d = m.fighters
    d.position = "Prone"
    monkeypatch.setattr(tactics, "pin_break_method", lambda *args: "BRA")
    winning.pin(m, a, d, ap=5)
    pin = next(e for e in m.events if e["type"] == "pin")
    assert pin["count"] == 2 and pin["method"] == "BRA"
    assert [r["need"] for r in pin["rolls"]] == [10, 10, 10]  # BRA 10, no hook penalty
    for method in ("STR", "TEC", "AGI", "SAV"):
        assert dict(winning.break_mods(d, a, method, False, 1, 0))["leg hooked"] == -1
        assert dict(winning.break_mods(d, a, method, False, 2, 0))["lobster cover"] == -2
    assert "lobster cover" not in dict(winning.break_mods(d, a, "BRA", False, 2, 0))


def test_a_pinfall_predicament_is_minus_two_with_no_lift():
    m = match(b=sheet("Bruiser", alignment="heel", weight=300))
    a, d = m.fighters
    mods = dict(winning.break_mods(a, d, "STR", True, 0, 0))
    assert "pinner's Lift" not in mods and mods["pinfall predicament"] == -2
    assert mods["Power Out of a predicament"] == -2


def test_a_screwjob_the_referee_does_not_spot_wins_the_match(monkeypatch):
    heel = sheet("Bruiser", alignment="heel", merits=["Slack"], tactics={"cheating": 0.9})
    m = match([4, 3, 15], a=heel, b=sheet("Ace"))  # SAV 4; two referee checks (Slack): 3 (not higher), 15 (fail)
    a, d = m.fighters
    d.position, d.level = "Prone", 2
    monkeypatch.setattr(tactics, "cover_hook", lambda *args: 0)
    with pytest.raises(MatchOver):
        winning.pin(m, a, d, ap=3)
    assert m.result["method"] == "pinfall" and m.result["screwjob"] is True


def test_a_spotted_screwjob_is_broken_and_warned(monkeypatch):
    """Seed: "If any of the referee's checks are successful, the referee breaks up the fall instead of
    counting it and issues a warning": no count, no break dice, the cover is over (D55)."""
    heel = sheet("Bruiser", alignment="heel", tactics={"cheating": 0.9})
    m = match([4, 9, 15, 15], a=heel, b=sheet("Ace"))  # SAV 4; the referee's 9 beats it; 15, 15 fail
    a, d = m.fighters
    d.position, d.level = "Prone", 2
    monkeypatch.setattr(tactics, "cover_hook", lambda *args: 0)
    monkeypatch.setattr(tactics, "wants_repin", lambda *args: True)  # he would cover again if he could
    assert winning.pin(m, a, d, ap=4) == 0
    assert types(m.events) == ["screwjob", "referee"] and m.events[0]["success"] is False
    assert a.warnings == 1 and m.dice.remaining == 0  # nobody rolled to break a count that never came
    assert m.result is None and m.attacker is a


def _hold(m, a, d, label, dealt=3, value=9):
    e = entry(a, label)
    submission.start_hold(m, a, d, e, dealt, {"value": value}, plan(e))
    return m.hold


@pytest.fixture
def holding(monkeypatch):
    monkeypatch.setattr(tactics, "release_hold", lambda *a: False)
    monkeypatch.setattr(tactics, "drags_off_ropes", lambda *a: False)
    monkeypatch.setattr(tactics, "wants_leverage", lambda *a: False)
    monkeypatch.setattr(tactics, "hold_break_option", lambda *a: "TEC")


def test_a_failed_break_takes_the_hold_damage_again_in_a_five_second_round(holding):
    m = match([15], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))
    a, d = m.fighters
    h = _hold(m, a, d, "Boston Crab")
    holds.hold_round(m)
    assert d.damage == 3 and h.intensity == 6 and m.round_seconds == 5.0


def test_past_his_tou_a_failed_sta_check_is_a_submission(holding):
    m = match([15, 15], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))
    a, d = m.fighters
    h = _hold(m, a, d, "Boston Crab")
    h.intensity = 9
    with pytest.raises(MatchOver):
        holds.hold_round(m)
    assert m.result["method"] == "submission" and m.result["winner"] == 0


def test_the_submission_check_comes_in_the_rounds_he_fails_to_break_not_when_the_hold_goes_on(holding):
    """Seed: "When this number exceeds his current TOU, he must make a successful STA check at the end of
    each round he fails to break the hold": the round the hold goes on has no STA check, even past his TOU."""
    m = match([15, 3], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))  # a failed break; then the STA check
    a, d = m.fighters
    h = _hold(m, a, d, "Boston Crab", dealt=12)  # already past TOU 10
    assert h.intensity == 12 and m.dice.remaining == 2 and m.events == []  # nothing rolled yet
    holds.hold_round(m)
    rolls = [r["for"] for e in m.events for r in e["rolls"]] + [r["for"] for r in m.dice.take_rolls()]
    assert rolls == ["break the Boston Crab", "resist submitting to the Boston Crab"] and h.intensity == 24


def test_injuries_on_the_held_part_penalise_the_submission_check(holding):
    m = match([15, 3], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))
    a, d = m.fighters
    d.injuries = {"Back": 2}
    h = _hold(m, a, d, "Boston Crab")
    h.intensity = 9
    holds.hold_round(m)
    sta = [r for r in m.dice.take_rolls() if r["for"].startswith("resist")][0]
    assert sta["need"] == 10 - 2


def test_the_injury_bonus_in_a_hold_is_counted_once_not_again_every_round(holding, monkeypatch):
    """Seed: "+1 damage for every Injury Point" on the part, and a failed break "takes the damage originally
    rolled for the hold once more": a Boston Crab on a Back with 2 Injury points is 5, then 5 a round (not 7)."""
    from rules.arm import resolution

    monkeypatch.setattr(tactics, "choose_counter", lambda *args: None)
    m = match([3, 15, 15, 3], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))  # crab, 2 failed breaks, STA
    a, d = m.fighters
    d.position, d.injuries = "Prone", {"Back": 2}
    resolution.attempt(m, a, d, plan(entry(a, "Boston Crab")))
    applied = next(e for e in m.events if e["type"] == "maneuver")
    assert applied["damage"] == 5 and {"name": "injured Back", "amount": 2} in applied["breakdown"]
    holds.hold_round(m)
    holds.hold_round(m)
    assert [e["damage"] for e in m.events if e["type"] == "hold"] == [5, 5]
    assert d.damage == 15


def test_hanging_on_ignores_one_failed_submission_check(holding):
    m = match([15, 15], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]), b=sheet("Bruiser", fame=300))
    a, d = m.fighters
    h = _hold(m, a, d, "Boston Crab")
    h.intensity = 9
    holds.hold_round(m)
    assert d.edge == 1 and m.hold is h


def test_breaking_a_hold_keeps_the_holder_in_control_unless_aced(holding):
    m = match([5], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))
    a, d = m.fighters
    _hold(m, a, d, "Boston Crab")
    holds.hold_round(m)
    assert m.hold is None and m.attacker is a
    m2 = match([10], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))
    a2, d2 = m2.fighters
    _hold(m2, a2, d2, "Boston Crab")
    holds.hold_round(m2)
    assert m2.hold is None and m2.attacker is d2


def test_a_hold_he_had_on_last_round_is_the_step_of_a_superset(holding):
    """Seed: "the attack done last round is effectively one of the steps to the attack planned this round
    (e.g. a Half Nelson into Full Nelson hold)": a hold he kept on last round counts."""
    from rules.arm.modifiers import attack_mods

    m = match([15], a=sheet("Ace", arsenal=["Half Nelson", "Full Nelson"]))
    a, d = m.fighters
    m.log.round = 2
    e = entry(a, "Half Nelson")
    submission.start_hold(m, a, d, e, 1, {"value": 9}, plan(e))
    a.last_performed, a.performed_round = "Half Nelson", 2  # as perform leaves them
    m.log.round = 3
    holds.hold_round(m)  # he keeps the Half Nelson on through round 3
    m.log.round = 5
    assert "superset" not in dict(attack_mods(m, a, d, entry(a, "Full Nelson")))
    m.log.round = 4
    assert dict(attack_mods(m, a, d, entry(a, "Full Nelson")))["superset"] == 2


def test_the_holder_repositioning_helps_the_break(holding, monkeypatch):
    m = match([11], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))
    a, d = m.fighters
    _hold(m, a, d, "Boston Crab")
    a.square = d.square = (3, 5)  # at the ropes: he drags him off them (2 AP)
    monkeypatch.setattr(tactics, "drags_off_ropes", lambda *args: True)
    holds.hold_round(m)
    assert d.square == a.square and d.square != (3, 5)
    brk = [e for e in m.events if e["type"] == "break"][0]
    assert {"name": "holder repositioned", "amount": 2} in brk["rolls"][0]["modifiers"]


def test_leverage_is_a_sav_check_for_plus_two_and_a_referee_check(holding, monkeypatch):
    heel = sheet("Bruiser", alignment="heel", arsenal=["Boston Crab", "Kick"])
    m = match([3, 15, 15], a=heel, b=sheet("Ace"))
    a, d = m.fighters
    _hold(m, a, d, "Boston Crab")
    monkeypatch.setattr(tactics, "wants_leverage", lambda *args: True)
    holds.hold_round(m)
    assert m.hold.leverage == 2 and d.damage == 3 + 2


def test_a_reversal_must_beat_the_original_roll(holding, monkeypatch):
    victim = sheet(
        "Bruiser",
        alignment="heel",
        arsenal=["Kick", "Hip Toss"],
        reversals=[{"counter": "Boston Crab", "into": "Hip Toss"}],
    )
    m = match([7, 15], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]), b=victim)
    a, d = m.fighters
    _hold(m, a, d, "Boston Crab", value=9)
    monkeypatch.setattr(tactics, "hold_break_option", lambda *args: "REV")
    holds.hold_round(m)  # 7 succeeds but is not higher than 9: he takes the damage
    assert m.hold is not None and d.damage == 3


def test_a_hold_can_be_reversed_into_a_maneuver_he_does_not_know_at_minus_two(holding, monkeypatch):
    """Seed: "A hold can be countered with another maneuver ... rolls an attack check as if attempting the
    maneuver chosen. If he rolls higher than the original attack, without failing": improvised, at -2 (D61)."""
    victim = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Body Slam"], attributes={"TEC": 16})
    m = match([11], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]), b=victim)
    a, d = m.fighters
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *args: None)
    _hold(m, a, d, "Boston Crab", value=9)
    monkeypatch.setattr(tactics, "hold_break_option", lambda *args: "REV")
    holds.hold_round(m)  # 11 succeeds (need 16 - 2 Level - 2) and beats the hold's 9
    rec = next(r for e in m.events for r in e["rolls"] if r["for"].startswith("reverse the hold"))
    assert rec["maneuver"] == "Arm Drag" and rec["need"] == 12
    assert {x["name"]: x["amount"] for x in rec["modifiers"]}["improvised Reversal"] == -2
    assert m.hold is None and m.attacker is d and a.damage == 2


def test_a_sleeper_victim_who_fails_tou_gets_the_arm_test_and_three_drops_end_it(holding):
    m = match([15, 15, 15, 15], a=sheet("Ace", arsenal=["Sleeper Hold", "Kick"]))
    a, d = m.fighters
    with pytest.raises(MatchOver):
        _hold(m, a, d, "Sleeper Hold")
    assert m.result["method"] == "knockout" and m.result["reason"] == "sleeper"


def test_the_arm_stays_up_if_one_sta_check_succeeds(holding):
    m = match([15, 15, 15, 4], a=sheet("Ace", arsenal=["Sleeper Hold", "Kick"]))
    a, d = m.fighters
    _hold(m, a, d, "Sleeper Hold")
    drop = [e for e in m.events if e["type"] == "arm drop"][0]
    assert drop["drops"] == 2 and not d.unconscious


def test_a_resthold_does_one_less_and_heals_the_holder(holding):
    m = match([15], a=sheet("Ace", arsenal=["Side Headlock", "Kick"]))
    a, d = m.fighters
    a.damage = 5
    e = entry(a, "Side Headlock")
    submission.start_hold(m, a, d, e, 0, {"value": 9}, plan(e, resthold=True))
    holds.hold_round(m)
    assert a.damage == 4


def test_past_the_final_stuntrack_a_failed_sta_check_and_a_watching_referee_is_a_knockout():
    m = match([15, 4])
    a, d = m.fighters
    d.damage = d.breaks[-1]
    with pytest.raises(MatchOver):
        damage.take(m, d, 3, "Body Slam")
    assert m.result["method"] == "knockout" and m.result["winner"] == 0


def test_an_unnoticed_knockout_lets_him_come_round():
    m = match([15, 15, 15, 4])  # STA fails; the referee's SAV fails twice; he comes round
    a, d = m.fighters
    d.damage = d.breaks[-1]
    damage.take(m, d, 3, "Body Slam")
    assert d.unconscious
    winning.unconscious_upkeep(m)
    assert not d.unconscious


def test_an_unconscious_man_fails_every_check(quiet_tactics):
    m = match([1, 1, 1])
    a, d = m.fighters
    d.position, d.unconscious = "Prone", True
    with pytest.raises(MatchOver):
        winning.pin(m, a, d, ap=3)
    assert m.result["method"] == "pinfall"


def test_engineered_results_cost_the_engineers_a_loss_in_prestige():
    m = match([], engineered={"winner": 1, "method": "pinfall", "round": 1})
    with pytest.raises(MatchOver):
        winning.engineered_finish(m, m.stip["engineered"])
    res = m.result
    assert res["winner"] == 1 and res["method"] == "pinfall" and res["engineered"]["by"] == [0]
    loser = res["prestige"][0]
    assert loser["change"] == -20 and {"name": "engineered result", "amount": -10} in loser["detail"]


def test_neither_able_to_continue_is_a_draw():
    m = match([])
    for f in m.fighters:
        f.unconscious = True
    with pytest.raises(MatchOver):
        winning.unconscious_upkeep(m)
    assert m.result["method"] == "draw" and m.result["reason"] == "neither wrestler able to continue"


def test_reversing_an_academy_graduates_hold_is_a_turnover_at_plus_two(holding, monkeypatch):
    victim = sheet(
        "Bruiser",
        alignment="heel",
        arsenal=["Kick", "Hip Toss"],
        reversals=[{"counter": "Boston Crab", "into": "Hip Toss"}],
    )
    grad = sheet("Ace", arsenal=["Boston Crab", "Kick"], background=["Academy Graduate"])
    m = match([7, 15], a=grad, b=victim)
    a, d = m.fighters
    _hold(m, a, d, "Boston Crab", value=9)
    monkeypatch.setattr(tactics, "hold_break_option", lambda *args: "REV")
    holds.hold_round(m)
    rev = next(r for e in m.events for r in e["rolls"] if r["for"].startswith("reverse the hold"))
    assert {x["name"]: x["amount"] for x in rev["modifiers"]}["Turnover vs an Academy Graduate"] == 2
