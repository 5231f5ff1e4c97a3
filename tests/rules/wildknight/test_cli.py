"""``python -m rules`` for wildknight: example, resolve, odds (through rules.cli.main)."""

import io
import json
from pathlib import Path

import pytest

from rules.cli import main
from rules.dice import RandomDice
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


# --- promo segments: python -m rules promo wildknight A.json [B.json] -------------------------------------


def promo_events(*sheets, seed, **stipulation):
    sides = [[json.loads(Path(s).read_text())] for s in sheets]
    setup = RULESET.build_setup(sides, kind="promo", stipulation=stipulation)
    return list(RULESET.resolve(setup, RandomDice(seed), seed=seed))


def test_it_plays_a_dueling_promo_as_text(sheets):
    code, out = run("promo", "wildknight", *sheets, "--seed", "1")
    expected = promo_events(*sheets, seed=1)
    minutes = ["[00:00]", "[00:30]", "[00:30]"]
    assert code == 0
    assert out.splitlines() == ["(seed 1)", *[f"{m} {e['text']}" for m, e in zip(minutes, expected)]]
    assert "grabs the microphone" in out and "snatches the microphone back" in out


def test_it_plays_a_single_promo_as_json_lines_the_same_for_the_same_seed(sheets):
    code, out = run("promo", "wildknight", sheets[0], "--seed", "4", "--df", "5", "--json")
    events = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and events == promo_events(sheets[0], seed=4, df=5)
    assert [e["type"] for e in events] == ["promo", "result"] and events[0]["seed"] == 4
    assert events[-1]["method"] == "promo" and events[-1]["winner"] is None and len(events[-1]["carry"]) == 1
    assert run("promo", "wildknight", sheets[0], "--seed", "4", "--df", "5", "--format", "jsonl")[1] == out


def test_it_passes_styles_and_heat_once_per_wrestler(sheets):
    code, out = run(
        "promo", "wildknight", *sheets, "--seed", "2", "--style", "lie", "--style", "intimidate",
        "--heat", "4", "--heat", "1", "--json",
    )  # fmt: skip
    events = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [e["style"] for e in events[:2]] == ["lie", "intimidate"]
    assert events[0]["state"][0]["heat"] == 4 and events[-1]["carry"][0] == 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--df", "41"], "df must be a whole number from 1 to 40"),
        (["{B}", "--df", "12"], "a dueling promo has no Difficulty"),
        (["--style", "sing"], "styles must give one per wrestler"),
        (["{B}", "--style", "lie"], "--style: give it once per wrestler (2), not 1 times"),
        (["--heat", "5"], "heat_carried must give one whole number from 0 to 4"),
        (["{B}", "{B}"], "unrecognized arguments"),
    ],
)
def test_it_refuses_a_bad_promo_naming_the_option(sheets, capsys, argv, message):
    argv = [sheets[1] if a == "{B}" else a for a in argv]
    code, out = run("promo", "wildknight", sheets[0], *argv)
    err = capsys.readouterr().err
    assert (code, out) == (2, "") and err.startswith("error: ") and message in err


def test_it_refuses_a_promo_in_a_ruleset_without_promos(sheets, capsys):
    code, _ = run("promo", "hp-d6", sheets[0])
    err = capsys.readouterr().err
    assert code == 2 and "hp-d6 has no promo segments (rulesets with promos: wildknight)" in err


def test_it_refuses_odds_for_a_promo(sheets, capsys):
    code, _ = run("odds", "wildknight", *sheets, "--match", "promo")
    assert code == 2 and "odds are for matches" in capsys.readouterr().err
