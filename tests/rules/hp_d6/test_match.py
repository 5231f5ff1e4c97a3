"""Taking Turns (W-1, W-2): HP, initiative every round, turn order, the time limit, the stipulation keys."""

import json
import subprocess
import sys
from collections import Counter

import pytest

from rules import MatchSetup, RandomDice, ScriptedDice, SetupError, get_ruleset, ruleset_ids
from rules.hp_d6 import match as match_module
from rules.hp_d6.match import SECONDS_PER_TURN, Match
from tests.rules.hp_d6.helpers import RULESET, play, rolls, scripted, setup, sheet


def test_it_is_registered_for_singles_only():
    assert "hp-d6" in ruleset_ids()
    ruleset = get_ruleset("hp-d6")
    assert ruleset.match_kinds == ("singles",)
    with pytest.raises(SetupError):
        ruleset.build_setup([[sheet("A")], [sheet("B")]], kind="tag")
    with pytest.raises(SetupError):
        ruleset.build_setup([[sheet("A")], [sheet("B")], [sheet("C")]])


def test_it_starts_both_wrestlers_at_their_hp():
    m = scripted([], a=sheet("Ace"), b=sheet("Bruiser", hp=25))
    assert [(w.hp, w.hp_max, w.prone, w.turns_not_hit) for w in m.w] == [(20, 20, False, 0), (25, 25, False, 0)]


def test_it_rolls_initiative_again_on_a_tie_and_the_higher_goes_first():
    m = scripted([3, 3, 2, 5])
    assert m.initiative() is m.w[1]
    event = m.events[-1]
    assert rolls(event) == [
        ("initiative", 3),
        ("initiative", 3),
        ("initiative (tie, re-roll)", 2),
        ("initiative (tie, re-roll)", 5),
    ]
    assert (event["first"], event["actor"]) == (1, 1)


def test_it_lets_both_wrestlers_act_each_round_in_initiative_order():
    # round 1: Bruiser first (2-6), then Ace; round 2: Ace first (5-1), then Bruiser; then the time limit.
    events = play([2, 6, 1, 1, 2, 2, 5, 1, 1, 1, 1, 1], time_limit=4 * SECONDS_PER_TURN)
    turns = [(e["type"], e["actor"], e["round"]) for e in events]
    assert turns == [
        ("bell", None, 0),
        ("initiative", 1, 1),
        ("strike", 1, 1),
        ("strike", 0, 1),
        ("initiative", 0, 2),
        ("strike", 0, 2),
        ("strike", 1, 2),
        ("result", None, 2),
    ]


def test_it_ends_in_a_draw_at_the_time_limit():
    # every strike roll a tie: nobody ever hits; 20 s = 4 turns of 5 s = 2 rounds
    events = play([4, 1, 3, 3, 3, 3] * 2, time_limit=20)
    result = events[-1]
    assert (result["type"], result["winner"], result["method"], result["reason"]) == (
        "result",
        None,
        "draw",
        "time limit",
    )
    assert result["clock"] == 20.0
    assert [e["type"] for e in events].count("strike") == 4
    assert result["rounds"] == 2  # the bell rang before a third round


def test_it_defaults_to_a_20_minute_time_limit_at_5_seconds_a_turn():
    assert match_module.DEFAULT_TIME_LIMIT == 1200
    assert match_module.SECONDS_PER_TURN == 5
    events = play([4, 1, 3, 3, 3, 3] * 120)
    assert (events[-1]["method"], events[-1]["clock"], events[-1]["rounds"]) == ("draw", 1200.0, 120)


@pytest.mark.parametrize("limit", [0, 9, 14401, "long", True, [600]])
def test_it_refuses_a_bad_time_limit(limit):
    with pytest.raises(SetupError):
        setup(time_limit=limit)


def test_it_puts_the_seed_and_the_rules_in_the_first_event():
    events = list(RULESET.resolve(setup(), RandomDice(7), seed=7))
    bell = events[0]
    assert (bell["type"], bell["seq"], bell["seed"], bell["time_limit"]) == ("bell", 0, 7, 1200)
    assert bell["advanced"] == {"foreign_objects": False, "run_ins": False, "attack_referee": False}


