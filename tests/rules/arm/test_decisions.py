"""ARM decision points (issue 20 item 1) on scripted dice: the legal options with their costs and checks, a
refused option, the chosen option is what happens next; the tactics on both sides change nothing."""

import dataclasses
import json
import re
from pathlib import Path

import pytest

from rules import RandomDice, ScriptedDice
from rules.arm import follow_up, holds, resolution, rounds, submission, winning
from rules.arm.match import Match
from rules.decisions import AwaitingDecision, IllegalChoice, ReplayChooser, TacticsChooser

from .. import invariants
from ..choosers import RandomChooser
from .helpers import RULESET, entry, match, plan, sheet


def awaiting(fn, *args, **kw):
    """The decision the engine stops at."""
    with pytest.raises(AwaitingDecision) as stop:
        fn(*args, **kw)
    return stop.value.decision


def options(decision):
    return {o.id: o for o in decision.options}


def person(m, side, *picks, start=0):
    """Side ``side`` is played by a person who makes ``picks`` (option ids) from decision ``start`` on; decisions
    of the other side in between are counted by the engine, so each pick names its index."""
    m.choosers[side] = ReplayChooser([{"index": i, "side": side, "option": o} for i, o in picks], side=side)


# --- the attack ------------------------------------------------------------------------------------------------


def test_the_attacker_is_offered_each_maneuver_with_its_ap_and_its_check():
    m = match([])
    person(m, 0, (0, "edge:no"))
    d = awaiting(rounds.standard_round, m)
    assert (d.index, d.kind, d.side, d.wrestler) == (1, "attack", 0, "Ace")
    opts = options(d)
    # Body Slam: STR 10, Level 1 against a Fresh man (-2); Kick: BRA 10, Level 0; Side Headlock improvised (-2)
    assert opts["maneuver:Body Slam"].cost == {"ap": 0}
    assert opts["maneuver:Body Slam"].check["need"] == 8
    assert opts["maneuver:Body Slam"].check["modifiers"] == [["STR", 10], ["Level vs weardown", -2]]
    assert opts["maneuver:Kick"].check["need"] == 10
    assert opts["maneuver:Side Headlock"].needs == ("not in his arsenal",)
    assert opts["maneuver:Kick+flair"].check["need"] == 9  # seed 49: flair -1
    assert opts["maneuver:Kick+desperation:2"].check["need"] == 12  # seed 32: +1 per point he takes
    assert opts["maneuver:Kick+desperation:2"].cost == {"ap": 0, "damage": 2}  # X + Level 0 (D58)
    assert opts["maneuver:Side Headlock+resthold"].check["need"] == 8  # seed 119: a Level 0 hold may rest
    assert "stall" not in opts  # he has not just performed a maneuver
    assert {"move", "referee-bump"} <= set(opts)
    json.dumps(d.to_json())  # a decision is plain JSON (the values stay out)


def test_the_chosen_maneuver_is_the_one_he_attempts_with_the_need_shown():
    # Kick needs 10: a 7 hits; the match then stops at his next decision (what to do with the AP it gave)
    m = match([7], b=sheet("Bruiser", alignment="heel", attributes={"AGI": 5}))
    person(m, 0, (0, "edge:no"), (1, "maneuver:Kick"))
    d = awaiting(rounds.standard_round, m)
    hit = next(e for e in m.events if e["type"] == "maneuver")
    roll = hit["rolls"][0]
    assert hit["maneuver"] == "Kick" and roll["value"] == 7 and roll["need"] == 10
    assert d.kind == "follow-up" and d.side == 0
    chosen = next(e for e in m.events if e["type"] == "decision" and e["decision"] == 1)
    assert chosen["option"] == "maneuver:Kick" and chosen["actor"] == 0 and chosen["rolls"] == []
    assert chosen["text"] == "Ace calls for Kick."


def test_a_maneuver_the_rules_do_not_allow_is_refused_with_the_legal_ones_named():
    m = match([])
    person(m, 0, (0, "edge:no"), (1, "maneuver:Piledriver"))  # not in his arsenal, not an improvised basic
    with pytest.raises(IllegalChoice) as refused:
        rounds.standard_round(m)
    assert "'maneuver:Piledriver' is not a legal choice here" in str(refused.value)
    assert "maneuver:Kick" in str(refused.value) and "maneuver:Body Slam" in str(refused.value)


