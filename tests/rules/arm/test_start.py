"""Advantage and the start of the match (A12-A17, A97 STA contest, A15 referee restart)."""

from rules.arm import advantage, start

from .helpers import match, sheet


def test_the_bell_is_a_sav_contest():
    m = match([7, 12])
    m.attacker = None
    start.begin(m)
    assert m.attacker is m.fighters[0]
    ev = [e for e in m.events if e["type"] == "advantage"][0]
    assert [r["for"] for r in ev["rolls"]] == ["SAV contest for Advantage"] * 2


def test_a_tie_up_uses_the_higher_of_str_and_tec():
    m = match([9, 4], a=sheet("Ace", attributes={"TEC": 14}))
    m.attacker = None
    advantage.collar_elbow(m, *m.fighters)
    rec = m.events[-1]["rolls"][0]
    assert rec["modifiers"][0] == {"name": "TEC", "amount": 14} and m.attacker is m.fighters[0]


def test_a_test_of_strength_adds_reach():
    m = match([9, 4], a=sheet("Ace", height=80))  # 6'8": Reach +2
    m.attacker = None
    advantage.test_of_strength(m, *m.fighters)
    rec = m.events[-1]["rolls"][0]
    assert {"name": "Reach", "amount": 2} in rec["modifiers"]


def test_a_wrestler_strong_in_the_tie_up_calls_it():
    m = match([9, 4], a=sheet("Ace", attributes={"TEC": 15}), b=sheet("Bruiser"))
    m.attacker = None
    start.begin(m)
    assert any(e["text"].endswith("offers the collar-elbow tie-up.") for e in m.events)


def test_a_ritual_wrestler_cannot_call_the_tie_up_in_the_first_round():
    m = match([9, 4], a=sheet("Ace", attributes={"TEC": 15}, flaws=["Ritual"]), b=sheet("Bruiser"))
    m.attacker = None
    start.begin(m)
    assert not any("tie-up" in e["text"] for e in m.events)


def test_the_referee_restarts_with_a_tie_up():
    m = match([3, 12])
    advantage.referee_restart(m)
    assert m.attacker is m.fighters[0] and all(f.position == "Facing" for f in m.fighters)


def test_concealed_objects_need_the_conceal_object_trick():
    heel = sheet("Bruiser", alignment="heel", arsenal=["Kick"], objects=["Brass Knuckles", "Powder"])
    m = match([3, 15], a=heel, b=sheet("Ace"))
    start.conceal(m, m.fighters[0])
    assert m.fighters[0].concealed == ["Brass Knuckles"]
    assert m.fighters[0].tricks_used["Conceal Object"] == 2
