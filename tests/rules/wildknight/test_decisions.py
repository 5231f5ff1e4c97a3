"""wildknight decision points (issue 20 item 1) on scripted dice: the legal options with their costs and odds, the
refused ones with their reason, the chosen option is what happens next; the tactics through the chooser path
change nothing."""

import json

import pytest

from rules import RandomDice
from rules.decisions import AwaitingDecision, IllegalChoice, PromptChooser, ReplayChooser, TacticsChooser
from rules.wildknight import choices
from tests.rules import invariants
from tests.rules.choosers import RandomChooser, picks
from tests.rules.wildknight.test_golden import CASES, GOLDEN

from .helpers import RULESET, match, rolls_for, sheet, types


def person(m, side, *option_ids):
    m.choosers = dict(m.choosers or {})
    m.choosers[side] = PromptChooser(picks(*option_ids))


def stop(gen):
    """The decision a round (or a warning) stops at."""
    with pytest.raises(AwaitingDecision) as stopped:
        list(gen)
    return stopped.value.decision


def by_id(decision):
    return {o.id: o for o in decision.options}


def refused(decision):
    return {o.id: o.refusal for o in decision.refused}


# --- the declaration ---------------------------------------------------------------------------------------------


def test_he_is_offered_every_maneuver_he_knows_with_its_odds_and_the_ones_that_need_a_man_down_are_refused():
    m = match(sheet("Ace"), sheet("Bo"), [])
    person(m, 0)
    d = stop(m.play_round())
    assert (d.index, d.kind, d.side, d.wrestler) == (0, "maneuver", 0, "Ace")
    assert d.prompt == "Round 1: what does Ace declare?"
    assert [o.id for o in d.options] == ["maneuver:Clothesline"]
    assert refused(d) == {
        "maneuver:Stomp": "he is standing: this move needs him down",
        "maneuver:Moonsault": "he is standing: this move needs him down",
        "maneuver:Pin Attempt": "he is standing: this move needs him down",
        "finisher": "no Heat to spend: a finisher costs 1",
    }
    line = by_id(d)["maneuver:Clothesline"]
    # d20 + 0 against d20 + 0, the tie his (he holds the initiative): a natural 20 beats all but another 20
    # (even), a 1 loses, else the higher total: (19.5 + 171 + 18) / 400
    assert line.check["odds"] == pytest.approx(208.5 / 400, abs=1e-4)
    assert line.check["damage"] == "1d6 + Brawn" and line.check["automatic"] == 20
    json.dumps(d.to_json())


def test_the_declared_maneuver_and_the_exertion_he_chooses_are_what_he_rolls():
    m = match(sheet("Ace"), sheet("Bo"), [15, 5, 7])  # Ace 15 + 2 against Bo 5; the Moonsault's d10: 7
    m.w[1].prone = True
    person(m, 0, "maneuver:Moonsault")
    d = stop(m.play_round())
    assert (d.kind, [o.id for o in d.options]) == ("exertion", [f"exert:{e}" for e in range(6)])
    assert by_id(d)["exert:2"].cost == {"fatigue": 4}  # +1 to the roll for 2 Fatigue a point
    assert by_id(d)["exert:2"].check["modifiers"] == [["exertion", 2]]  # Athleticism 0 is not listed
    assert by_id(d)["exert:0"].cost == {}
    m = match(sheet("Ace"), sheet("Bo"), [15, 5, 7])
    m.w[1].prone = True
    person(m, 0, "maneuver:Moonsault", "exert:2")
    events = list(m.play_round())
    hit = next(e for e in events if e["type"] == "maneuver")
    assert hit["maneuver"] == "Moonsault" and hit["damage"] == 7
    roll = rolls_for(hit, "maneuver roll: Moonsault")[0]
    assert {"name": "exertion", "amount": 2} in roll["modifiers"] and roll["total"] == 17
    assert m.w[0].fatigue == 4
    assert [(n["kind"], n["option"]) for n in m.notes] == [("maneuver", "maneuver:Moonsault"), ("exertion", "exert:2")]
    assert m.notes[0]["text"] == "Ace's call: Moonsault." and m.notes[0]["rolls"] == []


def test_a_move_that_needs_a_man_down_is_refused_against_a_standing_one():
    m = match(sheet("Ace"), sheet("Bo"), [])
    person(m, 0, "maneuver:Stomp")
    with pytest.raises(IllegalChoice, match="'maneuver:Stomp' is not allowed here: he is standing"):
        list(m.play_round())


