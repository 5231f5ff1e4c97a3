"""Tactics: the move type a wrestler picks, deterministic or drawn from the match dice."""

from rules import RandomDice
from rules.hp_d6 import moves, tactics
from rules.hp_d6.tactics import DEFAULT_WEIGHTS, Tactics
from tests.rules.hp_d6.helpers import RULESET, rolls, scripted, setup, sheet


def _two(**tactics_kw):
    weights = {"strike": 1, "grapple": 1, "high_risk": 0, "submission": 0, "pinning_combination": 0}
    weights.update(tactics_kw.pop("weights", {}))
    raw = dict(RULESET.example_sheet())
    raw["tactics"] = {"weights": {**weights, "finisher": 0, "cheat": 0}, **tactics_kw}
    return RULESET.validate_sheet(raw)


def test_it_rolls_no_die_when_only_one_move_type_is_possible():
    m = scripted([])
    a, b = m.w
    assert tactics.choose(m, a, b) == "strike"
    assert m.dice.pending == 0


def test_it_draws_the_move_type_from_the_match_dice_and_records_it():
    m = scripted([2, 5, 1])  # d2 -> 2 = grapple; then the grapple roll-off 5-1
    a, b = m.w
    a.tactics = Tactics(_two())
    m.turn(a)
    event = m.events[-1]
    assert event["type"] == "grapple"
    assert event["rolls"][0] == {"die": "d2", "value": 2, "for": "tactics: move", "side": 0}
    assert rolls(event)[1:] == [("grapple: attacker", 5), ("grapple: defender", 1)]


def test_it_offers_a_pinning_combination_only_when_the_carrier_can_bring_him_to_10():
    raw = _two(weights={"pinning_combination": 3})
    m = scripted([])
    a, b = m.w
    a.tactics = Tactics(raw)
    b.hp = 13
    assert "pinning_combination" not in dict(tactics.options(m, a, b))
    b.hp = 12
    assert dict(tactics.options(m, a, b))["pinning_combination"] == 3
    b.prone = True  # a prone opponent is simply pinned (at 10 or less), not rolled up
    assert "pinning_combination" not in dict(tactics.options(m, a, b))
    a.tactics = Tactics(_two(weights={"pinning_combination": 3}, combination_carrier="high_risk"))
    b.prone, b.hp = False, 13
    assert "pinning_combination" in dict(tactics.options(m, a, b))


def test_it_doubles_the_submission_weight_when_a_tap_out_is_in_reach():
    m = scripted([])
    a, b = m.w
    a.tactics = Tactics(_two(weights={"submission": 2}))
    assert dict(tactics.options(m, a, b))["submission"] == 2
    b.hp = 11
    assert dict(tactics.options(m, a, b))["submission"] == 4


def test_it_declares_a_finisher_only_at_15_hp_or_less():
    raw = _two()
    raw["tactics"]["weights"]["finisher"] = 5
    m = scripted([])
    a, b = m.w
    a.tactics = Tactics(RULESET.validate_sheet(raw))
    assert "finisher" not in dict(tactics.options(m, a, b))
    b.hp = 15
    assert dict(tactics.options(m, a, b))["finisher"] == 5


def test_it_never_uses_a_move_type_without_move_names():
    raw = dict(RULESET.example_sheet())
    raw["moves"] = dict(raw["moves"], high_risk=[], submission=[])
    t = Tactics(RULESET.validate_sheet(raw))
    assert (t.weights["high_risk"], t.weights["submission"]) == (0, 0)


def test_it_gives_faces_and_heels_different_default_habits():
    face = Tactics(RULESET.example_sheet())
    heel = Tactics(RULESET.validate_sheet(dict(RULESET.example_sheet(), alignment="heel")))
    assert face.weights["cheat"] == 0 and heel.weights["cheat"] > 0
    assert face.run_in_save is False and heel.run_in_save is True
    assert DEFAULT_WEIGHTS["face"]["high_risk"] > DEFAULT_WEIGHTS["heel"]["high_risk"]


def test_it_swings_a_held_weapon_only_when_behind_or_unseen():
    m = scripted([], b=sheet("Bruiser", alignment="heel", cheat=1), advanced=True)
    a, b = m.w
    b.weapon = "steel chair"
    assert tactics.choose(m, b, a) == "strike"  # level on HP, referee watching
    b.hp = 19
    assert tactics.choose(m, b, a) == "foreign_object"
    b.hp = 20
    m.referee = "down"
    assert tactics.choose(m, b, a) == "foreign_object"


def test_it_shares_tactics_tables_between_matches_of_one_setup_without_changing_them():
    s = setup(a=RULESET.example_sheet(), b=RULESET.example_sheet(seed=1))
    first = [RULESET.outcome(s, RandomDice(n), seed=n) for n in range(30)]
    fresh = setup(a=RULESET.example_sheet(), b=RULESET.example_sheet(seed=1))
    again = [list(RULESET.resolve(fresh, RandomDice(n), seed=n))[-1] for n in range(30)]
    assert first == again


def test_it_names_moves_from_the_sheet_in_turn():
    m = scripted([5, 1, 5, 1])
    a, b = m.w
    a.moves = dict(a.moves, strike=["Chop", "Punch"])
    m.turn_number = 1
    moves.strike(m, a, b)
    m.turn_number = 2
    moves.strike(m, a, b)
    assert [e["move"] for e in m.events] == ["Punch", "Chop"]


def test_it_strikes_when_every_weight_is_zero():
    m = scripted([], a=sheet("Ace", only=None))
    a, b = m.w
    assert tactics.options(m, a, b) == []
    assert tactics.choose(m, a, b) == "strike"
    assert m.dice.pending == 0
