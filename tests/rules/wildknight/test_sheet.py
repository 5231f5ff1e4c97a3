"""The sheet: six attributes, weight, maneuvers from the table, a named finisher, tactics; errors name fields."""

import json

import pytest

from rules.errors import SheetError
from rules.registry import get_ruleset
from rules.wildknight.tables import MANEUVERS

RULESET = get_ruleset("wildknight")


def raw(**changes):
    sheet = RULESET.example_sheet()
    sheet.update(changes)
    return sheet


def field_of(bad):
    with pytest.raises(SheetError) as info:
        RULESET.validate_sheet(bad)
    return info.value.field


def test_it_gives_a_valid_canonical_example_sheet():
    sheet = RULESET.example_sheet()
    assert RULESET.validate_sheet(sheet) == sheet
    assert sheet["finisher"] == {"name": "Rampage Bomb", "maneuver": "Powerbomb"}
    assert set(sheet["attributes"]) == {"Brawn", "Power", "Athleticism", "Flair", "Deception", "Presence"}


@pytest.mark.parametrize("seed", range(40))
def test_it_draws_valid_random_example_sheets_from_a_seed(seed):
    sheet = RULESET.example_sheet(seed=seed)
    assert RULESET.validate_sheet(sheet) == sheet
    assert RULESET.example_sheet(seed=seed) == sheet


@pytest.mark.parametrize(
    ("bad", "field"),
    [
        (
            {"attributes": {"Brawn": 6, "Power": 0, "Athleticism": 0, "Flair": 0, "Deception": 0, "Presence": 0}},
            "attributes.Brawn",
        ),
        (
            {"attributes": {"Brawn": 0, "Power": 0, "Athleticism": 0, "Flair": 0, "Deception": -1, "Presence": 0}},
            "attributes.Deception",
        ),
        (
            {"attributes": {"Brawn": 0, "Power": "2", "Athleticism": 0, "Flair": 0, "Deception": 0, "Presence": 0}},
            "attributes.Power",
        ),
        ({"attributes": {"Brawn": 0, "Power": 0, "Athleticism": 0, "Flair": 0, "Deception": 0}}, "attributes.Presence"),
        (
            {
                "attributes": {
                    "Brawn": 0,
                    "Power": 0,
                    "Athleticism": 0,
                    "Flair": 0,
                    "Deception": 0,
                    "Presence": 0,
                    "Instinct": 1,
                }
            },
            "attributes.Instinct",
        ),
        ({"attributes": [1, 2]}, "attributes"),
        ({"weight": 99}, "weight"),
        ({"weight": True}, "weight"),
        ({"weight": 250.5}, "weight"),
        ({"alignment": "tweener"}, "alignment"),
        ({"name": ""}, "name"),
        ({"name": 7}, "name"),
        ({"maneuvers": ["Punch", "Chop"]}, "maneuvers"),
        ({"maneuvers": ["Punch", "Chop", "Suplex City"]}, "maneuvers.2"),
        ({"maneuvers": ["Punch", "Chop", "Punch"]}, "maneuvers.2"),
        ({"maneuvers": ["Stomp", "Moonsault", "Pin Attempt"]}, "maneuvers"),
        ({"maneuvers": "Punch"}, "maneuvers"),
        ({"finisher": {"name": "X", "maneuver": "Taunt"}}, "finisher.maneuver"),
        ({"finisher": {"name": "X", "maneuver": "Moonsault"}}, "finisher.maneuver"),
        ({"finisher": {"maneuver": "Powerbomb"}}, "finisher.name"),
        ({"finisher": "Powerbomb"}, "finisher"),
        ({"tactics": {"cheat": 3}}, "tactics.cheat"),
        ({"tactics": {"illegal": "yes"}}, "tactics.illegal"),
        ({"tactics": {"excuse": "bribe"}}, "tactics.excuse"),
        ({"tactics": {"shout": 1}}, "tactics.shout"),
        ({"height": 70}, "height"),
    ],
)
def test_it_names_the_field_of_every_sheet_error(bad, field):
    assert field_of(raw(**bad)) == field


def test_it_requires_every_field():
    for key in ("name", "alignment", "weight", "attributes", "maneuvers", "finisher"):
        bad = raw()
        del bad[key]
        assert field_of(bad) == key


def test_it_refuses_a_sheet_that_is_not_an_object():
    assert field_of([]) == "sheet"


def test_it_accepts_tactics_and_keeps_them():
    sheet = RULESET.validate_sheet(raw(tactics={"cheat": 2, "excuse": "lie", "illegal": False}))
    assert sheet["tactics"] == {"cheat": 2, "excuse": "lie", "illegal": False}


def test_it_derives_weight_mod_and_fatigue_threshold():
    sheet = RULESET.example_sheet()
    assert RULESET.derived(sheet) == {
        "weight_mod": 2,
        "fatigue_threshold": 22,
        "ability_points": 5,
        "skill_ranks": 4,
    }


def test_it_describes_the_sheet_for_forms_as_json():
    spec = RULESET.sheet_spec()
    json.dumps(spec)
    ranges = {a["name"]: (a["min"], a["max"]) for a in spec["attributes"]}
    assert ranges["Brawn"] == (-5, 5) and ranges["Presence"] == (0, 5)
    assert "time_limit" in spec["stipulations"]
    assert "Powerbomb" in spec["fields"]["maneuvers"]["choices"]


def test_it_lists_its_maneuvers_as_data():
    table = RULESET.maneuvers()
    json.dumps(table)
    assert len(table) == len(MANEUVERS)
    slam = next(m for m in table if m["name"] == "Body Slam")
    assert slam == {
        "name": "Body Slam",
        "key": "Power",
        "damage": "d6",
        "modifiers": ["requires-lifting"],
        "note": "(S) Requires Lifting",
    }
    assert {m["key"] for m in table} == {"Brawn", "Power", "Athleticism", "Flair", "Deception", "Presence"}
