"""hp-d6 decision points (issue 20 item 1) on scripted dice: the legal options with their odds, the refused ones
with their reason, the chosen option is what happens next; the tactics through the chooser path change nothing."""

import json

import pytest

from rules import RandomDice
from rules.decisions import AwaitingDecision, IllegalChoice, ReplayChooser, TacticsChooser
from rules.hp_d6 import pins
from rules.hp_d6.match import MatchEnded
from rules.hp_d6.sheet import EXAMPLE_SHEET, SECOND_EXAMPLE
from tests.rules import invariants
from tests.rules.choosers import RandomChooser
from tests.rules.hp_d6.helpers import RULESET, scripted, sheet, types
from tests.rules.hp_d6.test_golden import CASES, GOLDEN


def awaiting(fn, *args):
    with pytest.raises(AwaitingDecision) as stop:
        fn(*args)
    return stop.value.decision


def person(m, side, *picks):
    """Side ``side`` is a person who makes ``picks`` ((index, option id), ...); the other side plays its tactics."""
    m.choosers = dict(m.choosers or {})
    m.choosers[side] = ReplayChooser([{"index": i, "side": side, "option": o} for i, o in picks], side=side)


def ids(decision):
    return [o.id for o in decision.options]


def refused(decision):
    return {o.id: o.refusal for o in decision.refused}


# --- the move ----------------------------------------------------------------------------------------------------


def test_his_turn_offers_every_move_type_with_its_odds_and_refuses_the_pin_and_finisher_at_20_hp():
    m = scripted([])
    person(m, 0)
    d = awaiting(m.turn, m.w0)
    assert (d.index, d.kind, d.side, d.wrestler) == (0, "move", 0, "Ace")
    assert ids(d) == [
        "move:strike",
        "move:grapple",
        "move:high_risk",
        "move:submission",
        "move:pinning_combination:grapple",
        "move:pinning_combination:high_risk",
    ]
    opts = {o.id: o for o in d.options}
    assert opts["move:strike"].check["odds"] == round(15 / 36, 4)  # a roll-off won outright (W1)
    assert opts["move:strike"].label == "Strike: Punch (-1 HP, 42 %)"
    assert opts["move:high_risk"].check["odds"] == round((15 / 36) ** 2, 4)  # set-up and attack
    assert opts["move:high_risk"].check["rolls"] == ["set-up", "attack"]
    assert "misses 24 %: -1 HP to him and he crashes" in opts["move:high_risk"].needs
    assert opts["move:pinning_combination:grapple"].check["odds"] == 0.0  # at 18 HP after it: no pin
    assert refused(d) == {
        "move:pin": "he is standing: a pin needs him down (a pinning combination covers a standing man)",
        "move:finisher": "he is at 20 HP: the finisher needs 15 or less",
    }
    json.dumps(d.to_json())  # plain JSON (the engine's values stay out)


def test_the_move_chosen_is_the_move_he_makes_and_the_log_says_who_chose_it():
    m = scripted([5, 2])  # the grapple's roll-off: 5 against 2
    person(m, 0, (0, "move:grapple"))
    m.turn(m.w0)
    assert types(m.events) == ["decision", "grapple"]
    note, grapple = m.events
    assert (note["decision"], note["kind"], note["option"], note["actor"]) == (0, "move", "move:grapple", 0)
    assert note["rolls"] == []
    assert note["text"] == "Ace's call: Grapple: Suplex."
    assert (grapple["outcome"], grapple["damage"], m.w1.hp) == ("hit", 2, 18)
    assert m.dice.remaining == 0  # no tactics die: the person chose


def test_a_pin_on_a_standing_man_is_refused_with_the_reason():
    m = scripted([])
    person(m, 0, (0, "move:pin"))
    with pytest.raises(IllegalChoice, match="'move:pin' is not allowed here: he is standing"):
        m.turn(m.w0)
    m = scripted([])
    person(m, 0, (0, "move:piledriver"))
    with pytest.raises(IllegalChoice, match=r"'move:piledriver' is not a legal choice here \(legal: move:strike, "):
        m.turn(m.w0)


def test_the_pin_is_offered_on_a_man_down_at_10_hp_and_a_person_may_pass_it_up():
    m = scripted([])
    m.w1.hp, m.w1.prone = 10, True
    person(m, 0)
    d = awaiting(m.turn, m.w0)
    pin = d.options[0]
    assert (pin.id, pin.check["odds"], pin.check["rolls"]) == (
        "move:pin",
        round((15 / 36) ** 3, 4),
        ["count 1", "count 2", "count 3"],
    )
    assert "move:pinning_combination:grapple" in refused(d)  # he is down: just cover him
    m = scripted([5, 2])  # he grapples instead: the man is stood up first, then slammed
    m.w1.hp, m.w1.prone = 10, True
    person(m, 0, (0, "move:grapple"))
    m.turn(m.w0)
    assert types(m.events) == ["decision", "grapple"] and m.events[1]["stood_up"] is True