def test_it_gives_the_same_bytes_for_the_same_seed():
    s = setup(a=RULESET.example_sheet(), b=RULESET.example_sheet(seed=5))
    one = json.dumps(list(RULESET.resolve(s, RandomDice(11), seed=11)))
    two = json.dumps(list(RULESET.resolve(s, RandomDice(11), seed=11)))
    assert one == two
    assert one != json.dumps(list(RULESET.resolve(s, RandomDice(12), seed=12)))


@pytest.mark.parametrize("stipulation", [{}, {"advanced": True}, {"advanced": True, "no_dq": True}])
def test_it_computes_the_same_result_quietly_as_loudly(stipulation):
    s = setup(a=RULESET.example_sheet(), b=RULESET.example_sheet(seed=2), **stipulation)
    for seed in range(150):
        loud = list(RULESET.resolve(s, RandomDice(seed), seed=seed))[-1]
        quiet = RULESET.outcome(s, RandomDice(seed), seed=seed)
        assert json.dumps(quiet) == json.dumps(loud)


def test_it_checks_the_fast_dice_against_randint():
    assert match_module.FAST_DICE is True


def test_it_computes_the_same_result_quietly_on_scripted_dice():
    script = [5, 2, 5, 2, 1, 4, 4, 3, 4, 1, 5, 2, 6, 3]
    s = setup(a=sheet("Ace", hp=10), b=sheet("Bruiser", hp=10))
    loud = list(RULESET.resolve(s, ScriptedDice(script)))[-1]
    assert RULESET.outcome(s, ScriptedDice(script)) == loud
    assert (loud["winner"], loud["method"], loud["seq"]) == (0, "pinfall", 9)


def test_it_imports_only_the_standard_library():
    code = (
        "import sys, rules, rules.hp_d6;"
        "from rules import get_ruleset; get_ruleset('hp-d6');"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'hypothesis', 'pytest')];"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_it_gives_mirror_image_wrestlers_even_chances():
    s = setup(a=RULESET.example_sheet(), b=dict(RULESET.example_sheet(), name="Mirror Harlan"))
    wins = Counter(RULESET.outcome(s, RandomDice(n), seed=n)["winner"] for n in range(3000))
    share = wins[0] / (wins[0] + wins[1])
    assert 0.46 < share < 0.54
    assert 0 < wins[None] < 300  # some go the distance, not many


def test_it_refuses_a_setup_that_is_not_one_against_one():
    three = MatchSetup(sides=((sheet("A"),), (sheet("B"),), (sheet("C"),)))
    with pytest.raises(SetupError):
        Match(three, ScriptedDice([]))


def test_it_can_ring_the_bell_between_the_two_turns_of_a_round():
    # 15 s: round 1 (two turns, 10 s), round 2 first turn (15 s), then time before the second turn
    events = play([4, 1, 3, 3, 3, 3, 4, 1, 3, 3], time_limit=3 * SECONDS_PER_TURN)
    assert [e["type"] for e in events][-3:] == ["initiative", "strike", "result"]
    assert (events[-1]["rounds"], events[-1]["clock"]) == (2, 15.0)


def test_it_rolls_the_tactics_die_quietly_on_scripted_dice_too():
    two = RULESET.validate_sheet(
        dict(RULESET.example_sheet(), tactics={"weights": {"strike": 1, "grapple": 1, **ZERO}})
    )
    s = setup(a=two, b=sheet("Bruiser"), time_limit=2 * SECONDS_PER_TURN)
    script = [5, 1, 2, 3, 3, 3, 3]  # initiative; d2 -> grapple 3-3 (tie, blocked); Bruiser strikes 3-3
    loud = list(RULESET.resolve(s, ScriptedDice(script)))
    assert [e["type"] for e in loud] == ["bell", "initiative", "grapple", "strike", "result"]
    assert RULESET.outcome(s, ScriptedDice(script)) == loud[-1]


ZERO = {"high_risk": 0, "submission": 0, "pinning_combination": 0, "finisher": 0, "cheat": 0}


def test_it_starts_no_turn_that_would_end_after_the_time_limit():
    events = play([4, 1, 3, 3, 3, 3], time_limit=12)  # 12 s: two 5-second turns fit, a third would not
    assert [e["type"] for e in events] == ["bell", "initiative", "strike", "strike", "result"]
    assert (events[-1]["method"], events[-1]["clock"]) == ("draw", 10.0)
