"""PIN FALL: prone, the Pin Attempt, three opposed counts, kick-out attributes, reversals, cheats (K-29..K-37)."""

from .helpers import match, play, rolls_for, sheet, types

SLAMMER = {"maneuvers": ("Body Slam", "Stomp", "Moonsault"), "finisher": "Body Slam"}


def pinning(script, ace=None, bo=None, **stip):
    """Ace covers a prone, tired Bo (Fatigue penalty 1): Ace's Pin Attempt rolls 15, Bo's Clothesline 5 - 1."""
    m = match(ace or sheet("Ace"), bo or sheet("Bo"), [15, 5, *script], **stip)
    m.w[1].prone = True
    m.w[1].fatigue = 20
    return m


def test_it_pins_when_the_defender_loses_all_three_counts():
    m = pinning([12, 10, 12, 12, 10, 11])
    events = play(m)
    assert types(events) == ["maneuver", "pin", "pin-count", "pin-count", "pin-count"]
    mv = events[0]
    assert mv["maneuver"] == "Pin Attempt" and mv["declared"][0]["maneuver"] == "Pin Attempt"
    assert [e["count"] for e in events[2:]] == [1, 2, 3]
    assert [e["outcome"] for e in events[2:]] == ["count", "count", "count"]
    assert m.outcome[:2] == (0, "pinfall")


def test_it_gives_the_pinner_a_tie_on_a_count():
    m = pinning([12, 10, 12, 12, 10, 11])
    events = play(m)
    third = events[4]["rolls"]
    assert (third[0]["total"], third[1]["total"]) == (10, 10)
    assert third[1]["need"] == 11 and third[1]["outcome"] == "miss"


def test_it_rolls_power_for_the_pinner_and_each_kick_out_attribute_only_once():
    bo = sheet("Bo", Athleticism=3, Flair=2, Power=1)
    m = pinning([12, 1, 12, 1, 12, 1], bo=bo)
    # Bo's naturals of 1 must be confirmed: supply confirms that save them (beat 12)
    m.dice._script[2:] = [12, 1, 19, 12, 1, 19, 12, 1, 19]
    events = play(m)
    counts = [e for e in events if e["type"] == "pin-count"]
    assert [e["kickout"] for e in counts] == ["Athleticism", "Flair", "Power"]
    for e in counts:
        pinner = e["rolls"][0]
        assert pinner["for"].endswith("Power") and pinner["modifiers"] == []
    assert m.outcome[1] == "pinfall"


def test_it_breaks_the_pin_when_the_defender_beats_a_count_and_leaves_him_prone():
    m = pinning([12, 10, 12, 15])
    events = play(m)
    assert types(events) == ["maneuver", "pin", "pin-count", "pin-count"]
    kick = events[-1]
    assert kick["outcome"] == "kick-out" and kick["kickout"] == "Flair" and kick["actor"] == 1
    assert m.outcome is None and m.w[1].prone is True
    assert m.initiative == 0  # the pinner hit his move


def test_it_reverses_the_pin_on_a_defender_critical_success():
    # count 1: Bo natural 20, confirm 15 - 1 = 14 beats Ace's 10: reversal. Bo covers; Ace kicks out at once.
    m = pinning([10, 20, 15, 10, 12])
    events = play(m)
    assert types(events) == ["maneuver", "pin", "pin-count", "pin", "pin-count"]
    assert events[2]["outcome"] == "reversal"
    assert events[3]["actor"] == 1 and events[3]["reversal"] is True
    assert events[4]["outcome"] == "kick-out" and events[4]["actor"] == 0
    assert m.initiative == 1 and m.w[0].prone is True and m.w[1].prone is False


def test_it_reverses_the_pin_on_a_pinner_critical_failure():
    # count 1: Ace natural 1, confirm 3 does not beat Bo's 9: botch, reversal; Bo then pins Ace 1-2-3
    m = pinning([1, 10, 3, 15, 2, 15, 2, 15, 2])
    events = play(m)
    assert events[2]["outcome"] == "reversal"
    assert m.outcome[:2] == (1, "pinfall")


def test_it_loses_the_next_count_without_a_roll_after_a_pinner_critical_success():
    # count 1: Ace natural 20, confirm 12 beats Bo's 9: critical; count 2 is automatic; count 3 is rolled
    m = pinning([20, 10, 12, 12, 10])
    events = play(m)
    one, two, three = events[2:]
    assert one["next_automatic"] is True
    assert two["outcome"] == "automatic" and two["rolls"] == []
    assert three["count"] == 3 and len(three["rolls"]) == 2
    assert m.outcome[1] == "pinfall"


