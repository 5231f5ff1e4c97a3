"""Maneuver resolution on scripted dice (A94-A107, A29-A67): success, reply, Standoff, collision,
telegraph, Megamove, Unopposed, High Risk, Counters, Finisher, and the situational modifiers."""

import pytest

from rules.arm import damage, follow_up, modifiers, resolution, rounds, tactics
from rules.arm.match import MatchOver
from rules.arm.ring import SQUARE_AT

from .helpers import entry, match, no_round_start_edge, plan, sheet, types


def mods_of(event_rolls, purpose):
    rec = next(r for r in event_rolls if r["for"] == purpose)
    return {m["name"]: m["amount"] for m in rec["modifiers"]}


@pytest.fixture
def no_counters(monkeypatch):
    monkeypatch.setattr(tactics, "choose_counter", lambda *a: None)
    monkeypatch.setattr(tactics, "combo_next", lambda *a: None)
    monkeypatch.setattr(follow_up, "after_maneuver", lambda m, a, d, e, ap: setattr(a, "ap", ap))


def test_a_success_deals_damage_to_him_and_exertion_to_the_attacker(no_counters):
    m = match([5])
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert ev["damage"] == 4 and ev["exertion"] == 1 and ev["outcome"] == "success"
    assert (d.damage, a.damage, d.position) == (4, 1, "Prone")
    assert ev["rolls"][0]["need"] == 8  # STR 10, Level 1 vs Fresh: -2
    assert mods_of(ev["rolls"], "Body Slam") == {"STR": 10, "Level vs weardown": -2}
    assert a.ap == 4  # post-maneuver AP = damage dealt


def test_an_ace_is_a_megamove_plus_two_damage_and_an_injury_check(no_counters):
    m = match([8, 15])  # ace on need 8; TOU check 15 fails
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert ev["damage"] == 6 and {"name": "Megamove", "amount": 2} in ev["breakdown"]
    inj = [e for e in m.events if e["type"] == "injury"][0]
    assert inj["reasons"] == ["Megamove"] and inj["rolls"][0]["need"] == 9  # TOU 10 - 6 // 5
    assert d.injuries == {"Back": 1}


def test_a_miss_gives_the_defender_advantage_and_a_reply(no_counters, monkeypatch):
    m = match([12, 5])
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda m_, d_, a_: entry(d_, "Kick"))
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    assert types(m.events) == ["miss", "maneuver"]
    assert m.attacker is d and a.damage == 2


def test_a_miss_with_no_possible_reply_just_passes_advantage(no_counters, monkeypatch):
    m = match([12])
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda *_: None)
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    assert m.attacker is d


def test_both_failing_is_a_standoff_one_second_long_and_the_attacker_goes_again(no_counters, monkeypatch):
    m = match([12, 15, 3])
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda m_, d_, a_: entry(d_, "Kick"))
    p = plan(entry(a, "Body Slam"))
    monkeypatch.setattr(tactics, "plan_attack", lambda *args, **kw: p)
    resolution.attempt(m, a, d, p)
    assert types(m.events) == ["miss", "miss", "standoff", "maneuver"]
    assert m.log.clock == 1.0 and m.attacker is a


def test_both_botching_is_a_collision_three_damage_each_and_a_sta_contest(no_counters, monkeypatch):
    m = match([20, 20, 4, 9])
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda m_, d_, a_: entry(d_, "Kick"))
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    assert "collision" in types(m.events)
    assert (a.damage, d.damage) == (3, 3) and m.attacker is d  # 9 beats 4 in the STA contest


def test_an_attacker_botch_is_telegraphed_the_reply_gets_plus_two(no_counters, monkeypatch):
    m = match([20, 11])
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda m_, d_, a_: entry(d_, "Kick"))
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert mods_of(ev["rolls"], "Kick")["telegraphed"] == 2
    assert ev["actor"] == d.idx


def test_a_defender_botch_after_a_plain_miss_telegraphs_for_the_attacker(no_counters, monkeypatch):
    m = match([12, 20])
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda m_, d_, a_: entry(d_, "Kick"))
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    assert types(m.events)[-1] == "telegraph" and a.telegraph == 1 and m.attacker is a


def test_a_failed_high_risk_move_costs_two_plus_wdb_plus_altitude(no_counters, monkeypatch):
    a_sheet = sheet("Ace", arsenal=[{"maneuver": "Elbow Drop", "flags": ["Flying"]}, "Kick"])
    m = match([15], a=a_sheet)
    a, d = m.fighters
    d.position = "Prone"
    monkeypatch.setattr(tactics, "choose_reply", lambda *_: None)
    resolution.attempt(m, a, d, plan(entry(a, "Flying Elbow Drop"), alt=3))
    crash = [e for e in m.events if e["type"] == "crash"][0]
    assert crash["damage"] == 2 + 1 + 6 and m.attacker is d


def test_a_dazed_opponent_is_attacked_unopposed_two_rolls_keep_the_better(no_counters):
    m = match([15, 4])
    a, d = m.fighters
    d.dazed = 1
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert [r["value"] for r in ev["rolls"][:2]] == [15, 4] and ev["rolls"][0]["kept"] is False


