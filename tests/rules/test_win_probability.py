"""Win probability from any point of a match (rules.win_probability, issue 21 item 1): continuations that keep every
die shown by event SEQ and draw fresh dice for the rest."""

import io
import json
import math
import random

import pytest

from rules import RandomDice, get_ruleset, odds
from rules.cli import main
from rules.decisions import Chooser, Decision
from rules.win_probability import (
    BEFORE_THE_BELL,
    ContinuationDice,
    PointError,
    continuations,
    line,
    official_events,
    stream_seed,
)

RULESETS = ("arm", "hp-d6", "wildknight")


def setup_of(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    return ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(seed=5)]])


def test_the_dice_are_the_matchs_own_until_the_switch_then_a_fresh_stream():
    official = RandomDice(11)
    dice = ContinuationDice(11, 5, stream_seed(11, 3, 0))
    first = [dice.roll(20, "x") for _ in range(5)]
    assert first == [official.roll(20, "x") for _ in range(5)]
    assert not dice.switched
    rest = [dice.roll(20, "x") for _ in range(30)]
    assert dice.switched
    fresh = random.Random(stream_seed(11, 3, 0))  # noqa: S311
    assert rest == [fresh.randint(1, 20) for _ in range(30)]
    assert rest != [official.roll(20, "x") for _ in range(30)]


