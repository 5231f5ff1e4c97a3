"""Golden transcripts: a seed and two sheets in, the exact JSONL events out.

Each case is ``golden/<name>.json`` (seed, sheets, stipulation) and ``golden/<name>.jsonl`` (the events). After a
deliberate rules change, regenerate them with::

    WILDKNIGHT_REGEN_GOLDEN=1 .venv/bin/python -m pytest -p no:django tests/rules/wildknight/test_golden.py

and review the diff before committing.
"""

import json
import os
from pathlib import Path

import pytest

from rules.dice import RandomDice
from rules.registry import get_ruleset

GOLDEN = Path(__file__).parent / "golden"
RULESET = get_ruleset("wildknight")
REGEN = os.environ.get("WILDKNIGHT_REGEN_GOLDEN") == "1"

# name: (sheet A seed (None = canonical), sheet B seed, match seed, stipulation, method the case shows)
CASES = {
    "pinfall_with_cheat": (None, 1, 0, {}, "pinfall"),
    "submission": (None, 1, 3, {}, "submission"),
    "disqualification": (None, 1, 4, {}, "disqualification"),
    "reversal": (None, 1, 26, {}, None),
    "time_limit_draw": (None, 2, 4, {"time_limit": 120}, "draw"),
}


def _lines(case):
    a_seed, b_seed, seed, stip, _ = CASES[case]
    spec = {
        "seed": seed,
        "a": RULESET.example_sheet(a_seed),
        "b": RULESET.example_sheet(b_seed),
        "stipulation": stip,
    }
    setup = RULESET.build_setup([[spec["a"]], [spec["b"]]], stipulation=spec["stipulation"])
    events = RULESET.resolve(setup, RandomDice(seed), seed=seed)
    return spec, [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in events]


@pytest.mark.parametrize("case", sorted(CASES))
def test_it_reproduces_the_golden_transcript(case):
    spec, lines = _lines(case)
    spec_path, jsonl_path = GOLDEN / f"{case}.json", GOLDEN / f"{case}.jsonl"
    if REGEN:
        spec_path.write_text(json.dumps(spec, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        jsonl_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    stored = json.loads(spec_path.read_text(encoding="utf-8"))
    setup = RULESET.build_setup([[stored["a"]], [stored["b"]]], stipulation=stored["stipulation"])
    got = [
        json.dumps(e, ensure_ascii=False, separators=(",", ":"))
        for e in RULESET.resolve(setup, RandomDice(stored["seed"]), seed=stored["seed"])
    ]
    assert got == jsonl_path.read_text(encoding="utf-8").splitlines()
    method = CASES[case][4]
    if method:
        assert json.loads(got[-1])["method"] == method


def test_the_reversal_case_shows_a_reversal():
    lines = (GOLDEN / "reversal.jsonl").read_text(encoding="utf-8").splitlines()
    assert any(json.loads(line).get("outcome") == "reversal" for line in lines)