def test_a_declared_counter_makes_a_contest_and_the_winner_takes_advantage(monkeypatch):
    d_sheet = sheet("Bruiser", alignment="heel", arsenal=["Kick", {"maneuver": "Hip Block", "training": 2}])
    m = match([6, 9], b=d_sheet)
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_counter", lambda m_, d_, a_, e, p: (entry(d_, "Hip Block"), None))
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    assert types(m.events) == ["counter"] and m.attacker is d and d.damage == 0


def test_the_finisher_is_plus_two_double_damage_and_injuring(monkeypatch):
    a_sheet = sheet("Ace", arsenal=["Body Slam", "Kick"], finisher="Body Slam")
    m = match([3, 2], a=a_sheet)
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_counter", lambda *_: None)
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *_: None)
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert mods_of(ev["rolls"], "Body Slam")["Finisher"] == 2
    assert ev["damage"] == 8 and ev["finisher"] is True
    assert [e for e in m.events if e["type"] == "injury"][0]["reasons"] == ["Finisher"]


@pytest.mark.parametrize(("level", "weardown", "penalty"), [(2, 0, -4), (2, 1, -2), (2, 2, 0), (0, 0, 0), (4, 1, -6)])
def test_the_level_rule_uses_the_opponents_weardown(level, weardown, penalty):
    m = match()
    m.fighters[1].level = weardown
    assert modifiers.level_penalty(level, m.fighters[1]) == penalty


def _mods(m, a, d, label, opts=None):
    return dict(modifiers.attack_mods(m, a, d, entry(a, label), opts))


def test_a_superset_of_the_last_maneuver_is_plus_two():
    m = match(a=sheet("Ace", arsenal=["Half Nelson", "Full Nelson"]))
    a, d = m.fighters
    m.log.round = 5
    a.last_performed, a.performed_round = "Half Nelson", 4
    assert _mods(m, a, d, "Full Nelson")["superset"] == 2


@pytest.mark.parametrize(("gap", "bonus"), [(1, 2), (2, 0), (4, 0)])
def test_the_superset_bonus_looks_only_at_the_attack_done_last_round(no_counters, gap, bonus):
    """Seed: a superset of "the attack done last round" is +2: a Body Slam last round sets up the Elbow
    Drop; one two or more rounds ago does not."""
    m = match([5, 15], a=sheet("Ace", arsenal=["Body Slam", "Elbow Drop"]))
    a, d = m.fighters
    m.log.round = 1
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    m.log.round = 1 + gap
    resolution.attempt(m, a, d, plan(entry(a, "Elbow Drop")))
    rec = next(r for e in m.events for r in e["rolls"] if r["for"] == "Elbow Drop")
    assert {x["name"]: x["amount"] for x in rec["modifiers"]}.get("superset", 0) == bonus


def test_bra_strikes_chain_for_plus_two_after_the_first_hit():
    m = match()
    a, d = m.fighters
    a.chain = 1
    assert _mods(m, a, d, "Kick")["BRA chain"] == 2


def _chain(m, label):
    """The BRA chain bonus on each attempt of ``label`` in the log, in order (0 when there is none)."""
    return [
        {x["name"]: x["amount"] for x in r["modifiers"]}.get("BRA chain", 0)
        for e in m.events
        for r in e["rolls"]
        if r["die"] == "d20" and r["for"] == label
    ]


def test_the_bra_chain_is_broken_when_the_opponent_takes_over(no_counters, monkeypatch):
    """Seed: BRA strikes chain "gaining a +2 ... after the first successful hit" (D54): once the opponent
    has hit back, the next strike starts a new chain."""
    m = match([5, 5, 5], a=sheet("Ace", arsenal=["Body Slam", "Kick", "Chop"]))
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Kick")))  # lands: the chain is on
    resolution.attempt(m, d, a, plan(entry(d, "Kick")))  # he hits back and takes over
    resolution.attempt(m, a, d, plan(entry(a, "Chop")))  # Advantage regained: a first hit again
    assert _chain(m, "Kick") == [0, 0] and _chain(m, "Chop") == [0]


def test_the_bra_chain_lasts_while_every_round_lands_a_strike_and_lapses_after_a_round_without(no_counters):
    m = match([5, 5, 5], a=sheet("Ace", arsenal=["Body Slam", "Kick", "Chop"]))
    a, d = m.fighters
    m.log.round = 1
    resolution.attempt(m, a, d, plan(entry(a, "Kick")))
    m.end_of_round()
    m.log.round = 2
    resolution.attempt(m, a, d, plan(entry(a, "Chop")))  # the next round: chained, +2
    m.end_of_round()
    m.log.round = 3  # a round with no strike (he stalled, held, moved)
    m.end_of_round()
    m.log.round = 4
    resolution.attempt(m, a, d, plan(entry(a, "Kick")))
    assert _chain(m, "Chop") == [2]
    assert _chain(m, "Kick") == [0, 0]


def _repetition(m, label):
    """The repetition modifier on each attempt of ``label`` in the log, in order (0 when there is none)."""
    out = []
    for e in m.events:
        for r in e["rolls"]:
            if r["die"] == "d20" and r["for"] == label:
                out.append({x["name"]: x["amount"] for x in r["modifiers"]}.get("repetition", 0))
    return out


