"""AUTOMATIC/CRITICAL HITS & MISSES: opposed Maneuver Rolls and their confirm rolls (K-11..K-19)."""

from rules.dice import ScriptedDice
from rules.wildknight.attack import opposed
from rules.wildknight.rolls import d20
from rules.wildknight.state import Wrestler

from .helpers import match, play, rolls_for, sheet


def test_it_gives_the_higher_roll_the_hit_and_the_initiative():
    m = match(sheet("Ace"), sheet("Bo"), [8, 15, 3], initiative=0)
    (ev,) = play(m)
    a_roll, b_roll, dmg = ev["rolls"]
    assert (a_roll["value"], a_roll["need"], a_roll["outcome"]) == (8, 15, "miss")
    # Ace holds initiative, so Bo must beat 8 (need 9)
    assert (b_roll["value"], b_roll["need"], b_roll["outcome"]) == (15, 9, "hit")
    assert dmg == {"die": "d6", "value": 3, "for": "damage: Clothesline", "side": 1}
    assert ev["actor"] == 1 and ev["damage"] == 3
    assert ev["state"][0]["fatigue"] == 3
    assert m.initiative == 1


def test_it_breaks_a_tie_for_the_wrestler_holding_initiative():
    m = match(sheet("Ace"), sheet("Bo"), [12, 12, 2], initiative=1)
    (ev,) = play(m)
    assert ev["actor"] == 1
    assert [r["outcome"] for r in ev["rolls"][:2]] == ["miss", "hit"]


def test_it_scores_a_critical_hit_with_an_extra_damage_die_when_the_confirm_roll_beats_the_opponent():
    # natural 20 threatens; confirm 11 beats the opponent's 10; the Clothesline rolls 2d6
    m = match(sheet("Ace"), sheet("Bo"), [20, 10, 11, 4, 5])
    (ev,) = play(m)
    assert ev["rolls"][0]["outcome"] == "critical"
    confirm = rolls_for(ev, "confirm critical")[0]
    assert (confirm["value"], confirm["need"], confirm["outcome"]) == (11, 11, "critical")
    assert ev["critical"] is True and ev["dice"] == 2 and ev["damage"] == 9
    assert ev["state"][1]["fatigue"] == 9


def test_it_keeps_the_confirm_roll_modifiers_of_the_original_roll():
    m = match(sheet("Ace", Brawn=3), sheet("Bo"), [20, 14, 11, 1])
    (ev,) = play(m)
    confirm = rolls_for(ev, "confirm critical")[0]
    assert confirm["modifiers"] == [{"name": "Brawn", "amount": 3}]
    assert confirm["total"] == 14 and confirm["outcome"] == "no-critical"  # 14 does not beat 14
    assert ev["rolls"][0]["outcome"] == "automatic-hit"
    assert ev["dice"] == 1


def test_it_makes_a_natural_one_on_the_confirm_roll_a_normal_success_whatever_the_modifiers():
    m = match(sheet("Ace", Brawn=5), sheet("Bo"), [20, 2, 1, 6])
    (ev,) = play(m)
    assert rolls_for(ev, "confirm critical")[0]["outcome"] == "no-critical"  # 1 + 5 = 6 > 2, still no critical
    assert ev["rolls"][0]["outcome"] == "automatic-hit"
    assert ev["critical"] is False and ev["damage"] == 11


def test_it_lets_a_natural_twenty_hit_even_below_the_opponents_total():
    m = match(sheet("Ace"), sheet("Bo", Brawn=5), [20, 19, 3, 6], initiative=1)
    (ev,) = play(m)
    assert ev["actor"] == 0 and ev["rolls"][0]["outcome"] == "automatic-hit"


def test_it_gives_an_extra_damage_die_to_the_opponent_of_a_critical_miss():
    # natural 1 for Ace, confirm 7 does not beat Bo's 9: a botch; Bo's Clothesline rolls 2d6
    m = match(sheet("Ace"), sheet("Bo"), [1, 9, 7, 2, 2])
    (ev,) = play(m)
    assert ev["rolls"][0]["outcome"] == "critical-miss"
    assert rolls_for(ev, "confirm critical miss")[0]["outcome"] == "critical-miss"
    assert ev["opponent_critical_miss"] is True and ev["dice"] == 2 and ev["damage"] == 4


def test_it_calls_a_saved_automatic_miss_a_normal_failure():
    m = match(sheet("Ace"), sheet("Bo"), [1, 9, 10, 5])
    (ev,) = play(m)
    assert ev["rolls"][0]["outcome"] == "automatic-miss"
    assert rolls_for(ev, "confirm critical miss")[0]["outcome"] == "saved"
    assert ev["dice"] == 1


