"""Golden transcripts: a seed and two sheets in, the exact event list out (stored as JSON lines).

Regenerate after a deliberate rules change with ``ARM_GOLDEN_UPDATE=1 pytest tests/rules/arm/test_golden.py``
and read the diff: every changed line is a changed ruling.
"""

import json
import os
from pathlib import Path

import pytest

from rules import RandomDice, resolve
from rules.decisions import TacticsChooser

from .helpers import RULESET

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "example_vs_seed5_seed1": (None, 5, 1, {}),
    "seed3_vs_seed8_seed7": (3, 8, 7, {}),
    "example_vs_seed11_no_dq_seed4": (None, 11, 4, {"no_dq": True, "time_limit": 300}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name):
    sa, sb, seed, stip = CASES[name]
    setup = RULESET.build_setup([[RULESET.example_sheet(seed=sa)], [RULESET.example_sheet(seed=sb)]], stipulation=stip)
    lines = [json.dumps(e, ensure_ascii=False, sort_keys=True) for e in resolve("arm", setup, seed)]
    path = GOLDEN / f"{name}.jsonl"
    if os.environ.get("ARM_GOLDEN_UPDATE"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    assert lines == expected


# Changes of Venue: (sheet seeds per side, kind, seed, stipulation); wrestlers are renamed so names never clash
VENUE_CASES = {
    "tag_seeds2_3_vs_4_6_seed9": (((2, 3), (4, 6)), "tag", 9, {}),
    "cage_steel_escape_seed5_vs_7_seed2": (((5,), (7,)), "cage", 2, {"cage": "steel", "escape": "either"}),
}


@pytest.mark.parametrize("name", sorted(VENUE_CASES))
def test_golden_venue_transcript(name):
    seeds, kind, seed, stip = VENUE_CASES[name]
    sides = [[dict(RULESET.example_sheet(seed=s), name=f"Wrestler {s}") for s in side] for side in seeds]
    setup = RULESET.build_setup(sides, kind=kind, stipulation=stip)
    lines = [json.dumps(e, ensure_ascii=False, sort_keys=True) for e in resolve("arm", setup, seed)]
    path = GOLDEN / f"{name}.jsonl"
    if os.environ.get("ARM_GOLDEN_UPDATE"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    assert lines == expected


def _golden_setup(name):
    if name in CASES:
        sa, sb, seed, stip = CASES[name]
        sides = [[RULESET.example_sheet(seed=sa)], [RULESET.example_sheet(seed=sb)]]
        return RULESET.build_setup(sides, stipulation=stip), seed
    seeds, kind, seed, stip = VENUE_CASES[name]
    sides = [[dict(RULESET.example_sheet(seed=s), name=f"Wrestler {s}") for s in side] for side in seeds]
    return RULESET.build_setup(sides, kind=kind, stipulation=stip), seed


@pytest.mark.parametrize("name", sorted([*CASES, *VENUE_CASES]))
def test_every_golden_transcript_with_the_tactics_choosing_for_both_sides(name):
    """Issue 20: the decisions asked of a TacticsChooser on each side are the tactics' own: the same events."""
    setup, seed = _golden_setup(name)
    choosers = {0: TacticsChooser(), 1: TacticsChooser()}
    events = RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers)
    lines = [json.dumps(e, ensure_ascii=False, sort_keys=True) for e in events]
    assert lines == (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