def test_repeating_a_maneuver_is_minus_one_per_repeat_and_resets(no_counters, monkeypatch):
    """Seed: "Each time a Maneuver attempt is repeated (whether the first attempt succeeded or not), it
    suffers a cumulative -1 ... reset to 0 as soon as another Maneuver is attempted": Body Slam four times
    is 0, -1, -2, -3, and the Kick after them is 0 (not the streak's -4)."""
    m = match([15, 15, 15, 15, 15])  # five misses (Body Slam needs 8 at most, the Kick 10)
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda *_: None)
    for _ in range(4):
        resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    resolution.attempt(m, a, d, plan(entry(a, "Kick")))
    assert _repetition(m, "Body Slam") == [0, -1, -2, -3]
    assert _repetition(m, "Kick") == [0]
    needs = [r["need"] for e in m.events for r in e["rolls"]]
    assert needs == [8, 7, 6, 5, 10]  # STR 10, Level 1 vs Fresh -2, then the repeats; BRA 10 for the Kick
    assert all(r["maneuver"] == r["for"] for e in m.events for r in e["rolls"])  # the log names the attempt


def test_a_repeat_after_a_miss_carries_the_penalty_and_a_reply_is_his_own_streak(no_counters, monkeypatch):
    """The defender's reply is his own attempt: it neither breaks the attacker's streak nor pays for it."""
    m = match([15, 15, 15, 15, 5])  # Body Slam and the Kick reply miss twice (two Standoffs); then it lands
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda m_, d_, a_: entry(d_, "Kick"))
    p = plan(entry(a, "Body Slam"))
    monkeypatch.setattr(tactics, "plan_attack", lambda *args, **kw: p)
    resolution.attempt(m, a, d, p)
    assert types(m.events) == ["miss", "miss", "standoff", "miss", "miss", "standoff", "maneuver"]
    assert _repetition(m, "Body Slam") == [0, -1, -2]
    assert _repetition(m, "Kick") == [0, -1]


def test_a_repeated_trick_pays_its_card_long_penalty_not_the_repetition_one_too(no_counters, monkeypatch):
    """D53: Tricks "also incur a -1 penalty each time they are used, but do not reset": that rule is the
    Trick's repetition rule, so three Distract Referee attempts are 0, -1, -2 (not -1 and -2 on top)."""
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Distract Referee"])
    m = match([15, 15, 15], a=heel, b=sheet("Ace"))
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda *_: None)
    for _ in range(3):
        resolution.attempt(m, a, d, plan(entry(a, "Distract Referee")))
    mods = [{x["name"]: x["amount"] for x in r["modifiers"]} for e in m.events for r in e["rolls"]]
    assert [x.get("trick used before", 0) for x in mods] == [0, -1, -2]
    assert all("repetition" not in x for x in mods)


def test_distracting_the_referee_forces_a_referee_check_and_a_referee_who_notices_warns_him(no_counters):
    """Seed 154: "distracting the referee" is against the rules and "forces a Referee Check: the referee
    makes a Skill check, and if this check is successful, he will issue a Referee Warning" (D56)."""
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Distract Referee"])
    m = match([5, 4], a=heel, b=sheet("Ace"))  # the trick works (need 8); the referee's Skill check (10): 4
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Distract Referee")))
    assert types(m.events) == ["referee", "trick"]
    ref_roll = m.events[0]["rolls"][1]
    assert ref_roll["for"] == "referee check: distracting the referee" and ref_roll["need"] == 10
    assert m.events[0]["warnings"] == 1 and a.warnings == 1 and a.ref_penalty == -1
    assert m.events[1]["success"] is False and m.ref.distracted == 0 and m.ref.watching
    assert a.heat == -1  # P-ARM-07: an illegal move's Heat


def test_an_unnoticed_distraction_keeps_the_referee_busy_for_1d3_rounds(no_counters):
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Distract Referee"])
    m = match([5, 15, 2], a=heel, b=sheet("Ace"))  # the trick works; the referee misses it (15); d3: 2
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Distract Referee")))
    assert types(m.events) == ["referee", "trick"] and m.events[0]["noticed"] is False
    assert m.events[1]["rounds"] == 2 and m.ref.distracted == 2 and a.warnings == 0
    assert entry(a, "Distract Referee").move.illegal  # the table marks it illegal (seed 154)


def test_tricks_carry_their_uses_across_the_card():
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Distract Referee"])
    m = match(a=heel, b=sheet("Ace"), tricks_used={"Bruiser": {"Distract Referee": 2}})
    a, d = m.fighters
    assert _mods(m, a, d, "Distract Referee")["trick used before"] == -2


def test_a_trapped_cornered_opponent_is_plus_two():
    m = match()
    a, d = m.fighters
    d.cornered = "trapped"
    assert _mods(m, a, d, "Kick")["cornered opponent"] == 2
    d.cornered = "placed"
    assert "cornered opponent" not in _mods(m, a, d, "Kick")


def test_lifting_takes_his_lift_and_injuries_on_used_parts_are_penalties():
    m = match(b=sheet("Bruiser", alignment="heel", weight=300))  # Lift +4
    a, d = m.fighters
    a.injuries = {"Leg": 2, "Head": 1}
    mods = _mods(m, a, d, "Body Slam")
    assert mods["opponent's Lift"] == -4 and mods["injuries"] == -2


