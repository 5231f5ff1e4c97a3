"""The commentary: lines that read like a call, folded bookkeeping, pronouns, stakes, the recap; never the dice."""

import itertools
import json
from pathlib import Path

import pytest

from rules import RandomDice
from rules.hp_d6 import knockdown, moves, narration, pins
from rules.hp_d6.match import MatchEnded
from rules.narration_kit import Person, template_key
from tests.rules.hp_d6.helpers import RULESET, play, scripted, setup, sheet, told

GOLDEN = Path(__file__).parent / "golden"


def _she(name="Lady Vendetta", **tactics):
    raw = dict(sheet(name, **tactics))
    raw["pronouns"] = "she"
    return RULESET.validate_sheet(raw)


def _renderings(templates, a, b, **fmt):
    return {t.format(a=a, b=b, **fmt) for t in templates}


def test_it_writes_a_sentence_or_folds_the_event_in_every_golden_match():
    for path in sorted(GOLDEN.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert events[0]["text"] and events[-1]["text"]
        for event in events:
            text = event["text"]
            if not text:
                continue
            assert text[0].isupper(), (path.name, event["seq"], text)
            assert text.rstrip()[-1] in ".!", (path.name, event["seq"], text)
            assert "None" not in text and "{" not in text, (path.name, event["seq"], text)


def test_it_folds_the_initiative_and_a_failed_get_up_into_the_lines_that_follow():
    # Ace strikes Bruiser down; Bruiser fails to get up; the bell (time limit) after one round.
    events = play([5, 2, 5, 2, 1, 4], time_limit=10)
    by_type = {e["type"]: e["text"] for e in events}
    assert by_type["initiative"] == "" and by_type["get_up"] == ""
    assert [e["type"] for e in events if e["text"]] == ["bell", "strike", "result"]


def test_it_hauls_a_prone_man_up_and_slams_him_in_one_line():
    m = scripted([5, 2], a=sheet("Ace", only="grapple"), b=_she("Vendetta"))
    a, b = m.w
    b.prone = True
    start = m.snapshot()
    moves.grapple(m, a, b)
    assert m.events[-1]["stood_up"] is True
    text = told(m, start)[-1]
    ace, her = Person("Ace", 0), Person("Vendetta", 1, "she")
    fmt = {"m": "a Suplex", "M": "Suplex", "M_": "A Suplex"}
    stood = narration.STOOD_HIT["suplex"] + narration.STOOD_HIT_ANY
    assert text in _renderings(stood, ace, her, **fmt) | _renderings(stood, ace, her, **fmt)
    assert "her" in text.split() or "her." in text  # her pronouns, not his


def test_it_tells_a_cover_and_its_counts_in_one_line_at_the_kick_out():
    m = scripted([4, 1, 5, 2, 1, 1])  # count 1 and 2 won, count 3 tied: a kick-out at two and nine-tenths
    a, b = m.w
    b.hp, b.prone = 10, True
    start = m.snapshot()
    pins.pin(m, a, b)
    texts = told(m, start)
    assert texts[:3] == ["", "", ""]  # the cover and the two counts
    assert texts[3] and "Bruiser" in texts[3]
    assert any(word in texts[3] for word in ("nine-tenths", "split second", "just in time", "by a hair"))


def test_it_tells_the_kick_out_at_one_and_the_free_attack_in_one_line():
    m = scripted([3, 3, 4, 2])
    a, b = m.w
    b.hp, b.prone = 10, True
    start = m.snapshot()
    pins.pin(m, a, b)
    texts = told(m, start)
    assert texts[:2] == ["", ""]
    line = texts[2]
    assert "at one" in line or "before two" in line
    assert line.count(".") + line.count("!") >= 2  # the kick-out, then the strike from the mat


def test_it_says_the_finisher_and_the_kick_out_of_it():
    m = scripted([6, 1, 6])
    a, b = m.w
    b.hp, b.prone = 9, True
    start = m.snapshot()
    moves.grapple(m, a, b)
    finisher, pin = told(m, start)
    assert "Ace Driver" in finisher and ("out cold" in finisher or "laid out" in finisher or "done" in finisher)
    assert "Ace Driver" in pin and "kick" in pin.lower()


def test_it_never_says_a_landed_move_hurt_a_man_with_nothing_left():
    m = scripted([5, 2])
    a, b = m.w
    b.hp = 0
    start = m.snapshot()
    moves.strike(m, a, b)
    text = told(m, start)[-1]
    assert m.events[-1]["damage"] == 0
    assert "nothing" in text or "empty" in text
    assert "0 HP" not in text


def test_it_names_the_moment_a_man_reaches_pinning_range_once():
    m = scripted([5, 2, 5, 2])
    a, b = m.w
    b.hp = 11
    start = m.snapshot()
    moves.strike(m, a, b)  # 11 -> 10: pinning range
    moves.strike(m, a, b)  # 10 -> 9: nothing new to say about it
    first, second = told(m, start)
    tails = ("pinning range", "can be pinned now", "is fading")
    assert any(t in first for t in tails)
    assert not any(t in second for t in tails)


def test_it_uses_each_wrestlers_pronouns():
    they = RULESET.validate_sheet(dict(sheet("Ace"), pronouns="they"))
    s = setup(they, _she("Bruiser", alignment="heel"))
    events = list(RULESET.resolve(s, RandomDice(11), seed=11))
    words = " ".join(e["text"] for e in events).split()
    assert not {"he", "him", "his", "himself", "He", "His"} & set(words)
    assert {"they", "their", "them"} & set(words) and {"she", "her"} & set(words)


def test_it_puts_the_title_on_the_line_in_the_bell_and_the_result():
    s = RULESET.build_setup(
        [[RULESET.example_sheet()], [RULESET.example_sheet(3)]], stipulation={"title": "World Title"}
    )
    events = list(RULESET.resolve(s, RandomDice(3), seed=3))
    assert "for the World Title" in events[0]["text"]
    assert "World Title" in events[-1]["text"] or events[-1]["method"] == "draw"
    assert RULESET.outcome(s, RandomDice(3), seed=3) == events[-1]  # the quiet result says the same


def test_it_words_the_same_match_the_same_way_and_other_matches_differently():
    s = setup(RULESET.example_sheet(), RULESET.example_sheet(3))
    once = [e["text"] for e in RULESET.resolve(s, RandomDice(5), seed=5)]
    again = [e["text"] for e in RULESET.resolve(s, RandomDice(5), seed=5)]
    assert once == again
    bells = {next(RULESET.resolve(s, RandomDice(seed), seed=seed))["text"] for seed in range(30)}
    assert len(bells) >= 4


def test_it_rarely_repeats_a_template_within_three_lines():
    s = setup(RULESET.example_sheet(), RULESET.example_sheet(3))
    names = ["Hacksaw Harlan", "Harlan", RULESET.example_sheet(3)["name"], "Rude"]
    lines = repeats = 0
    for seed in range(40):
        recent = []
        for event in RULESET.resolve(s, RandomDice(seed), seed=seed):
            if not event["text"]:
                continue
            key = template_key(event["text"], names + [event.get("move") or ""])
            lines += 1
            repeats += key in recent
            recent = (recent + [key])[-3:]
    assert repeats / lines <= 0.02


def test_the_recap_says_who_won_how_the_turning_point_the_near_falls_and_what_it_means():
    s = setup(RULESET.example_sheet(), RULESET.example_sheet(3))
    events = list(RULESET.resolve(s, RandomDice(2), seed=2))  # a long match with many near falls
    result = events[-1]
    text = RULESET.recap(events, setup=s, title="World Title", title_changed=True, streak=3)
    winner = result["state"][result["winner"]]["name"]
    assert text.startswith(f"{winner} beat ")
    assert "by pinfall" in text and "turning point" in text.lower()
    assert "near falls" in text
    assert "new World Title champion" in text and "3 wins in a row" in text
    assert narration.recap(events) == RULESET.recap(events)  # pure: the events alone are enough
    assert RULESET.recap(events[:-1]) == ""  # not finished: nothing to recap


def test_the_recap_of_every_golden_match_names_the_winner_and_how():
    for path in sorted(GOLDEN.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        text = RULESET.recap(events)
        result = events[-1]
        if result["method"] == "draw":
            assert "draw" in text, path.name
            continue
        winner = result["state"][result["winner"]]["name"]
        assert text.startswith(f"{winner} beat "), path.name
        assert result["method"] in text, path.name
    finisher = [json.loads(line) for line in (GOLDEN / "plain_finisher_seed3.jsonl").read_text().splitlines()]
    assert "by pinfall with the Harlan Hammer" in RULESET.recap(finisher)


def test_the_recap_of_a_draw_says_so():
    events = play([4, 1, 3, 3, 3, 3], time_limit=12)
    text = RULESET.recap(events)
    assert "draw" in text and "time limit" in text


@pytest.mark.parametrize("outcome", ["up", "up and attack"])
def test_a_get_up_is_told_in_the_next_line_about_him(outcome):
    dice = [6, 1] if outcome == "up and attack" else [4, 2]
    m = scripted(dice + [5, 2])
    a, b = m.w
    a.prone = True
    start = m.snapshot()
    attack = knockdown.get_up(m, a, b)
    if attack:
        moves.strike(m, a, b)
    else:
        moves.strike(m, b, a)
    get_up, line = told(m, start)
    assert get_up == ""
    lead_ins = (
        "kips up",
        "springs up",
        "is up in a flash",
        "off the mat",
        "back on",
        "back up",
        "Up again",
        "Finally up",
        "up again",
        "gets back up",
        "makes it back",
    )
    assert any(w in line for w in lead_ins), line


def test_it_never_rolls_a_die_for_its_words():
    s = setup(RULESET.example_sheet(), RULESET.example_sheet(3))
    dice = RandomDice(9)
    events = list(RULESET.resolve(s, dice, seed=9))
    assert dice.count == sum(len(e["rolls"]) for e in events)


def test_it_reads_the_time_limit_in_minutes_or_seconds():
    for limit, words in ((1200, "20 minutes"), (45, "45 seconds")):
        bell = RULESET.resolve(setup(time_limit=limit), RandomDice(1), seed=1)
        assert words in next(bell)["text"]


def test_it_keeps_every_line_free_of_placeholders_over_many_matches():
    for seed, stip in itertools.product(range(60), ({}, {"advanced": True})):
        s = setup(RULESET.example_sheet(seed), RULESET.example_sheet(seed + 500), **stip)
        for event in RULESET.resolve(s, RandomDice(seed), seed=seed):
            assert "{" not in event["text"] and "None" not in event["text"]


def test_a_finished_match_ends_by_pinfall_after_the_three_line():
    m = scripted([4, 1, 5, 2, 6, 3])
    a, b = m.w
    b.hp, b.prone = 10, True
    start = m.snapshot()
    with pytest.raises(MatchEnded):
        pins.pin(m, a, b)
    texts = told(m, start)
    assert texts[:3] == ["", "", ""]
    assert "three" in texts[3].lower()
    assert texts[4].startswith(("Ace wins", "Here is your winner", "The referee raises"))
