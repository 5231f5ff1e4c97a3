"""K-28: promo segments outside a match earn Heat, carried into the next match (what a league calls)."""

import pytest

from rules.dice import RandomDice, ScriptedDice
from rules.errors import SetupError, SheetError
from rules.wildknight import segments

from .helpers import RULESET, sheet


def test_it_gives_heat_for_a_promo_that_beats_the_difficulty_by_ten():
    result = RULESET.single_promo(sheet("Ace", Presence=3, Flair=2), ScriptedDice([(20, 16)]))
    assert (result["heat"], result["gained"]) == (1, 1)
    roll = result["roll"]
    assert roll["for"] == "promo (charisma): Presence + Flair"
    assert (roll["value"], roll["total"], roll["need"], roll["outcome"]) == (16, 21, 20, "heat")
    assert "+1 Heat" in result["text"]


@pytest.mark.parametrize(("value", "outcome"), [(14, "success"), (4, "failure")])
def test_it_gives_no_heat_for_a_promo_that_does_not_clear_it_by_ten(value, outcome):
    result = RULESET.single_promo(sheet("Ace", Presence=3, Flair=2), ScriptedDice([value]), heat_carried=2)
    assert (result["heat"], result["gained"], result["roll"]["outcome"]) == (2, 0, outcome)


def test_it_gives_a_natural_twenty_no_automatic_heat():
    result = RULESET.single_promo(sheet("Ace"), ScriptedDice([20]), df=15)
    assert (result["gained"], result["roll"]["outcome"]) == (0, "success")


def test_it_never_lets_carried_heat_pass_four():
    result = RULESET.single_promo(sheet("Ace", Presence=5, Flair=5), ScriptedDice([15]), heat_carried=4)
    assert (result["heat"], result["gained"], result["roll"]["outcome"]) == (4, 0, "heat")


def test_it_rolls_the_style_the_promoter_picks():
    result = RULESET.single_promo(sheet("Ace", Deception=4, Flair=1, Presence=0), ScriptedDice([10]), style="lie")
    assert result["roll"]["for"] == "promo (lie): Deception + Flair" and result["roll"]["total"] == 15
    result = RULESET.single_promo(sheet("Ace", Presence=2, Brawn=3), ScriptedDice([10]), style="intimidate")
    assert result["roll"]["total"] == 15


def test_it_gives_heat_to_the_duelist_who_outtalks_the_other_by_ten():
    a, b = sheet("Ace", Presence=3, Flair=2), sheet("Bo")
    result = RULESET.dueling_promo(a, b, ScriptedDice([15, 10]), heat_carried=(1, 3))
    assert (result["winner"], result["heat"], result["gained"]) == (0, [2, 3], [1, 0])
    ra, rb = result["rolls"]
    assert (ra["total"], ra["need"], ra["outcome"]) == (20, 20, "heat")
    assert (rb["side"], rb["total"], rb["outcome"]) == (1, 10, "lost")
    close = RULESET.dueling_promo(a, b, ScriptedDice([14, 10]))
    assert (close["winner"], close["heat"], [r["outcome"] for r in close["rolls"]]) == (None, [0, 0], ["won", "lost"])
    back = RULESET.dueling_promo(a, b, ScriptedDice([1, 20]))  # Bo's 20 against Ace's 6
    assert (back["winner"], back["heat"]) == (1, [0, 1])


def test_it_carries_promo_heat_into_the_next_match_clamped_to_four():
    promo = RULESET.single_promo(sheet("Ace", Presence=3, Flair=2), ScriptedDice([16]), heat_carried=1)
    stipulation = {"starting_heat": segments.starting_heat(promo["heat"], 9)}
    assert stipulation["starting_heat"] == [2, 4]
    setup = RULESET.build_setup([[sheet("Ace")], [sheet("Bo")]], stipulation=stipulation)
    bell = next(iter(RULESET.resolve(setup, RandomDice(3), seed=3)))
    assert [s["heat"] for s in bell["state"]] == [2, 4]
    assert segments.starting_heat(-1, 0) == [0, 0]


def test_it_plays_the_same_promo_from_the_same_seed():
    a = sheet("Ace", Presence=2)
    assert RULESET.single_promo(a, RandomDice(11)) == RULESET.single_promo(a, RandomDice(11))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"style": "sing"}, SetupError, "promo style must be one of charisma, lie, intimidate"),
        ({"df": "10"}, SetupError, "promo Df must be a whole number"),
        ({"df": 0}, SetupError, "promo Df must be a whole number"),
        ({"heat_carried": True}, SetupError, "carried Heat must be a whole number"),
        ({"heat_carried": "2"}, SetupError, "carried Heat must be a whole number"),
    ],
)
def test_it_refuses_a_bad_promo_with_a_clear_message(kwargs, error, message):
    with pytest.raises(error) as info:
        RULESET.single_promo(sheet("Ace"), ScriptedDice([10]), **kwargs)
    assert message in str(info.value)


