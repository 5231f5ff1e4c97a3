"""Whole ARM matches driven by choices: random legal choices for both sides never crash or break an invariant,
and a match stopped at any decision and resumed from its JSON state in another process goes on to the same events."""

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules import RandomDice
from rules.decisions import Chooser, Decision, ReplayChooser

from .helpers import RULESET

ROOT = Path(__file__).resolve().parents[3]
BUDGET = 6.0  # CPU seconds for the random-choice matches (some hundreds; the suite's time is shared)


class RandomChooser(Chooser):
    """A person who picks any legal option (its own generator: the match's dice stay the match's)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)  # noqa: S311 - picking options in a test, not the dice
        self.picked = []

    def choose(self, match, decision_index, kind, side, build, default):
        options = build()
        assert options, f"decision {decision_index} ({kind}) has no option"
        ids = [o.id for o in options]
        assert len(set(ids)) == len(ids), f"repeated option ids in {kind}: {ids}"
        option = options[self.rng.randrange(len(options))]
        self.picked.append({"index": decision_index, "side": side, "option": option.id})
        match.note_decision(Decision(decision_index, kind, side, *match.asking, tuple(options)), option, None)
        return option.value


def setups():
    s = RULESET.example_sheet
    team = [
        [dict(s(seed=2), name="A"), dict(s(seed=3), name="B")],
        [dict(s(seed=4), name="C"), dict(s(seed=6), name="D")],
    ]
    return [
        RULESET.build_setup([[s()], [s(seed=3)]]),
        RULESET.build_setup(
            [[s(seed=13)], [s(seed=14)]], stipulation={"seconds": [{"side": 0, "name": "X"}, {"side": 1, "name": "Y"}]}
        ),
        RULESET.build_setup([[s(seed=11)], [s(seed=12)]], stipulation={"no_dq": True}),
        RULESET.build_setup(team, kind="tag"),
        RULESET.build_setup([[s(seed=7)], [s(seed=9)]], kind="cage", stipulation={"cage": "steel"}),
        RULESET.build_setup(
            [[s(seed=26)], [s(seed=27)]], kind="cage", stipulation={"cage_internal": False, "escape": "escape"}
        ),
    ]


def check_match(events, setup):
    """What every match keeps, whoever chooses: a gapless log ending in one result, every d20's need the sum of its
    modifiers, nobody below zero AP, Edge or damage, one attacker at most, one legal man a side in a tag match, and
    decision events that roll nothing."""
    assert events[-1]["type"] == "result" and [e["type"] for e in events].count("result") == 1
    assert [e["seq"] for e in events] == list(range(len(events)))
    clocks = [e["clock"] for e in events]
    assert clocks == sorted(clocks)
    for event in events:
        state = event["state"]
        assert len(state) == sum(len(side) for side in setup.sides)
        assert sum(w["advantage"] for w in state) <= 1
        for w in state:
            assert w["ap"] >= 0 and w["edge"] >= 0 and w["damage"] >= 0, (event["type"], w)
        if setup.kind == "tag":
            assert sorted(w["side"] for w in state if w["legal"]) == [0, 1]
        for roll in event["rolls"]:
            if roll["die"] == "d20":
                assert sum(m["amount"] for m in roll["modifiers"]) == roll["need"]
        if event["type"] == "decision":
            assert event["rolls"] == [] and event["option"]


@pytest.mark.timeout(120)
def test_random_legal_choices_for_both_sides_never_break_a_match():
    started = time.process_time()
    played = kinds = 0
    seen = set()
    for seed in range(10_000):
        for setup in setups():
            choosers = {0: RandomChooser(seed), 1: RandomChooser(seed + 50_000)}
            events = list(RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers))
            check_match(events, setup)
            seen |= {e["kind"] for e in events if e["type"] == "decision"}
            played += 1
        if time.process_time() - started > BUDGET:
            break
    kinds = len(seen)
    assert played >= 120, f"only {played} matches in the time budget"
    # the choices the rules give, every one of them taken somewhere
    assert {
        "start",
        "edge",
        "attack",
        "reply",
        "answer",
        "cover",
        "pin-break",
        "hold",
        "hold-break",
        "follow-up",
    } <= seen
    assert {"tag", "blind-tag", "double-team", "save", "run-in", "screwjob", "seize", "combo", "crowd"} <= seen, kinds


# --- stopped and resumed in another process ---------------------------------------------------------------------------

RESUME = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from rules import RandomDice, get_ruleset
from rules.decisions import AwaitingDecision, ReplayChooser
state = json.loads(sys.stdin.read())
arm = get_ruleset(state["ruleset"])
setup = arm.build_setup(state["setup"]["sides"], kind=state["setup"]["kind"], stipulation=state["setup"]["stipulation"])
chooser = ReplayChooser(state["choices"], side=state["person"])
events, pending = [], None
try:
    for event in arm.resolve(setup, RandomDice(state["seed"]), seed=state["seed"], choosers={state["person"]: chooser}):
        events.append(event)
except AwaitingDecision as stop:
    pending = stop.decision.to_json()
print(json.dumps({"events": events, "pending": pending}))
"""