def test_the_pin_chosen_counts_three():
    m = scripted([4, 1, 5, 2, 6, 3])
    m.w1.hp, m.w1.prone = 10, True
    person(m, 0, (0, "move:pin"))
    with pytest.raises(MatchEnded):
        m.turn(m.w0)
    assert types(m.events) == ["decision", "pin", "pin_count", "pin_count", "pin_count", "result"]


def test_a_wrestler_with_no_high_risk_moves_on_his_sheet_is_refused_them():
    raw = dict(sheet("Ace"))
    raw["moves"] = {"strike": ["Punch"], "grapple": ["Suplex"]}
    m = scripted([], a=RULESET.validate_sheet(raw))
    person(m, 0)
    d = awaiting(m.turn, m.w0)
    assert refused(d)["move:high_risk"] == "no high risk moves on his sheet"
    assert refused(d)["move:pinning_combination:grapple"] == "no pinning combination moves on his sheet"


def test_the_cheats_are_offered_only_as_the_promotion_allows_them():
    m = scripted([])
    person(m, 0)
    assert not {"move:foreign_object", "move:run_in", "move:attack_referee"} & set(ids(awaiting(m.turn, m.w0)))
    m = scripted([], advanced=True)
    person(m, 0)
    d = awaiting(m.turn, m.w0)
    opts = {o.id: o for o in d.options}
    assert opts["move:run_in"].cost == {"run_in": 1}
    assert opts["move:run_in"].check["dq"] == round(0.5 * 4 / 6, 4)  # he comes on 4-6, the referee sees 1-4
    assert opts["move:foreign_object"].check["odds"] == round((15 / 36) ** 2, 4)  # pick up, connect
    assert "move:attack_referee" in opts
    m = scripted([], advanced=True)
    m.w0.run_in_used = True
    person(m, 0)
    assert refused(awaiting(m.turn, m.w0))["move:run_in"] == "his run-in is used up"


def test_a_person_picks_the_carrier_of_his_pinning_combination():
    # high risk carrier: set-up 5-2, attack 6-3 (-3: 10 HP), the extra roll 4-1, then three counts won
    m = scripted([5, 2, 6, 3, 4, 1, 4, 1, 5, 2, 6, 3])
    m.w1.hp = 13
    person(m, 0, (0, "move:pinning_combination:high_risk"))
    with pytest.raises(MatchEnded):
        m.turn(m.w0)
    assert types(m.events) == [
        "decision",
        "high_risk",
        "pinning_combination",
        "pin_count",
        "pin_count",
        "pin_count",
        "result",
    ]


# --- the finisher, the cover, the free attack, the run-in save -------------------------------------------------


def test_six_against_one_offers_the_finisher_and_he_may_stay_with_his_strike():
    m = scripted([6, 1])
    m.w1.hp = 15
    person(m, 0, (0, "move:strike"))
    d = awaiting(m.turn, m.w0)
    assert (d.index, d.kind, ids(d)) == (1, "finisher", ["finisher:yes", "finisher:no"])
    assert d.options[0].label == "Ace Driver instead of the Punch"
    assert d.options[0].needs == ("all 15 HP he has left", "then the pin: he kicks out only on a natural 6 (17 %)")
    m = scripted([6, 1])
    m.w1.hp = 15
    person(m, 0, (0, "move:strike"), (1, "finisher:no"))
    m.turn(m.w0)
    assert types(m.events) == ["decision", "decision", "strike"] and m.w1.hp == 14


def test_after_the_finisher_he_may_stay_off_the_cover():
    m = scripted([6, 1])
    m.w1.hp = 15
    person(m, 0, (0, "move:strike"), (1, "finisher:yes"))
    d = awaiting(m.turn, m.w0)
    assert (d.kind, ids(d), d.options[0].check["odds"]) == ("cover", ["cover:yes", "cover:no"], round(5 / 6, 4))
    m = scripted([6, 1])
    m.w1.hp = 15
    person(m, 0, (0, "move:strike"), (1, "finisher:yes"), (2, "cover:no"))
    m.turn(m.w0)
    assert types(m.events) == ["decision", "decision", "finisher", "decision"] and m.w1.hp == 0