def test_own_weardown_warning_shortfall_blinded_and_flair():
    m = match()
    a, d = m.fighters
    a.level, a.ref_penalty, a.deficit, a.blinded = 2, -1, 3, 1
    mods = _mods(m, a, d, "Kick", {"flair": -1, "desperation": 2})
    assert (mods["own weardown"], mods["after a warning"], mods["Action Point shortfall"], mods["blinded"]) == (
        -2,
        -1,
        -3,
        -4,
    )
    assert (mods["flair"], mods["desperation"]) == (-1, 2)


def test_desperation_self_damage_is_x_plus_level_and_flair_earns_a_spot(no_counters):
    m = match([3])
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam"), opts={"desperation": 3, "flair": -1}, flair=True))
    assert a.damage == 3 + 1 and a.spot == 1
    assert types(m.events)[:2] == ["desperation", "maneuver"] and m.events[0]["damage"] == 3 + 1
    assert m.events[1]["exertion"] == 0  # the desperation replaced it


def test_desperation_costs_him_x_plus_level_even_when_the_move_misses(no_counters, monkeypatch):
    """P-ARM-26 (seed 32): "the attacker takes X + Level damage, even if the maneuver fails" (D58)."""
    m = match([15])  # need 8 + 3: 15 misses
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_reply", lambda *_: None)
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam"), opts={"desperation": 3}))
    assert types(m.events)[:2] == ["desperation", "miss"]
    assert a.damage == 3 + 1 and d.damage == 0
    assert {"name": "desperation", "amount": 3} in m.events[1]["rolls"][0]["modifiers"]


def test_a_knockdown_on_a_cornered_man_knocks_him_into_the_turnbuckle(no_counters):
    a_sheet = sheet("Ace", arsenal=["Clothesline", "Kick"])
    m = match([3, 9], a=a_sheet)
    a, d = m.fighters
    d.square = a.square = SQUARE_AT["d4"]
    d.cornered = "trapped"
    resolution.attempt(m, a, d, plan(entry(a, "Clothesline")))
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert {"name": "knocked into the turnbuckle", "amount": 2 + 1} in ev["breakdown"]
    assert d.position == "Facing"  # he stays standing
    assert any(e["type"] == "referee" for e in m.events)  # trapping in the corner is illegal


def test_a_sunset_flip_that_knocks_a_cornered_man_into_the_turnbuckle_pins_nobody(no_counters):
    # seed 30: he stays standing; seed 123: only a man down is pinned, so no predicament and no break dice (one
    # roll scripted: the flip's); the AP of the damage go to the positioning as after any maneuver
    m = match([3], a=sheet("Ace", arsenal=["Sunset Flip", "Kick"]))
    a, d = m.fighters
    d.square = a.square = SQUARE_AT["d4"]
    d.cornered = "placed"
    resolution.attempt(m, a, d, plan(entry(a, "Sunset Flip")))
    hit = next(e for e in m.events if e["type"] == "maneuver")
    assert {"name": "knocked into the turnbuckle", "amount": 2 + 1} in hit["breakdown"]
    assert d.position == "Facing" and "pin" not in types(m.events)
    assert a.ap == hit["damage"] and m.dice.remaining == 0


def test_over_the_top_rope_by_two_more_than_his_lift(no_counters):
    heel = sheet("Bruiser", alignment="heel", arsenal=["Clothesline", "Kick"], tactics={"cheating": 0.8})
    m = match([2, 15], a=heel, b=sheet("Ace"))
    a, d = m.fighters
    d.square = a.square = SQUARE_AT["e4"]  # a rope square
    resolution.attempt(m, a, d, plan(entry(a, "Clothesline"), over_top=True))
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert {"name": "over the top rope", "amount": 10 + 1} in ev["breakdown"]
    assert d.square == SQUARE_AT["e3"] or not (3 <= d.square[0] <= 8 and 3 <= d.square[1] <= 8)
    assert m.ref.counts and m.ref.counts[0][0] == "ring_out"


def test_a_fist_load_adds_to_a_punch_and_a_smash_with_an_object_is_an_automatic_dq(no_counters):
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick"], tactics={"cheating": 0.9})
    m = match([3, 12, 4], a=heel, b=sheet("Ace"))
    a, d = m.fighters
    a.weapon = "Folding Chair"
    with pytest.raises(MatchOver):
        resolution.attempt(m, a, d, plan(entry(a, "Foreign Object Smash"), opts={"Folding Chair (object Mod)": 2}))
    assert m.result["method"] == "disqualification" and m.result["winner"] == 1
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert {"name": "Folding Chair", "amount": 5} in ev["breakdown"]


