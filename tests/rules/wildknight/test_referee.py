"""DISQUALIFICATION: warnings for illegal moves and the DQ roll against warnings x 5 (K-38, K-39)."""

import pytest

from rules.dice import ScriptedDice
from rules.wildknight import referee
from rules.wildknight.state import Wrestler

from .helpers import match, play, sheet, types

RAKE = {"alignment": "heel", "maneuvers": ("Eye Rake", "Stomp", "Moonsault"), "finisher": "Eye Rake"}
CHAIR = {"alignment": "heel", "maneuvers": ("Foreign Object Shot", "Stomp", "Moonsault"), "finisher": "Stomp"}


def test_it_warns_for_an_automatic_hit_with_an_illegal_move():
    # natural 20 Eye Rake; confirm 3 fails; 2 damage; warning (DQ roll 12 vs Df 5 survives); Bo resists stun
    m = match(sheet("Heel", **RAKE), sheet("Bo"), [20, 5, 3, 2, 12, 10])
    events = play(m)
    assert types(events) == ["maneuver", "warning", "stun"]
    w = events[1]
    assert w["warnings"] == 1 and w["disqualified"] is False and w["reason"] == "illegal Eye Rake"
    roll = w["rolls"][0]
    assert (roll["need"], roll["total"], roll["outcome"]) == (5, 12, "success")
    assert m.outcome is None


def test_it_warns_for_more_than_ten_damage_with_an_illegal_move():
    m = match(sheet("Heel", Deception=5, **CHAIR), sheet("Bo"), [15, 5, 7, 15, 20])
    events = play(m)
    assert events[0]["damage"] == 12
    assert types(events) == ["maneuver", "warning", "stun"]


def test_it_does_not_warn_for_exactly_ten_illegal_damage():
    m = match(sheet("Heel", Deception=5, **CHAIR), sheet("Bo"), [15, 5, 5, 20])
    events = play(m)
    assert events[0]["damage"] == 10
    assert types(events) == ["maneuver", "stun"]


def test_it_disqualifies_a_wrestler_who_fails_the_dq_roll():
    m = match(sheet("Heel", **RAKE), sheet("Bo"), [20, 5, 3, 2, 9])
    m.w[0].warnings = 1  # the second warning: Df 10
    events = play(m)
    assert types(events) == ["maneuver", "warning"]
    w = events[-1]
    assert w["warnings"] == 2 and w["rolls"][0]["need"] == 10 and w["disqualified"] is True
    assert m.outcome[:2] == (1, "disqualification")


def test_it_lets_a_wrestler_intimidate_the_referee_with_presence_and_brawn():
    w = Wrestler(sheet("Heel", alignment="heel", Presence=3, Brawn=2, Deception=1), 0)
    survived, excuse, roll = referee.warn(ScriptedDice([6]), w)
    assert excuse == "intimidate" and survived is True
    assert roll.rec["modifiers"] == [{"name": "Presence", "amount": 3}, {"name": "Brawn", "amount": 2}]
    assert roll.rec["for"] == "avoid DQ: intimidate (Presence + Brawn)"


def test_it_lets_a_wrestler_lie_to_the_referee_with_deception_and_flair():
    w = Wrestler(sheet("Heel", alignment="heel", Deception=2, Flair=1, tactics={"excuse": "lie"}, Presence=5), 0)
    w.warnings = 2
    survived, excuse, roll = referee.warn(ScriptedDice([11]), w)
    assert excuse == "lie" and roll.rec["need"] == 15 and roll.rec["total"] == 14 and survived is False


@pytest.mark.parametrize(("natural", "survived"), [(1, False), (20, True)])
def test_it_applies_automatic_results_to_the_dq_roll(natural, survived):
    w = Wrestler(sheet("Heel", alignment="heel", Deception=5, Flair=5), 0)
    w.warnings = 4  # Df 20: only a natural 20 saves him, and a natural 1 always fails
    assert referee.warn(ScriptedDice([natural]), w)[0] is survived


def test_it_never_warns_in_a_no_dq_match():
    m = match(sheet("Heel", **RAKE), sheet("Bo"), [20, 5, 3, 2, 10], no_dq=True)
    events = play(m)
    assert types(events) == ["maneuver", "stun"]
    assert events[-1]["state"][0]["warnings"] == 0


def test_it_warns_for_an_illegal_automatic_hit_that_was_outrolled():
    # both natural 20; no confirm is critical; Bo's higher confirm total wins; the ref still saw the rake
    m = match(sheet("Heel", **RAKE), sheet("Bo", Brawn=5), [20, 20, 3, 10, 2, 15])
    events = play(m)
    assert types(events) == ["maneuver", "warning"]
    assert events[0]["actor"] == 1 and events[1]["actor"] == 0


def test_it_keeps_faces_clean_by_default():
    face = sheet("Face", maneuvers=("Eye Rake", "Clothesline", "Moonsault"), finisher="Clothesline")
    m = match(face, sheet("Bo"), [15, 5, 3])
    (ev,) = play(m)
    assert ev["maneuver"] == "Clothesline"