def test_it_refuses_a_promo_by_an_invalid_sheet():
    with pytest.raises(SheetError) as info:
        RULESET.single_promo({**sheet("Ace"), "weight": 5}, ScriptedDice([10]))
    assert info.value.field == "weight"


# --- a promo segment as events (what a league airs on a card) -------------------------------------------


def promo_setup(*sheets, **stipulation):
    return RULESET.build_setup([[s] for s in sheets], kind="promo", stipulation=stipulation)


def test_it_plays_a_single_promo_as_a_promo_event_and_a_result_that_carries_its_heat():
    setup = promo_setup(sheet("Ace", Presence=3, Flair=2))
    events = list(RULESET.resolve(setup, ScriptedDice([16]), seed=5))
    assert [(e["seq"], e["type"], e["round"], e["clock"]) for e in events] == [(0, "promo", 1, 0), (1, "result", 1, 0)]
    promo, result = events
    assert promo["seed"] == 5 and (promo["actor"], promo["style"], promo["df"]) == (0, "charisma", 10)
    (roll,) = promo["rolls"]
    assert (roll["value"], roll["total"], roll["need"], roll["outcome"]) == (16, 21, 20, "heat")
    assert roll["modifiers"] == [{"name": "Presence", "amount": 3}, {"name": "Flair", "amount": 2}]
    assert promo["state"] == [{"name": "Ace", "side": 0, "heat": 0}]
    assert (result["winner"], result["method"], result["segment"], result["upper_hand"]) == (
        None,
        "promo",
        "promo",
        None,
    )
    assert (result["heat"], result["gained"], result["carry"], result["rounds"]) == ([1], [1], [1], 1)
    assert result["state"] == [{"name": "Ace", "side": 0, "heat": 1}] and "+1 Heat" in result["text"]


def test_it_plays_a_single_promo_against_the_promoters_difficulty():
    events = list(RULESET.resolve(promo_setup(sheet("Ace", Presence=3, Flair=2), df=12), ScriptedDice([16])))
    roll = events[0]["rolls"][0]
    assert (roll["need"], roll["outcome"], events[-1]["carry"]) == (22, "success", [0])


def test_it_plays_a_dueling_promo_as_two_promo_events_and_a_result():
    setup = promo_setup(sheet("Ace", Presence=3, Flair=2), sheet("Bo"))
    events = list(RULESET.resolve(setup, ScriptedDice([15, 10])))
    assert [(e["type"], e["round"], e["clock"], e["actor"]) for e in events] == [
        ("promo", 1, 0, 0),
        ("promo", 2, 30, 1),
        ("result", 2, 30, 0),
    ]
    a, b, result = events
    # A's record is what it was when he spoke: what it needs is B's answer, still to come.
    assert a["rolls"] == [
        {
            "die": "d20",
            "value": 15,
            "for": "promo (charisma): Presence + Flair",
            "side": 0,
            "modifiers": [{"name": "Presence", "amount": 3}, {"name": "Flair", "amount": 2}],
            "total": 20,
        }
    ]
    assert [(r["value"], r["total"], r["need"], r["outcome"]) for r in b["rolls"]] == [(10, 10, 30, "lost")]
    assert (result["winner"], result["upper_hand"], result["carry"], result["gained"]) == (None, 0, [1, 0], [1, 0])
    assert "Ace buries Bo" in result["text"]


def test_it_gives_nobody_heat_in_a_dueling_promo_won_by_less_than_ten():
    result = list(RULESET.resolve(promo_setup(sheet("Ace"), sheet("Bo")), ScriptedDice([19, 10])))[-1]
    assert (result["upper_hand"], result["carry"]) == (None, [0, 0])
    assert result["text"] == "Ace edges Bo on the microphone (19-10), but not by enough to matter."
    even = list(RULESET.resolve(promo_setup(sheet("Ace"), sheet("Bo")), ScriptedDice([12, 12])))[-1]
    assert even["text"] == "Ace (12) and Bo (12) go back and forth; neither gets the upper hand."


def test_a_wrestler_cuts_his_promo_in_his_best_style_unless_told_otherwise():
    liar = sheet("Ace", Deception=4, Flair=1, Presence=0, Brawn=-1)
    (promo, _) = RULESET.resolve(promo_setup(liar), ScriptedDice([10]))
    assert promo["style"] == "lie" and promo["rolls"][0]["total"] == 15
    (promo, _) = RULESET.resolve(promo_setup(liar, styles=["intimidate"]), ScriptedDice([10]))
    assert promo["rolls"][0]["for"] == "promo (intimidate): Presence + Brawn" and promo["rolls"][0]["total"] == 9
    assert segments.best_style(sheet("Ace")) == "charisma"  # all even: the first style


