"""Cage matches on scripted dice (A166-A169), the cage stipulation keys, and whole cage matches."""

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import RandomDice, ScriptedDice, resolve
from rules.arm import cage, follow_up, referee, tactics, winning
from rules.arm.match import Match, MatchOver, parse_stipulation
from rules.arm.resolution import attempt
from rules.arm.ring import IN_RING, KIND
from rules.cli import main
from rules.errors import SetupError

from .helpers import RULESET, entry, plan, sheet


def cage_match(values=(), a=None, b=None, **stip):
    a = a or sheet("Ace")
    b = b or sheet("Bruiser", alignment="heel")
    setup = RULESET.build_setup([[a], [b]], kind="cage", stipulation=stip)
    m = Match(setup, ScriptedDice(list(values)), seed=None)
    m.attacker, m.defender = m.fighters
    return m


# --- the stipulation ----------------------------------------------------------------------------------


def test_the_web_app_s_cage_keys_are_accepted_and_validated():
    out = parse_stipulation(
        {"cage": "steel", "cage_height": 20, "cage_internal": False, "cage_roof": True, "escape": "escape"}
    )
    assert (out["cage"], out["cage_height"], out["cage_internal"], out["cage_roof"], out["escape"]) == (
        "steel",
        20,
        False,
        True,
        "escape",
    )
    defaults = parse_stipulation({})
    assert (defaults["cage"], defaults["cage_height"], defaults["cage_internal"], defaults["escape"]) == (
        "chainlink",
        15,
        True,
        "either",
    )
    for bad in (
        {"cage_internal": "yes"},
        {"cage_roof": 1},
        {"cage": "wood"},
        {"escape": "ladder"},
        {"cage_height": "tall"},
        {"cage_height": 2},
    ):
        with pytest.raises(SetupError, match=next(iter(bad))):
            parse_stipulation(bad)


def test_a_cage_match_is_one_on_one():
    with pytest.raises(SetupError, match="one wrestler per side"):
        RULESET.build_setup([[sheet("A"), sheet("B")], [sheet("C")]], kind="cage")


def test_singles_transcripts_do_not_show_the_cage_keys():
    setup = RULESET.build_setup([[sheet("A")], [sheet("B")]], stipulation={"cage": "steel"})
    start = next(iter(resolve("arm", setup, 1)))
    assert "cage" not in start["stipulation"] and "escape" not in start["stipulation"]
    cage = RULESET.build_setup([[sheet("A")], [sheet("B")]], kind="cage", stipulation={"cage": "steel"})
    start = next(iter(resolve("arm", cage, 1)))
    assert start["stipulation"]["cage"] == "steel" and start["stipulation"]["escape"] == "either"


# --- A166: material, roof, height -----------------------------------------------------------------------


def test_the_material_is_the_cage_s_stun_code_and_the_height_is_in_steps():
    chain = cage_match().cage
    steel = cage_match(cage="steel", cage_height=20).cage
    assert (chain.sc, chain.steps) == (2, 5)  # 15 ft: (15 - 4) // 2 Steps above the mat (P-ARM-14)
    assert (steel.sc, steel.steps) == (10, 8)


def test_whipped_into_a_steel_cage_takes_its_stun_code(monkeypatch):
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *a: None)
    a = sheet("Ace", arsenal=("Irish Whip", "Kick"))
    m = cage_match([5], a=a, cage="steel")
    ace, bruiser = m.fighters
    ace.square, bruiser.square = (5, 5), (5, 6)
    p = tactics.build(m, ace, bruiser, entry(ace, "Irish Whip"))
    assert p.sc == 10
    attempt(m, ace, bruiser, p)
    hit = [e for e in m.events if e["type"] == "maneuver"][0]
    assert {"name": "Stun Code", "amount": 10} in hit["breakdown"] and hit["damage"] == 1 + 10
    assert KIND[bruiser.square] in ("+", "X")  # left standing against the cage wall


def test_a_roof_leaves_only_the_door():
    open_top = cage_match(cage_height=10).cage
    roofed = cage_match(cage_height=10, cage_roof=True).cage
    f = cage_match().fighters[0]
    f.square = (3, 5)  # against the cage wall, far from the door
    assert open_top.exit_cost(f) == (0 + 3 + 1, "top")  # 3 Steps, 1 AP over
    assert roofed.exit_cost(f) == (5 + 3, "door")  # walk to the door, 3 AP through it


# --- A167, A168: external and internal cages -------------------------------------------------------------