def test_powder_blinds_for_rounds_equal_to_damage_and_fire_tab_does_its_stun_code_and_dazes(no_counters):
    heel = sheet(
        "Bruiser",
        alignment="heel",
        arsenal=["Kick", "Powder", "Fire Tab"],
        objects=["Powder", "Fire Tab"],
        tactics={"cheating": 0.9},
    )
    # Powder hit, injury check (foreign object), referee; Fire Tab twice (he is blind: Unopposed), injury, referee
    m = match([3, 15, 15, 3, 4, 15, 15], a=heel, b=sheet("Ace"))
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Powder")))
    assert d.blinded == 1 + 2
    resolution.attempt(m, a, d, plan(entry(a, "Fire Tab")))
    ev = [e for e in m.events if e["type"] == "maneuver"][-1]
    assert ev["damage"] == 6 and d.dazed == 2
    ref = [r for e in m.events for r in e["rolls"] if r["for"].startswith("referee check: a fire tab")][0]
    assert ref["need"] == 10 + 2  # the referee's SAV +2 to detect a fire tab


@pytest.mark.parametrize("trick", ["Fire Tab", "Powder"])
def test_a_noticed_fire_tab_or_powder_is_a_foreign_object_an_automatic_dq_by_default(no_counters, trick):
    """Seed 39-42: the Fire Tab and Powder are foreign objects ("Use of foreign objects usually forces a
    referee check, with automatic disqualification ensuing if the check is successful"): the default
    automatic-DQ list (foreign objects) disqualifies a noticed use (D57)."""
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick", trick], objects=[trick], tactics={"cheating": 0.9})
    m = match([3, 15, 5], a=heel, b=sheet("Ace"))  # it lands; the injury check (object) fails; referee: 5
    a, d = m.fighters
    with pytest.raises(MatchOver):
        resolution.attempt(m, a, d, plan(entry(a, trick)))
    assert m.result["method"] == "disqualification" and m.result["winner"] == 1
    assert m.result["reason"] == ("a fire tab" if trick == "Fire Tab" else "throwing powder")


def test_off_the_list_a_noticed_fire_tab_is_a_warning(no_counters):
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Fire Tab"], objects=["Fire Tab"])
    m = match([3, 15, 5], a=heel, b=sheet("Ace"), automatic_dq=["choke_count"])
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Fire Tab")))
    assert m.result is None and a.warnings == 1


def test_an_outside_dive_is_minus_two_and_hurts_the_diver_too(no_counters):
    a_sheet = sheet("Ace", arsenal=[{"maneuver": "Body Press", "flags": ["Outside"]}, "Kick"])
    m = match([3], a=a_sheet)
    a, d = m.fighters
    d.square = SQUARE_AT["e2"]  # on the floor beside the ring
    p = tactics.build(m, a, d, entry(a, "Outside Body Press"))
    assert p.opts["dive to the floor"] == -2 and p.alt == 2
    a.ap = p.cost
    rounds.execute_positioning(m, a, p)
    resolution.attempt(m, a, d, p)
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert {"name": "altitude", "amount": 4} in ev["breakdown"]
    assert ev["exertion"] == 2 + m.floor_sc  # Level 2 + the floor's bonus


def test_a_warning_makes_his_next_maneuver_minus_one():
    m = match([5])
    a, d = m.fighters
    from rules.arm import referee

    referee.warn(m, a, "choking")
    assert _mods(m, a, d, "Kick")["after a warning"] == -1


def test_a_bra_combo_chains_in_the_same_round(no_counters, monkeypatch):
    m = match([5, 5, 15])
    a, d = m.fighters
    calls = []

    def nxt(m_, a_, d_):
        calls.append(a_.chain)
        return plan(entry(a_, "Kick")) if len(calls) < 3 else None

    monkeypatch.setattr(tactics, "combo_next", nxt)
    monkeypatch.setattr(tactics, "choose_reply", lambda *_: None)
    resolution.attempt(m, a, d, plan(entry(a, "Kick")))
    kicks = [e for e in m.events if e["type"] == "maneuver"]
    assert len(kicks) == 2 and mods_of(kicks[1]["rolls"], "Kick")["BRA chain"] == 2
    assert m.log.clock == 0 and m.attacker is d  # the third Kick missed


def test_a_cheating_heel_with_nothing_else_takes_off_his_boot():
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick"], tactics={"cheating": 0.8})
    m = match([], a=heel, b=sheet("Ace"))
    a, d = m.fighters
    p = tactics.build(m, a, d, entry(a, "Foreign Object Smash"))
    assert p.grab == "Own Boot" and p.cost == 3


def test_faces_add_flair_to_big_moves_and_gamble_with_desperation():
    face = sheet("Ace", arsenal=["Kick", "Piledriver"], finisher="Piledriver", tactics={"aggression": 0.8})
    m = match([], a=face)
    a, d = m.fighters
    d.position = "Bent"
    a.level = d.level = 3
    p = tactics.build(m, a, d, entry(a, "Piledriver"))
    assert p.flair and p.opts["flair"] == -1 and p.opts["desperation"] == 2


def test_a_high_flyer_climbs_while_his_man_is_down_and_flies_next_round():
    flyer = sheet("Ace", arsenal=["Kick", {"maneuver": "Elbow Drop", "flags": ["Flying"]}], tactics={"risk": 0.8})
    m = match([], a=flyer)
    a, d = m.fighters
    d.position = "Prone"
    follow_up.after_maneuver(m, a, d, entry(a, "Kick"), 6)
    assert a.perch == "rope3"
    p = tactics.build(m, a, d, entry(a, "Flying Elbow Drop"), positioning=False)
    assert p is not None and p.alt == 3


