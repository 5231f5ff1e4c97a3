"""Third-party interference (A143, D51): a second at ringside runs in for a rulebreaker."""

import pytest

from rules.arm import referee, resolution, rounds, tactics, winning
from rules.arm.match import MatchOver
from rules.errors import SetupError

from .helpers import RULESET, match, sheet, types

SECOND = {"side": 1, "name": "Slick Sid", "skill": 12, "damage": 6}


def _heel(**tactics_):
    return sheet("Bruiser", alignment="heel", tactics={"cheating": 0.8, **tactics_})


def test_with_the_referee_distracted_the_second_runs_in_unseen_and_his_man_takes_advantage(monkeypatch):
    m = match([7], b=_heel(), seconds=[SECOND])
    a, d = m.fighters
    referee.distract(m, 2)
    monkeypatch.setattr(tactics, "plan_attack", lambda *_a, **_k: tactics.Plan("stall"))
    monkeypatch.setattr(resolution.damage, "stall", lambda *_a: 0)
    assert tactics.wants_run_in(m, 1) and m.second_for(1) is m.seconds[1]
    rounds.standard_round(m)
    ev = next(e for e in m.events if e["type"] == "interference")
    assert ev["hit"] is True and ev["damage"] == 6 and ev["second"] == "Slick Sid"
    assert ev["rolls"][0]["need"] == 12 and ev["rolls"][0]["value"] == 7
    assert a.damage == 6 and ev["state"][0]["position"] == "Prone" and m.attacker is d
    assert d.heat == -1 and d.warnings == 0  # no Referee Check while he looks away
    assert m.second_for(1) is None  # once a match


def test_the_second_saves_his_man_from_a_pin_and_a_referee_who_sees_it_disqualifies_him():
    # three failed break dice (the three), the run-in lands (5), the referee's Check notices it (4)
    m = match([18, 18, 18, 5, 4], b=_heel(), seconds=[SECOND])
    a, d = m.fighters
    d.position = "Prone"
    d.level = 2
    with pytest.raises(MatchOver):
        winning.pin(m, a, d, ap=2)
    pin = [e for e in m.events if e["type"] == "pin"][0]
    assert pin["count"] == 2 and pin["interrupted"] is True
    assert "interference" in types(m.events)
    assert m.result["method"] == "disqualification" and m.result["winner"] == 0
    assert m.result["reason"] == "interference by Slick Sid"


def test_an_unseen_save_breaks_the_pin():
    m = match([18, 18, 18, 5, 15], b=_heel(), seconds=[SECOND])
    a, d = m.fighters
    d.position = "Prone"
    assert winning.pin(m, a, d, ap=2) == 0
    assert m.result is None and a.damage == 6 and m.attacker is d


def test_a_missed_save_lets_the_three_count():
    m = match([18, 18, 18, 15, 15], b=_heel(), seconds=[SECOND])
    a, d = m.fighters
    d.position = "Prone"
    with pytest.raises(MatchOver):
        winning.pin(m, a, d, ap=2)
    assert m.result["method"] == "pinfall" and m.result["winner"] == 0


def test_off_the_automatic_list_noticed_interference_is_a_warning():
    m = match([18, 18, 18, 5, 4], b=_heel(), seconds=[SECOND], automatic_dq=[])
    a, d = m.fighters
    d.position = "Prone"
    assert winning.pin(m, a, d, ap=2) == 0
    assert d.warnings == 1 and m.result is None


def test_a_fan_favorite_s_second_does_not_interfere_and_a_cage_keeps_seconds_out():
    m = match([], b=sheet("Bruiser"), seconds=[SECOND])
    referee.distract(m, 2)
    assert not tactics.wants_run_in(m, 1)
    assert not tactics.wants_run_in_save(m, m.fighters[1])
    setup = RULESET.build_setup([[sheet("Ace")], [_heel()]], kind="cage", stipulation={"seconds": [SECOND]})
    from rules import ScriptedDice
    from rules.arm.match import Match

    assert Match(setup, ScriptedDice([])).seconds == {}


@pytest.mark.parametrize(
    ("seconds", "field"),
    [
        ({"side": 1, "name": "Sid"}, "seconds must be a list"),
        ([{"side": 2, "name": "Sid"}], "seconds[0].side"),
        ([{"side": 1, "name": ""}], "seconds[0].name"),
        ([{"side": 1, "name": "Sid", "skill": 30}], "seconds[0].skill"),
        ([{"side": 1, "name": "Sid", "bribe": 5}], "seconds[0].bribe"),
        ([{"side": 1, "name": "Sid"}, {"side": 1, "name": "Ted"}], "seconds[1]: side 1"),
    ],
)
def test_bad_seconds_are_refused_naming_the_key(seconds, field):
    with pytest.raises(SetupError) as err:
        RULESET.build_setup([[sheet("Ace")], [_heel()]], stipulation={"seconds": seconds})
    assert field in str(err.value)
