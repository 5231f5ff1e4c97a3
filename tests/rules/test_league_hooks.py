"""What a ruleset tells the league (rules/base.py): house rules, injury areas, weekly healing, Prestige parts."""

import pytest

from rules import HouseRule, HouseRuleError, get_ruleset, resolve, ruleset_ids
from rules.base import PRESTIGE_REASONS

ARM = get_ruleset("arm")
HP_D6 = get_ruleset("hp-d6")
WILDKNIGHT = get_ruleset("wildknight")


# --- house rules -------------------------------------------------------------------------------------


def test_a_house_rule_checks_its_type_and_range_and_names_itself():
    limit = HouseRule("limit", "Limit", "integer", 3, min=1, max=10)
    assert limit.check(10) == 10
    for bad in (0, 11, "3", True, 2.5):
        with pytest.raises(HouseRuleError, match="must be a whole number from 1 to 10") as exc:
            limit.check(bad)
        assert exc.value.field == "limit"
    flag = HouseRule("flag", "Flag", "boolean", False)
    assert flag.check(True) is True
    with pytest.raises(HouseRuleError, match="flag: must be true or false"):
        flag.check("yes")
    pick = HouseRule("pick", "Pick", "choice", "a", choices=(("a", "A"), ("b", "B")))
    assert pick.check("b") == "b"
    with pytest.raises(HouseRuleError, match="pick: must be one of: a, b"):
        pick.check("c")


def test_a_list_house_rule_keeps_the_order_of_its_choices_and_each_value_once():
    rule = HouseRule("dq", "DQ", "list", (), choices=(("x", "X"), ("y", "Y"), ("z", "Z")))
    assert rule.check(["z", "x", "z"]) == ["x", "z"]
    assert rule.check(()) == []
    with pytest.raises(HouseRuleError, match="dq: must be a list drawn from: x, y, z"):
        rule.check(["w"])
    with pytest.raises(HouseRuleError, match="dq: must be a list"):
        rule.check("x")


def test_a_house_rule_whose_default_it_refuses_is_a_bug_found_at_import():
    with pytest.raises(HouseRuleError):
        HouseRule("limit", "Limit", "integer", 0, min=1)
    with pytest.raises(ValueError, match="type must be one of"):
        HouseRule("odd", "Odd", "colour", "red")


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_ruleset_fills_in_its_defaults_and_refuses_what_it_does_not_know(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    defaults = ruleset.validate_house_rules({})
    assert list(defaults) == [rule.name for rule in ruleset.house_rule_spec()]
    assert ruleset.validate_house_rules(None) == defaults
    assert ruleset.validate_house_rules(defaults) == defaults
    for rule in ruleset.house_rule_spec():
        assert rule.label and rule.label != rule.name  # a human label, not the key
    with pytest.raises(HouseRuleError, match="biting: is not a house rule of") as exc:
        ruleset.validate_house_rules({"biting": True})
    assert exc.value.field == "biting"
    with pytest.raises(HouseRuleError, match="house_rules: must be an object"):
        ruleset.validate_house_rules(["biting"])


def test_arm_house_rules_are_the_house_referee_and_the_automatic_dqs():
    rules = ARM.validate_house_rules({"warning_limit": 5, "automatic_dq": ["powder", "foreign_object"]})
    assert rules == {"warning_limit": 5, "automatic_dq": ["foreign_object", "powder"]}
    assert ARM.house_stipulation(rules) == {
        "referee": {"name": "the referee", "skill": 10, "sav": 10, "warning_limit": 5},
        "automatic_dq": ["foreign_object", "powder"],
    }
    default = ARM.validate_house_rules({})
    assert default["automatic_dq"] == [
        "choke_count",
        "rope_break_count",
        "referee_contact",
        "foreign_object",
        "interference",
    ]
    with pytest.raises(HouseRuleError, match="warning_limit: must be a whole number from 1 to 10"):
        ARM.validate_house_rules({"warning_limit": 11})
    # The stipulation is one the engine accepts.
    setup = ARM.build_setup(
        [[ARM.example_sheet()], [ARM.example_sheet(seed=2)]], stipulation=ARM.house_stipulation(rules)
    )
    assert setup.option("automatic_dq") == ["foreign_object", "powder"]


def test_hp_d6_house_rules_are_its_advanced_rules():
    rules = HP_D6.validate_house_rules({"run_ins": True})
    assert rules == {"foreign_objects": False, "run_ins": True, "attack_referee": False}
    assert HP_D6.house_stipulation(rules) == {"advanced": rules}
    with pytest.raises(HouseRuleError, match="run_ins: must be true or false"):
        HP_D6.validate_house_rules({"run_ins": "on"})


def test_wildknight_has_no_house_rules():
    assert WILDKNIGHT.house_rule_spec() == ()
    assert WILDKNIGHT.house_stipulation(WILDKNIGHT.validate_house_rules({})) == {}


# --- injuries and healing ----------------------------------------------------------------------------


def test_arm_names_its_areas_as_the_seed_does_and_reads_the_engines_spellings():
    assert dict(ARM.injury_areas())["body"] == "Ribs/Body"
    assert [ARM.injury_area(n) for n in ("Head", "Ribs", "ribs/body", "Legs", "Arm", "Knee")] == [
        "head",
        "body",
        "body",
        "leg",
        "arm",
        None,
    ]
    sheet = {"injuries": {"Ribs": 2, "Leg": 1}}
    state = {"injuries": {"Ribs": 5, "Leg": 1, "Head": 1}}
    assert ARM.injuries_gained(sheet, state) == {"body": 3, "head": 1}
    assert ARM.injuries_gained(sheet, {"injuries": {}}) == {}


def test_arm_heals_the_sta_bonus_a_week():
    # Seed: "subtract his STA bonus each week from his total Injuries"; P-ARM-05: max(0, (STA - 3) // 3).
    heals = {sta: ARM.weekly_heal({"attributes": {"STA": sta}}) for sta in (3, 5, 6, 9, 12, 16)}
    assert heals == {3: 0, 5: 0, 6: 1, 9: 2, 12: 3, 16: 4}
    assert ARM.weekly_heal({"attributes": {}}) == 0
    assert ARM.weekly_heal({"attributes": {"STA": "x"}}) == 0


def test_rulesets_without_a_healing_rule_heal_one_point_a_week_and_keep_no_injuries_of_their_own():
    for ruleset in (HP_D6, WILDKNIGHT):
        assert ruleset.weekly_heal(ruleset.example_sheet()) == 1
        setup = ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(seed=3)]])
        events = list(resolve(ruleset.id, setup, 3))
        assert all(
            ruleset.injuries_gained(sheet, state) == {} for (sheet,), state in zip(setup.sides, events[-1]["state"])
        )
        assert ruleset.prestige_parts(events[-1]) == {}