def test_a_flyer_can_step_up_on_a_cornered_man_to_launch_himself(no_counters):
    """Seed: "uses another wrestler as a launch point, the effective altitude bonus is equal to the supporting
    wrestler's HDB, plus 5" (D62): his man trapped standing in the corner is the step (HDB +2: 7)."""
    flyer = sheet("Ace", arsenal=["Kick", {"maneuver": "Dropkick", "flags": ["Flying"]}], tactics={"risk": 0.9})
    m = match([3, 15], a=flyer)  # the Flying Dropkick lands; the referee misses the corner (illegal)
    a, d = m.fighters
    d.square, a.square, d.cornered = SQUARE_AT["d4"], SQUARE_AT["e5"], "trapped"
    a.ap = a.agi_bonus
    p = tactics.build(m, a, d, entry(a, "Flying Dropkick"))
    assert (p.launch, p.launch_bonus, p.perch) == ("Bruiser", 7, "")
    rounds.execute_positioning(m, a, p)
    resolution.attempt(m, a, d, p)
    hit = next(e for e in m.events if e["type"] == "maneuver")
    assert {"name": "altitude (launched off Bruiser)", "amount": 7} in hit["breakdown"]
    assert {"name": "knocked into the turnbuckle", "amount": 2 + 1} in hit["breakdown"]
    assert hit["damage"] == 4 + 7 + 3 and d.position == "Facing"


def test_a_dash_at_a_standing_cornered_man_is_high_risk_and_crashes_into_the_turnbuckle(no_counters, monkeypatch):
    a_sheet = sheet("Ace", arsenal=[{"maneuver": "Clothesline", "flags": ["Running"]}, "Kick"])
    m = match([15], a=a_sheet)
    a, d = m.fighters
    d.square = SQUARE_AT["d4"]
    d.cornered = "placed"
    monkeypatch.setattr(tactics, "choose_reply", lambda *_: None)
    resolution.attempt(m, a, d, plan(entry(a, "Running Clothesline")))
    crash = [e for e in m.events if e["type"] == "crash"][0]
    assert crash["damage"] == 2 + 1  # the turnbuckle's Stun Code + his WDB
    assert m.attacker is d


def test_a_body_press_gives_a_free_cover(no_counters, monkeypatch):
    a_sheet = sheet("Ace", arsenal=["Body Press", "Kick"])
    m = match([3, 15, 15, 15], a=a_sheet)
    a, d = m.fighters
    d.level = 2
    d.damage = 41
    monkeypatch.undo()
    monkeypatch.setattr(tactics, "choose_counter", lambda *args: None)
    monkeypatch.setattr(tactics, "cover_hook", lambda *args: 0)
    with pytest.raises(MatchOver):
        resolution.attempt(m, a, d, plan(entry(a, "Body Press")))
    pin = [e for e in m.events if e["type"] == "pin"][0]
    assert pin["count"] == 3 and m.result["method"] == "pinfall"
    assert pin["text"].startswith("Ace makes the cover")


def test_a_sunset_flip_is_a_pinfall_predicament_at_minus_two(no_counters):
    a_sheet = sheet("Ace", arsenal=["Sunset Flip", "Kick"], attributes={"AGI": 14})
    m = match([3, 15, 15, 5], a=a_sheet)
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Sunset Flip")))
    pin = [e for e in m.events if e["type"] == "pin"][0]
    assert pin["predicament"] is True and pin["count"] == 2
    assert {"name": "pinfall predicament", "amount": -2} in pin["rolls"][0]["modifiers"]


def test_playing_to_the_crowd_costs_four_and_moves_heat_once_five_earns_an_edge():
    m = match([])
    a, d = m.fighters
    a.heat = 4
    follow_up.after_maneuver(m, a, d, entry(a, "Kick"), 4)
    assert a.heat == 5 and a.ap == 0 and a.edge == 2 and m.events[-1]["type"] == "crowd"


def test_movement_and_stall_rounds_are_half_length(monkeypatch):
    m = match([5])
    a, d = m.fighters
    no_round_start_edge(monkeypatch)
    monkeypatch.setattr(tactics, "plan_attack", lambda *args, **kw: tactics.Plan("move"))
    rounds.standard_round(m)
    assert m.round_seconds == 5.0
    monkeypatch.setattr(tactics, "plan_attack", lambda *args, **kw: tactics.Plan("stall"))
    a.damage = 10
    rounds.standard_round(m)
    assert m.round_seconds == 5.0 and a.damage == 8


def test_he_can_stall_a_round_or_more_after_a_maneuver(monkeypatch):
    """Seed: "When a wrestler performs a maneuver, he can choose to stall a round (or more) to 'catch his
    breath'. Each round he waits, he makes a STA check". His man stays down (AGI 5: no AP to get up)."""
    m = match([3, 4, 5], b=sheet("Bruiser", alignment="heel", attributes={"AGI": 5}))  # three STA checks
    a, d = m.fighters
    no_round_start_edge(monkeypatch)
    a.just_performed, a.damage, a.level = True, 30, 1
    d.position = "Prone"
    for rnd in (1, 2, 3):
        m.log.round = rnd
        rounds.standard_round(m)
        assert m.events[-1]["type"] == "stall" and m.round_seconds == 5.0
    assert [e["healed"] for e in m.events if e["type"] == "stall"] == [2, 2, 2] and a.damage == 24
    assert m.attacker is a and m.dice.remaining == 0
    assert not tactics.wants_stall(m, a, d)  # three in a row: tactics gets back to work (MAX_STALLS)