def resume(state):
    """Play ``state`` (ruleset, setup, seed, the person's side and his choices so far) in a fresh Python process."""
    done = subprocess.run(
        [sys.executable, "-c", RESUME, str(ROOT)],
        input=json.dumps(state),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("kind", ["singles", "tag"])
def test_a_match_stopped_at_a_decision_goes_on_in_another_process_to_the_same_events(kind):
    s = RULESET.example_sheet
    sides = [[s()], [s(seed=3)]] if kind == "singles" else [[s(seed=2), s(seed=3)], [s(seed=4), s(seed=6)]]
    setup = RULESET.build_setup(sides, kind=kind)
    seed = 21
    person = RandomChooser(5)
    whole = json.loads(json.dumps(list(RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers={0: person}))))
    picks = person.picked
    assert len(picks) > 10
    base = {
        "ruleset": "arm",
        "setup": {"sides": [list(side) for side in setup.sides], "kind": setup.kind, "stipulation": setup.stipulation},
        "seed": seed,
        "person": 0,
    }
    for stop in (0, len(picks) // 3, len(picks) - 1):
        paused = resume({**base, "choices": picks[:stop]})
        pending = paused["pending"]
        assert pending is not None and pending["index"] == picks[stop]["index"] and pending["side"] == 0
        assert picks[stop]["option"] in [o["id"] for o in pending["options"]]
        assert paused["events"] == whole[: len(paused["events"])]  # what was shown before the stop
        finished = resume({**base, "choices": picks})
        assert finished["pending"] is None and finished["events"] == whole


def test_a_replay_with_every_choice_is_the_match_again_in_this_process():
    setup = setups()[3]
    person = RandomChooser(9)
    whole = list(RULESET.resolve(setup, RandomDice(2), seed=2, choosers={1: person}))
    again = list(RULESET.resolve(setup, RandomDice(2), seed=2, choosers={1: ReplayChooser(person.picked, side=1)}))
    assert json.dumps(again) == json.dumps(whole)


class ShowingChooser(RandomChooser):
    """A random chooser that remembers the check each chosen option showed."""

    def __init__(self, seed):
        super().__init__(seed)
        self.shown = {}

    def choose(self, match, decision_index, kind, side, build, default):
        options = {o.id: o for o in build()}
        value = super().choose(match, decision_index, kind, side, lambda: list(options.values()), default)
        self.shown[decision_index] = options[self.picked[-1]["option"]]
        return value


KINDS_WITH_A_ROLL = ("attack", "answer", "combo", "reply", "pin-break", "hold-break")


def _rolls_for(roll, side, option, label):
    """The d20 of the attempt the option chose: his roll naming that maneuver (a Defense's roll names none)."""
    if roll["die"] != "d20" or roll.get("actor") != side:
        return False
    if option.id.startswith("break:"):  # a pin or a hold: "break the pin (kicks out)", "break the Boston Crab"
        return roll["for"].startswith("break the") and "maneuver" not in roll
    return roll.get("maneuver") == label or (option.id.startswith("counter:") and "maneuver" not in roll)


@pytest.mark.timeout(120)
def test_the_check_an_option_shows_is_the_roll_the_engine_then_makes():
    s = RULESET.example_sheet
    compared = 0
    for seed in range(30):
        setup = RULESET.build_setup([[s(seed=seed % 9)], [s(seed=seed % 7 + 20)]])
        choosers = {0: ShowingChooser(seed), 1: ShowingChooser(seed + 7)}
        events = list(RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers))
        for i, event in enumerate(events):
            if event["type"] != "decision" or event["kind"] not in KINDS_WITH_A_ROLL:
                continue
            side = event["actor"]
            option = choosers[side].shown[event["decision"]]
            if not option.id.startswith(("maneuver:", "counter:", "reversal:", "break:")) or option.check is None:
                continue
            label = option.id.split(":", 1)[1].split("+")[0]
            for later in events[i + 1 :]:
                if later["type"] == "decision" and later["actor"] == side:
                    break  # he did not get to roll it (his man seized the initiative, he was knocked out...)
                roll = next((r for r in later["rolls"] if _rolls_for(r, side, option, label)), None)
                if roll is not None:
                    assert roll["need"] == option.check["need"], (option.id, roll)
                    compared += 1
                    break
    assert compared > 150