def test_it_keeps_heat_held_before_the_promo_and_never_passes_four():
    setup = promo_setup(sheet("Ace", Presence=5, Flair=5), sheet("Bo"), heat_carried=[4, 2])
    result = list(RULESET.resolve(setup, ScriptedDice([15, 1])))[-1]
    assert (result["heat"], result["gained"], result["carry"]) == ([4, 2], [0, 0], [4, 2])


@pytest.mark.parametrize("seed", range(40))
def test_its_events_roll_what_the_promo_functions_roll_and_account_for_every_die(seed):
    a, b = RULESET.example_sheet(), RULESET.example_sheet(seed=seed)
    dice = RandomDice(seed)
    events = list(RULESET.resolve(promo_setup(a, b), dice, seed=seed))
    duel = RULESET.dueling_promo(a, b, RandomDice(seed), styles=(segments.best_style(a), segments.best_style(b)))
    assert [r["total"] for e in events for r in e["rolls"]] == [r["total"] for r in duel["rolls"]]
    assert events[-1]["carry"] == duel["heat"] and events[-1]["upper_hand"] == duel["winner"]
    assert [e["seq"] for e in events] == list(range(len(events))) and dice.count == 2
    assert list(RULESET.resolve(promo_setup(a, b), RandomDice(seed), seed=seed)) == events


@pytest.mark.parametrize(
    ("sides", "stipulation", "message"),
    [
        (3, {}, "a promo segment has one wrestler, or two in a dueling promo"),
        (2, {"df": 12}, "df: a dueling promo has no Difficulty"),
        (1, {"df": 0}, "df must be a whole number from 1 to 40"),
        (1, {"df": True}, "df must be a whole number from 1 to 40"),
        (1, {"styles": ["sing"]}, "styles must give one per wrestler"),
        (2, {"styles": ["lie"]}, "styles must give one per wrestler"),
        (1, {"heat_carried": [5]}, "heat_carried must give one whole number from 0 to 4 per wrestler"),
    ],
)
def test_it_refuses_a_promo_setup_it_cannot_play_naming_the_key(sides, stipulation, message):
    with pytest.raises(SetupError) as info:
        promo_setup(*[sheet(f"W{i}") for i in range(sides)], **stipulation)
    assert message in str(info.value)


def test_it_refuses_a_tag_team_promo():
    with pytest.raises(SetupError, match="one wrestler, or two"):
        RULESET.build_setup([[sheet("Ace"), sheet("Cy")], [sheet("Bo")]], kind="promo")


def test_it_says_it_plays_promo_segments_and_no_other_ruleset_does():
    from rules.registry import get_ruleset, ruleset_ids

    assert RULESET.segment_kinds == ("promo",)
    assert [r for r in ruleset_ids() if get_ruleset(r).segment_kinds] == ["wildknight"]


def test_carry_in_turns_what_a_promo_carried_into_starting_heat():
    assert RULESET.carry_in({"time_limit": 600}, [[1], [None]]) == {"time_limit": 600, "starting_heat": [1, 0]}
    assert RULESET.carry_in({"time_limit": 600}, [[None], [0]]) == {"time_limit": 600}
    assert RULESET.carry_in({}, [[3], [7]]) == {"starting_heat": [3, 4]}


def test_the_heat_a_promo_earns_widens_the_automatic_range_in_his_next_match():
    """Seed K-28 into K-27: the promo's +1 Heat makes a natural 19 an automatic hit in the next match."""
    from .helpers import match, play

    ace, bo = sheet("Ace", Presence=3, Flair=2), sheet("Bo", Brawn=5)
    result = list(RULESET.resolve(promo_setup(ace), ScriptedDice([16])))[-1]
    stipulation = RULESET.carry_in({}, [[result["carry"][0]], [None]])
    m = match(ace, bo, [19, 17, 2, 3], initiative=1, **stipulation)
    assert [s["heat"] for s in m.snapshot()] == [1, 0]
    (ev,) = play(m)
    assert ev["rolls"][0]["outcome"] == "automatic-hit" and ev["actor"] == 0
    plain = match(ace, bo, [19, 17, 2], initiative=1)  # the same rolls without the promo's Heat: no confirm roll
    (ev,) = play(plain)
    assert [r["outcome"] for r in ev["rolls"][:2]] == ["miss", "hit"] and ev["actor"] == 1  # Bo's 17 wins it