def test_an_internal_cage_has_no_rope_rebounds_and_no_over_the_top(monkeypatch):
    a = sheet("Ace", arsenal=({"maneuver": "Shoulder Block", "flags": ["Running"]}, "Kick"))
    m = cage_match(a=a)
    ace, bruiser = m.fighters
    ace.square, bruiser.square = (5, 5), (5, 6)
    p = tactics.build(m, ace, bruiser, entry(ace, "Running Shoulder Block"))
    assert p.run and not p.whip and not p.rebound and p.cost == 2  # break into a run: 2 AP
    ace.square = (3, 5)  # at the ropes: still no rebound inside the cage
    p = tactics.build(m, ace, bruiser, entry(ace, "Running Shoulder Block"))
    assert not p.rebound and not p.over_top
    singles = cage_match(a=a, cage_internal=False)
    s_ace, s_bruiser = singles.fighters
    s_ace.square, s_bruiser.square = (5, 5), (5, 6)
    p = tactics.build(singles, s_ace, s_bruiser, entry(s_ace, "Running Shoulder Block"))
    assert p.rebound and p.whip  # an external cage keeps the ropes


def test_an_external_cage_keeps_the_turnbuckles_and_the_floor_is_inside_the_cage():
    a = sheet("Ace", arsenal=("Irish Whip", "Kick"))
    m = cage_match(a=a, cage_internal=False, cage="steel")
    ace, bruiser = m.fighters
    ace.square, bruiser.square = (5, 5), (5, 6)
    assert tactics.build(m, ace, bruiser, entry(ace, "Irish Whip")).sc == 2  # into the turnbuckle
    ace.square, bruiser.square = (1, 5), (1, 6)  # on the floor, inside the cage
    assert tactics.build(m, ace, bruiser, entry(ace, "Irish Whip")).sc == 10  # into the cage
    assert not referee.start_count(m, bruiser, "ring_out")  # no count-out inside a cage


# --- A169: victory by escaping -----------------------------------------------------------------------------


def test_climbing_out_takes_rounds_of_action_points_and_wins_the_match():
    m = cage_match(cage_height=10)  # 3 Steps
    ace, _bruiser = m.fighters
    ace.square = (3, 5)
    ace.ap = 2
    assert not cage.escape_progress(m, ace)  # 2 of 4 AP (3 Steps + 1 over)
    ace.ap = 2
    assert cage.escape_progress(m, ace)
    with pytest.raises(MatchOver):
        cage.escaped(m, ace, "positioning")
    assert m.result["method"] == "escape" and m.result["winner"] == 0
    steps = [e for e in m.events if e["type"] == "escape"]
    assert [(e["progress"], e["needed"], e["escaped"]) for e in steps] == [(2, 4, False), (4, 4, True)]


def test_the_defender_can_drag_a_climber_down():
    m = cage_match([5], cage_height=10)  # his STR check: 5 <= 10
    ace, bruiser = m.fighters
    ace.square, bruiser.square = (3, 5), (4, 5)
    ace.escaping = 3
    assert cage.pull_down(m, bruiser, ace)
    assert ace.escaping == 0 and ace.position == "Prone" and m.attacker is bruiser
    assert ace.damage == 2 * 2  # he had climbed 2 Steps


def test_a_lunge_escape_is_an_agi_defense_and_wins_when_it_beats_the_attack():
    b = sheet("Bruiser", alignment="heel", tactics={"counter": 1.0})
    m = cage_match([15, 3], b=b, cage_height=10)
    ace, bruiser = m.fighters
    bruiser.damage, bruiser.level = 41, 2
    bruiser.square = (4, 5)  # one square from the cage wall
    with pytest.raises(MatchOver):
        attempt(m, ace, bruiser, plan(entry(ace, "Body Slam")))
    lunge = m.events[0]["rolls"][1]
    assert lunge["for"] == "Body Slam vs Lunge Escape"
    assert {"name": "distance to the way out", "amount": -1} in lunge["modifiers"]
    assert m.result["method"] == "escape" and m.result["winner"] == 1 and m.result["reason"] == "lunge"


def test_standard_victory_only_means_nobody_tries_to_escape():
    m = cage_match(escape="pinfall")
    ace, bruiser = m.fighters
    ace.ap = 2
    bruiser.position, bruiser.unconscious = "Prone", True
    assert not tactics.wants_escape(m, ace, bruiser)
    assert tactics.venue_counter(m, bruiser, ace, entry(ace, "Kick"), 0) is None
    either = cage_match()
    e_ace, e_bruiser = either.fighters
    e_ace.ap = 2
    e_bruiser.position, e_bruiser.unconscious = "Prone", True
    assert tactics.wants_escape(either, e_ace, e_bruiser)


def test_when_only_escaping_wins_a_pin_does_not_count():
    m = cage_match([], escape="escape")
    ace, bruiser = m.fighters
    bruiser.position = "Prone"
    assert winning.pin(m, ace, bruiser, ap=5) == 5 and m.events == []
    assert not m.falls_count and cage_match().falls_count


