"""``python -m rules`` for wildknight: example, resolve, odds (through rules.cli.main)."""

import io
import json

import pytest

from rules.cli import main
from rules.registry import get_ruleset

RULESET = get_ruleset("wildknight")


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture
def sheets(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(RULESET.example_sheet()), encoding="utf-8")
    b.write_text(json.dumps(RULESET.example_sheet(seed=3)), encoding="utf-8")
    return str(a), str(b)


def test_it_lists_wildknight():
    code, out = run("rulesets")
    assert code == 0 and "wildknight" in out.split()


def test_it_prints_a_valid_example_sheet():
    code, out = run("example", "wildknight")
    assert code == 0
    sheet = json.loads(out)
    assert RULESET.validate_sheet(sheet) == sheet and sheet["name"] == "Rowdy Rex Rampage"


def test_it_prints_a_random_example_sheet_for_a_seed():
    code, out = run("example", "wildknight", "--seed", "3")
    assert code == 0 and json.loads(out) == RULESET.example_sheet(seed=3)


def test_it_resolves_a_match_as_text(sheets):
    code, out = run("resolve", "wildknight", *sheets, "--seed", "1")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "(seed 1)"
    assert lines[1].startswith("[00:00] ") and "Rowdy Rex Rampage" in lines[1]
    play, recap = out.split("\n\n")
    assert all(line.startswith("[") for line in play.splitlines()[1:])  # no empty (folded) lines
    assert recap.startswith("Dirty McCoy beat Rowdy Rex Rampage by pinfall")


def test_it_resolves_a_match_as_jsonl_identical_for_the_same_seed(sheets):
    code, out = run("resolve", "wildknight", *sheets, "--seed", "7", "--format", "jsonl")
    events = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and events[-1]["type"] == "result" and events[0]["seed"] == 7
    assert run("resolve", "wildknight", *sheets, "--seed", "7", "--format", "jsonl")[1] == out


def test_it_honours_the_time_limit_option(sheets):
    code, out = run("resolve", "wildknight", *sheets, "--seed", "4", "--format", "jsonl", "--time-limit", "60")
    result = json.loads(out.splitlines()[-1])
    assert code == 0 and result["rounds"] <= 2 and result["time_limit"] == 60


def test_it_resolves_many_matches_with_count(sheets):
    code, out = run("resolve", "wildknight", *sheets, "--seed", "10", "--count", "5", "--format", "jsonl")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["seed"] for r in rows] == [10, 11, 12, 13, 14]
    assert all(r["method"] in ("pinfall", "submission", "disqualification", "draw") for r in rows)


def test_it_computes_odds(sheets):
    code, out = run("odds", "wildknight", *sheets, "--sims", "200", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["sims"] == 200
    total = sum(p for methods in data["odds"].values() for p in methods.values())
    assert total == pytest.approx(1.0)
    assert "Rowdy Rex Rampage" in data["odds"]


def test_it_prints_odds_as_text(sheets):
    code, out = run("odds", "wildknight", *sheets, "--sims", "50")
    assert code == 0 and out.startswith("50 simulated matches")


def test_it_reports_a_bad_sheet_by_field(tmp_path, sheets, capsys):
    bad = RULESET.example_sheet()
    bad["attributes"]["Brawn"] = 9
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    code, _ = run("resolve", "wildknight", str(path), sheets[1])
    assert code == 2 and "attributes.Brawn" in capsys.readouterr().err


def test_it_refuses_a_bad_stipulation(sheets, capsys):
    code, _ = run("resolve", "wildknight", *sheets, "--option", "no_dq=maybe")
    assert code == 2 and "no_dq" in capsys.readouterr().err


def test_it_refuses_tag_matches(sheets, capsys):
    code, _ = run("resolve", "wildknight", *sheets, "--match", "tag")
    assert code == 2 and "singles" in capsys.readouterr().err
