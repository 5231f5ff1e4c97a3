"""Golden transcripts: a seed and two sheets in, the exact JSONL out (tests/rules/hp_d6/golden/).

Regenerate deliberately, after a change to the rules or the words, and review the diff:

    .venv/bin/python -m tests.rules.hp_d6.test_golden
"""

import json
import sys
from pathlib import Path

import pytest

from rules import RandomDice
from rules.hp_d6.sheet import EXAMPLE_SHEET, SECOND_EXAMPLE
from tests.rules.hp_d6.helpers import RULESET

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "plain_finisher_seed3": {"seed": 3, "stipulation": {}},
    "plain_submission_seed53": {"seed": 53, "stipulation": {}},
    "advanced_everything_seed12": {"seed": 12, "stipulation": {"advanced": True}},
    "advanced_run_in_dq_seed1": {"seed": 1, "stipulation": {"advanced": True}},
    "time_limit_draw_seed376": {"seed": 376, "stipulation": {"time_limit": 600}},
}


def _transcript(case):
    setup = RULESET.build_setup([[EXAMPLE_SHEET], [SECOND_EXAMPLE]], stipulation=case["stipulation"])
    events = RULESET.resolve(setup, RandomDice(case["seed"]), seed=case["seed"])
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)


@pytest.mark.parametrize("name", sorted(CASES))
def test_it_reproduces_the_golden_transcript(name):
    expected = (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8")
    assert _transcript(CASES[name]) == expected


def test_the_golden_transcripts_show_what_they_are_named_for():
    def load(name):
        return [json.loads(line) for line in (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]

    finisher = load("plain_finisher_seed3")
    assert "finisher" in {e["type"] for e in finisher}
    assert load("plain_submission_seed53")[-1]["method"] == "submission"
    everything = {e["type"] for e in load("advanced_everything_seed12")}
    assert {"foreign_object", "run_in", "attack_referee", "referee", "finisher"} <= everything
    run_in = load("advanced_run_in_dq_seed1")
    assert run_in[-2]["type"] == "run_in"
    assert run_in[-1]["method"] == "disqualification"
    draw = load("time_limit_draw_seed376")[-1]
    assert (draw["method"], draw["clock"]) == ("draw", 600.0)


def regenerate():
    GOLDEN.mkdir(exist_ok=True)
    for name, case in sorted(CASES.items()):
        (GOLDEN / f"{name}.jsonl").write_text(_transcript(case), encoding="utf-8")
        sys.stdout.write(f"wrote {name}.jsonl\n")


if __name__ == "__main__":
    regenerate()
