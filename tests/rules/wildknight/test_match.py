"""Whole matches: properties over seeds (Heat bounds, finishers spend Heat, every match ends, gapless seq, every die
accounted for, determinism) and the time limit."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import resolve
from rules.base import RESULT_METHODS
from rules.dice import RandomDice
from rules.errors import SetupError
from rules.registry import get_ruleset
from rules.wildknight.match import DEFAULT_TIME_LIMIT, SECONDS_PER_ROUND
from rules.wildknight.tables import FLAWS, GIMMICKS, SIGNATURE_MOVE

RULESET = get_ruleset("wildknight")
seeds = st.integers(min_value=0, max_value=2**32)


def setup_for(sheet_seed_a, sheet_seed_b, **stip):
    a = RULESET.example_sheet(seed=sheet_seed_a)
    b = RULESET.example_sheet(seed=sheet_seed_b)
    return RULESET.build_setup([[a], [b]], stipulation=stip)


def play(setup, seed):
    dice = RandomDice(seed)
    events = list(RULESET.resolve(setup, dice, seed=seed))
    return events, dice


@settings(max_examples=150, deadline=None)
@given(seeds, st.integers(0, 500), st.integers(0, 500))
def test_it_keeps_every_invariant_of_a_match(seed, sa, sb):
    setup = setup_for(sa, sb)
    events, dice = play(setup, seed)
    # every match ends, once, with a known method
    assert events[-1]["type"] == "result" and [e["type"] for e in events].count("result") == 1
    assert events[-1]["method"] in RESULT_METHODS
    assert events[-1]["rounds"] <= DEFAULT_TIME_LIMIT // SECONDS_PER_ROUND
    # seq gapless, seed on the first event
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert events[0]["seed"] == seed
    # every die rolled is in exactly one event
    assert sum(len(e["rolls"]) for e in events) == dice.count
    previous = events[0]["state"]
    for e in events:
        for s in e["state"]:
            assert 0 <= s["heat"] <= 4
            assert s["fatigue"] >= 0 and s["stunned"] >= 0
            # the penalty his Fatigue earns, except while a Hulk Up ignores it
            assert s["fatigue_penalty"] == (0 if s["hulk_up"] else s["fatigue"] // s["fatigue_threshold"])
        for r in e["rolls"]:
            if "modifiers" in r:
                assert r["value"] + sum(m["amount"] for m in r["modifiers"]) == r["total"]
            if r["die"] == "d20" and r["for"].startswith("maneuver roll"):
                assert {"need", "outcome"} <= set(r)
        if e["type"] == "finisher":
            # a finisher always spends one Heat, before its Maneuver Roll
            assert e["state"][e["actor"]]["heat"] == previous[e["actor"]]["heat"] - 1
            assert e["heat_spent"] == 1
        previous = e["state"]


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(0, 500), st.integers(0, 500))
def test_it_announces_every_finisher_maneuver_with_a_heat_spend(seed, sa, sb):
    events, _ = play(setup_for(sa, sb), seed)
    announced = set()
    for e in events:
        if e["type"] == "finisher":
            announced.add((e["round"], e["actor"]))
        if e["type"] == "maneuver":
            for d in e["declared"]:
                if d.get("finisher"):
                    assert (e["round"], d["side"]) in announced


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(0, 500), st.integers(0, 500))
def test_it_gives_the_same_bytes_for_the_same_seed(seed, sa, sb):
    setup = setup_for(sa, sb)
    first = json.dumps(play(setup, seed)[0])
    again = json.dumps(list(resolve("wildknight", setup, seed=seed)))
    assert first == again


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(30, 400))
def test_it_ends_in_a_draw_when_the_time_limit_runs_out(seed, time_limit):
    setup = setup_for(1, 2, time_limit=time_limit)
    events, _ = play(setup, seed)
    result = events[-1]
    rounds = time_limit // SECONDS_PER_ROUND
    assert result["rounds"] <= rounds
    if result["method"] == "draw":
        assert result["winner"] is None and result["rounds"] == rounds
        assert result["clock"] == rounds * SECONDS_PER_ROUND


def test_it_differs_between_seeds():
    setup = setup_for(1, 2)
    assert json.dumps(play(setup, 1)[0]) != json.dumps(play(setup, 2)[0])


def test_it_ends_most_matches_before_the_bell():
    setup = RULESET.build_setup([[RULESET.example_sheet()], [RULESET.example_sheet(3)]])
    methods = [RULESET.outcome(setup, RandomDice(s), seed=s)["method"] for s in range(200)]
    assert methods.count("draw") < 20
    assert methods.count("pinfall") > 100


def test_it_starts_with_the_opening_bell_and_its_initiative_rolls():
    events, _ = play(setup_for(4, 5), 9)
    bell = events[0]
    assert bell["type"] == "bell" and bell["round"] == 0
    assert [r["for"] for r in bell["rolls"][:2]] == ["initiative: opening bell"] * 2
    assert sum(s["initiative"] for s in bell["state"]) == 1


ATTRS = ("Brawn", "Power", "Athleticism", "Flair")


@st.composite
def any_sheet(draw):
    """Any valid sheet: extreme attributes, odd move lists, every tactic."""
    names = [m["name"] for m in RULESET.maneuvers()]
    moves = draw(st.lists(st.sampled_from(names), min_size=3, max_size=12, unique=True))
    first = draw(st.sampled_from(["Punch", "Small Package", "Taunt", "Eye Rake", "Powerbomb", "Top-Rope Plancha"]))
    if first not in moves:
        moves = [first, *moves[:11]]
    damaging = [n for n in moves if RULESET.maneuvers()[names.index(n)]["damage"]]
    if not damaging:
        moves = [*moves[:11], "Clothesline"]
        damaging = ["Clothesline"]
    finisher = draw(st.sampled_from(damaging))
    flaws = draw(st.lists(st.sampled_from(sorted(FLAWS)), max_size=2, unique=True))
    gimmicks = draw(st.lists(st.sampled_from(sorted(GIMMICKS)), max_size=2 + len(flaws), unique=True))
    signatures = [n for n in moves if n != finisher]
    if SIGNATURE_MOVE in gimmicks and not signatures:
        gimmicks.remove(SIGNATURE_MOVE)
    raw = {
        "name": draw(st.text(min_size=1, max_size=20).filter(str.strip)),
        "alignment": draw(st.sampled_from(["face", "heel"])),
        "weight": draw(st.integers(100, 700)),
        "attributes": {a: draw(st.integers(-5, 5)) for a in ATTRS}
        | {a: draw(st.integers(0, 5)) for a in ("Deception", "Presence")},
        "maneuvers": moves,
        "finisher": {"name": "The End", "maneuver": finisher},
        "flaws": flaws,
        "gimmicks": gimmicks,
        "tactics": {
            "illegal": draw(st.booleans()),
            "cheat": draw(st.integers(0, 2)),
            "exertion": draw(st.integers(0, 5)),
            "finisher_exertion": draw(st.integers(0, 5)),
            "cover_at": draw(st.integers(0, 10)),
            "finisher_at": draw(st.integers(0, 10)),
            "excuse": draw(st.sampled_from(["best", "lie", "intimidate"])),
        },
    }
    if SIGNATURE_MOVE in gimmicks:
        raw["signature"] = draw(st.sampled_from(signatures))
    return RULESET.validate_sheet(raw)


@settings(max_examples=150, deadline=None)
@given(seeds, any_sheet(), any_sheet(), st.booleans())
def test_it_ends_every_match_between_any_valid_sheets(seed, a, b, no_dq):
    setup = RULESET.build_setup([[a], [b]], stipulation={"no_dq": no_dq, "time_limit": 900})
    events, dice = play(setup, seed)
    assert events[-1]["type"] == "result" and events[-1]["rounds"] <= 30
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert sum(len(e["rolls"]) for e in events) == dice.count
    assert all(0 <= s["heat"] <= 4 for e in events for s in e["state"])
    if no_dq:
        assert not any(e["type"] == "warning" for e in events)
        assert events[-1]["method"] != "disqualification"
    for side, sheet in enumerate((a, b)):  # the once-a-match Gimmick Enhancements, and what they cost
        gimmicks = sheet.get("gimmicks") or ()
        winds = [i for i, e in enumerate(events) if e["type"] == "second-wind" and e["actor"] == side]
        flights = [e for e in events if e["type"] == "high-flyer" and e["actor"] == side]
        assert len(winds) <= ("Second Wind" in gimmicks) and len(flights) <= ("High Flyer" in gimmicks)
        for i in winds:
            assert events[i]["state"][side]["heat"] == events[i - 1]["state"][side]["heat"] - 1
            assert (
                events[i]["state"][side]["fatigue"] == events[i - 1]["state"][side]["fatigue"] - events[i]["recovered"]
            )
    json.dumps(events)


def test_it_imports_only_the_standard_library_and_rules():
    import ast
    import sys
    from pathlib import Path

    import rules.wildknight

    for path in Path(rules.wildknight.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
            else:
                continue
            for mod in mods:
                top = mod.split(".")[0]
                assert top == "rules" or top in sys.stdlib_module_names, f"{path.name} imports {mod}"


@pytest.mark.parametrize(
    "stipulation",
    [
        {"time_limit": 29},
        {"time_limit": "600"},
        {"time_limit": True},
        {"no_dq": "yes"},
        {"starting_heat": [5, 0]},
        {"starting_heat": [1]},
        {"starting_heat": "2,2"},
    ],
)
def test_it_refuses_bad_stipulations(stipulation):
    a, b = RULESET.example_sheet(), RULESET.example_sheet(seed=3)
    with pytest.raises(SetupError):
        RULESET.build_setup([[a], [b]], stipulation=stipulation)


def test_it_refuses_more_than_two_sides_or_tag_teams():
    a = RULESET.example_sheet()
    with pytest.raises(SetupError):
        RULESET.build_setup([[a], [a], [a]])
    with pytest.raises(SetupError):
        RULESET.build_setup([[a, a], [a, a]], kind="tag")


def test_it_plays_a_no_dq_match_without_warnings():
    a = RULESET.example_sheet()
    b = RULESET.validate_sheet({**RULESET.example_sheet(seed=1), "tactics": {"illegal": True, "cheat": 2}})
    setup = RULESET.build_setup([[a], [b]], stipulation={"no_dq": True})
    for seed in range(100):
        events, _ = play(setup, seed)
        assert not any(e["type"] == "warning" for e in events)
        assert events[-1]["method"] != "disqualification"
