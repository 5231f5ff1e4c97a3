"""Builders for ARM tests: plain sheets with known numbers, and matches on scripted dice."""

from rules import ScriptedDice, get_ruleset
from rules.arm import tactics
from rules.arm.match import Match
from rules.arm.tactics import Plan

RULESET = get_ruleset("arm")
PLAIN = {"STR": 10, "TEC": 10, "AGI": 10, "BRA": 10, "SAV": 10, "STA": 10, "TOU": 10}


def sheet(name="Ace", alignment="face", arsenal=("Body Slam", "Kick"), weight=230, height=72, fame=100, **extra):
    """A valid sheet: 230 lb (Lift 0, WDB +1), 6'0" (Reach 0, HDB +2), every attribute 10."""
    attrs = dict(PLAIN)
    attrs.update(extra.pop("attributes", {}))
    raw = {
        "name": name,
        "alignment": alignment,
        "height": height,
        "weight": weight,
        "fame": fame,
        "attributes": attrs,
        "arsenal": [a if isinstance(a, dict) else {"maneuver": a} for a in arsenal],
        "advancement": 40,
    }
    raw.update(extra)
    return RULESET.validate_sheet(raw)


def match(values=(), a=None, b=None, **stipulation):
    """A Match on scripted dice with side 0 as the attacker; nothing has been rolled yet."""
    a = a or sheet("Ace")
    b = b or sheet("Bruiser", alignment="heel")
    setup = RULESET.build_setup([[a], [b]], stipulation=stipulation)
    m = Match(setup, ScriptedDice(list(values)), seed=None)
    m.attacker, m.defender = m.fighters
    return m


def entry(fighter, label):
    for e in fighter.attacks + fighter.defenses:
        if e.label == label:
            return e
    raise KeyError(label)


def plan(entry_, **fields):
    p = Plan("attack", entry_)
    for key, value in fields.items():
        setattr(p, key, value)
    return p


def d20s(events):
    return [r for e in events for r in e["rolls"] if r["die"] == "d20"]


def types(events):
    return [e["type"] for e in events]


def no_round_start_edge(monkeypatch):
    """Nobody spends Edge at the start of a round (Second Wind, Fired Up, Working Over)."""
    monkeypatch.setattr(tactics, "wants_second_wind", lambda *args: False)
    monkeypatch.setattr(tactics, "wants_fire_up", lambda *args: False)
    monkeypatch.setattr(tactics, "work_over_target", lambda *args: None)
