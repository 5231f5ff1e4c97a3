"""The referee (A140-A145, A143 automatic DQs, A146 double count-out, A20 ambush warning)."""

import pytest

from rules.arm import referee, tactics, winning
from rules.arm.match import MatchOver

from .helpers import match, sheet


def test_a_noticed_infraction_is_a_warning_and_the_fourth_is_a_dq():
    m = match([5, 5, 5, 5])
    a, _d = m.fighters
    for _ in range(3):
        assert referee.referee_check(m, a, "a closed fist")
    assert a.warnings == 3
    with pytest.raises(MatchOver):
        referee.referee_check(m, a, "a closed fist")
    assert m.result["method"] == "disqualification" and m.result["winner"] == 1


def test_the_warning_limit_is_per_referee():
    m = match([5, 5], referee={"name": "Earl", "skill": 12, "sav": 9, "warning_limit": 1})
    a, _d = m.fighters
    referee.referee_check(m, a, "x")
    with pytest.raises(MatchOver):
        referee.referee_check(m, a, "x")


def test_an_unnoticed_infraction_is_nothing():
    m = match([15])
    a, _d = m.fighters
    assert not referee.referee_check(m, a, "a closed fist") and a.warnings == 0


def test_slack_makes_the_referee_minus_one():
    heel = sheet("Bruiser", alignment="heel", merits=["Slack"])
    m = match([10], a=heel, b=sheet("Ace"))
    assert not referee.referee_check(m, m.fighters[0], "x")


def test_an_automatic_dq_infraction_disqualifies_at_once():
    m = match([5])
    with pytest.raises(MatchOver):
        referee.referee_check(m, m.fighters[0], "using a chair", dq_key="foreign_object")
    assert m.result["method"] == "disqualification"


def test_a_promotion_can_take_an_infraction_off_the_automatic_list():
    m = match([5], automatic_dq=[])
    referee.referee_check(m, m.fighters[0], "using a chair", dq_key="foreign_object")
    assert m.fighters[0].warnings == 1 and m.result is None


def test_no_dq_means_no_referee_checks():
    m = match([], no_dq=True)
    assert not referee.referee_check(m, m.fighters[0], "using a chair", dq_key="foreign_object")


def test_a_distracted_referee_sees_nothing():
    m = match([])
    referee.distract(m, 2)
    assert not referee.referee_check(m, m.fighters[0], "x")


def test_a_count_starts_next_round_adds_a_d6_each_round_and_dqs_past_the_limit():
    m = match([5, 3, 4])
    a, _d = m.fighters
    m.log.round = 1
    assert referee.start_count(m, a, "choke", infraction="choking")  # noticed: warning, count from round 2
    referee.end_of_round(m)
    assert referee.counting(m, a, "choke") == 0
    m.log.round = 2
    referee.end_of_round(m)
    assert referee.counting(m, a, "choke") == 3
    m.log.round = 3
    with pytest.raises(MatchOver):
        referee.end_of_round(m)
    assert m.result["method"] == "disqualification" and "choke" in m.result["reason"]


def _count_rounds(m, n):
    for rnd in range(1, n + 1):
        m.log.round = rnd
        referee.end_of_round(m)


def test_twenty_outside_is_a_count_out():
    m = match([6, 6, 6, 6])
    a, _d = m.fighters
    referee.start_count(m, a, "ring_out")
    with pytest.raises(MatchOver):
        _count_rounds(m, 5)
    assert m.result["method"] == "count-out" and m.result["winner"] == 1 and m.result["title_can_change"] is False


def test_both_counted_out_together_is_a_draw():
    m = match([6, 6] * 4)
    a, d = m.fighters
    referee.start_count(m, a, "ring_out")
    referee.start_count(m, d, "ring_out")
    with pytest.raises(MatchOver):
        _count_rounds(m, 5)
    assert m.result["method"] == "draw" and m.result["winner"] is None and m.result["reason"] == "double count-out"


def test_titles_change_on_a_dq_only_when_stipulated():
    m = match([5], titles_change_on_dq=True)
    with pytest.raises(MatchOver):
        referee.referee_check(m, m.fighters[0], "a chair", dq_key="foreign_object")
    assert m.result["title_can_change"] is True


def _end_round(m, rnd):
    m.log.round = rnd
    m.perched = m.attacker if m.attacker.perch == "rope3" else None


def test_stalling_on_the_top_rope_is_warned_and_counted_from_the_next_round():
    # referee Skill 10: 5 notices him (a warning); then 1d6 a round: 4, 3 -> 7 is past 5 -> a second warning
    m = match([5, 4, 3])
    a, _d = m.fighters
    a.perch = "rope3"
    for rnd in (1, 2, 3):
        _end_round(m, rnd)
        m.end_of_round()
    counts = [e for e in m.events if e["type"] == "count"]
    assert [(e["count"], e["total"], e["round"]) for e in counts] == [("top_rope", 4, 2), ("top_rope", 7, 3)]
    assert [e["infraction"] for e in m.events if e["type"] == "referee"] == [
        "stalling on the top rope",
        "top rope past a 5 count",
    ]
    assert a.warnings == 2 and m.result is None