def test_a_hidden_fist_load_is_drawn_for_a_punch_and_adds_its_damage(no_counters):
    heel = sheet("Bruiser", alignment="heel", arsenal=["Punch"], objects=["Fist Load"], tactics={"cheating": 0.8})
    m = match([3, 15, 15], a=heel, b=sheet("Ace"))  # the punch, an Injury check (object), the referee
    a, d = m.fighters
    p = tactics.build(m, a, d, entry(a, "Punch"))
    assert p.draw == "Fist Load" and p.cost == 2
    a.ap = 2
    rounds.execute_positioning(m, a, p)
    resolution.attempt(m, a, d, p)
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert {"name": "Fist Load", "amount": 2} in ev["breakdown"] and ev["damage"] == 4


@pytest.mark.parametrize("load", ["Fist Load", "Sap Glove", "Taped Fist"])
def test_a_fist_load_does_not_combine_with_a_foreign_object_smash(no_counters, load):
    """Seed: "'Fist Load', 'Sap Glove', and 'Taped Fist' are not used with Foreign Object Smash, but merely
    add their damage to standard Punching maneuvers"."""
    heel = sheet("Bruiser", alignment="heel", arsenal=["Punch"], tactics={"cheating": 0.9})
    m = match([3, 15, 15], a=heel, b=sheet("Ace"))  # the punch, the Injury check (object), the referee
    a, d = m.fighters
    a.weapon = load
    assert tactics.build(m, a, d, entry(a, "Foreign Object Smash")) is None  # nothing to smash him with
    smash = entry(a, "Foreign Object Smash")
    dealt, parts = damage.maneuver_damage(m, a, d, smash, plan(smash), "success")
    assert (dealt, [n for n, _x in parts]) == (2, ["Foreign Object Smash"])  # the Smash's own 2, no load
    resolution.attempt(m, a, d, plan(entry(a, "Punch")))
    ev = next(e for e in m.events if e["type"] == "maneuver")
    assert {"name": load, "amount": {"Fist Load": 2, "Sap Glove": 3, "Taped Fist": 1}[load]} in ev["breakdown"]


def test_a_cloth_garrote_adds_two_to_a_choke_and_is_a_foreign_object(no_counters):
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick"], objects=["Cloth"], tactics={"cheating": 0.8})
    m = match([3, 15, 15, 15], a=heel, b=sheet("Ace"))  # choke, Injury check, referee (object), referee (count)
    a, d = m.fighters
    p = tactics.build(m, a, d, entry(a, "Choke"))
    assert p.draw == "Cloth"
    a.ap = 2
    rounds.execute_positioning(m, a, p)
    resolution.attempt(m, a, d, p)
    ev = [e for e in m.events if e["type"] == "maneuver"][0]
    assert {"name": "Cloth garrote", "amount": 2} in ev["breakdown"]
    assert [e for e in m.events if e["type"] == "injury"][0]["reasons"] == ["foreign object"]


def test_a_super_maneuver_takes_the_altitude_of_his_perch():
    a_sheet = sheet("Ace", arsenal=[{"maneuver": "Vertical Suplex", "flags": ["Super"]}, "Kick"])
    m = match([], a=a_sheet)
    a, d = m.fighters
    assert tactics.build(m, a, d, entry(a, "Super Vertical Suplex")) is None  # he is not up there
    d.perch = "shoulders"
    assert tactics.build(m, a, d, entry(a, "Super Vertical Suplex")).alt == 2
    d.perch = "rope3"
    assert tactics.build(m, a, d, entry(a, "Super Vertical Suplex")).alt == 3


def _graduate_counter(monkeypatch, background, values):
    a_sheet = sheet("Ace", background=background)
    d_sheet = sheet("Bruiser", alignment="heel", arsenal=["Kick", {"maneuver": "Hip Block", "training": 2}])
    m = match(values, a=a_sheet, b=d_sheet)
    a, d = m.fighters
    monkeypatch.setattr(tactics, "choose_counter", lambda m_, d_, a_, e, p: (entry(d_, "Hip Block"), None))
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    return m, a, d


def test_a_counter_against_an_academy_graduate_is_a_turnover_at_plus_two(monkeypatch):
    # Body Slam: 10 - 2 (Level 1 vs Fresh) = 8; the Hip Block: AGI 10 + 2 training = 12, +2 Turnover = 14.
    # Ace rolls 5 (success), Bruiser rolls 13: a failure without the Turnover, a higher success with it.
    m, a, d = _graduate_counter(monkeypatch, ["Academy Graduate"], [5, 13])
    counter_roll = [r for e in m.events for r in e["rolls"] if r.get("actor") == d.idx][0]
    assert {x["name"]: x["amount"] for x in counter_roll["modifiers"]}["Turnover vs an Academy Graduate"] == 2
    assert counter_roll["need"] == 14 and counter_roll["outcome"] == "success"
    assert types(m.events) == ["counter"] and m.attacker is d and a.damage == 0
    # the same rolls against a Stalwart: the Hip Block fails and the Body Slam lands
    m, a, d = _graduate_counter(monkeypatch, ["Stalwart"], [5, 13])
    counter_roll = [r for e in m.events for r in e["rolls"] if r.get("actor") == d.idx][0]
    assert counter_roll["need"] == 12 and counter_roll["outcome"] == "fail"
    assert "maneuver" in types(m.events) and d.damage > 0


