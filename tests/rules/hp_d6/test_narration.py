"""Narration: one sentence per event, naming who did what; words never change the dice or the result."""

import json
from pathlib import Path

from rules.hp_d6 import moves, narration
from tests.rules.hp_d6.helpers import scripted

GOLDEN = Path(__file__).parent / "golden"


def test_it_uses_an_before_a_vowel():
    assert narration._a("Armbar") == "an Armbar"
    assert narration._a("Suplex") == "a Suplex"


def test_it_names_the_wrestlers_and_the_move_in_a_landed_strike():
    m = scripted([5, 2])
    a, b = m.w
    moves.strike(m, a, b)
    text = m.events[-1]["text"]
    assert "Ace" in text and "Bruiser" in text and "Punch" in text and "19 HP" in text


def test_it_writes_a_sentence_for_every_event_of_the_golden_matches():
    for path in sorted(GOLDEN.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            text = event["text"]
            assert text[0].isupper(), (path.name, event["seq"], text)
            assert text.rstrip()[-1] in ".!", (path.name, event["seq"], text)
            assert "None" not in text, (path.name, event["seq"], text)


def test_it_reads_the_time_limit_in_minutes_or_seconds():
    assert "20-minute time limit" in narration.bell(scripted([]))
    assert "45-second time limit" in narration.bell(scripted([], time_limit=45))