def test_coming_off_the_top_rope_stops_the_count_and_a_man_who_just_climbed_is_not_counted():
    m = match([5])
    a, _d = m.fighters
    a.perch = "rope3"
    _end_round(m, 1)
    m.end_of_round()  # noticed: the count starts next round
    a.perch = ""
    _end_round(m, 2)
    m.end_of_round()
    assert referee.counting(m, a, "top_rope") is None
    assert not [e for e in m.events if e["type"] == "count"]
    # he climbs during round 3 (he started it on the mat): not stalling yet, no Referee Check rolled
    m.log.round = 3
    m.perched = None
    a.perch = "rope3"
    m.end_of_round()
    assert a.warnings == 1 and m.dice.remaining == 0


def test_a_man_set_on_the_top_turnbuckle_by_his_opponent_is_not_stalling():
    m = match([])
    _a, d = m.fighters
    d.perch = "rope3"
    m.perched = d  # he is the defender: his opponent put him there
    m.log.round = 1
    m.end_of_round()
    assert d.warnings == 0 and not m.ref.counts


def _bumper(**tactics_):
    return sheet(
        "Bruiser",
        alignment="heel",
        attributes={"SAV": 13},
        objects=["Brass Knuckles"],
        tactics={"cheating": 0.8, **tactics_},
    )


def test_a_bumped_referee_is_down_for_1d6_rounds_loses_his_counts_and_sees_nothing():
    # SAV 13: a 9 makes it look like an accident; the referee is down for a d6 of 2 rounds
    m = match([9, 2], a=_bumper(), b=sheet("Ace"))
    a, d = m.fighters
    m.ref.counts.append(["ring_out", d, 7, 1])
    assert referee.bump(m, a)
    ev = m.events[-1]
    assert ev["type"] == "referee" and ev["down"] == 2 and ev["counts_lost"] == ["ring_out"]
    assert ev["state"][0]["heat"] == -1 and m.ref.snapshot()["down"] == 2
    assert not m.ref.counts and not m.ref.watching
    # while he is down: no Referee Check, no count, no knockout ruling (no die rolled for any of them)
    assert not referee.referee_check(m, a, "using brass knuckles", dq_key="foreign_object")
    assert not referee.notices_knockout(m, d)
    d.position = "Prone"
    winning.pin(m, a, d, ap=3)
    assert m.events[-1]["type"] == "pin" and m.events[-1]["count"] == 0
    assert m.dice.remaining == 0
    for rnd in (1, 2):
        m.log.round = rnd
        m.end_of_round()
    assert m.ref.watching and m.events[-1]["up"] is True


def test_an_ace_on_the_bump_keeps_him_down_for_six_rounds():
    m = match([13], a=_bumper(), b=sheet("Ace"))
    assert referee.bump(m, m.fighters[0]) and m.ref.down == 6


def test_a_bump_the_referee_sees_through_is_hostile_contact_an_automatic_dq():
    m = match([14], a=_bumper(), b=sheet("Ace"))
    with pytest.raises(MatchOver):
        referee.bump(m, m.fighters[0])
    assert m.result["method"] == "disqualification" and m.result["winner"] == 1
    assert m.result["reason"] == "hostile contact with the referee"


def test_off_the_automatic_list_a_seen_bump_is_a_warning():
    m = match([14], a=_bumper(), b=sheet("Ace"), automatic_dq=["foreign_object"])
    assert not referee.bump(m, m.fighters[0])
    assert m.fighters[0].warnings == 1 and m.result is None and m.ref.watching


def test_a_cheating_heel_with_an_object_bumps_the_referee_once_his_man_is_worn():
    m = match([], a=_bumper(), b=sheet("Ace"))
    a, d = m.fighters
    assert not tactics.wants_referee_bump(m, a, d)  # the opponent is still fresh
    d.level = 2
    assert tactics.wants_referee_bump(m, a, d)
    m.ref.bumps = 1
    assert not tactics.wants_referee_bump(m, a, d)  # once a match
    m.ref.bumps = 0
    low = match([], a=_bumper(cheating=0.6), b=sheet("Ace"))
    low.fighters[1].level = 2
    assert not tactics.wants_referee_bump(low, *low.fighters)
    face = match([], a=sheet("Ace", attributes={"SAV": 13}), b=sheet("Bruiser", alignment="heel"))
    face.fighters[1].level = 2
    assert not tactics.wants_referee_bump(face, *face.fighters)