def test_the_man_who_kicks_out_at_one_may_pass_up_his_free_attack():
    m = scripted([3, 3])  # count 1 tied: kick-out
    a, b = m.w
    b.hp, b.prone = 10, True
    person(m, 1)
    d = awaiting(pins.pin, m, a, b)
    assert (d.side, d.kind, ids(d)) == (1, "free-attack", ["free-attack:yes", "free-attack:no"])
    m = scripted([3, 3])
    a, b = m.w
    b.hp, b.prone = 10, True
    person(m, 1, (0, "free-attack:no"))
    assert pins.pin(m, a, b) is False
    assert types(m.events) == ["pin", "pin_count", "decision"] and m.dice.remaining == 0


def test_the_pinned_man_chooses_whether_his_run_in_saves_the_three():
    m = scripted([4, 1, 5, 2, 6, 3, 5, 5], advanced={"run_ins": True})  # three counts; he comes (5), unseen (5)
    a, b = m.w
    b.hp, b.prone = 10, True
    person(m, 1)
    d = awaiting(pins.pin, m, a, b)
    assert (d.side, d.kind, d.options[0].check["odds"]) == (1, "run-in", 0.5)
    assert d.options[0].needs == ("once a match", "-10 HP to Ace", "the referee sees it 67 %: disqualified")
    m = scripted([4, 1, 5, 2, 6, 3, 5, 5], advanced={"run_ins": True})
    a, b = m.w
    b.hp, b.prone = 10, True
    person(m, 1, (0, "run-in:yes"))
    assert pins.pin(m, a, b) is False
    assert types(m.events)[-2:] == ["decision", "run_in"] and a.hp == 10
    m = scripted([4, 1, 5, 2, 6, 3], advanced={"run_ins": True})
    a, b = m.w
    b.hp, b.prone = 10, True
    person(m, 1, (0, "run-in:no"))
    with pytest.raises(MatchEnded):
        pins.pin(m, a, b)
    assert m.events[-1]["method"] == "pinfall" and not b.run_in_used


# --- the tactics through the chooser path; time-outs ------------------------------------------------------------


def _golden_setup(name):
    return RULESET.build_setup([[EXAMPLE_SHEET], [SECOND_EXAMPLE]], stipulation=CASES[name]["stipulation"])


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_golden_transcript_with_the_tactics_choosing_for_both_sides(name):
    seed = CASES[name]["seed"]
    choosers = {0: TacticsChooser(), 1: TacticsChooser()}
    events = RULESET.resolve(_golden_setup(name), RandomDice(seed), seed=seed, choosers=choosers)
    got = "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)
    assert got == (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_golden_match_timed_out_at_every_decision_is_the_same_match_with_the_notes_in_it(name):
    seed = CASES[name]["seed"]
    timeouts = [{"index": i, "side": s, "auto": "timeout"} for i in range(3000) for s in (0, 1)]
    choosers = {s: ReplayChooser(timeouts, side=s) for s in (0, 1)}
    timed = list(RULESET.resolve(_golden_setup(name), RandomDice(seed), seed=seed, choosers=choosers))
    notes = [e for e in timed if e["type"] == "decision"]
    assert notes and all(n["auto"] == "timeout" and n["rolls"] == [] for n in notes)
    assert notes[0]["text"].endswith("'s time runs out: the tactics choose.")
    golden = [json.loads(line) for line in (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
    strip = lambda e: {k: v for k, v in e.items() if k not in ("seq", "text")}  # noqa: E731 - the words hash seq
    assert [strip(e) for e in timed if e["type"] != "decision"] == [strip(e) for e in golden]


# --- random legal choices ----------------------------------------------------------------------------------------

STIPULATIONS = ({}, {"advanced": True}, {"advanced": True, "no_dq": True}, {"advanced": {"run_ins": True}})


@pytest.mark.parametrize("stipulation", STIPULATIONS, ids=json.dumps)
def test_random_legal_choices_never_crash_and_keep_the_rules(stipulation):
    kinds = set()
    for seed in range(150):
        sheets = [RULESET.example_sheet(seed=seed), RULESET.example_sheet(seed=seed + 1000)]
        sheets[1]["name"] = sheets[1]["name"] + " II"
        setup = RULESET.build_setup([[sheets[0]], [sheets[1]]], stipulation=stipulation)
        people = {0: RandomChooser(seed), 1: RandomChooser(seed + 7)} if seed % 3 else {seed % 2: RandomChooser(seed)}
        events = list(RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=people))
        seen = [pair for chooser in people.values() for pair in chooser.seen]
        # the stream, the decisions, HP in range, a pin only on a man down at 10 HP or less with the referee there
        assert invariants.hp_d6(events, seen, setup) == [], seed
        kinds.update(decision.kind for decision, _option in seen)
    # every kind of decision came up (the run-in save only where run-ins are allowed)
    assert kinds == {"move", "finisher", "cover", "free-attack"} | ({"run-in"} if stipulation else set())
