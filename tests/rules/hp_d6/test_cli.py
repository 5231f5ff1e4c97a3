"""``python -m rules`` with hp-d6: example, resolve, odds (through rules.cli.main)."""

import io
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from rules import RandomDice
from rules.cli import main
from tests.rules.hp_d6.helpers import RULESET


def _run(*argv):
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture
def sheets(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(RULESET.example_sheet()))
    b.write_text(json.dumps(RULESET.example_sheet(seed=9)))
    return str(a), str(b)


def test_it_lists_hp_d6():
    code, out = _run("rulesets")
    assert code == 0
    assert "hp-d6" in out.split()


def test_it_prints_the_example_sheet():
    code, out = _run("example", "hp-d6")
    assert code == 0
    assert json.loads(out) == RULESET.example_sheet()


def test_it_runs_as_python_dash_m_rules(sheets):
    root = Path(__file__).resolve().parents[3]
    cmd = [sys.executable, "-m", "rules", "resolve", "hp-d6", *sheets, "--seed", "2", "--format", "jsonl"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=root)
    last = json.loads(done.stdout.splitlines()[-1])
    assert last["type"] == "result"
    assert json.loads(done.stdout.splitlines()[0])["seed"] == 2


def test_it_prints_a_random_valid_example_sheet_with_a_seed():
    code, out = _run("example", "hp-d6", "--seed", "4")
    sheet = json.loads(out)
    assert code == 0
    assert sheet == RULESET.example_sheet(seed=4)
    assert RULESET.validate_sheet(sheet) == sheet


def test_it_resolves_a_match_as_json_lines(sheets):
    code, out = _run("resolve", "hp-d6", *sheets, "--seed", "3", "--format", "jsonl")
    assert code == 0
    events = [json.loads(line) for line in out.splitlines()]
    setup = RULESET.build_setup([[RULESET.example_sheet()], [RULESET.example_sheet(seed=9)]])
    assert events == list(RULESET.resolve(setup, RandomDice(3), seed=3))
    assert events[0]["seed"] == 3
    assert events[-1]["type"] == "result"


def test_it_resolves_a_match_as_text(sheets):
    code, out = _run("resolve", "hp-d6", *sheets, "--seed", "3")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "(seed 3)"
    assert lines[1].startswith("[00:00] Ding ding! Hacksaw Harlan")
    assert len(lines) > 5


def test_it_resolves_several_matches_with_count(sheets):
    code, out = _run("resolve", "hp-d6", *sheets, "--seed", "10", "--count", "4", "--format", "jsonl")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [r["seed"] for r in rows] == [10, 11, 12, 13]
    setup = RULESET.build_setup([[RULESET.example_sheet()], [RULESET.example_sheet(seed=9)]])
    for row in rows:
        result = RULESET.outcome(setup, RandomDice(row["seed"]), seed=row["seed"])
        assert (row["winner"], row["method"], row["rounds"]) == (result["winner"], result["method"], result["rounds"])


def test_it_passes_the_time_limit_and_advanced_options(sheets):
    argv = ("resolve", "hp-d6", *sheets, "--seed", "1", "--format", "jsonl", "--time-limit", "120")
    code, out = _run(*argv, "--option", "advanced=true")
    bell = json.loads(out.splitlines()[0])
    assert code == 0
    assert bell["time_limit"] == 120
    assert bell["advanced"] == {"foreign_objects": True, "run_ins": True, "attack_referee": True}
    assert json.loads(out.splitlines()[-1])["clock"] <= 120


def test_it_computes_odds_that_add_up(sheets):
    code, out = _run("odds", "hp-d6", *sheets, "--sims", "300", "--format", "json")
    assert code == 0
    table = json.loads(out)
    assert table["sims"] == 300
    total = sum(p for methods in table["odds"].values() for p in methods.values())
    assert total == pytest.approx(1.0)
    setup = RULESET.build_setup([[RULESET.example_sheet()], [RULESET.example_sheet(seed=9)]])
    counts = Counter(RULESET.outcome(setup, RandomDice(n), seed=n)["winner"] for n in range(300))
    assert sum(table["odds"]["Hacksaw Harlan"].values()) == pytest.approx(counts[0] / 300)


def test_it_prints_odds_as_text(sheets):
    code, out = _run("odds", "hp-d6", *sheets, "--sims", "50")
    assert code == 0
    assert out.splitlines()[0] == "50 simulated matches"
    assert any(line.startswith("Hacksaw Harlan: ") for line in out.splitlines())


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--option", 'advanced={"chairs": true}'), "advanced.chairs"),
        (("--time-limit", "5"), "time_limit"),
        (("--time-limit", "99999"), "time_limit"),
        (("--match", "tag"), "tag"),
    ],
)
def test_it_exits_2_on_a_bad_stipulation(sheets, capsys, extra, message):
    code, _ = _run("resolve", "hp-d6", *sheets, *extra)
    assert code == 2
    assert message in capsys.readouterr().err


def test_it_names_the_field_of_a_bad_sheet_file(tmp_path, sheets, capsys):
    bad = tmp_path / "bad.json"
    raw = RULESET.example_sheet()
    raw["hp"] = 99
    bad.write_text(json.dumps(raw))
    code, _ = _run("resolve", "hp-d6", str(bad), sheets[1])
    assert code == 2
    assert "hp: must be between 10 and 40" in capsys.readouterr().err