def test_a_botch_off_the_ropes_that_snaps_them_is_a_no_contest(no_counters):
    # the rebound Kick is botched (20) and so is the ropes' check (20): the rope snaps
    m = match([20, 20])
    a, d = m.fighters
    with pytest.raises(MatchOver):
        resolution.attempt(m, a, d, plan(entry(a, "Kick"), rebound=True))
    r = m.result
    assert r["method"] == "no-contest" and r["winner"] is None
    assert r["reason"] == "the match cannot be finished as sanctioned: the ring ropes broke"
    assert [x["for"] for x in m.events[-1]["rolls"]] == ["does the rope hold?"]


def test_the_rope_usually_holds_and_a_plain_botch_never_tests_it(no_counters, monkeypatch):
    monkeypatch.setattr(tactics, "choose_reply", lambda *_: None)
    m = match([20, 19])  # the ropes' check (need 19) holds
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Kick"), rebound=True))
    assert m.result is None and m.attacker is d and m.dice.remaining == 0
    m = match([20])  # the same botch standing still: no die for the ropes
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Kick")))
    assert m.result is None and m.dice.remaining == 0
    m = match([20], ropes_can_break=False)  # a promotion with unbreakable ropes
    a, d = m.fighters
    resolution.attempt(m, a, d, plan(entry(a, "Kick"), rebound=True))
    assert m.result is None and m.dice.remaining == 0


def _countering(monkeypatch, d_sheet, values, label="Body Slam", a_sheet=None):
    """Ace attempts ``label``; the defender's own tactics decide his Counter."""
    m = match(values, a=a_sheet, b=d_sheet)
    a, d = m.fighters
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *args: None)
    monkeypatch.setattr(tactics, "combo_next", lambda *args: None)
    resolution.attempt(m, a, d, plan(entry(a, label)))
    return m, a, d


def test_a_reversal_into_a_maneuver_he_does_not_know_is_minus_two(monkeypatch):
    """Seed: "Reversals can be purchased or improvised as if a Flag -- thus, to reverse a Piledriver into a
    Back Drop is -1 if you know Back Drop, and -2 if you don't" (D61). He knows no Throw: an Arm Drag at -2."""
    d_sheet = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Body Slam"], attributes={"TEC": 16})
    m, a, d = _countering(monkeypatch, d_sheet, [15, 5])  # Ace's Body Slam fails; the reversal succeeds
    counter = next(e for e in m.events if e["type"] == "counter")
    assert counter["counter"] == "Arm Drag" and counter["maneuver"] == "Body Slam"
    rec = next(r for r in counter["rolls"] if r["actor"] == d.idx)
    mods = {x["name"]: x["amount"] for x in rec["modifiers"]}
    assert mods["improvised Reversal"] == -2 and "improvised" not in mods  # -2 in all, not -2 twice
    assert rec["need"] == 16 - 2 - 2 and rec["maneuver"] == "Arm Drag"  # TEC, Level 1 vs Fresh, improvised
    hit = next(e for e in m.events if e["type"] == "maneuver")
    assert hit["actor"] == d.idx and hit["maneuver"] == "Arm Drag" and a.damage == 2


def test_a_reversal_into_a_throw_he_knows_is_minus_one(monkeypatch):
    d_sheet = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Hip Toss"], attributes={"TEC": 16})
    m, a, d = _countering(monkeypatch, d_sheet, [15, 5])
    rec = next(r for e in m.events for r in e["rolls"] if r.get("actor") == d.idx)
    assert rec["maneuver"] == "Hip Toss"
    assert {x["name"]: x["amount"] for x in rec["modifiers"]}["improvised Reversal"] == -1


def test_any_defense_can_be_improvised_at_minus_two(monkeypatch):
    """Seed: Defenses "are obtained and trained in the same fashion as standard maneuvers, and can even be
    Improvised": a Sprawl he never learned, against a Hip Toss, at -2 (D61)."""
    d_sheet = sheet("Bruiser", alignment="heel", arsenal=["Kick", "Body Slam"], attributes={"TEC": 16})
    a_sheet = sheet("Ace", arsenal=["Hip Toss", "Kick"])
    m, a, d = _countering(monkeypatch, d_sheet, [15, 5], label="Hip Toss", a_sheet=a_sheet)
    counter = next(e for e in m.events if e["type"] == "counter")
    assert counter["counter"] == "Sprawl" and m.attacker is d and d.damage == 0
    rec = next(r for r in counter["rolls"] if r["actor"] == d.idx)
    assert {x["name"]: x["amount"] for x in rec["modifiers"]} == {"TEC": 16, "improvised": -2}