def test_it_adds_up_to_two_extra_dice_for_a_critical_hit_against_a_critical_miss():
    m = match(sheet("Ace"), sheet("Bo"), [20, 1, 5, 3, 1, 2, 3])
    (ev,) = play(m)
    assert ev["critical"] is True and ev["opponent_critical_miss"] is True
    assert ev["dice"] == 3 and ev["damage"] == 6


def test_it_gives_the_higher_confirm_total_the_hit_when_both_roll_twenty_and_none_confirms():
    # both natural 20 (totals 20): confirms 15 and 18 both fail to beat 20, so neither is a critical
    m = match(sheet("Ace"), sheet("Bo"), [20, 20, 15, 18, 4])
    (ev,) = play(m)
    assert [r["outcome"] for r in ev["rolls"][:2]] == ["outrolled", "automatic-hit"]
    # neither confirm beats 20, so no critical: the higher confirm total (Bo's 18) wins
    assert ev["actor"] == 1 and ev["critical"] is False and ev["dice"] == 1


def test_it_gives_the_win_to_the_only_confirmed_critical_when_both_threaten():
    ace = sheet("Ace", Brawn=3)  # 20 + 3 = 23 original; Bo 20 original
    m = match(ace, sheet("Bo"), [20, 20, 18, 19, 6, 6])
    (ev,) = play(m)
    # Ace confirms 18 + 3 = 21 > 20: critical. Bo confirms 19 > 23? no. Critical beats a bigger confirm total.
    assert ev["actor"] == 0 and ev["critical"] is True
    assert [r["outcome"] for r in ev["rolls"][:2]] == ["critical", "outrolled"]
    assert ev["damage"] == 15


def test_it_whiffs_when_both_automatic_misses_are_saved_and_rerolls_initiative():
    # both natural 1, both confirms beat the other's 1; initiative re-roll 5 vs 12
    m = match(sheet("Ace"), sheet("Bo"), [1, 1, 10, 10, 5, 12], initiative=0)
    ev, ini = play(m)
    assert ev["outcome"] == "whiff" and ev["actor"] is None
    assert ini["type"] == "initiative" and ini["actor"] == 1 and m.initiative == 1
    assert ev["state"][0]["fatigue"] == ev["state"][1]["fatigue"] == 0


def test_it_lets_an_automatic_miss_hit_an_opponent_whose_automatic_miss_is_a_critical_miss():
    # Ace (Brawn 2) natural 1 = 3; Bo natural 1 = 1. Ace's confirm 4 beats 1: saved. Bo's 2 does not beat 3: botch.
    m = match(sheet("Ace", Brawn=2), sheet("Bo"), [1, 1, 2, 2, 1, 1], initiative=1)
    (ev,) = play(m)
    assert ev["actor"] == 0 and ev["outcome"] == "hit"
    assert ev["opponent_critical_miss"] is True and ev["dice"] == 2 and ev["damage"] == 4


def test_it_crashes_both_wrestlers_together_on_a_double_critical_miss():
    # both botch; 3d6 each: Ace 2+2+2 = 6, Bo 6+6+6 = 18: Ace takes less and gets the initiative
    m = match(sheet("Ace"), sheet("Bo"), [1, 1, 1, 1, 2, 2, 2, 6, 6, 6], initiative=1)
    (ev,) = play(m)
    assert ev["outcome"] == "collision" and ev["damage"] == [6, 18]
    assert [s["fatigue"] for s in ev["state"]] == [6, 18]
    assert [s["prone"] for s in ev["state"]] == [True, True]
    assert m.initiative == 0
    assert len(rolls_for(ev, "collision")) == 6


def test_it_rerolls_initiative_when_a_collision_deals_equal_damage():
    m = match(sheet("Ace"), sheet("Bo"), [1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 4, 9], initiative=0)
    ev, ini = play(m)
    assert ev["outcome"] == "collision" and ini["type"] == "initiative" and m.initiative == 1


def test_opposed_fills_need_and_outcome_on_every_record():
    a, b = Wrestler(sheet("Ace"), 0), Wrestler(sheet("Bo"), 1)
    dice = ScriptedDice([11, 11])
    ra, rb = d20(dice, a, "x"), d20(dice, b, "y")
    res = opposed(dice, [ra, rb], 1, ["x", "y"])
    assert res.winner == 1
    assert (ra.rec["need"], rb.rec["need"]) == (12, 11)


def test_it_never_lets_the_confirm_roll_of_an_automatic_miss_threaten_again():
    # Ace (Brawn -5) natural 1; the confirm is a natural 20 but 20 - 5 = 15 does not beat Bo's 18: still a botch
    weak = sheet("Ace", Brawn=-5)
    m = match(weak, sheet("Bo"), [1, 18, 20, 3, 3])
    (ev,) = play(m)
    confirm = rolls_for(ev, "confirm critical miss")[0]
    assert (confirm["value"], confirm["total"], confirm["outcome"]) == (20, 15, "critical-miss")
    assert ev["actor"] == 1 and ev["dice"] == 2 and ev["damage"] == 6
