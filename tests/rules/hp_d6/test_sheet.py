"""The sheet: validation names the field; example sheets are valid; the spec is JSON."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import SheetError
from rules.hp_d6.sheet import EXAMPLE_SHEET
from tests.rules.hp_d6.helpers import RULESET


def _with(path, value):
    raw = copy.deepcopy(EXAMPLE_SHEET)
    target = raw
    keys = path.split(".")
    for key in keys[:-1]:
        target = target.setdefault(key, {})
    if value is _DELETE:
        del target[keys[-1]]
    else:
        target[keys[-1]] = value
    return raw


_DELETE = object()


def test_it_normalizes_the_example_sheet():
    sheet = RULESET.validate_sheet(EXAMPLE_SHEET)
    assert sheet["hp"] == 20
    assert sheet["moves"]["strike"] == ["Chop", "Punch", "Leg Drop"]
    assert RULESET.example_sheet() == sheet


def test_it_defaults_hp_to_20():
    assert RULESET.validate_sheet(_with("hp", _DELETE))["hp"] == 20


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        ("name", _DELETE, "name"),
        ("name", 7, "name"),
        ("name", "   ", "name"),
        ("name", "x" * 41, "name"),
        ("alignment", "tweener", "alignment"),
        ("hp", 9, "hp"),
        ("hp", 41, "hp"),
        ("hp", "20", "hp"),
        ("hp", True, "hp"),
        ("finisher", None, "finisher"),
        ("moves", _DELETE, "moves"),
        ("moves", ["Chop"], "moves"),
        ("moves.strike", [], "moves.strike"),
        ("moves.grapple", {"a": 1}, "moves.grapple"),
        ("moves.submission", ["Armbar", 3], "moves.submission.1"),
        ("moves.suplexes", ["German"], "moves.suplexes"),
        ("moves.high_risk", ["Moonsault"] * 13, "moves.high_risk"),
        ("tactics", "aggressive", "tactics"),
        ("tactics.style", "brawler", "tactics.style"),
        ("tactics.weights", [1, 2], "tactics.weights"),
        ("tactics.weights.strike", -1, "tactics.weights.strike"),
        ("tactics.weights.strike", 1.5, "tactics.weights.strike"),
        ("tactics.weights.powerbomb", 3, "tactics.weights.powerbomb"),
        ("tactics.pin", "yes", "tactics.pin"),
        ("tactics.combination_carrier", "strike", "tactics.combination_carrier"),
        ("tactics.submission_below", 99, "tactics.submission_below"),
        ("ally", 5, "ally"),
        ("weight", 250, "weight"),
    ],
)
def test_it_names_the_field_of_a_bad_sheet(path, value, field):
    with pytest.raises(SheetError) as exc:
        RULESET.validate_sheet(_with(path, value))
    assert exc.value.field == field


def test_it_refuses_a_sheet_that_is_not_a_mapping():
    with pytest.raises(SheetError):
        RULESET.validate_sheet(["Hacksaw"])


def test_it_keeps_only_the_tactics_given():
    sheet = RULESET.validate_sheet(_with("tactics", {"weights": {"grapple": 9}, "pin": False}))
    assert sheet["tactics"] == {"weights": {"grapple": 9}, "pin": False}


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_it_makes_valid_random_example_sheets(seed):
    sheet = RULESET.example_sheet(seed=seed)
    assert RULESET.validate_sheet(sheet) == sheet
    assert RULESET.example_sheet(seed=seed) == sheet


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5), st.lists, max_leaves=5))
def test_it_raises_only_sheet_errors_on_garbage(value):
    for path in ("name", "hp", "moves", "moves.strike", "tactics", "tactics.weights", "tactics.weights.cheat"):
        try:
            sheet = RULESET.validate_sheet(_with(path, value))
        except SheetError as exc:
            field = exc.field
        else:
            assert RULESET.validate_sheet(sheet) == sheet
            continue
        assert field.split(".")[0] == path.split(".")[0]


def test_it_describes_the_sheet_as_json():
    spec = RULESET.sheet_spec()
    assert json.loads(json.dumps(spec)) == spec
    fields = {f["name"]: f for f in spec["fields"]}
    assert set(fields) == {"name", "alignment", "pronouns", "hp", "finisher", "moves", "ally", "tactics"}
    assert (fields["hp"]["min"], fields["hp"]["max"], fields["hp"]["default"]) == (10, 40, 20)
    assert set(spec["derived"]) == set(RULESET.derived(RULESET.example_sheet()))


def test_it_lists_six_move_types_and_derived_values():
    table = RULESET.maneuvers()
    assert [row["type"] for row in table] == [
        "strike",
        "grapple",
        "high_risk",
        "pinning_combination",
        "submission",
        "finisher",
    ]
    assert {row["type"]: row["damage"] for row in table if isinstance(row["damage"], int)} == {
        "strike": 1,
        "grapple": 2,
        "high_risk": 3,
        "submission": 1,
    }
    assert RULESET.derived(RULESET.example_sheet()) == {"hp": 20, "pin_at": 10, "finisher_at": 15}


def test_it_accepts_whole_numbers_written_as_floats():
    assert RULESET.validate_sheet(_with("hp", 25.0))["hp"] == 25


def test_it_refuses_a_move_name_longer_than_40_characters():
    with pytest.raises(SheetError) as exc:
        RULESET.validate_sheet(_with("moves.strike", ["Chop", "x" * 41]))
    assert exc.value.field == "moves.strike.1"
