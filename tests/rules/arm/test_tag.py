"""Tag team wrestling on scripted dice (A156-A165) and whole tag matches (invariants over seeds)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import RandomDice, ScriptedDice, resolve
from rules.arm import follow_up, referee, ring, rounds, tactics, tag, winning
from rules.arm.match import Match, MatchOver
from rules.arm.modifiers import attack_mods
from rules.arm.resolution import attempt
from rules.errors import SetupError

from .helpers import RULESET, entry, plan, sheet


def team_sheets(**over):
    base = {
        "a1": sheet("Ace"),
        "a2": sheet("Partner"),
        "b1": sheet("Bruiser", alignment="heel"),
        "b2": sheet("Brute", alignment="heel"),
    }
    base.update(over)
    return base


def tag_match(values=(), **kw):
    """A tag match on scripted dice: Ace (legal) & Partner vs Bruiser (legal) & Brute; side 0 attacks.
    ``fighters`` are Ace, Partner, Bruiser, Brute."""
    stip = kw.pop("stip", {})
    s = team_sheets(**kw)
    setup = RULESET.build_setup([[s["a1"], s["a2"]], [s["b1"], s["b2"]]], kind="tag", stipulation=stip)
    m = Match(setup, ScriptedDice(list(values)), seed=None)
    m.attacker, m.defender = m.legal
    return m


def wear(f, level):
    """Give him damage enough for a weardown Level (B = 20 for the plain sheet)."""
    f.damage = 20 * level + 1
    f.level = level


@pytest.fixture
def quiet(monkeypatch):
    monkeypatch.setattr(tactics, "wants_repin", lambda *a: False)
    monkeypatch.setattr(tactics, "cover_hook", lambda m, a, d, ap: 1 if ap >= 1 else 0)


# --- A156: teams, one legal man, the five-count ---------------------------------------------------------


def test_a_tag_match_needs_two_teams_of_two_or_more():
    s = team_sheets()
    with pytest.raises(SetupError, match="two or more"):
        RULESET.build_setup([[s["a1"]], [s["b1"], s["b2"]]], kind="tag")
    three = RULESET.build_setup([[s["a1"], s["a2"], sheet("Third")], [s["b1"], s["b2"]]], kind="tag")
    assert len(three.sides[0]) == 3
    assert RULESET.match_kinds == ("singles", "tag", "cage")


def test_one_legal_man_per_side_starts_and_the_partners_wait_on_the_apron():
    m = tag_match()
    ace, partner, bruiser, brute = m.fighters
    assert m.legal == [ace, bruiser]
    assert ace.legal and bruiser.legal and not partner.legal and not brute.legal
    assert partner.apron and brute.apron and "on the apron" in partner.statuses()
    snap = m.snapshot()
    assert [s["legal"] for s in snap] == [True, False, True, False]
    assert [s["side"] for s in snap] == [0, 0, 1, 1]


def test_events_name_the_wrestler_and_keep_side_indexes():
    m = tag_match([15, 15, 15], stip={"no_dq": True})
    ace, partner, bruiser, brute = m.fighters
    m.attacker, m.defender = brute, partner  # pretend the second men are legal
    m.emit("test", "x", actor=brute.idx, target=partner.idx)
    ev = m.events[-1]
    assert (ev["actor"], ev["target"]) == (1, 0)
    assert (ev["actor_name"], ev["target_name"]) == ("Brute", "Partner")


def test_an_illegal_man_who_stays_past_a_five_count_is_disqualified():
    m = tag_match([3, 6])  # the referee notices (3 <= Skill 10); then the count: 6 > 5
    ace, partner, bruiser, brute = m.fighters
    partner.apron = False
    partner.square = bruiser.square
    assert referee.start_count(m, partner, "tag_switch", infraction="the illegal man in the ring")
    assert partner.warnings == 1
    m.log.round = 1
    with pytest.raises(MatchOver):
        referee.end_of_round(m)
    assert m.result["method"] == "disqualification" and m.result["winner"] == 1
    assert "tag switch past a 5 count" in m.result["reason"]


def test_an_illegal_man_goes_back_to_the_apron_at_the_end_of_the_round(monkeypatch):
    monkeypatch.setattr(tactics, "lingers", lambda m, f: False)
    m = tag_match([3])
    partner = m.fighters[1]
    partner.apron = False
    referee.start_count(m, partner, "tag_switch")
    tag.end_of_round(m)
    assert partner.apron and partner.square == tag.APRON_OF[0]
    assert referee.counting(m, partner, "tag_switch") is None
    assert m.events[-1]["type"] == "position"


# --- A157, A158: the tag is positioning; the AP carry over ------------------------------------------------


def test_a_tag_needs_his_corner_costs_three_ap_and_the_new_man_inherits_the_shortfall(monkeypatch):
    monkeypatch.setattr(tactics, "wants_blind_tag", lambda m, a, d: False)
    m = tag_match()
    ace, partner, bruiser, _brute = m.fighters
    ace.ap = ace.agi_bonus  # 2 (AGI 10)
    assert tag.tag_distance(ace) == 2  # from e6 to his corner d4 or the ringside squares next to it
    new = tag.tag(m, ace, bruiser, partner)
    assert new is partner and m.attacker is partner and m.legal[0] is partner
    assert ace.apron and not ace.legal and partner.legal and not partner.apron
    assert partner.square in tag.TAG_SQUARES[0]
    assert (partner.ap, partner.deficit) == (0, 3)  # 2 to walk + 3 to tag - 2 AP he had
    mods = attack_mods(m, partner, bruiser, entry(partner, "Kick"))
    assert ("Action Point shortfall", -3) in mods
    ev = m.events[-1]
    assert ev["type"] == "tag" and ev["how"] == "tag" and ev["tagged_in"] == "Partner"
    assert [s["legal"] for s in ev["state"]] == [False, True, True, False]


def test_a_worn_man_tags_out_to_a_fresher_partner():
    m = tag_match()
    ace, partner, bruiser, _brute = m.fighters
    ace.ap = 2
    assert tactics.wants_tag(m, ace, bruiser) is None  # fresh: no reason to tag
    wear(ace, 2)
    assert tactics.wants_tag(m, ace, bruiser) == ("tag", partner)
    ace.square = (8, 8)  # the far corner: 5 AP to reach a tag square + 3 to tag is too much
    assert tactics.wants_tag(m, ace, bruiser) is None
    ace.square = (5, 5)
    wear(partner, 3)
    assert tactics.wants_tag(m, ace, bruiser) is None  # the partner is worse off


# --- A159: Lunge Tag --------------------------------------------------------------------------------------


def test_a_lunge_tag_is_an_agi_defense_minus_the_ap_to_his_corner_and_the_partner_comes_in_with_advantage():
    b1 = sheet("Bruiser", alignment="heel", tactics={"counter": 1.0})
    m = tag_match([15, 3], b1=b1)  # the Body Slam misses (need 10); the Lunge Tag succeeds (need 6)
    ace, _partner, bruiser, brute = m.fighters
    wear(bruiser, 2)
    attempt(m, ace, bruiser, plan(entry(ace, "Body Slam")))
    contest = m.events[0]["rolls"]
    lunge = contest[1]
    assert lunge["for"] == "Body Slam vs Lunge Tag" and lunge["need"] == 6
    assert {"name": "distance to his corner", "amount": -2} in lunge["modifiers"]
    assert {"name": "AGI", "amount": 10} in lunge["modifiers"]
    tag = [e for e in m.events if e["type"] == "tag"][0]
    assert tag["how"] == "lunge" and tag["tagged_in"] == "Brute"
    assert m.legal[1] is brute and m.attacker is brute and m.defender is ace
    assert bruiser.apron


def test_a_lunge_tag_that_loses_the_contest_takes_the_move(monkeypatch):
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *a: None)
    b1 = sheet("Bruiser", alignment="heel", tactics={"counter": 1.0})
    m = tag_match([5, 15], b1=b1)
    ace, _partner, bruiser, _brute = m.fighters
    wear(bruiser, 2)
    before = bruiser.damage
    attempt(m, ace, bruiser, plan(entry(ace, "Body Slam")))
    assert m.legal[1] is bruiser and bruiser.damage > before


# --- A160, A161: Blind Tag and Fake Tag -------------------------------------------------------------------


def test_an_unnoticed_blind_tag_makes_the_new_man_s_first_attack_unopposed(monkeypatch):
    monkeypatch.setattr(tactics, "wants_blind_tag", lambda m, a, d: True)
    m = tag_match([4, 15])  # Blind Tag (SAV 10, improvised -2: need 8) succeeds; Bruiser's SAV check fails
    ace, partner, bruiser, _brute = m.fighters
    ace.ap = 5
    tag.tag(m, ace, bruiser, partner)
    tag_ev = [e for e in m.events if e["type"] == "tag"][0]
    assert tag_ev["how"] == "blind"
    rolls = tag_ev["rolls"]
    assert rolls[0]["for"] == "Blind Tag" and rolls[0]["need"] == 8
    assert rolls[1]["for"] == "notice the blind tag" and rolls[1]["wrestler"] == "Bruiser"
    assert partner.ambush_pending  # the next plan is Unopposed
    assert ace.tricks_used["Blind Tag"] == 1 and ace.heat == -1


def test_a_noticed_blind_tag_is_just_a_tag(monkeypatch):
    monkeypatch.setattr(tactics, "wants_blind_tag", lambda m, a, d: True)
    m = tag_match([4, 5])
    ace, partner, bruiser, _brute = m.fighters
    ace.ap = 5
    tag.tag(m, ace, bruiser, partner)
    assert m.legal[0] is partner and not partner.ambush_pending


def test_a_fake_tag_is_a_difficulty_1_sav_trick_and_costs_heat():
    m = tag_match([3])  # SAV 10 - 2 improvised - 2 (Level 1 against a Fresh man) = 6
    ace, partner, bruiser, _brute = m.fighters
    ace.square = (6, 6)  # nowhere near his corner
    new = tag.fake_tag(m, ace, bruiser, partner)
    trick = [e for e in m.events if e["type"] == "trick"][0]
    assert trick["rolls"][0]["need"] == 6 and trick["success"]
    assert new is partner and m.legal[0] is partner and ace.apron
    assert ace.heat == -1  # Heat as for an illegal move


def test_a_fake_tag_the_referee_sees_does_not_happen():
    m = tag_match([7])
    ace, partner, bruiser, _brute = m.fighters
    assert tag.fake_tag(m, ace, bruiser, partner) is None
    assert m.legal[0] is ace and partner.apron and ace.heat == -1


# --- A162, A163: making and blocking the save -----------------------------------------------------------


def test_the_partner_saves_at_minus_one_per_ap_beyond_his_agi_bonus(quiet, monkeypatch):
    monkeypatch.setattr(tactics, "wants_block", lambda m, b, s: False)
    m = tag_match([15, 15, 15, 5])  # three failed break dice; the Kick save (need 9) lands
    ace, _partner, bruiser, brute = m.fighters
    bruiser.position = "Prone"
    assert winning.pin(m, ace, bruiser, ap=5) == 0
    assert m.result is None and m.attacker is ace  # the pinner keeps Advantage, loses his AP
    pin = [e for e in m.events if e["type"] == "pin"][0]
    assert pin["count"] == 2 and pin["interrupted"]
    hit = [e for e in m.events if e["type"] == "maneuver"][0]
    assert hit["during"] == "save" and hit["actor"] == 1 and hit["actor_name"] == "Brute"
    save_roll = hit["rolls"][0]
    assert save_roll["for"] == "save: Kick" and save_roll["need"] == 9
    assert {"name": "AP beyond his AGI bonus", "amount": -1} in save_roll["modifiers"]  # 3 squares, AGI bonus 2
    assert brute.warnings == 1 and not m.ref.watching  # warned at once; the referee argues with him
    assert [e for e in m.events if e["type"] == "save"][-1]["saved"] is True


def test_a_missed_save_lets_the_count_finish(quiet, monkeypatch):
    monkeypatch.setattr(tactics, "wants_block", lambda m, b, s: False)
    m = tag_match([15, 15, 15, 15])
    ace, _partner, bruiser, _brute = m.fighters
    bruiser.position = "Prone"
    with pytest.raises(MatchOver):
        winning.pin(m, ace, bruiser, ap=5)
    assert m.result["method"] == "pinfall" and m.result["winner"] == 0
    assert [e for e in m.events if e["type"] == "save"][-1]["saved"] is False


def test_the_pinner_s_partner_blocks_the_save_as_a_reversal(quiet):
    # break dice fail; Partner's SAV roll to enter succeeds (5); the contest: save 12 fails, block 4 wins;
    # the referee's check on the illegal man fails (15)
    m = tag_match([15, 15, 15, 5, 12, 4, 15])
    ace, partner, bruiser, brute = m.fighters
    bruiser.position = "Prone"
    with pytest.raises(MatchOver):
        winning.pin(m, ace, bruiser, ap=5)
    assert m.result["method"] == "pinfall"
    contest = [r for e in m.events for r in e["rolls"] if r["for"] == "save (Kick) vs block"]
    assert {"name": "Reversal of the save", "amount": -1} in contest[1]["modifiers"]
    block = [e for e in m.events if e["type"] == "maneuver" and e.get("during") == "block"][0]
    assert block["actor_name"] == "Partner" and block["target_name"] == "Brute"
    assert brute.damage > 0


# --- A164: double teams ---------------------------------------------------------------------------------


def test_identical_double_team_moves_use_the_higher_skill_plus_a_third_of_the_other():
    a2 = sheet("Partner", arsenal=({"maneuver": "Body Slam", "training": 2}, "Kick"))
    m = tag_match(a2=a2)
    ace, partner, bruiser, _brute = m.fighters
    mine = entry(ace, "Body Slam")
    p = plan(mine, tandem=(partner, entry(partner, "Body Slam")))
    mods = tag.double_team_mods(m, ace, bruiser, mine, p, attack_mods(m, ace, bruiser, mine))
    # Ace's Body Slam is 10 - 2 (Level 1 against a Fresh man) = 8; the Partner's is 10 (trained +2)
    assert sum(x for _n, x in mods) == 10 + 3  # the higher + ceil(8 / 3)
    assert ("training", 2) in mods


def test_different_double_team_moves_use_the_lower_skill_plus_a_third_of_the_other():
    a2 = sheet("Partner", arsenal=({"maneuver": "Kick", "training": 2}, "Body Slam"))
    m = tag_match(a2=a2)
    ace, partner, bruiser, _brute = m.fighters
    mine = entry(ace, "Body Slam")
    p = plan(mine, tandem=(partner, entry(partner, "Kick")))
    mods = tag.double_team_mods(m, ace, bruiser, mine, p, attack_mods(m, ace, bruiser, mine))
    assert sum(x for _n, x in mods) == 8 + 4  # the lower (Ace's Body Slam, 8) + ceil(12 / 3)
    assert ("double team (a third of the other skill)", 4) in mods


def test_a_double_team_is_one_roll_and_both_moves_hurt(monkeypatch):
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *a: None)
    m = tag_match([5])  # one roll, no Counter possible
    ace, partner, bruiser, _brute = m.fighters
    p = plan(entry(ace, "Body Slam"), tandem=(partner, entry(partner, "Kick")))
    partner.apron = False
    attempt(m, ace, bruiser, p)
    hit = [e for e in m.events if e["type"] == "maneuver"][0]
    assert len(hit["rolls"]) == 1
    assert hit["damage"] == 4 + 2  # Body Slam 4 + Kick 2
    assert hit["double_team"] == {"partner": "Partner", "maneuver": "Kick", "exertion": 0}
    assert bruiser.damage == 6 and ace.damage == 1  # Ace's exertion (Level 1)


def test_the_double_team_brings_the_partner_in_and_the_referee_may_count_him(monkeypatch):
    h = sheet("Bruiser", alignment="heel", tactics={"cheating": 0.8})
    m = tag_match([3], b1=h)  # the referee notices the illegal man (3 <= 10): a warning
    ace, partner, bruiser, brute = m.fighters
    m.attacker, m.defender = bruiser, ace
    wear(ace, 1)
    ace.square = (8, 7)  # next to the heels' corner, within Brute's reach
    p = plan(entry(bruiser, "Kick"))
    rounds.fighting_a_team(m, bruiser, ace, p)
    assert p.tandem is not None and p.tandem[0] is brute and not brute.apron
    assert brute.warnings == 1 and referee.counting(m, brute, "tag_switch") == 0


# --- A165: a lone wrestler against two men ------------------------------------------------------------------


def test_attacking_both_men_is_minus_two_per_target_and_hurts_both(monkeypatch):
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *a: None)
    monkeypatch.setattr(tactics, "combo_next", lambda *a: None)
    m = tag_match([5])
    ace, _partner, bruiser, brute = m.fighters
    brute.apron = False
    brute.square = bruiser.square
    assert tag.illegal_opponents(m, ace) == [brute]
    p = plan(entry(ace, "Kick"), both=brute, opts={"attacking both men": -4})
    attempt(m, ace, bruiser, p)
    hit = [e for e in m.events if e["type"] == "maneuver"][0]
    assert hit["rolls"][0]["need"] == 10 - 4
    assert hit["also"] == {"name": "Brute", "side": 1, "damage": 2}
    assert bruiser.damage == 2 and brute.damage == 2


def test_the_man_left_out_gets_a_free_attack_that_takes_the_initiative_only_if_it_hits():
    m = tag_match([5])
    ace, _partner, bruiser, brute = m.fighters
    brute.apron = False
    rounds.free_attack(m, ace, brute)
    assert ace.damage == 2 and m.attacker is bruiser  # his team's legal man has Advantage
    m2 = tag_match([15])
    ace2, _p2, _b2, brute2 = m2.fighters
    brute2.apron = False
    rounds.free_attack(m2, ace2, brute2)
    assert m2.attacker is ace2 and ace2.damage == 0


def test_a_lone_wrestler_chooses_both_only_when_his_odds_stay_good():
    m = tag_match()
    ace, _partner, bruiser, brute = m.fighters
    p = plan(entry(ace, "Kick"))
    assert tactics.team_choice(m, ace, bruiser, p, [brute]) == "one"  # 10 - 4 = 6
    strong = tag_match(a1=sheet("Ace", attributes={"BRA": 16}, advancement=60))
    p2 = plan(entry(strong.fighters[0], "Kick"))  # 16 - 4 = 12
    assert tactics.team_choice(strong, strong.fighters[0], strong.fighters[2], p2, [strong.fighters[3]]) == "both"


# --- whole matches ---------------------------------------------------------------------------------------------


def _team_setup(seed, **stip):
    names = set()
    pool = []
    i = seed
    while len(pool) < 4:
        s = RULESET.example_sheet(seed=i)
        i += 7
        if s["name"] not in names:
            names.add(s["name"])
            pool.append(s)
    return RULESET.build_setup([pool[:2], pool[2:]], kind="tag", stipulation=stip)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_every_tag_match_ends_with_exactly_one_legal_man_per_side_in_every_event(sheet_seed, seed):
    setup = _team_setup(sheet_seed)
    dice = RandomDice(seed)
    events = list(RULESET.resolve(setup, dice, seed=seed))
    assert events[-1]["type"] == "result"
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert sum(len(e["rolls"]) for e in events) == dice.count  # every die in exactly one event
    for e in events:
        assert len(e["state"]) == 4
        for side in (0, 1):
            assert sum(1 for s in e["state"] if s["side"] == side and s["legal"]) == 1
        assert e["actor"] in (None, 0, 1) and e["target"] in (None, 0, 1)
    result = events[-1]
    assert sorted((p["name"], p["side"]) for p in result["prestige"]) == sorted(
        (w["name"], s) for s, side in enumerate(setup.sides) for w in side
    )
    assert RULESET.outcome(setup, RandomDice(seed), seed=seed) == result


def test_tag_matches_are_deterministic_and_use_the_tag_mechanics():
    seen = set()
    for seed in range(40):
        setup = _team_setup(seed)
        a = json.dumps(list(resolve("arm", setup, seed)))
        assert a == json.dumps(list(resolve("arm", setup, seed)))
        for e in json.loads(a):
            if e["type"] == "tag":
                seen.add("tag:" + e["how"])
            if e.get("double_team"):
                seen.add("double team")
            if e["type"] == "save" and e.get("saved"):
                seen.add("save")
    assert {"tag:tag", "tag:lunge", "double team", "save"} <= seen


def test_a_partner_already_in_the_ring_blocks_the_save_without_a_sav_roll(quiet):
    m = tag_match([15, 15, 15, 12, 4])  # break dice fail; the save (12) loses to the block (4)
    ace, partner, bruiser, _brute = m.fighters
    partner.apron = False  # still in from a double team
    bruiser.position = "Prone"
    with pytest.raises(MatchOver):
        winning.pin(m, ace, bruiser, ap=5)
    assert m.result["method"] == "pinfall"
    assert not [r for e in m.events for r in e["rolls"] if r["for"] == "enter to block the save"]
    interrupted = [e for e in m.events if e["type"] == "pin"][0]
    assert interrupted["interrupted"] and "here comes help" in interrupted["text"]


def test_venue_moves_in_the_arsenal_carry_their_training_and_others_are_open_or_improvised():
    a1 = sheet("Ace", arsenal=({"maneuver": "Lunge Tag", "training": 2}, "Kick", "Fake Tag"))
    m = tag_match(a1=a1)
    ace, partner = m.fighters[0], m.fighters[1]
    assert ace.venue_moves["Lunge Tag"].static_need == 12  # AGI 10 + training 2
    assert ace.venue_moves["Fake Tag"].static_need == 10  # known: no -2
    assert ace.venue_moves["Blind Tag"].static_need == 8  # a Trick he never learned: -2
    assert partner.venue_moves["Lunge Tag"].static_need == 10  # open to everyone, no -2
    assert "Fake Tag" not in [e.label for e in ace.attacks]  # never an attack of its own


# --- A26: launching off another wrestler -------------------------------------------------------------------


def test_a_flyer_launches_off_his_partner_in_their_corner_for_his_hdb_plus_five(monkeypatch):
    """Seed: "In the special case where a wrestler uses another wrestler as a launch point, the effective
    altitude bonus is equal to the supporting wrestler's HDB, plus 5" (D62): up on his partner's shoulders
    in their corner, the Flying Elbow Drop gets Partner's HDB (+2, 6'0") + 5 = 7, more than the top rope's 6."""
    flyer = sheet("Ace", arsenal=["Kick", {"maneuver": "Elbow Drop", "flags": ["Flying"]}], tactics={"risk": 0.9})
    m = tag_match([4], a1=flyer)  # the Flying Elbow Drop (AGI 10, Level 2 vs Fresh -4: need 6) lands
    ace, partner, bruiser, _brute = m.fighters
    monkeypatch.setattr(tactics, "choose_counter", lambda *args: None)
    monkeypatch.setattr(follow_up, "after_maneuver", lambda *args: None)
    ace.square, bruiser.square, bruiser.position = ring.CORNER_OF[0], (4, 4), "Prone"
    ace.ap = ace.agi_bonus
    e = entry(ace, "Flying Elbow Drop")
    p = tactics.build(m, ace, bruiser, e)
    assert (p.launch, p.launch_bonus, p.square, p.perch, p.alt) == ("Partner", 2 + 5, ring.CORNER_OF[0], "", 0)

    rounds.execute_positioning(m, ace, p)
    attempt(m, ace, bruiser, p)
    pos = next(ev for ev in m.events if ev["type"] == "position")
    assert pos["launch"] == "Partner" and "steps up on Partner" in pos["text"]
    hit = next(ev for ev in m.events if ev["type"] == "maneuver")
    assert {"name": "altitude (launched off Partner)", "amount": 7} in hit["breakdown"]
    assert hit["damage"] == 3 + 1 + 7  # Elbow Drop 3 + WDB 1 + the launch
    assert partner.apron  # he stays on the apron: a boost, not an entry


def test_a_failed_launch_off_a_wrestler_costs_the_altitude_too(monkeypatch):
    """Seed: a High Risk failure costs "2 points of damage (plus his WDB and any altitude bonus)"."""
    flyer = sheet("Ace", arsenal=["Kick", {"maneuver": "Elbow Drop", "flags": ["Flying"]}], tactics={"risk": 0.9})
    m = tag_match([15], a1=flyer)
    ace, _partner, bruiser, _brute = m.fighters
    monkeypatch.setattr(tactics, "choose_counter", lambda *args: None)
    monkeypatch.setattr(tactics, "choose_reply", lambda *args: None)
    ace.square, bruiser.square, bruiser.position = ring.CORNER_OF[0], (4, 4), "Prone"
    ace.ap = ace.agi_bonus
    p = tactics.build(m, ace, bruiser, entry(ace, "Flying Elbow Drop"))
    attempt(m, ace, bruiser, p)
    crash = next(ev for ev in m.events if ev["type"] == "crash")
    assert crash["damage"] == 2 + 1 + 7