def test_a_choice_recorded_for_the_other_side_is_refused():
    m = match([])
    m.choosers[0] = ReplayChooser([{"index": 0, "side": 1, "option": "edge:no"}])
    with pytest.raises(IllegalChoice, match="side 0's, not side 1's"):
        rounds.standard_round(m)


def test_a_flyer_is_offered_the_top_rope_or_his_man_in_the_corner_and_the_climb_costs_ap():
    flyer = sheet("Ace", arsenal=[{"maneuver": "Elbow Drop", "flags": ["Flying"]}, "Kick"])
    m = match([], a=flyer)
    a, d = m.fighters
    a.square, d.square, d.position = (4, 4), (5, 5), "Prone"
    person(m, 0, (0, "edge:no"))
    opts = options(awaiting(rounds.standard_round, m))
    flying = opts["maneuver:Flying Elbow Drop"]
    # from e5 to the corner d4 (1 AP) and up three ropes (3 AP, seed 83)
    assert flying.cost == {"ap": 4}
    assert ["Action Point shortfall", -2] in flying.check["modifiers"]  # AGI 10: 2 AP of his own
    assert flying.needs == ("2 AP short: -2 to the roll",)


# --- the defender ------------------------------------------------------------------------------------------


def test_the_defender_is_offered_his_counters_with_their_contest_need():
    m = match([])
    a, d = m.fighters
    person(m, 1, start=0)
    d2 = awaiting(resolution.attempt, m, a, d, plan(entry(a, "Kick")))
    assert (d2.kind, d2.side, d2.wrestler) == ("reply", 1, "Bruiser")
    # the Defenses that counter a Strike, each improvised at -2 (D61): Dodge AGI 10, Block STR 10
    assert [o.id for o in d2.options] == ["reply:none", "counter:Dodge", "counter:Block"]
    block = options(d2)["counter:Block"]
    assert block.check == {"die": "d20", "need": 8, "modifiers": [["STR", 10], ["improvised", -2]], "contest": True}
    # against a Slam: the Hip Block, and Reversals into a Throw he does not know (-2, D61)
    m = match([])
    a, d = m.fighters
    person(m, 1)
    slam = awaiting(resolution.attempt, m, a, d, plan(entry(a, "Body Slam")))
    assert [o.id for o in slam.options] == ["reply:none", "counter:Hip Block", "reversal:Arm Drag", "reversal:Hip Toss"]


def test_a_declared_block_makes_the_attack_a_contest():
    m = match([12, 5])  # Kick 12 (needs 10: fails) vs Block 5 (needs 8): the Block wins
    a, d = m.fighters
    m.choosers[1] = ReplayChooser([{"index": 0, "side": 1, "option": "counter:Block"}], side=1)
    resolution.attempt(m, a, d, plan(entry(a, "Kick")))
    counter = next(e for e in m.events if e["type"] == "counter")
    assert counter["counter"] == "Block" and m.attacker is d
    assert [r["need"] for r in counter["rolls"]] == [10, 8]


def test_after_a_miss_the_defender_picks_his_answer_or_just_takes_the_advantage():
    m = match([15])  # the Kick misses
    a, d = m.fighters
    person(m, 1, (0, "reply:none"))
    answer = awaiting(resolution.attempt, m, a, d, plan(entry(a, "Kick")))
    assert answer.kind == "answer" and {"answer:none", "maneuver:Kick"} <= set(options(answer))
    m = match([15])
    a, d = m.fighters
    person(m, 1, (0, "reply:none"), (1, "answer:none"))
    resolution.attempt(m, a, d, plan(entry(a, "Kick")))
    assert m.attacker is d and not [e for e in m.events if e["type"] == "maneuver"]
    assert m.dice.remaining == 0  # no roll for an answer he did not make


# --- pins ----------------------------------------------------------------------------------------------------


def test_the_cover_is_offered_with_what_it_costs():
    m = match([])
    a, d = m.fighters
    d.position = "Prone"
    person(m, 0)
    d2 = awaiting(follow_up.after_maneuver, m, a, d, entry(a, "Body Slam"), 4)
    assert d2.kind == "cover"
    assert {o.id: o.cost for o in d2.options} == {
        "cover:no": {},
        "cover": {"ap": 1},
        "cover:hook": {"ap": 2},
        "cover:lobster": {"ap": 4},
    }


def test_no_cover_chosen_means_no_pin():
    m = match([])
    a, d = m.fighters
    d.position = "Prone"
    m.choosers[0] = ReplayChooser(
        [{"index": 0, "side": 0, "option": "cover:no"}, {"index": 1, "side": 0, "option": "follow-up:none"}], side=0
    )
    d2 = awaiting(follow_up.after_maneuver, m, a, d, entry(a, "Body Slam"), 4)
    assert d2.kind == "crowd" and not [e for e in m.events if e["type"] == "pin"]