# --- Prestige ----------------------------------------------------------------------------------------


def test_arm_prestige_details_become_the_leagues_reasons():
    result = {
        "prestige": [
            {"side": 0, "name": "A", "change": -10, "detail": [{"name": "loss", "amount": -10}]},
            {
                "side": 1,
                "name": "B",
                "change": 17,
                "detail": [
                    {"name": "win", "amount": 10},
                    {"name": "heat", "amount": 4},
                    {"name": "spot bonus", "amount": 3},
                    {"name": "engineered result", "amount": -10},
                    {"name": "something new", "amount": 10},
                ],
            },
            {"side": 2, "name": "C", "change": 7},
        ]
    }
    assert ARM.prestige_parts(result) == {
        (0, "A"): [("result", -10)],
        (1, "B"): [("result", 10), ("heat", 4), ("flair", 3), ("engineered", -10), ("adjustment", 10)],
        (2, "C"): [("result", 7)],
    }


def test_arm_prestige_parts_of_played_matches_add_up_to_each_change():
    seen = set()
    for seed in range(12):
        setup = ARM.build_setup([[ARM.example_sheet(seed=seed)], [ARM.example_sheet(seed=seed + 40)]])
        result = list(resolve("arm", setup, seed))[-1]
        parts = ARM.prestige_parts(result)
        assert len(parts) == 2
        for entry in result["prestige"]:
            own = parts[(entry["side"], entry["name"])]
            assert own[0][0] == "result" and [r for r, _ in own].count("result") == 1
            assert {reason for reason, _ in own} <= set(PRESTIGE_REASONS)
            assert sum(amount for _, amount in own) == entry["change"]
            seen |= {reason for reason, _ in own}
        for sheet, state in zip((s for side in setup.sides for s in side), result["state"]):
            gained = ARM.injuries_gained(sheet, state)
            assert set(gained) <= {key for key, _ in ARM.injury_areas()}
            assert sum(gained.values()) == sum(state["injuries"].values()) - sum(sheet["injuries"].values())
    assert "heat" in seen  # the crowd's heat is a part of its own in some of these matches
