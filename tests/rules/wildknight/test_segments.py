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
