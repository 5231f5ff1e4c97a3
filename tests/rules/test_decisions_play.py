"""Saved state = (setup, seed, the choices so far) (issue 20 item 1): ``rules.decisions.play`` restores a match at
any decision, in this process or another, and it goes on to the very events of the match played straight through."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules import RandomDice, get_ruleset
from rules.decisions import IllegalChoice, PromptChooser, play

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("arm", "hp-d6", "wildknight")


def _saved_setup(ruleset_id, seed):
    ruleset = get_ruleset(ruleset_id)
    a, b = ruleset.example_sheet(seed=seed), ruleset.example_sheet(seed=seed + 1)
    b["name"] = f"{b['name']} II"
    stipulation = {"advanced": True} if ruleset_id == "hp-d6" else {}
    return {"sides": [[a], [b]], "kind": "singles", "stipulation": stipulation}


def policy(decision, error):
    """A person who picks by a fixed rule (never refused: he picks among the legal options)."""
    assert error is None
    return decision.options[(decision.index * 7 + 3) % len(decision.options)].id


def _straight(ruleset_id, saved, seed, people):
    ruleset = get_ruleset(ruleset_id)
    setup = ruleset.build_setup(saved["sides"], stipulation=saved["stipulation"])
    choosers = {side: PromptChooser(policy) for side in people}
    events = list(ruleset.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers))
    records = sorted((r for c in choosers.values() for r in c.records), key=lambda r: r["index"])
    return events, records


def _dump(events):
    return [json.dumps(e, sort_keys=True, ensure_ascii=False) for e in events]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_match_restored_at_any_decision_goes_on_to_the_same_events(ruleset_id):
    seed = 11
    saved = _saved_setup(ruleset_id, seed)
    events, records = _straight(ruleset_id, saved, seed, people=(0,))
    assert len(records) >= 3 and all(r["side"] == 0 for r in records)
    for k in (0, 1, len(records) // 2, len(records) - 1):
        stopped = play(ruleset_id, saved, seed, records[:k], people=(0,))
        assert stopped.result is None and stopped.pending.index == records[k]["index"]
        assert stopped.pending.kind == records[k]["kind"]
        assert _dump(stopped.events) == _dump(events[: len(stopped.events)])  # what happened so far, exactly
        json.dumps(stopped.to_json())
    finished = play(ruleset_id, saved, seed, records, people=(0,))
    assert finished.pending is None and finished.result == events[-1]
    assert _dump(finished.events) == _dump(events)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_match_stopped_at_a_decision_is_restored_in_another_process(ruleset_id, tmp_path):
    seed = 5
    saved = _saved_setup(ruleset_id, seed)
    events, records = _straight(ruleset_id, saved, seed, people=(0, 1))
    k = len(records) // 2
    here = play(ruleset_id, saved, seed, records[:k], people=(0, 1))
    state = {"ruleset": ruleset_id, "setup": saved, "seed": seed, "people": [0, 1], "choices": records[:k]}
    (tmp_path / "saved.json").write_text(json.dumps(state), encoding="utf-8")
    (tmp_path / "rest.json").write_text(json.dumps(records[k:]), encoding="utf-8")
    script = (
        "import json, sys\n"
        "from rules.decisions import play\n"
        "s = json.load(open(sys.argv[1]))\n"
        "rest = json.load(open(sys.argv[2]))\n"
        "stopped = play(s['ruleset'], s['setup'], s['seed'], s['choices'], people=s['people'])\n"
        "done = play(s['ruleset'], s['setup'], s['seed'], s['choices'] + rest, people=s['people'])\n"
        "print(json.dumps({'pending': stopped.pending.to_json(), 'events': done.events}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "saved.json"), str(tmp_path / "rest.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    there = json.loads(out.stdout)
    assert there["pending"] == here.pending.to_json()
    assert _dump(there["events"]) == _dump(events)


def test_a_recorded_choice_the_rules_refuse_or_that_does_not_fit_is_refused_with_the_reason():
    saved = _saved_setup("hp-d6", 3)
    first = play("hp-d6", saved, 3, [], people=(0,)).pending
    with pytest.raises(IllegalChoice, match="not allowed here: he is standing"):
        play("hp-d6", saved, 3, [{"index": first.index, "side": 0, "option": "move:pin"}], people=(0,))
    with pytest.raises(IllegalChoice, match=f"decision {first.index} is a 'move' decision, not 'cover'"):
        play(
            "hp-d6", saved, 3, [{"index": first.index, "side": 0, "kind": "cover", "option": "cover:yes"}], people=(0,)
        )
    with pytest.raises(IllegalChoice, match="comes after the pending decision"):
        play("hp-d6", saved, 3, [{"index": first.index + 50, "side": 0, "option": "move:strike"}], people=(0,))
    with pytest.raises(IllegalChoice, match="auto must be one of timeout, tactics"):
        play("hp-d6", saved, 3, [{"index": first.index, "side": 0, "auto": "later"}], people=(0,))


def test_a_side_left_to_the_tactics_asks_nothing():
    saved = _saved_setup("hp-d6", 3)
    ruleset = get_ruleset("hp-d6")
    setup = ruleset.build_setup(saved["sides"], stipulation=saved["stipulation"])
    plain = list(ruleset.resolve(setup, RandomDice(3), seed=3))
    done = play("hp-d6", saved, 3, [], people=())
    assert done.pending is None and _dump(done.events) == _dump(plain)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_person_who_hands_his_wrestler_to_the_tactics_keeps_the_choices_he_made(ruleset_id):
    seed = 8
    saved = _saved_setup(ruleset_id, seed)
    _events, records = _straight(ruleset_id, saved, seed, people=(0,))
    mine = records[:3]
    rest = play(ruleset_id, saved, seed, mine, people=(0,), handed_over=(0,))
    assert rest.pending is None and rest.result is not None
    notes = [e for e in rest.events if e["type"] == "decision"]
    assert [(n["decision"], n["option"]) for n in notes] == [(r["index"], r["option"]) for r in mine]
    # the same as playing the rest out as time-outs, minus their notes
    timed = play(ruleset_id, saved, seed, mine, people=(0,))
    while timed.pending is not None:
        left = {"index": timed.pending.index, "side": 0, "auto": "tactics"}
        timed = play(ruleset_id, saved, seed, [*timed.choices, left], people=(0,))
    strip = lambda e: {k: v for k, v in e.items() if k not in ("seq", "text")}  # noqa: E731 - the words hash seq
    assert [strip(e) for e in rest.events] == [strip(e) for e in timed.events if e.get("auto") != "tactics"]