def test_the_pinned_man_picks_his_break_and_rolls_what_it_says():
    m = match([3, 4, 5])  # three SAV checks against 6: all succeed, count 0
    a, d = m.fighters
    d.position = "Prone"
    m.choosers[1] = ReplayChooser([], side=1)
    d2 = awaiting(winning.pin, m, a, d, ap=5, hook=0)
    assert (d2.kind, d2.side) == ("pin-break", 1)
    opts = options(d2)
    # STR 10 (no Lift); SAV 10 - 4 from a centre square (seed 79); the hair pull is illegal
    assert opts["break:STR"].check["need"] == 10 and opts["break:STR"].check["dice"] == 3
    assert opts["break:SAV"].check["need"] == 6
    assert opts["break:BRA"].needs == ("illegal: a Referee Check",)
    m.choosers[1].choices[d2.index] = {"index": d2.index, "side": 1, "option": "break:SAV"}
    m2 = match([3, 4, 5])
    a2, b2 = m2.fighters
    b2.position = "Prone"
    m2.choosers[1] = m.choosers[1]
    m2.choosers[0] = ReplayChooser(
        [{"index": 0, "side": 0, "option": "screwjob:no"}, {"index": d2.index + 1, "side": 0, "option": "cover:no"}],
        side=0,
    )
    winning.pin(m2, a2, b2, ap=5, hook=0)
    pin = next(e for e in m2.events if e["type"] == "pin")
    assert pin["method"] == "SAV" and pin["count"] == 0 and [r["need"] for r in pin["rolls"]] == [6, 6, 6]


# --- holds ---------------------------------------------------------------------------------------------------


def test_the_holder_may_keep_the_hold_and_leverage_it_and_the_victim_picks_his_break():
    m = match([4, 15], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))  # Leverage SAV 4; the break fails
    a, d = m.fighters
    e = entry(a, "Boston Crab")
    submission.start_hold(m, a, d, e, 3, {"value": 9}, plan(e))
    m.choosers[0] = ReplayChooser([{"index": 0, "side": 0, "option": "hold:keep+leverage"}], side=0)
    m.choosers[1] = ReplayChooser([], side=1)
    d2 = awaiting(holds.hold_round, m)
    leverage = next(ev for ev in m.events if ev.get("leverage"))
    assert leverage["rolls"][0]["need"] == 10 and m.hold.leverage == 2
    opts = options(d2)
    assert d2.kind == "hold-break"
    assert opts["break:STR"].check["need"] == 8  # STR at -2 (seed 141)
    assert opts["break:SAV"].check["need"] == 6  # SAV to reach the ropes from the centre (-4)


def test_the_holder_is_offered_to_let_go_keep_or_leverage():
    m = match([], a=sheet("Ace", arsenal=["Boston Crab", "Kick"]))
    a, d = m.fighters
    e = entry(a, "Boston Crab")
    submission.start_hold(m, a, d, e, 3, {"value": 9}, plan(e))
    m.choosers[0] = ReplayChooser([], side=0)
    d2 = awaiting(holds.hold_round, m)
    assert [o.id for o in d2.options] == ["hold:release", "hold:keep", "hold:keep+leverage"]
    assert options(d2)["hold:keep+leverage"].needs == ("illegal",)


# --- time-outs, and the tactics ------------------------------------------------------------------------------------


def test_a_timed_out_decision_is_his_tactics_choice_and_the_log_says_so():
    setup = RULESET.build_setup([[RULESET.example_sheet()], [RULESET.example_sheet(seed=3)]])
    plain = list(RULESET.resolve(setup, RandomDice(4), seed=4))
    timeouts = [{"index": i, "side": 0, "auto": "timeout"} for i in range(2000)]
    timed = list(RULESET.resolve(setup, RandomDice(4), seed=4, choosers={0: ReplayChooser(timeouts, side=0)}))
    notes = [e for e in timed if e["type"] == "decision"]
    assert notes and all(n["auto"] == "timeout" and n["rolls"] == [] and n["actor"] == 0 for n in notes)
    assert "time runs out: his tactics choose" in notes[0]["text"]
    # the same match, with the notes in it
    rest = [e for e in timed if e["type"] != "decision"]
    strip = lambda e: {k: v for k, v in e.items() if k != "seq"}  # noqa: E731
    assert [strip(e) for e in rest] == [strip(e) for e in plain]