# --- whole matches ---------------------------------------------------------------------------------------------


def _cage_setup(seed_a, seed_b, **stip):
    a, b = RULESET.example_sheet(seed=seed_a), RULESET.example_sheet(seed=seed_b)
    if a["name"] == b["name"]:
        b = dict(b, name=b["name"] + " II")
    return RULESET.build_setup([[a], [b]], kind="cage", stipulation=stip)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 5000),
    st.integers(0, 5000),
    st.integers(0, 10_000),
    st.sampled_from(["pinfall", "escape", "either"]),
    st.booleans(),
    st.booleans(),
)
def test_every_cage_match_ends_and_an_internal_cage_never_has_a_rope_rebound(sa, sb, seed, esc, internal, roof):
    setup = _cage_setup(sa, sb, escape=esc, cage_internal=internal, cage_roof=roof)
    dice = RandomDice(seed)
    m = Match(setup, dice, seed)
    events = list(m.run())
    result = events[-1]
    assert result["type"] == "result"
    assert sum(len(e["rolls"]) for e in events) == dice.count
    if esc == "pinfall":
        assert result["method"] != "escape"
    if esc == "escape":
        assert result["method"] not in ("pinfall", "submission", "knockout")
    assert result["method"] != "count-out"
    if internal:
        assert m.rebounds == 0
        for e in events:
            for s in e["state"]:
                assert KIND[_square(s["square"])] in IN_RING  # nobody leaves an internal cage but by escaping
    # the quiet outcome: the same result event, with the line the commentary writes for it
    told = list(RULESET.resolve(setup, RandomDice(seed), seed))[-1]
    assert RULESET.outcome(setup, RandomDice(seed), seed=seed) == told
    assert {k: v for k, v in result.items() if k != "text"} == {
        k: v for k, v in RULESET.outcome(setup, RandomDice(seed), seed=seed).items() if k != "text"
    }


def _square(sid):
    from rules.arm.ring import SQUARE_AT

    return SQUARE_AT[sid]


def test_cage_matches_are_deterministic_and_escapes_happen():
    methods = set()
    rebounds = 0
    for seed in range(30):
        setup = _cage_setup(seed, seed + 50, escape="either", cage_internal=seed % 2 == 0)
        a = json.dumps(list(resolve("arm", setup, seed)))
        assert a == json.dumps(list(resolve("arm", setup, seed)))
        methods.add(json.loads(a)[-1]["method"])
        m = Match(setup, RandomDice(seed), seed)
        list(m.run())
        rebounds += m.rebounds
    assert "escape" in methods and "pinfall" in methods
    assert rebounds > 0  # the external cages do rebound off the ropes


# --- the CLI ---------------------------------------------------------------------------------------------


def _write(tmp_path, name, sheet_):
    p = tmp_path / name
    p.write_text(json.dumps(sheet_), encoding="utf-8")
    return str(p)


def test_the_cli_resolves_tag_and_cage_matches(tmp_path):
    files = [_write(tmp_path, f"{n}.json", sheet(n)) for n in ("A", "B", "C", "D")]
    out = io.StringIO()
    code = main(
        ["resolve", "arm", f"{files[0]},{files[1]}", f"{files[2]},{files[3]}", "--match", "tag", "--format", "jsonl"],
        out=out,
    )
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 0 and events[-1]["type"] == "result" and len(events[0]["state"]) == 4
    out = io.StringIO()
    argv = ["resolve", "arm", files[0], files[2], "--match", "cage", "--cage", "steel", "--cage-height", "20"]
    code = main([*argv, "--escape", "escape", "--format", "jsonl", "--seed", "3"], out=out)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 0 and events[0]["stipulation"]["cage"] == "steel" and events[0]["stipulation"]["cage_height"] == 20
    assert events[-1]["method"] in ("escape", "draw", "disqualification")
    out = io.StringIO()
    assert main(["odds", "arm", files[0], files[2], "--match", "cage", "--sims", "20"], out=out) == 0


def test_the_literal_cage_steps_reading_is_one_step_per_foot_above_a_two_foot_ring():
    # P-ARM-14 cage_steps = "literal": seed 204 "1 Step for each foot taller it is than the ring"
    assert cage_match(cage_steps="literal").cage.steps == 13  # 15 ft
    assert cage_match(cage_height=20, cage_steps="literal").cage.steps == 18
    assert cage_match(cage_steps="reference").cage.steps == 5
    with pytest.raises(SetupError, match="cage_steps must be reference or literal"):
        parse_stipulation({"cage_steps": "tall"})
