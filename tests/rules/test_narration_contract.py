"""The commentary changes words only: the events without their ``text`` stay byte-identical.

A fingerprint (sha256) of every event minus ``text`` over many seeded matches per ruleset, and of the golden
transcripts minus ``text``, was stored before the narration rewrite (``narration_fingerprints.json``). Any
change to a rule shows up here; a change to the words does not. After a deliberate *rules* change (never for a
narration change), regenerate and say why in the commit:

    .venv/bin/python -m tests.rules.test_narration_contract

ARM's cases include tag team and cage matches (its Changes of Venue have lines of their own).
"""

import hashlib
import json
import sys
from pathlib import Path

import pytest

from rules import RandomDice, get_ruleset

HERE = Path(__file__).parent
STORED = HERE / "narration_fingerprints.json"
SEEDS = 400  # matches per ruleset; well under a second each


def _hp_d6_cases():
    stipulations = ({}, {"advanced": True}, {"advanced": True, "no_dq": True}, {"time_limit": 300})
    for seed in range(SEEDS):
        a = None if seed % 2 else seed
        yield a, seed + 1000, seed, stipulations[seed % len(stipulations)]


def _wildknight_cases():
    stipulations = ({}, {"no_dq": True}, {"time_limit": 300}, {"starting_heat": [2, 1]})
    for seed in range(SEEDS):
        a = None if seed % 2 else seed
        yield a, seed + 1000, seed, stipulations[seed % len(stipulations)]


def _arm_cases():
    stipulations = ({}, {"no_dq": True}, {"time_limit": 300}, {"floor": "concrete"})
    for seed in range(SEEDS):
        a = None if seed % 2 else seed
        yield a, seed + 1000, seed, stipulations[seed % len(stipulations)]


def _arm_venue_cases():
    """Tag teams and cages: (sides of sheets, kind, seed, stipulation); names made unique."""
    for seed in range(60):
        if seed % 2:
            sides = [[seed, seed + 1], [seed + 2, seed + 3]]
            kind, stip = "tag", {}
        else:
            sides = [[seed], [seed + 1]]
            kind = "cage"
            stip = ({"cage": "steel", "escape": "either"}, {"cage": "chainlink", "escape": "pinfall"})[seed // 2 % 2]
        yield sides, kind, seed, stip


RULESETS = {
    "arm": (_arm_cases, HERE / "arm" / "golden"),
    "hp-d6": (_hp_d6_cases, HERE / "hp_d6" / "golden"),
    "wildknight": (_wildknight_cases, HERE / "wildknight" / "golden"),
}


def _without_text(event):
    return {k: v for k, v in event.items() if k != "text"}


def _digest(events, h):
    for event in events:
        h.update(json.dumps(_without_text(event), sort_keys=True, ensure_ascii=False).encode())
        h.update(b"\n")


def match_fingerprint(ruleset_id):
    """sha256 over every event minus ``text`` of the ruleset's seeded matches."""
    cases, _ = RULESETS[ruleset_id]
    ruleset = get_ruleset(ruleset_id)
    h = hashlib.sha256()
    for a_seed, b_seed, seed, stipulation in cases():
        a, b = ruleset.example_sheet(a_seed), ruleset.example_sheet(b_seed)
        if ruleset_id == "arm" and a["name"] == b["name"]:  # ARM refuses two wrestlers of one name
            b = dict(b, name=f"{b['name']} II")
        setup = ruleset.build_setup([[a], [b]], stipulation=stipulation)
        _digest(ruleset.resolve(setup, RandomDice(seed), seed=seed), h)
    if ruleset_id == "arm":
        for seeds, kind, seed, stipulation in _arm_venue_cases():
            sides = [[dict(ruleset.example_sheet(s), name=f"Wrestler {s}") for s in side] for side in seeds]
            setup = ruleset.build_setup(sides, kind=kind, stipulation=stipulation)
            _digest(ruleset.resolve(setup, RandomDice(seed), seed=seed), h)
    return h.hexdigest()


def golden_fingerprint(ruleset_id):
    """sha256 over the golden transcripts' events minus ``text`` (file by file, in name order)."""
    _, golden = RULESETS[ruleset_id]
    h = hashlib.sha256()
    for path in sorted(golden.glob("*.jsonl")):
        h.update(path.name.encode())
        _digest((json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line), h)
    return h.hexdigest()


def _stored():
    return json.loads(STORED.read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_events_without_their_text_are_what_they_were_before_the_narration(ruleset_id):
    assert match_fingerprint(ruleset_id) == _stored()[ruleset_id]["matches"]


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_golden_transcripts_without_their_text_are_what_they_were_before_the_narration(ruleset_id):
    assert golden_fingerprint(ruleset_id) == _stored()[ruleset_id]["golden"]


def test_the_fingerprint_sees_a_changed_field_but_not_a_changed_text():
    ruleset = get_ruleset("hp-d6")
    setup = ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(3)]])
    events = [dict(e) for e in ruleset.resolve(setup, RandomDice(5), seed=5)]

    def fp(evs):
        h = hashlib.sha256()
        _digest(evs, h)
        return h.hexdigest()

    base = fp(events)
    assert fp([dict(e, text="something else") for e in events]) == base
    changed = [dict(e) for e in events]
    changed[3]["round"] += 1
    assert fp(changed) != base


def regenerate():
    data = {rid: {"matches": match_fingerprint(rid), "golden": golden_fingerprint(rid)} for rid in sorted(RULESETS)}
    STORED.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {STORED}\n")


if __name__ == "__main__":
    regenerate()