def test_it_loses_the_next_count_after_a_defender_critical_failure():
    # count 1: Bo natural 1, confirm 5 - 1 = 4 does not beat Ace's 12: botch
    m = pinning([12, 1, 5, 12, 18])
    events = play(m)
    assert events[3]["outcome"] == "automatic"
    assert events[4]["outcome"] == "kick-out"  # Bo's 17 on count 3 (Flair) beats 12
    assert events[4]["kickout"] == "Flair"


def test_it_needs_only_one_count_the_round_after_a_finisher_hit():
    m = pinning([12, 10], round_no=5)
    m.w[0].finisher_round = 4
    events = play(m)
    assert events[1]["counts"] == 1
    assert [e["count"] for e in events[2:]] == [3]
    assert m.outcome[1] == "pinfall"


def test_it_cannot_pin_a_standing_opponent_with_a_pin_attempt():
    m = match(sheet("Ace"), sheet("Bo"), [15, 5, 3])
    m.w[1].fatigue = 60
    (ev,) = play(m)
    assert ev["maneuver"] == "Clothesline"


def test_it_lets_a_higher_maneuver_roll_preempt_the_pin_attempt():
    m = match(sheet("Ace"), sheet("Bo"), [8, 17, 4])
    m.w[1].prone = True
    m.w[1].fatigue = 20
    (ev,) = play(m)
    assert ev["declared"][0]["maneuver"] == "Pin Attempt"
    assert ev["actor"] == 1 and ev["maneuver"] == "Clothesline"
    assert ev["state"][1]["prone"] is False  # he hit a move: he is up


def test_it_removes_a_count_for_each_successful_pin_cheat():
    heel = sheet("Ace", alignment="heel", Deception=3, tactics={"cheat": 2})
    m = pinning([8, 9, 12, 10], ace=heel)
    events = play(m)
    assert types(events) == ["maneuver", "pin", "cheat", "cheat", "pin-count"]
    assert events[2]["counts"] == 2 and events[3]["counts"] == 1
    cheat = events[2]["rolls"][0]
    assert (cheat["for"], cheat["need"], cheat["total"], cheat["outcome"]) == (
        "pin cheat: Deception + Flair",
        10,
        11,
        "success",
    )
    assert events[4]["count"] == 3
    assert m.outcome[1] == "pinfall"


def test_it_stops_the_pin_and_warns_a_caught_cheater():
    heel = sheet("Ace", alignment="heel", Deception=3)
    m = pinning([4, 10], ace=heel)
    events = play(m)
    assert types(events) == ["maneuver", "pin", "cheat", "warning"]
    assert events[2]["counts"] == 0
    warning = events[3]
    assert warning["warnings"] == 1 and warning["disqualified"] is False
    assert warning["rolls"][0]["need"] == 5
    assert m.outcome is None and events[3]["state"][0]["warnings"] == 1


def test_it_does_not_warn_a_caught_cheater_in_a_no_dq_match():
    heel = sheet("Ace", alignment="heel", Deception=3)
    m = pinning([4], ace=heel, no_dq=True)
    events = play(m)
    assert types(events) == ["maneuver", "pin", "cheat"]
    assert events[-1]["state"][0]["warnings"] == 0


def test_it_keeps_a_prone_wrestler_down_while_the_opponent_uses_moves_on_the_mat():
    ace = sheet("Ace")
    m = match(ace, sheet("Bo"), [(3, 2), 15, 5, 2])  # tactics pick the Stomp (2nd of Clothesline/Stomp/Moonsault)
    m.w[1].prone = True
    (ev,) = play(m)
    assert rolls_for(ev, "tactics")[0]["value"] == 2
    assert ev["maneuver"] == "Stomp" and ev["state"][1]["prone"] is True


def test_it_stands_a_prone_wrestler_up_when_the_opponent_tries_a_lift_and_fails():
    m = match(sheet("Ace", **SLAMMER), sheet("Bo", weight=300), [(3, 1), 14, 12])
    m.w[1].prone = True
    (ev,) = play(m)
    assert ev["outcome"] == "no-lift" and ev["state"][1]["prone"] is False


def test_it_starts_the_counts_on_a_standing_opponent_with_a_small_package():
    roller = sheet("Ace", maneuvers=("Small Package", "Stomp", "Moonsault"), finisher="Stomp")
    m = match(roller, sheet("Bo"), [15, 5, 12, 10, 12, 10, 12, 10])
    m.w[1].fatigue = 20  # tired enough for the roll-up (cover_at 1)
    events = play(m)
    assert events[0]["maneuver"] == "Small Package" and events[1]["type"] == "pin"
    assert m.outcome[1] == "pinfall"
