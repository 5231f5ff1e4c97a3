"""Shared builders for the wildknight tests: sheets, scripted matches, event lookups."""

from rules.dice import ScriptedDice
from rules.registry import get_ruleset
from rules.wildknight import narration
from rules.wildknight.match import Match

RULESET = get_ruleset("wildknight")
ZERO = {"Brawn": 0, "Power": 0, "Athleticism": 0, "Flair": 0, "Deception": 0, "Presence": 0}


def sheet(
    name="Ace",
    alignment="face",
    weight=190,
    maneuvers=("Clothesline", "Stomp", "Moonsault"),
    finisher="Clothesline",
    tactics=None,
    **attrs,
):
    raw = {
        "name": name,
        "alignment": alignment,
        "weight": weight,
        "attributes": {**ZERO, **attrs},
        "maneuvers": list(maneuvers),
        "finisher": {"name": f"{name} Special", "maneuver": finisher},
    }
    if tactics is not None:
        raw["tactics"] = tactics
    return RULESET.validate_sheet(raw)


def match(a, b, script, initiative=0, round_no=1, **stipulation):
    """A Match between sheets ``a`` and ``b`` with scripted dice, placed inside round ``round_no``."""
    setup = RULESET.build_setup([[a], [b]], stipulation=stipulation)
    m = Match(setup, ScriptedDice(script))
    m.initiative = initiative
    m.log.round = round_no
    m.setup = setup
    return m


def told(m, events):
    """The texts the commentary writes for ``events`` of scripted match ``m`` ("" for a folded event)."""
    return [e["text"] for e in narration.narrate(m.setup, [dict(e) for e in events])]


def play(m):
    """Play one round of ``m`` and return its events; the script must be used up exactly."""
    events = list(m.play_round())
    assert m.dice.remaining == 0, f"{m.dice.remaining} scripted rolls left unused"
    return events


def rolls_for(event, prefix):
    return [r for r in event["rolls"] if r["for"].startswith(prefix)]


def types(events):
    return [e["type"] for e in events]
