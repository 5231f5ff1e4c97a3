"""The ``pronouns`` sheet field in every ruleset: he, she or they; old sheets without it are he."""

import pytest

from rules import SheetError, get_ruleset, ruleset_ids
from rules.narration_kit import PRONOUNS, Person, example_pronouns

RULESETS = ruleset_ids()


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_an_old_sheet_without_pronouns_keeps_validating_as_he(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    old = dict(ruleset.example_sheet())
    del old["pronouns"]
    assert ruleset.validate_sheet(old)["pronouns"] == "he"


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize(("given", "kept"), [("he", "he"), ("she", "she"), ("they", "they"), (" She ", "she")])
def test_it_keeps_the_pronouns_a_sheet_names(ruleset_id, given, kept):
    ruleset = get_ruleset(ruleset_id)
    assert ruleset.validate_sheet(dict(ruleset.example_sheet(), pronouns=given))["pronouns"] == kept


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("bad", ["it", "", 3, ["she"], True])
def test_it_refuses_other_pronouns_naming_the_field(ruleset_id, bad):
    ruleset = get_ruleset(ruleset_id)
    with pytest.raises(SheetError) as caught:
        ruleset.validate_sheet(dict(ruleset.example_sheet(), pronouns=bad))
    assert caught.value.field == "pronouns"
    assert "he, she, they" in str(caught.value)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_sheet_spec_offers_the_three_choices_for_the_form(ruleset_id):
    spec = get_ruleset(ruleset_id).sheet_spec()
    fields = spec["fields"]
    field = fields["pronouns"] if isinstance(fields, dict) else {f["name"]: f for f in fields}["pronouns"]
    assert (field["type"], field["choices"], field["required"]) == ("choice", ["he", "she", "they"], False)
    assert field["labels"] == {"he": "he/him", "she": "she/her", "they": "they/them"}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_example_sheets_name_their_pronouns_and_seeded_ones_use_all_three(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    assert ruleset.example_sheet()["pronouns"] == "he"
    seen = {ruleset.example_sheet(seed)["pronouns"] for seed in range(12)}
    assert seen == set(PRONOUNS)
    assert all(ruleset.example_sheet(s)["pronouns"] == example_pronouns(s) for s in range(12))


def test_an_hp_d6_example_ally_matches_the_wrestlers_pronouns():
    ruleset = get_ruleset("hp-d6")
    for seed in range(40):
        sheet = ruleset.example_sheet(seed)
        other = {"he": ("her ", "their "), "she": ("his ", "their "), "they": ("his ", "her ")}[sheet["pronouns"]]
        assert not sheet["ally"].startswith(other), (seed, sheet["ally"])


@pytest.mark.parametrize(
    ("pronouns", "line"),
    [
        ("he", "He gets to his feet; he is up and he's angry at himself."),
        ("she", "She gets to her feet; she is up and she's angry at herself."),
        ("they", "They get to their feet; they are up and they're angry at themselves."),
    ],
)
def test_a_person_agrees_with_the_verb(pronouns, line):
    p = Person("Lady Vendetta", 0, pronouns)
    template = "{a.He} get{a.s} to {a.his} feet; {a.he} {a.is_} up and {a.hes} angry at {a.himself}."
    text = template.format(a=p)  # the way narration templates are filled
    assert text == line
