"""Edge Points (A148-A155) and the ambush (A18-A20)."""

import pytest

from rules.arm import edge, follow_up, resolution, rounds, start, tactics

from .helpers import entry, match, no_round_start_edge, plan, sheet


@pytest.mark.parametrize(
    ("alignment", "option", "kw", "cost"),
    [
        ("face", "seize_initiative", {}, 1),
        ("heel", "seize_initiative", {}, 2),
        ("heel", "seize_initiative", {"illegal": True}, 1),
        ("face", "seize_initiative", {"vs_finisher": True}, 2),
        ("face", "squeeze_count", {}, 2),
        ("heel", "squeeze_count", {}, 3),
        ("heel", "squeeze_count", {"bra_escape": True}, 2),
        ("heel", "squeeze_count", {"vs_finisher": True}, 6),
        ("face", "hanging_on", {}, 2),
        ("heel", "hanging_on", {}, 3),
        ("face", "second_wind", {}, 1),
        ("heel", "second_wind", {}, 1),
        ("face", "fired_up", {}, 6),
        ("heel", "fired_up", {}, None),
        ("face", "working_over", {}, 1),
        ("heel", "working_over", {}, 1),
    ],
)
def test_edge_prices(alignment, option, kw, cost):
    m = match(a=sheet("X", alignment=alignment))
    assert edge.price(m.fighters[0], option, **kw) == cost


def test_starting_edge_is_fame_over_100():
    m = match(a=sheet("X", fame=370))
    assert m.fighters[0].edge == 3 and edge.starting_edge(99) == 0


def test_second_wind_removes_damage_equal_to_sta():
    m = match(a=sheet("X", fame=100))
    a = m.fighters[0]
    a.damage = 25
    assert edge.second_wind(m, a) == 10 and a.damage == 15 and a.edge == 0


def test_fired_up_failures_are_standoffs_and_ignore_weardown(monkeypatch):
    m = match([15, 3], a=sheet("X", fame=600))
    a, d = m.fighters
    a.level = 2
    assert edge.fire_up(m, a) and a.edge == 0 and a.fired_up == 5
    monkeypatch.setattr(tactics, "choose_counter", lambda *args: None)
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *args: None)
    p = plan(entry(a, "Body Slam"))
    monkeypatch.setattr(tactics, "plan_attack", lambda *args, **kw: p)
    resolution.attempt(m, a, d, p)
    kinds = [e["type"] for e in m.events]
    assert kinds[-3:] == ["miss", "standoff", "maneuver"] and m.attacker is a
    rec = [e for e in m.events if e["type"] == "maneuver"][0]["rolls"][0]
    names = {x["name"] for x in rec["modifiers"]}
    assert "own weardown" not in names and "Level vs weardown" not in names


def test_a_heel_can_never_fire_up():
    m = match(a=sheet("X", alignment="heel", fame=900))
    assert not edge.fire_up(m, m.fighters[0])


def test_working_over_makes_attacks_on_the_target_injuring(monkeypatch):
    m = match([5, 15], a=sheet("X", fame=200))
    a, d = m.fighters
    assert edge.work_over(m, a, "Back")
    monkeypatch.setattr(tactics, "choose_counter", lambda *args: None)
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *args: None)
    resolution.attempt(m, a, d, plan(entry(a, "Body Slam")))
    inj = [e for e in m.events if e["type"] == "injury"][0]
    assert inj["reasons"] == ["Working Over"] and d.injuries == {"Back": 1}


def test_seize_the_initiative_swaps_the_attacker_after_positioning(monkeypatch):
    m = match([5], a=sheet("Ace"), b=sheet("Bruiser", fame=100))
    a, d = m.fighters
    mine = plan(entry(a, "Body Slam"))
    theirs = plan(entry(d, "Kick"))
    no_round_start_edge(monkeypatch)
    monkeypatch.setattr(tactics, "plan_attack", lambda m_, x, y, positioning=True: mine if x is a else theirs)
    monkeypatch.setattr(tactics, "seize_plan", lambda *args: (theirs, False))
    monkeypatch.setattr(tactics, "choose_counter", lambda *args: None)
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *args: None)
    monkeypatch.setattr(tactics, "combo_next", lambda *args: None)
    rounds.standard_round(m)
    assert [e["type"] for e in m.events][:3] == ["edge", "advantage", "maneuver"]
    assert d.edge == 0 and a.damage == 2 and m.attacker is d


def test_an_ambush_takes_advantage_costs_an_edge_and_a_warning_and_is_unopposed():
    m = match([], a=sheet("Ace"), b=sheet("Bruiser", alignment="heel", fame=200), ambush=1)
    a, d = m.fighters
    m.attacker = m.defender = None
    start.begin(m)
    assert m.attacker is d and d.edge == 1 and d.warnings == 1
    assert d.ambush_pending
    p = tactics.build(m, d, a, entry(d, "Kick"))
    assert p.unopposed


def test_ambushing_a_man_in_his_ritual_is_free():
    m = match([], a=sheet("Ace", flaws=["Ritual"]), b=sheet("Bruiser", alignment="heel", fame=200), ambush=1)
    m.attacker = m.defender = None
    start.begin(m)
    assert m.fighters[1].edge == 2


def test_no_edge_no_ambush():
    m = match([9, 4], a=sheet("Ace"), b=sheet("Bruiser", alignment="heel", fame=0), ambush=1)
    m.attacker = m.defender = None
    start.begin(m)
    assert m.fighters[1].warnings == 0 and m.attacker is m.fighters[0]


def test_a_fired_up_face_may_not_attempt_his_finisher_before_the_fifth_attack():
    face = sheet("Ace", arsenal=["Kick", "Body Slam"], finisher="Body Slam", fame=600)
    m = match([], a=face)
    a, d = m.fighters
    d.level = 4
    assert tactics.build(m, a, d, entry(a, "Body Slam")) is not None
    a.fired_up = 5
    assert tactics.build(m, a, d, entry(a, "Body Slam")) is None
    a.fired_up = 1  # the fifth attack
    assert tactics.build(m, a, d, entry(a, "Body Slam")) is not None
