"""The recap's generic fallback (``Ruleset.recap`` in rules/base.py): who won, how, in how many rounds, from the
result event and the names in its state. A ruleset may override it; these tests call the base implementation."""

import pytest

from rules import RandomDice, get_ruleset, ruleset_ids
from rules.base import Ruleset

BASE = Ruleset()


def result(winner, method, rounds, *wrestlers):
    """A result event whose state lists ``wrestlers`` as (name, side)."""
    return {
        "seq": 9,
        "round": rounds,
        "type": "result",
        "state": [{"name": name, "side": side} for name, side in wrestlers],
        "text": "the engine's own line",
        "winner": winner,
        "method": method,
        "rounds": rounds,
    }


def test_a_singles_win_says_who_beat_whom_how_and_in_how_many_rounds():
    events = [{"seq": 0, "type": "bell"}, result(1, "pinfall", 12, ("Rick Steel", 0), ("Chico Cobra", 1))]
    assert BASE.recap(events) == "Chico Cobra defeated Rick Steel by pinfall after 12 rounds."


def test_a_tag_team_is_named_by_both_wrestlers_in_the_order_the_state_lists_them():
    event = result(0, "submission", 1, ("Ace", 0), ("Duke", 1), ("Blaze", 0), ("Cole", 1))
    assert BASE.recap([event]) == "Ace & Blaze defeated Duke & Cole by submission after 1 round."


@pytest.mark.parametrize(
    ("method", "how"),
    [
        ("knockout", "by knockout"),
        ("disqualification", "by disqualification"),
        ("count-out", "by count-out"),
        ("escape", "by escaping the cage"),
    ],
)
def test_every_way_to_win_is_said_in_words(method, how):
    assert BASE.recap([result(0, method, 7, ("A", 0), ("B", 1))]) == f"A defeated B {how} after 7 rounds."


def test_draws_no_contests_and_several_sides():
    tag = [("Ace", 0), ("Blaze", 0), ("Duke", 1), ("Cole", 1)]
    assert (
        BASE.recap([result(None, "draw", 70, *tag)]) == "Ace & Blaze and Duke & Cole fought to a draw after 70 rounds."
    )
    assert (
        BASE.recap([result(None, "no-contest", 3, ("A", 0), ("B", 1))])
        == "The match between A and B ended in no contest after 3 rounds."
    )
    three = result(2, "pinfall", 5, ("A", 0), ("B", 1), ("C", 2))
    assert BASE.recap([three]) == "C defeated A and B by pinfall after 5 rounds."
    assert BASE.recap([result(None, "draw", 0, ("A", 0), ("B", 1))]) == (
        "A and B fought to a draw before the first round was out."
    )


def test_a_match_without_its_result_has_no_recap_yet():
    assert BASE.recap([]) == ""
    assert BASE.recap([{"seq": 0, "type": "bell", "text": "Ding ding!"}]) == ""


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_over_seeded_matches_the_recap_agrees_with_the_result_event(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    a, b = ruleset.example_sheet(), ruleset.example_sheet(seed=1001)
    b["name"] = "Second Wrestler"
    setup = ruleset.build_setup([[a], [b]])
    names = [a["name"], b["name"]]
    for seed in range(25):
        events = list(ruleset.resolve(setup, RandomDice(seed), seed=seed))
        last = events[-1]
        recap = BASE.recap(events)
        rounds = f"after {last['rounds']} round{'' if last['rounds'] == 1 else 's'}."
        assert recap.endswith(rounds), (seed, recap)
        if last["winner"] is None:
            assert "draw" in recap or "no contest" in recap, (seed, recap)
        else:
            winner, loser = names[last["winner"]], names[1 - last["winner"]]
            assert recap.startswith(f"{winner} defeated {loser} by "), (seed, recap)
        assert ruleset.recap(events), "every ruleset recaps a finished match"
