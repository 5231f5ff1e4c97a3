"""The commentary: folded bookkeeping (a finisher's call, covers and counts), no swing from a stunned man, no blow
for 0 damage, pronouns, stakes and the recap; the dice and the events never depend on the words."""

import pytest

from rules.dice import RandomDice

from .helpers import RULESET, match, play, sheet, told, types

LARIAT = {"maneuvers": ("Running Lariat", "Stomp", "Moonsault"), "finisher": "Running Lariat"}
CALLS = ("calls for the Ace Special", "signals for the Ace Special", "wants the Ace Special", "sets up the Ace Special")


def _with(raw, **more):
    return RULESET.validate_sheet({**raw, **more})


def test_it_tells_a_finishers_call_with_the_exchange_it_led_to():
    ace = sheet("Ace", Brawn=2, **LARIAT, tactics={"finisher_at": 0, "finisher_exertion": 0})
    m = match(ace, sheet("Bo"), [4, 15, 2])  # Ace calls his finisher; Bo's Clothesline (15) beats it
    m.w[0].heat = 1
    events = play(m)
    assert types(events) == ["finisher", "maneuver"]
    call, line = told(m, events)
    assert call == ""
    assert any(c in line for c in CALLS) and "Bo" in line and "Clothesline" in line


def test_it_never_says_a_stunned_wrestler_swung_and_missed():
    # Bo is stunned (he declares nothing): both naturals are 1s, both saved by their confirms: a whiff
    m = match(sheet("Ace"), sheet("Bo"), [1, 1, 10, 10, 5, 12], initiative=0)
    m.w[1].stunned = 1
    events = play(m)
    assert events[0]["outcome"] == "whiff" and events[0]["declared"][1]["stunned"] is True
    line = told(m, events)[0]
    assert "both swing" not in line.lower() and "Ace" in line and "Clothesline" in line


def test_it_tells_a_zero_damage_hit_as_one_that_did_nothing():
    weak = sheet("Ace", Brawn=-3, maneuvers=("Punch", "Stomp", "Moonsault"), finisher="Punch")
    m = match(weak, sheet("Bo"), [15, 5, 1])  # the Punch lands: d4 1 - 3 = 0 damage
    (event,) = play(m)
    assert (event["outcome"], event["damage"]) == ("hit", 0)
    line = told(m, [event])[0]
    assert any(w in line for w in ("barely", "no effect", "shrugs"))
    assert "0 damage" not in line


def test_it_tells_a_cover_its_counts_and_the_pinfall_in_one_line():
    m = match(sheet("Ace"), sheet("Bo"), [15, 5, 12, 10, 12, 12, 10, 11])
    m.w[1].prone = True
    m.w[1].fatigue = 20
    events = play(m)
    assert types(events) == ["maneuver", "pin", "pin-count", "pin-count", "pin-count"]
    texts = told(m, events)
    assert texts[:4] == ["", "", "", ""]  # the Pin Attempt, the cover, counts one and two
    assert "Ace" in texts[4] and "Bo" in texts[4] and "hree" in texts[4]


def test_it_uses_each_wrestlers_pronouns():
    she = _with(RULESET.example_sheet(), pronouns="she")
    they = _with(RULESET.example_sheet(3), pronouns="they")
    setup = RULESET.build_setup([[she], [they]])
    words = set()
    for seed in range(12):
        words |= {
            w.strip(".,!?;:") for e in RULESET.resolve(setup, RandomDice(seed), seed=seed) for w in e["text"].split()
        }
    assert not {"he", "him", "his", "himself", "He", "His"} & words
    assert {"she", "her", "herself"} & words and {"they", "them", "their", "themselves"} & words


def test_it_puts_the_title_on_the_line():
    setup = RULESET.build_setup(
        [[RULESET.example_sheet()], [RULESET.example_sheet(3)]], stipulation={"title": "Wild Title"}
    )
    events = list(RULESET.resolve(setup, RandomDice(1), seed=1))
    assert "Wild Title" in events[0]["text"]
    assert "Wild Title" in events[-1]["text"] or events[-1]["method"] in ("pinfall", "draw")


def test_it_words_the_same_match_the_same_way():
    setup = RULESET.build_setup([[RULESET.example_sheet()], [RULESET.example_sheet(3)]])
    once = [e["text"] for e in RULESET.resolve(setup, RandomDice(4), seed=4)]
    assert once == [e["text"] for e in RULESET.resolve(setup, RandomDice(4), seed=4)]
    assert len({next(RULESET.resolve(setup, RandomDice(s), seed=s))["text"] for s in range(20)}) >= 3


def test_the_recap_says_who_won_how_the_biggest_blow_and_what_it_means():
    setup = RULESET.build_setup([[RULESET.example_sheet()], [RULESET.example_sheet(3)]])
    events = list(RULESET.resolve(setup, RandomDice(6), seed=6))
    result = events[-1]
    winner = result["state"][result["winner"]]["name"]
    text = RULESET.recap(events, setup=setup, title="Wild Title", title_changed=False, streak=2)
    assert text.startswith(f"{winner} beat ") and result["method"] in text
    assert "biggest blow" in text and "near fall" in text
    assert "The Wild Title stays where it was." in text and "2 wins in a row" in text
    assert RULESET.recap(events[:-1]) == ""


@pytest.mark.parametrize("seed", range(5))
def test_every_event_has_a_sentence_or_is_folded_into_the_next_one(seed):
    setup = RULESET.build_setup([[RULESET.example_sheet(seed)], [RULESET.example_sheet(seed + 50)]])
    events = list(RULESET.resolve(setup, RandomDice(seed), seed=seed))
    assert events[0]["text"] and events[-1]["text"]
    for event in events:
        text = event["text"]
        assert text == text.strip() and "{" not in text and "None" not in text
        if text:
            assert text[0].isupper() and text[-1] in ".!", text
