"""Flaws (REFERENCE K13, the K-8 Gimmick Enhancement economy): each buys one more GE and costs him in the ring."""

import pytest

from rules.errors import SheetError

from .helpers import RULESET, match, play, sheet, types

DDT = {"maneuvers": ("DDT", "Stomp", "Moonsault"), "finisher": "DDT"}


def flawed(name="Bo", flaws=(), **kw):
    return RULESET.validate_sheet({**sheet(name, **kw), "flaws": list(flaws)})


def test_it_raises_the_stun_difficulty_of_a_glass_jaw():
    # DDT for 6: Df 6 + 2; Bo's 7 would resist a plain Df 6, not a glass jaw's 8
    m = match(sheet("Ace", **DDT), flawed(flaws=["Glass Jaw"]), [15, 5, 6, 7])
    _, st = play(m)
    assert (st["rolls"][0]["need"], st["rolls"][0]["total"], st["rounds"]) == (8, 7, 1)
    m = match(sheet("Ace", **DDT), sheet("Bo"), [15, 5, 6, 7])
    _, st = play(m)
    assert (st["rolls"][0]["need"], st["rounds"]) == (6, 0)


def test_it_warns_a_short_fuse_who_rolls_a_natural_one():
    # Ace's natural 1 (confirm 15 saves it); Bo's Clothesline hits for 2; then the temper: warning, DQ roll 12 vs Df 5
    m = match(flawed("Ace", ["Short Fuse"]), sheet("Bo"), [1, 10, 15, 2, 12])
    mv, warning = play(m)
    assert (mv["actor"], mv["damage"]) == (1, 2)
    assert warning["type"] == "warning" and warning["actor"] == 0 and "Short Fuse" in warning["reason"]
    assert (warning["warnings"], warning["disqualified"]) == (1, False)


def test_it_can_disqualify_a_short_fuse_and_spares_him_in_a_no_dq_match():
    m = match(flawed("Ace", ["Short Fuse"]), sheet("Bo"), [1, 10, 15, 2, 2])  # DQ roll 2 < Df 5
    _, warning = play(m)
    assert warning["disqualified"] is True and m.outcome[:2] == (1, "disqualification")
    m = match(flawed("Ace", ["Short Fuse"]), sheet("Bo"), [1, 10, 15, 2], no_dq=True)
    assert types(play(m)) == ["maneuver"]


def test_it_does_not_warn_a_short_fuse_for_other_rolls():
    m = match(flawed("Ace", ["Short Fuse"]), sheet("Bo"), [2, 10, 2])
    assert types(play(m)) == ["maneuver"]


@pytest.mark.parametrize(("round_no", "slowed"), [(1, True), (2, True), (3, False)])
def test_it_slows_a_slow_starter_in_the_first_two_rounds(round_no, slowed):
    m = match(flawed("Ace", ["Slow Starter"]), sheet("Bo"), [11, 10, 3], round_no=round_no)
    (ev,) = play(m)
    roll = ev["rolls"][0]
    assert ({"name": "Slow Starter", "amount": -2} in roll["modifiers"]) is slowed
    assert ev["actor"] == (1 if slowed else 0)  # 11 - 2 = 9 loses to Bo's 10


def test_it_costs_a_ring_rusty_defender_one_on_every_kick_out():
    # Bo prone and tired: Ace covers. Count 2: Ace 12 vs Bo 14 - 1 (penalty) - 1 (rust) = 12: a tie is Ace's
    m = match(sheet("Ace"), flawed(flaws=["Ring-Rusty"]), [15, 5, 12, 12, 12, 14, 12, 15])
    m.w[1].prone = True
    m.w[1].fatigue = 20
    events = play(m)
    counts = [e for e in events if e["type"] == "pin-count"]
    assert [c["outcome"] for c in counts] == ["count", "count", "kick-out"]
    assert {"name": "Ring-Rusty", "amount": -1} in counts[1]["rolls"][1]["modifiers"]
    assert counts[1]["rolls"][1]["total"] == 12


def test_it_costs_a_ring_rusty_pinner_one_on_every_count():
    # count 1: Ace 12 - 1 = 11 against Bo's 13 - 1 (penalty) = 12: a kick-out that a tie (12 vs 12) would not be
    m = match(flawed("Ace", ["Ring-Rusty"]), sheet("Bo"), [15, 5, 12, 13])
    m.w[1].prone = True
    m.w[1].fatigue = 20
    events = play(m)
    count = next(e for e in events if e["type"] == "pin-count")
    assert {"name": "Ring-Rusty", "amount": -1} in count["rolls"][0]["modifiers"]
    assert (count["rolls"][0]["total"], count["outcome"]) == (11, "kick-out")


@pytest.mark.parametrize(
    ("flaws", "field"),
    [
        (["Glass Jaw", "Short Fuse", "Slow Starter"], "flaws"),
        (["Glass Jaw", "Glass Jaw"], "flaws.1"),
        (["Bad Knees"], "flaws.0"),
        ("Glass Jaw", "flaws"),
    ],
)
def test_it_names_the_field_of_a_bad_flaw(flaws, field):
    with pytest.raises(SheetError) as info:
        RULESET.validate_sheet({**sheet("Ace"), "flaws": flaws})
    assert info.value.field == field
