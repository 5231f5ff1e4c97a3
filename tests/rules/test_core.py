"""The engine core: dice, the event log, the registry, the setup."""

import pytest

from rules import MatchSetup, RandomDice, ScriptedDice, get_ruleset, ruleset_ids
from rules.base import EventLog, Ruleset
from rules.dice import DiceExhausted, ScriptError
from rules.errors import SetupError, UnknownRuleset


def test_random_dice_are_reproducible_per_seed():
    a, b = RandomDice(7), RandomDice(7)
    assert [a.roll(20, "x") for _ in range(50)] == [b.roll(20, "x") for _ in range(50)]
    assert all(1 <= RandomDice(s).roll(6, "x") <= 6 for s in range(100))


def test_every_roll_is_recorded_until_taken():
    d = ScriptedDice([3, 5])
    d.roll(20, "first", actor=0)
    rec = d.roll_record(6, "second")
    rec["need"] = 4
    assert d.pending == 2 and d.count == 2
    assert d.take_rolls() == [
        {"die": "d20", "value": 3, "for": "first", "actor": 0},
        {"die": "d6", "value": 5, "for": "second", "need": 4},
    ]
    assert d.take_rolls() == [] and d.count == 2


def test_scripted_dice_fail_loudly():
    with pytest.raises(DiceExhausted):
        ScriptedDice([]).roll(20, "x")
    with pytest.raises(ScriptError):
        ScriptedDice([7]).roll(6, "x")
    with pytest.raises(ScriptError):
        ScriptedDice([(6, 3)]).roll(20, "x")
    assert ScriptedDice([(20, 3)]).roll(20, "x") == 3


def test_choice_index_is_a_recorded_roll():
    d = ScriptedDice([3])
    assert d.choice_index(4, "pick") == 2 and d.take_rolls()[0]["die"] == "d4"
    assert d.choice_index(1, "only one") == 0 and d.pending == 0


def test_the_event_log_numbers_events_and_carries_rolls_and_state():
    d = ScriptedDice([4])
    log = EventLog(d, lambda: [{"name": "A"}], seed=11)
    d.roll(20, "x")
    first = log.emit("start", "go", actor=0)
    log.round, log.clock = 2, 12.34
    second = log.emit("maneuver", "hit", actor=0, target=1, damage=3)
    assert first["seq"] == 0 and first["seed"] == 11 and first["rolls"][0]["value"] == 4
    assert second["seq"] == 1 and "seed" not in second and second["clock"] == 12.3 and second["damage"] == 3
    assert second["state"] == [{"name": "A"}] and second["rolls"] == []
    res = log.result(None, "draw", "time")
    assert res["type"] == "result" and res["winner"] is None and res["rounds"] == 2
    with pytest.raises(ValueError, match="unknown result method"):
        log.result(0, "forfeit", "x")


def test_the_registry_finds_arm_and_refuses_unknown_ids():
    assert "arm" in ruleset_ids()
    assert get_ruleset("arm").id == "arm"
    with pytest.raises(UnknownRuleset):
        get_ruleset("calvinball")


def test_setup_checks_kind_and_sides():
    arm = get_ruleset("arm")
    a = arm.example_sheet()
    with pytest.raises(SetupError):
        arm.build_setup([[a]])
    with pytest.raises(SetupError):
        arm.build_setup([[a], []])
    setup = arm.build_setup([[a], [arm.example_sheet(seed=2)]], stipulation={"time_limit": 300})
    assert isinstance(setup, MatchSetup) and setup.option("time_limit") == 300 and setup.option("x", 1) == 1


def test_the_base_ruleset_is_abstract():
    with pytest.raises(NotImplementedError):
        Ruleset().validate_sheet({})
    assert Ruleset().maneuvers() == [] and Ruleset().derived({}) == {}


def test_a_ruleset_registers_under_its_id_and_unregisters_again():
    from rules import register, unregister
    from rules.errors import UnknownRuleset as Unknown

    class Draughts(Ruleset):
        id = "test-draughts"
        name = "Draughts"

    register(Draughts)
    try:
        assert "test-draughts" in ruleset_ids()
        assert isinstance(get_ruleset("test-draughts"), Draughts)
        assert get_ruleset("test-draughts").label == "Draughts"  # the name, unless the ruleset gives a label

        class Impostor(Ruleset):
            id = "test-draughts"

        with pytest.raises(ValueError, match="taken by"):
            register(Impostor)
        with pytest.raises(ValueError, match="taken by"):
            register(type("Arm", (Ruleset,), {"id": "arm"}))
    finally:
        unregister("test-draughts")
    assert "test-draughts" not in ruleset_ids()
    with pytest.raises(Unknown):
        unregister("test-draughts")
    with pytest.raises(ValueError, match="has no id"):
        register(type("Nameless", (Ruleset,), {}))
