"""``python -m rules``: the generic CLI, exercised with ARM (and a subprocess for exit codes)."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rules.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture
def sheets(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    _code, text = run("example", "arm")
    a.write_text(text)
    _code, text = run("example", "arm", "--seed", "5")
    b.write_text(text)
    return str(a), str(b)


def test_it_lists_rulesets():
    code, text = run("rulesets")
    assert code == 0 and "arm" in text.split()


def test_it_prints_the_example_sheet_and_a_seeded_one():
    code, text = run("example", "arm")
    assert code == 0 and json.loads(text)["name"] == "Rick Steel"
    code, seeded = run("example", "arm", "--seed", "5")
    assert code == 0 and json.loads(seeded) != json.loads(text)
    assert run("example", "arm", "--seed", "5")[1] == seeded


def test_it_resolves_a_match_as_text(sheets):
    code, text = run("resolve", "arm", *sheets, "--seed", "1")
    lines = text.splitlines()
    assert code == 0 and lines[0] == "(seed 1)" and lines[1].startswith("[00:00] ")
    assert "Rick Steel" in lines[1] and ("time limit" in lines[1] or "minutes on the clock" in lines[1])
    result, blank, recap = lines[-3:]  # the result line, then the recap paragraph
    assert re.search(r"\bwins?\b|winner|draw|pins|taps|out of the cage", result) and blank == ""
    assert "Rick Steel" in recap and re.search(r"\bbeat\b|defeated|draw", recap)


def test_it_resolves_as_json_lines_the_last_one_the_result(sheets):
    code, text = run("resolve", "arm", *sheets, "--seed", "1", "--format", "jsonl")
    events = [json.loads(line) for line in text.splitlines()]
    assert code == 0 and events[-1]["type"] == "result" and events[0]["seed"] == 1
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert run("resolve", "arm", *sheets, "--seed", "1", "--format", "jsonl")[1] == text


def test_it_resolves_many_matches(sheets):
    code, text = run("resolve", "arm", *sheets, "--seed", "1", "--count", "20", "--format", "jsonl")
    rows = [json.loads(line) for line in text.splitlines()]
    assert code == 0 and len(rows) == 20 and [r["seed"] for r in rows] == list(range(1, 21))
    assert all(set(r) == {"seed", "winner", "method", "rounds"} for r in rows)


def test_it_computes_odds(sheets):
    code, text = run("odds", "arm", *sheets, "--sims", "200")
    assert code == 0 and text.startswith("200 simulated matches")
    code, text = run("odds", "arm", *sheets, "--sims", "50", "--format", "json")
    odds = json.loads(text)["odds"]
    assert abs(sum(p for methods in odds.values() for p in methods.values()) - 1) < 1e-9


def test_stipulations_pass_through_options(sheets):
    code, text = run(
        "resolve",
        "arm",
        *sheets,
        "--seed",
        "2",
        "--time-limit",
        "20",
        "--format",
        "jsonl",
        "--option",
        'referee={"name": "Earl", "skill": 12}',
    )
    first = json.loads(text.splitlines()[0])
    assert code == 0 and first["stipulation"]["referee"]["name"] == "Earl"


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve", "nope", "a.json", "b.json"],
        ["resolve", "arm", "missing.json", "missing.json"],
        ["example", "nope"],
        ["resolve", "arm", "{A}", "{A}"],
        ["resolve", "arm", "{A}", "{BAD}"],
        ["resolve", "arm", "{A}", "{B}", "--option", "gimmick=1"],
        ["resolve", "arm", "{A}", "{B}", "--match", "tag"],
        ["resolve", "arm", "{A}", "{B}", "--count", "0"],
        ["promo", "arm", "{A}"],  # ARM has no promo segments
        ["promo", "nope", "{A}"],
        ["bogus"],
    ],
)
def test_bad_input_exits_2_with_one_line(argv, sheets, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "X", "attributes": {"STR": 99}}')
    argv = [x.format(A=sheets[0], B=sheets[1], BAD=bad) for x in argv]
    proc = subprocess.run([sys.executable, "-m", "rules", *argv], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and proc.stderr.startswith("error: ")


def test_the_module_runs_as_a_program(sheets):
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "resolve", "arm", *sheets, "--seed", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("(seed 1)")


def test_rules_imports_no_django():
    code = (
        "import sys, rules, rules.arm, rules.cli, rules.registry; rules.get_ruleset('arm'); "
        "bad = [m for m in sys.modules if m.startswith('django')]; assert not bad, bad"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_odds_counts_are_the_same_whatever_the_number_of_processes():
    from rules import get_ruleset, odds

    ruleset = get_ruleset("wildknight")
    setup = ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(seed=3)]])
    assert odds("wildknight", setup, sims=300, seed=7, jobs=2) == odds("wildknight", setup, sims=300, seed=7, jobs=1)


def test_arm_seconds_and_the_p_arm_14_switches_are_options(sheets):
    a, b = sheets
    code, text = run(
        "resolve",
        "arm",
        a,
        b,
        "--seed",
        "3",
        "--format",
        "jsonl",
        "--option",
        'seconds=[{"side": 1, "name": "Slick Sid"}]',
        "--option",
        "running_costs=maneuver_section",
    )
    start = json.loads(text.splitlines()[0])
    assert code == 0 and start["stipulation"]["seconds"] == [{"side": 1, "name": "Slick Sid", "skill": 12, "damage": 6}]
    assert start["stipulation"]["running_costs"] == "maneuver_section"
    assert run("resolve", "arm", a, b, "--option", 'seconds=[{"side": 5, "name": "X"}]')[0] == 2
