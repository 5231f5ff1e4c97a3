"""``python -m rules play`` (issue 20 item 4): a person plays one side at the terminal, stdin in, the play-by-play
out; ``--save-choices`` and ``--choices`` reproduce the match from its seed and decisions alone."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules import get_ruleset
from rules.cli import main
from rules.decisions import play

ROOT = Path(__file__).resolve().parents[2]


def run(argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    old_in, old_err = sys.stdin, sys.stderr
    sys.stdin, sys.stderr = io.StringIO(stdin), err
    try:
        code = main(list(argv), out=out)
    finally:
        sys.stdin, sys.stderr = old_in, old_err
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def sheets(tmp_path):
    def make(ruleset_id):
        ruleset = get_ruleset(ruleset_id)
        a, b = tmp_path / f"{ruleset_id}-a.json", tmp_path / f"{ruleset_id}-b.json"
        a.write_text(json.dumps(ruleset.example_sheet()))
        b.write_text(json.dumps(ruleset.example_sheet(seed=3)))
        return str(a), str(b)

    return make


def test_a_person_plays_side_a_with_numbered_options_and_the_match_goes_on_to_the_end(sheets, tmp_path):
    a, b = sheets("hp-d6")
    saved = tmp_path / "choices.json"
    code, text, _err = run(["play", "hp-d6", a, b, "--seed", "4", "--save-choices", str(saved)], "2\n" * 400)
    assert code == 0
    assert text.startswith("(seed 4; you play side 0)\n")
    assert (
        "Hacksaw Harlan's turn: which move?\n  1. Strike: Punch (-1 HP, 42 %)\n  2. Grapple: Body Slam (-2 HP, 42 %)"
        in text
    )
    assert "  -  Go for the pin: he is standing: a pin needs him down" in text  # the refused, with the reason
    assert "Hacksaw Harlan's call: Grapple: Body Slam." in text
    choices = json.loads(saved.read_text())
    assert choices and all(c["side"] == 0 and "option" in c for c in choices)
    assert [c["index"] for c in choices] == sorted(c["index"] for c in choices)


def test_bad_input_is_asked_again_with_the_reason(sheets):
    a, b = sheets("hp-d6")
    code, text, _err = run(["play", "hp-d6", a, b, "--seed", "4"], "9\nfoo\nmove:pin\n\n" + "t\n" * 400)
    assert code == 0
    assert "  not a choice: 9 (type a number from 1 to 6, or t)" in text
    assert "  not allowed: 'foo' is not a legal choice here (legal: move:strike, move:grapple," in text
    assert "  not allowed: 'move:pin' is not allowed here: he is standing" in text
    assert "  type a number from 1 to 6, or t" in text
    assert "Hacksaw Harlan leaves the call to the tactics." in text


def test_the_decisions_saved_reproduce_the_match_from_its_seed_alone(sheets, tmp_path):
    for ruleset_id in ("hp-d6", "wildknight", "arm"):
        a, b = sheets(ruleset_id)
        saved = tmp_path / f"{ruleset_id}.json"
        played_args = ["play", ruleset_id, a, b, "--seed", "7", "--side", "1", "--format", "jsonl"]
        code, live, _err = run([*played_args, "--save-choices", str(saved)], "1\n2\n3\n" * 2000)
        assert code == 0, _err[-500:]
        code, again, err = run([*played_args, "--choices", str(saved)], "")  # no input needed: all in the file
        assert code == 0, err
        assert again == live
        events = [json.loads(line) for line in live.splitlines()]
        assert events[-1]["type"] == "result" and any(e["type"] == "decision" for e in events)
        # the same match through the API the web app calls
        ruleset = get_ruleset(ruleset_id)
        setup = {"sides": [[json.loads(Path(a).read_text())], [json.loads(Path(b).read_text())]], "stipulation": {}}
        restored = play(ruleset_id, setup, 7, json.loads(saved.read_text()), people=(1,))
        assert restored.result is not None and json.loads(json.dumps(restored.events)) == events
        assert ruleset.id == ruleset_id


def test_the_input_ending_before_the_match_is_an_error_and_the_choices_so_far_are_saved(sheets, tmp_path):
    a, b = sheets("hp-d6")
    saved = tmp_path / "so-far.json"
    code, _text, err = run(["play", "hp-d6", a, b, "--seed", "4", "--save-choices", str(saved)], "1\n1\n")
    assert code == 2
    assert err.startswith("error: the input ended at decision ") and "before the match did" in err
    assert len(json.loads(saved.read_text())) == 2


def test_a_choices_file_the_rules_refuse_is_an_error_naming_the_flag(sheets, tmp_path):
    a, b = sheets("hp-d6")
    bad = tmp_path / "bad.json"
    first = play(
        "hp-d6", {"sides": [[json.loads(Path(a).read_text())], [json.loads(Path(b).read_text())]]}, 4, [], (0,)
    )
    bad.write_text(json.dumps([{"index": first.pending.index, "side": 0, "option": "move:pin"}]))
    code, _text, err = run(["play", "hp-d6", a, b, "--seed", "4", "--choices", str(bad)])
    assert code == 2 and err.startswith("error: --choices: 'move:pin' is not allowed here: he is standing")
    bad.write_text('{"choices": [{"index": "x"}]}')
    code, _text, err = run(["play", "hp-d6", a, b, "--seed", "4", "--choices", str(bad)])
    assert (code, err) == (2, f"error: --choices: {bad}: choices[0] needs an integer index and a side 0 or 1\n")
    code, _text, err = run(["play", "hp-d6", a, b, "--seed", "4", "--choices", str(tmp_path / "none.json")])
    assert code == 2 and err.startswith("error: --choices: cannot read ")
    code, _text, err = run(["play", "hp-d6", a, b, "--side", "2"])
    assert code == 2 and "--side" in err


def test_it_reads_a_real_stdin(sheets):
    a, b = sheets("wildknight")
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "play", "wildknight", a, b, "--seed", "2"],
        input="1\n" * 2000,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Round 1: what does Rowdy Rex Rampage declare?\n  1. " in proc.stdout
    assert "How hard does Rowdy Rex Rampage push?\n  1. No exertion (" in proc.stdout
    assert proc.stdout.rstrip().splitlines()[-1]  # the recap closes it
