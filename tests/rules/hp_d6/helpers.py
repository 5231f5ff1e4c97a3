"""Small builders for hp-d6 tests: sheets with one move type (so tactics roll no dice) and scripted matches."""

from rules import MatchSetup, ScriptedDice, get_ruleset
from rules.hp_d6 import narration
from rules.hp_d6.match import Match

RULESET = get_ruleset("hp-d6")
ALL_WEIGHTS = ("strike", "grapple", "high_risk", "submission", "pinning_combination", "finisher", "cheat")


def sheet(name="Ace", alignment="face", hp=20, only="strike", cheat=0, **tactics):
    """A valid sheet whose tactics only ever pick ``only`` (plus cheating with weight ``cheat``)."""
    weights = dict.fromkeys(ALL_WEIGHTS, 0)
    if only:
        weights[only] = 1
    weights["cheat"] = cheat
    raw = {
        "name": name,
        "alignment": alignment,
        "hp": hp,
        "finisher": f"{name} Driver",
        "moves": {
            "strike": ["Punch"],
            "grapple": ["Suplex"],
            "high_risk": ["Moonsault"],
            "pinning_combination": ["Small Package"],
            "submission": ["Armbar"],
        },
        "tactics": {"weights": weights, **tactics},
    }
    return RULESET.validate_sheet(raw)


def setup(a=None, b=None, **stipulation):
    a = a or sheet("Ace")
    b = b or sheet("Bruiser", alignment="heel")
    return RULESET.build_setup([[a], [b]], stipulation=stipulation)


def scripted(values, a=None, b=None, **stipulation):
    """A loud Match on scripted dice; call move functions on it and read ``m.events`` (``told(m)`` for the words)."""
    s = setup(a, b, **stipulation)
    m = Match(s, ScriptedDice(values))
    m.setup = s
    return m


def told(m, start=None):
    """The texts the commentary writes for a scripted match's events so far ("" for a folded event).

    ``start`` is the state before the first of them (``m.snapshot()`` taken after the test set the wrestlers up):
    the commentary reads the state before each event, which a real match's bell gives it."""
    events = [dict(e) for e in m.events]
    if start is not None:
        events.insert(0, {"seq": -1, "type": "bell", "state": start, "time_limit": 1200, "advanced": {}})
    texts = [e["text"] for e in narration.narrate(m.setup, events)]
    return texts[1:] if start is not None else texts


def play(values, a=None, b=None, **stipulation):
    """A whole match on scripted dice: the list of events."""
    return list(RULESET.resolve(setup(a, b, **stipulation), ScriptedDice(values)))


def rolls(event):
    return [(r["for"], r["value"]) for r in event["rolls"]]


def types(events):
    return [e["type"] for e in events]


def state(event, side):
    return event["state"][side]


__all__ = ["RULESET", "MatchSetup", "play", "rolls", "scripted", "setup", "sheet", "state", "told", "types"]