def test_the_finisher_costs_a_heat_and_his_tactics_exertion_is_the_default():
    m = match(sheet("Ace"), sheet("Bo"), [])
    m.w[0].heat = 1
    person(m, 0, "finisher")
    d = stop(m.play_round())
    assert d.kind == "exertion"
    fin = match(sheet("Ace"), sheet("Bo"), [])
    fin.w[0].heat = 1
    person(fin, 0)
    option = by_id(stop(fin.play_round()))["finisher"]
    assert option.cost == {"heat": 1} and option.needs[0] == "1 Heat, hit or miss"
    assert option.label.startswith("Finisher: Ace Special (Clothesline)")
    # a time-out on the exertion: his tactics' finisher exertion (2)
    m = match(sheet("Ace"), sheet("Bo"), [15, 5, 3, 3, 15])  # 15 + 2 against 5; 2d6 damage; Bo resists stun (15, Df 6)
    m.w[0].heat = 1
    m.choosers = {
        0: ReplayChooser([{"index": 0, "side": 0, "option": "finisher"}, {"index": 1, "side": 0, "auto": "timeout"}])
    }
    events = list(m.play_round())
    assert [e["type"] for e in events][:2] == ["finisher", "maneuver"]
    assert {"name": "exertion", "amount": 2} in events[1]["rolls"][0]["modifiers"] and m.w[0].heat == 0
    assert m.notes[1]["auto"] == "timeout" and m.dice.remaining == 0


def test_second_wind_is_offered_to_a_wrestler_with_the_gimmick_once_a_match():
    raw = dict(sheet("Ace"))
    raw["gimmicks"] = ["Second Wind"]
    ace = RULESET.validate_sheet(raw)
    m = match(ace, sheet("Bo"), [])
    person(m, 0)
    assert refused(stop(m.play_round()))["second-wind"] == "no Heat to spend: Second Wind costs 1"
    m = match(ace, sheet("Bo"), [])
    m.w[0].heat, m.w[0].second_wind_used = 1, True
    person(m, 0)
    assert refused(stop(m.play_round()))["second-wind"] == "his Second Wind is used up (once a match)"
    m = match(ace, sheet("Bo"), [])
    m.w[0].heat = 1
    person(m, 0)
    wind = by_id(stop(m.play_round()))["second-wind"]
    assert wind.cost == {"heat": 1} and "removes 2d6 Fatigue" in wind.needs


def test_hulk_up_is_his_choice():
    raw = dict(sheet("Ace"))
    raw["gimmicks"] = ["Hulk Up"]
    m = match(RULESET.validate_sheet(raw), sheet("Bo"), [])
    m.w[0].heat, m.w[0].fatigue = 1, 2 * m.w[0].threshold
    person(m, 0)
    d = stop(m.play_round())
    assert (d.kind, [o.id for o in d.options], d.options[0].cost) == (
        "hulk-up",
        ["hulk-up:yes", "hulk-up:no"],
        {"heat": 1},
    )
    m = match(RULESET.validate_sheet(raw), sheet("Bo"), [])
    m.w[0].heat, m.w[0].fatigue = 1, 2 * m.w[0].threshold
    person(m, 0, "hulk-up:no")
    d = stop(m.play_round())
    assert d.kind == "maneuver" and m.w[0].hulk == 0 and m.w[0].heat == 1


# --- the pin -------------------------------------------------------------------------------------------------------


def pinning(script, ace=None, bo=None):
    """Ace covers a prone, tired Bo: Ace's Pin Attempt rolls 15, Bo's Clothesline 5 - 1 (as tests/.../test_pins)."""
    m = match(ace or sheet("Ace"), bo or sheet("Bo", Athleticism=3, Flair=2, Power=1), [15, 5, *script])
    m.w[1].prone = True
    m.w[1].fatigue = 20
    return m


def test_the_pinned_man_picks_his_kick_out_attribute_each_once():
    m = pinning([])
    person(m, 1, "maneuver:Clothesline", "exert:0")
    d = stop(m.play_round())
    assert (d.kind, d.side, [o.id for o in d.options]) == (
        "kick-out",
        1,
        ["kick-out:Athleticism", "kick-out:Flair", "kick-out:Power"],
    )
    # Athleticism 3 - Fatigue penalty 1 against Power 0, the pinner winning ties
    assert by_id(d)["kick-out:Athleticism"].check["modifiers"] == [["Athleticism", 3], ["Fatigue penalty", -1]]
    m = pinning([12, 10, 12, 12])  # count 1 Ace 12 vs Bo 10 (his Power choice, 1 - 1 = 0): count; count 2 he kicks out
    person(m, 1, "maneuver:Clothesline", "exert:0", "kick-out:Power")
    d = stop(m.play_round())
    assert refused(d) == {"kick-out:Power": "used already in this pin (each attribute once)"}
    m = pinning([12, 10, 12, 12])
    person(m, 1, "maneuver:Clothesline", "exert:0", "kick-out:Power", "kick-out:Power")
    with pytest.raises(IllegalChoice, match="not allowed here: used already in this pin"):
        list(m.play_round())
    m = pinning([12, 10, 12, 15])
    person(m, 1, "maneuver:Clothesline", "exert:0", "kick-out:Power", "kick-out:Flair")
    events = list(m.play_round())
    counts = [e for e in events if e["type"] == "pin-count"]
    assert [(e["kickout"], e["outcome"]) for e in counts] == [("Power", "count"), ("Flair", "kick-out")]