@pytest.mark.parametrize("kind", ["singles", "tag", "cage"])
def test_the_tactics_on_both_sides_play_the_very_same_match(kind):
    s = RULESET.example_sheet
    sides = {
        "singles": [[s()], [s(seed=3)]],
        "tag": [[dict(s(seed=2), name="A"), dict(s(seed=3), name="B")], [dict(s(seed=4), name="C"), s(seed=6)]],
        "cage": [[s(seed=7)], [s(seed=9)]],
    }[kind]
    setup = RULESET.build_setup(sides, kind=kind)
    for seed in range(6):
        plain = json.dumps(list(RULESET.resolve(setup, RandomDice(seed), seed=seed)))
        choosers = {0: TacticsChooser(), 1: TacticsChooser()}
        assert json.dumps(list(RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers))) == plain


def test_a_match_counts_its_decisions_whoever_makes_them():
    setup = RULESET.build_setup([[RULESET.example_sheet()], [RULESET.example_sheet(seed=3)]])
    m = Match(setup, ScriptedDice([(20, 10)] * 0), seed=None)
    assert m.decisions == 0
    m.decide("start", 0, build=list, default=lambda: "sav")
    m.decide("start", 1, build=list, default=lambda: "sav")
    assert m.decisions == 2


# --- random legal choices (property) -------------------------------------------------------------------------------


def documented_kinds():
    """The decision kinds docs/rules/arm.md lists under "Decision points" (``save`` / ``block`` are two)."""
    text = (Path(__file__).parents[3] / "docs" / "rules" / "arm.md").read_text()
    table = text.split("## Decision points", 1)[1].split("\n## ", 1)[0]
    return {
        k for row in table.splitlines() if row.startswith("| `") for k in re.findall(r"`([a-z-]+)`", row.split("|")[1])
    }


def test_random_legal_choices_never_crash_and_keep_the_rules():
    # singles, tag and cage in turn, with seconds, no DQ, title and escape-only stipulations (invariants.arm_setup);
    # random choices on both sides, or on one against the tactics; every invariant of invariants.arm
    kinds = set()
    for seed in range(240):
        setup = invariants.arm_setup(RULESET, seed)
        people = invariants.people(RandomChooser, seed)
        events = list(RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=people))
        seen = [pair for chooser in people.values() for pair in chooser.seen]
        assert invariants.arm(events, seen, setup) == [], (seed, setup.kind, setup.stipulation)
        kinds.update(decision.kind for decision, _option in seen)
    assert len(documented_kinds()) == 23
    assert kinds == documented_kinds()


def test_the_invariant_checks_see_a_broken_match():
    # seed 10: a tag match with random choices on both sides that ends in a pinfall; each tampered copy breaks one rule
    setup = invariants.arm_setup(RULESET, 10)
    people = invariants.people(RandomChooser, 10)
    events = list(RULESET.resolve(setup, RandomDice(10), seed=10, choosers=people))
    seen = [pair for chooser in people.values() for pair in chooser.seen]
    assert invariants.arm(events, seen, setup) == [] and events[-1]["method"] == "pinfall"

    def broken(change):
        copy = json.loads(json.dumps(events))
        change(copy)
        return invariants.arm(copy, seen, setup)

    def negative_ap(evs):
        evs[5]["state"][0]["ap"] = -1

    def standing_pin(evs):
        pin = next(i for i, e in enumerate(evs) if e["type"] == "pin")
        victim = next(w for w in evs[pin - 1]["state"] if w["name"] == evs[pin]["target_name"])
        victim["position"] = "Facing"

    def escape(evs):
        evs[-1]["method"] = "escape"

    def note_dropped(evs):
        evs.remove(next(e for e in evs if e["type"] == "decision"))
        for i, e in enumerate(evs):
            e["seq"] = i

    assert broken(negative_ap) == [f"seq 5: {events[5]['state'][0]['name']}'s ap is -1"]
    assert len(broken(standing_pin)) == 1 and "who is Facing" in broken(standing_pin)[0]
    assert broken(escape) == ["an escape outside a cage"]
    assert broken(note_dropped)[0].endswith(f"do not match the {len(seen)} choices made")
    decision, option = seen[0]
    unexplained = dataclasses.replace(decision, refused=(dataclasses.replace(option, refusal=""),))
    assert invariants.decisions([], [(unexplained, option)])[1:] == [
        f"decision {decision.index}: refused option {option.id!r} gives no reason"
    ]
