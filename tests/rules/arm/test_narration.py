"""ARM's commentary (rules/arm/narration_call.py): bookkeeping folded into the action, names and pronouns as the
sheets give them, the referee's name as written, the result and the recap (issue 17). Contradictions against the
event state are checked over thousands of matches in tests/rules/test_narration_contradictions.py."""

import re

from rules import RandomDice

from .helpers import RULESET

BOOKKEEPING = re.compile(r"gets to (?:his|her|their) feet\.$|pulls (?:him|her|them) up\.$|takes control \(|repositions")


def _play(seed, kind="singles", **stipulation):
    if kind == "tag":
        names = (("Ace Diamond", "Rex Blaze"), ("Lola Cruz", "Kid Omega"))
        sides = [
            [dict(RULESET.example_sheet(seed + i + 2 * s), name=n) for i, n in enumerate(side)]
            for s, side in enumerate(names)
        ]
    else:
        a, b = RULESET.example_sheet(), RULESET.example_sheet(seed=3)
        sides = [[a], [b]]
    setup = RULESET.build_setup(sides, kind=kind, stipulation=stipulation)
    return setup, list(RULESET.resolve(setup, RandomDice(seed), seed=seed))


def test_bookkeeping_is_folded_into_the_lines_of_the_action():
    for seed in range(30):
        _setup, events = _play(seed)
        lines = [e["text"] for e in events if e["text"]]
        assert not [t for t in lines if BOOKKEEPING.search(t)]
        # a get-up, a change of control, a hold let go of: empty text, their dice still in the event
        folded = [e for e in events if e["type"] in ("position", "advantage") and not e["text"]]
        assert folded, "nothing was folded"
        assert all(isinstance(e["text"], str) and type(e["text"]) is str for e in events)  # plain text is stored


def test_the_same_seed_gives_the_same_words_and_another_seed_other_words():
    _s, one = _play(4)
    _s, again = _play(4)
    _s, other = _play(5)
    assert [e["text"] for e in one] == [e["text"] for e in again]
    assert [e["text"] for e in one] != [e["text"] for e in other]


def test_a_wrestler_is_called_by_the_pronouns_of_her_sheet():
    setup, events = _play(1)
    she = next(w for side in setup.sides for w in side if w["pronouns"] == "she")
    short = she["name"].split()[-1]
    told = [e["text"] for e in events if re.search(rf"\b{short}\b", e["text"] or "")]
    mine = [t for t in told if re.search(rf"\b{short}\b[^.!?]*\b(?:her|she)\b", t)]
    assert mine, "her pronouns are never used"


def test_the_referee_is_named_as_written():
    referee = {"name": "Slow-count Sam", "skill": 10, "sav": 10, "warning_limit": 3}
    _setup, events = _play(2, referee=referee)
    text = " ".join(e["text"] for e in events)
    assert "Slow-count Sam" in events[0]["text"]
    assert "Slow-count sam" not in text


def test_a_title_on_the_line_is_said_at_the_bell_and_in_the_result():
    _setup, events = _play(7, title="World Title")
    assert "World Title" in events[0]["text"]
    assert "World Title" in events[-1]["text"]


def test_a_tag_match_names_both_teams_and_the_winning_team():
    setup, events = _play(3, kind="tag")
    intro, result = events[0]["text"], events[-1]
    assert "Ace Diamond and Rex Blaze" in intro and "Lola Cruz and Kid Omega" in intro
    if result["winner"] is not None:
        team = ("Ace Diamond and Rex Blaze", "Lola Cruz and Kid Omega")[result["winner"]]
        assert team in RULESET.recap(events, setup)


def test_the_recap_says_who_won_how_and_what_it_means():
    setup, events = _play(40)
    result = events[-1]
    winner = setup.sides[result["winner"]][0]["name"]
    loser = setup.sides[1 - result["winner"]][0]["name"]
    text = RULESET.recap(events, setup, title="World Title", title_changed=True, streak=3)
    assert text.startswith(f"{winner} beat {loser} by {result['method']}")
    assert f"{winner} is the new World Title champion." in text
    assert f"That makes 3 wins in a row for {winner}." in text
    near = sum(1 for e in events if e["type"] == "pin" and e.get("count") == 2)
    if near:
        assert "near fall" in text or "kicked out of the" in text
    assert RULESET.recap(events[:-1], setup) == ""


def test_the_recap_reads_only_the_stored_fields():
    setup, events = _play(12)
    blank = [dict(e, text="") for e in events]
    assert RULESET.recap(blank, setup) == RULESET.recap(events, setup)