def test_the_pinner_chooses_each_cheat_and_its_odds_are_shown():
    ace = sheet("Ace", Deception=3, Flair=2)
    m = pinning([], ace=ace)
    person(m, 0, "maneuver:Pin Attempt", "exert:0")
    d = stop(m.play_round())
    yes = by_id(d)["cheat:yes"]
    # d20 + 3 + 2 against Df 10: 5..20 succeed (a 1 always fails)
    assert (d.kind, yes.check["need"], yes.check["odds"]) == ("cheat", 10, 0.8)
    m = pinning([14, 12, 10, 12, 12, 12, 10], ace=ace)  # the cheat 14 + 5: two counts left
    person(m, 0, "maneuver:Pin Attempt", "exert:0", "cheat:yes", "cheat:no")
    events = list(m.play_round())
    assert types(events)[1:3] == ["pin", "cheat"] and events[2]["counts"] == 2
    assert [e["count"] for e in events if e["type"] == "pin-count"] == [2, 3]


def test_after_a_warning_he_picks_his_excuse():
    bo = sheet("Bo", Presence=4, Brawn=3, Deception=0, Flair=0)
    m = match(sheet("Ace"), bo, [])
    person(m, 1)
    d = stop(m.warning(m.w[1], m.w[0], "illegal Choke"))
    assert [o.id for o in d.options] == ["excuse:lie", "excuse:intimidate"]
    assert by_id(d)["excuse:intimidate"].check["need"] == 5  # the first warning: Df 5
    assert by_id(d)["excuse:intimidate"].check["odds"] == 0.95  # 7 + 2 reaches 5: all but the natural 1
    m = match(sheet("Ace"), bo, [4])
    person(m, 1, "excuse:lie")
    events = list(m.warning(m.w[1], m.w[0], "illegal Choke"))
    assert events[-1]["excuse"] == "lie" and events[-1]["disqualified"] is True


# --- the tactics through the chooser path; time-outs; random legal choices ------------------------------------------


def _golden(case):
    stored = json.loads((GOLDEN / f"{case}.json").read_text(encoding="utf-8"))
    setup = RULESET.build_setup([[stored["a"]], [stored["b"]]], stipulation=stored["stipulation"])
    return setup, stored["seed"], (GOLDEN / f"{case}.jsonl").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_golden_transcript_with_the_tactics_choosing_for_both_sides(case):
    setup, seed, lines = _golden(case)
    choosers = {0: TacticsChooser(), 1: TacticsChooser()}
    events = RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers)
    assert [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in events] == lines


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_golden_match_timed_out_at_every_decision_is_the_same_match_with_the_notes_in_it(case):
    setup, seed, lines = _golden(case)
    timeouts = [{"index": i, "side": s, "auto": "timeout"} for i in range(3000) for s in (0, 1)]
    choosers = {s: ReplayChooser(timeouts, side=s) for s in (0, 1)}
    timed = list(RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers))
    notes = [e for e in timed if e["type"] == "decision"]
    assert notes and all(n["auto"] == "timeout" and n["rolls"] == [] for n in notes)
    strip = lambda e: {k: v for k, v in e.items() if k not in ("seq", "text")}  # noqa: E731 - the words hash seq
    assert [strip(e) for e in timed if e["type"] != "decision"] == [strip(json.loads(line)) for line in lines]


def test_random_legal_choices_never_crash_and_keep_the_rules():
    kinds = set()
    for seed in range(200):
        a, b = RULESET.example_sheet(seed), RULESET.example_sheet(seed + 500)
        b["name"] = b["name"] + " II"
        setup = RULESET.build_setup([[a], [b]], stipulation={"no_dq": True} if seed % 5 == 0 else {})
        people = {0: RandomChooser(seed), 1: RandomChooser(seed + 3)} if seed % 3 else {seed % 2: RandomChooser(seed)}
        events = list(RULESET.resolve(setup, RandomDice(seed), seed=seed, choosers=people))
        seen = [pair for chooser in people.values() for pair in chooser.seen]
        # the stream, the decisions, Heat and Fatigue in range, each kick-out attribute once per pin attempt
        assert invariants.wildknight(events, seen, setup) == [], seed
        kinds.update(decision.kind for decision, _option in seen)
    assert {"maneuver", "exertion", "kick-out", "cheat", "excuse"} <= kinds


def test_the_choices_module_rolls_the_maneuver_with_the_modifiers_it_shows():
    ace = RULESET.validate_sheet({**sheet("Ace"), "flaws": ["Slow Starter"], "gimmicks": ["Submission Specialist"]})
    m = match(ace, sheet("Bo"), [])
    w = m.w[0]
    mods = choices.maneuver_mods(w, w.moves[0], False, 1, 1)
    assert mods == [("Brawn", 0), ("exertion", 1), ("stare-down", 0), ("Slow Starter", -2)]