def test_each_continuation_and_each_point_draws_its_own_stream():
    seeds = {stream_seed(11, after, k) for after in (0, 1, 2) for k in range(50)}
    assert len(seeds) == 150
    assert stream_seed(11, 4, 7) == stream_seed(11, 4, 7)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_before_the_first_move_it_is_the_pre_match_odds_within_their_standard_errors(ruleset_id):
    setup = setup_of(ruleset_id)
    sims = 300
    before = line(odds(ruleset_id, setup, sims=sims, seed=1000), sims, 2)
    for after in (BEFORE_THE_BELL, 0):
        live = line(continuations(ruleset_id, setup, seed=42, after=after, sims=sims), sims, 2)
        for side in (0, 1):
            gap = abs(live["win"][side] - before["win"][side])
            assert gap <= 4 * math.hypot(live["win_se"][side], before["win_se"][side]), (after, side, live, before)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_after_the_three_count_and_after_the_result_the_winner_is_certain(ruleset_id):
    setup = setup_of(ruleset_id)
    seed = next(s for s in range(100) if official_events(ruleset_id, setup, s)[-1]["method"] == "pinfall")
    events = official_events(ruleset_id, setup, seed)
    result = events[-1]
    count = max(e["seq"] for e in events if e["rolls"])  # the last dice of the match: the referee's count
    for after in (count, result["seq"]):
        counts = continuations(ruleset_id, setup, seed=seed, after=after, sims=20, events=events)
        assert counts == {(result["winner"], "pinfall"): 20}
        figures = line(counts, 20, 2)
        assert figures["win"][result["winner"]] == 1 and figures["win"][1 - result["winner"]] == 0
        assert figures["win_se"] == [0, 0]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_same_match_and_seed_give_the_same_line(ruleset_id):
    setup = setup_of(ruleset_id)
    events = official_events(ruleset_id, setup, 9)
    middle = events[len(events) // 2]["seq"]
    first = continuations(ruleset_id, setup, seed=9, after=middle, sims=60)
    assert continuations(ruleset_id, setup, seed=9, after=middle, sims=60, events=events) == first
    assert sum(first.values()) == 60
    assert official_events(ruleset_id, setup, 9) == events  # the official match is untouched


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_continuation_keeps_every_die_shown_by_the_point(ruleset_id):
    """Played loud, a continuation after event SEQ shows the official rolls in events 0..SEQ; the match goes on
    differently in some continuation."""
    ruleset, setup = get_ruleset(ruleset_id), setup_of(ruleset_id)
    events = official_events(ruleset_id, setup, 4)
    after = events[len(events) // 3]["seq"]
    shown = sum(len(e["rolls"]) for e in events[: after + 1])
    differs = False
    for k in range(5):
        dice = ContinuationDice(4, shown, stream_seed(4, after, k))
        played = list(ruleset.resolve(setup, dice, seed=4))
        assert [e["rolls"] for e in played[: after + 1]] == [e["rolls"] for e in events[: after + 1]]
        differs = differs or [e["rolls"] for e in played] != [e["rolls"] for e in events]
    assert differs


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_quiet_outcome_and_the_loud_match_switch_at_the_same_die(ruleset_id):
    """Continuations run on the result-only path (``outcome``); it must draw the dice the loud match draws."""
    ruleset, setup = get_ruleset(ruleset_id), setup_of(ruleset_id)
    for seed in range(6):
        events = official_events(ruleset_id, setup, seed)
        for after in (0, len(events) // 2):
            shown = sum(len(e["rolls"]) for e in events[: after + 1])
            quiet = ruleset.outcome(setup, ContinuationDice(seed, shown, stream_seed(seed, after, 0)), seed=seed)
            loud = list(ruleset.resolve(setup, ContinuationDice(seed, shown, stream_seed(seed, after, 0)), seed=seed))
            assert (quiet["winner"], quiet["method"], quiet["seq"]) == (
                loud[-1]["winner"],
                loud[-1]["method"],
                loud[-1]["seq"],
            )


def test_more_processes_give_the_same_counts():
    setup = setup_of("wildknight")
    one = continuations("wildknight", setup, seed=3, after=5, sims=200, jobs=1)
    assert continuations("wildknight", setup, seed=3, after=5, sims=200, jobs=2) == one


def test_a_point_outside_the_match_is_refused_naming_the_range():
    setup = setup_of("wildknight")
    last = official_events("wildknight", setup, 3)[-1]["seq"]
    with pytest.raises(PointError, match=f"events 0 to {last}"):
        continuations("wildknight", setup, seed=3, after=last + 1, sims=5)
    with pytest.raises(PointError):
        continuations("wildknight", setup, seed=3, after=-2, sims=5)


class FirstOption(Chooser):
    """A person who always takes the first option offered (records what he took)."""

    def __init__(self):
        self.picked = []

    def choose(self, match, decision_index, kind, side, build, default):
        options = build()
        self.picked.append({"index": decision_index, "side": side, "option": options[0].id})
        match.note_decision(Decision(decision_index, kind, side, *match.asking, tuple(options)), options[0], None)
        return options[0].value


def test_an_interactive_match_is_replayed_with_its_recorded_choices():
    ruleset, setup = get_ruleset("arm"), setup_of("arm")
    person = FirstOption()
    played = list(ruleset.resolve(setup, RandomDice(6), seed=6, choosers={0: person}))
    assert person.picked, "the person made no choice"
    events = official_events("arm", setup, 6, person.picked)
    assert events == played
    result = played[-1]
    counts = continuations("arm", setup, seed=6, after=result["seq"], sims=5, choices=person.picked)
    assert counts == {(result["winner"], result["method"]): 5}


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture
def sheets(tmp_path):
    paths = []
    for name, seed in (("a", None), ("b", "5")):
        path = tmp_path / f"{name}.json"
        _code, text = run("example", "wildknight", *(["--seed", seed] if seed else []))
        path.write_text(text)
        paths.append(str(path))
    return paths


def test_the_cli_answers_in_the_json_of_odds_with_standard_errors(sheets):
    a, b = sheets
    code, text = run("odds", "wildknight", a, b, "--seed", "3", "--after", "4", "--sims", "50", "--format", "json")
    assert code == 0
    row = json.loads(text)
    assert row["sims"] == 50 and row["seed"] == 3 and row["after"] == 4
    names = list(row["win"])
    assert len(names) == 2
    assert math.isclose(sum(row["win"].values()) + sum(row["odds"].get("draw", {}).values()), 1)
    for who, methods in row["odds"].items():
        assert set(row["se"][who]) == set(methods)
        for method, p in methods.items():
            assert math.isclose(row["se"][who][method], math.sqrt(p * (1 - p) / 50))
    code, again = run("odds", "wildknight", a, b, "--seed", "3", "--after", "4", "--sims", "50", "--format", "json")
    assert again == text


def test_the_cli_names_a_bad_point(sheets, capsys):
    a, b = sheets
    code, _text = run("odds", "wildknight", a, b, "--seed", "3", "--after", "9999", "--sims", "5")
    assert code == 2
    assert "--after 9999: the match with seed 3 has events 0 to" in capsys.readouterr().err
