"""The ARM sheet (P-ARM-02..10): attributes, size tables, derived values, arsenal, validation."""

import pytest

from rules.arm import sheet as arm_sheet
from rules.arm.tables import ATTRIBUTES, attribute_bonus, height_row, weight_row
from rules.errors import SheetError

from .helpers import RULESET, sheet


def test_the_seven_attributes_are_the_ones_reference_proposes():
    assert ATTRIBUTES == ("STR", "TEC", "AGI", "BRA", "SAV", "STA", "TOU")


def test_the_example_sheet_is_valid_and_canonical():
    a = RULESET.example_sheet()
    assert a == RULESET.example_sheet()
    assert a["name"] == "Rick Steel" and a["finisher"] == "Steel Bomb"
    assert RULESET.validate_sheet(a) == a


@pytest.mark.parametrize("seed", range(30))
def test_random_example_sheets_are_valid_and_reproducible(seed):
    s = RULESET.example_sheet(seed=seed)
    assert s == RULESET.example_sheet(seed=seed)
    assert RULESET.validate_sheet(s) == s
    assert s.get("finisher")


def test_derived_values_come_from_the_weight_and_height_tables():
    d = RULESET.derived(RULESET.example_sheet())  # 245 lb, 6'2"
    assert (d["lift"], d["wdb"], d["reach"], d["hdb"]) == (1, 2, 1, 3)
    assert d["edge"] == 3  # Fame 300 / 100
    assert d["stuntrack"] == [23, 46, 69, 92, 115]  # B = TOU 12 + STA 11
    assert d["action_points"] == 2  # AGI 9 -> bonus 2
    assert d["talent"]["spent"] <= d["talent"]["pool"]


@pytest.mark.parametrize(
    ("pounds", "lift", "wdb"),
    [(140, -4, 0), (141, -3, 0), (230, 0, 1), (250, 1, 2), (300, 4, 4), (400, 8, 6), (500, 10, 7)],
)
def test_weight_table(pounds, lift, wdb):
    row = weight_row(pounds)
    assert (row[2], row[3]) == (lift, wdb)


@pytest.mark.parametrize(
    ("inches", "reach", "hdb"), [(65, -2, 0), (69, -1, 1), (72, 0, 2), (76, 1, 3), (80, 2, 4), (84, 3, 5), (90, 4, 6)]
)
def test_height_table(inches, reach, hdb):
    row = height_row(inches)
    assert (row[2], row[3]) == (reach, hdb)


@pytest.mark.parametrize(("value", "bonus"), [(5, 0), (6, 1), (8, 1), (9, 2), (12, 3), (15, 4), (18, 5)])
def test_attribute_bonus(value, bonus):
    assert attribute_bonus(value) == bonus


@pytest.mark.parametrize(("text", "inches"), [("6'2\"", 74), ("6-2", 74), (74, 74), ("5'10", 70), ("80", 80)])
def test_height_is_read_in_several_spellings(text, inches):
    assert arm_sheet.parse_height(text) == inches


def test_iron_man_and_glass_jaw_change_the_break_size():
    base = sheet("A")
    assert arm_sheet.stuntrack(base)[0] == 20
    assert arm_sheet.stuntrack(sheet("B", merits=["Iron Man"]))[0] == 22
    assert arm_sheet.stuntrack(sheet("C", flaws=["Glass Jaw"]))[0] == 18


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": ""}, "name"),
        ({"attributes": {"STR": 10}}, "attributes.TEC"),
        ({"attributes": {**dict.fromkeys(ATTRIBUTES, 10), "LUCK": 3}}, "attributes.LUCK"),
        ({"attributes": {**dict.fromkeys(ATTRIBUTES, 10), "STR": 19}}, "attributes.STR"),
        ({"alignment": "tweener"}, "alignment"),
        ({"height": "tall"}, "height"),
        ({"weight": 50}, "weight"),
        ({"arsenal": []}, "arsenal"),
        ({"arsenal": [{"maneuver": "Jackhammer"}]}, "arsenal[0].maneuver"),
        ({"arsenal": [{"maneuver": "Body Slam", "flags": ["Sideways"]}]}, "arsenal[0].flags[0]"),
        ({"arsenal": [{"maneuver": "Armbar", "flags": ["Flying"]}]}, "arsenal[0].flags[0]"),
        ({"arsenal": [{"maneuver": "Body Slam", "training": 4}]}, "arsenal[0].training"),
        ({"arsenal": ["Body Slam", "Body Slam"]}, "arsenal[1]"),
        ({"finisher": "Piledriver"}, "finisher"),
        ({"merits": ["Slack"]}, "merits"),
        ({"merits": ["Telepathy"]}, "merits[0]"),
        ({"injuries": {"Tail": 2}}, "injuries.Tail"),
        ({"objects": ["Folding Chair"]}, "objects[0]"),
        ({"tactics": {"aggression": 2}}, "tactics.aggression"),
        ({"background": ["Street Tough"], "flaws": ["Injury Prone"]}, "flaws"),
    ],
)
def test_it_names_the_bad_field(change, field):
    raw = dict(RULESET.example_sheet())
    raw.update(change)
    with pytest.raises(SheetError) as err:
        RULESET.validate_sheet(raw)
    assert err.value.field == field


def test_it_refuses_more_talent_than_the_pool():
    raw = dict(RULESET.example_sheet())
    raw["attributes"] = dict.fromkeys(ATTRIBUTES, 16)
    with pytest.raises(SheetError, match="Talent"):
        RULESET.validate_sheet(raw)


def test_it_refuses_an_arsenal_bigger_than_its_class_allows():
    raw = dict(RULESET.example_sheet())
    raw["attributes"] = {**raw["attributes"], "AGI": 5}  # bonus 0: one AGI slot
    raw["arsenal"] = [*raw["arsenal"], {"maneuver": "Body Press"}]
    with pytest.raises(SheetError, match="AGI"):
        RULESET.validate_sheet(raw)


def test_flags_name_the_maneuver_and_the_finisher_can_be_a_custom_name():
    s = sheet(
        "A",
        arsenal=[{"maneuver": "Elbow Drop", "flags": ["Flying"], "name": "Top Rope Elbow"}],
        finisher="top rope elbow",
    )
    assert s["finisher"] == "Top Rope Elbow"


def test_reversals_are_bought_into_their_own_class():
    s = sheet("A", reversals=[{"counter": "Piledriver", "into": "Hip Toss", "training": 1}])
    assert s["reversals"] == [{"counter": "Piledriver", "into": "Hip Toss", "training": 1}]


def test_the_sheet_spec_lists_attributes_and_derived_values():
    spec = RULESET.sheet_spec()
    assert [a["name"] for a in spec["attributes"]] == list(ATTRIBUTES)
    assert "stuntrack" in spec["derived"]


def test_merits_style_technician_brawler_and_showman():
    from rules.arm import follow_up, modifiers

    from .helpers import entry, match

    tech = match(a=sheet("Ace", arsenal=["Kick"], merits=["Style: Technician"])).fighters[0]
    assert dict(entry(tech, "Side Headlock").static)["improvised"] == -1
    m = match(a=sheet("Ace", arsenal=["Kick"], merits=["Style: Brawler"]))
    a, d = m.fighters
    a.chain = 1
    assert dict(modifiers.attack_mods(m, a, d, entry(a, "Kick")))["BRA chain"] == 3
    m = match(a=sheet("Ace", arsenal=["Kick"], merits=["Style: Showman"]))
    a, d = m.fighters
    follow_up.after_maneuver(m, a, d, entry(a, "Kick"), 3)
    assert a.heat == 1 and a.ap == 0


def test_a_legend_or_defector_starts_with_their_backgrounds_prestige():
    # P-ARM-08: Legend 400, Defector 200, everyone else the seed's 100, when the sheet gives none
    assert sheet("Old Timer", background=["Legend"])["prestige"] == 400
    assert sheet("Jumper", background=["Defector"])["prestige"] == 200
    assert sheet("Both", background=["Defector", "Legend"])["prestige"] == 400
    assert sheet("Rookie")["prestige"] == 100
    assert RULESET.derived(sheet("Old Timer", background=["Legend"]))["starting_prestige"] == 400


def test_a_new_legend_sheet_below_400_prestige_is_refused_naming_the_field():
    raw = dict(sheet("Old Timer", background=["Legend"]), prestige=100)
    with pytest.raises(SheetError) as err:
        RULESET.validate_sheet(raw, new=True)
    assert err.value.field == "prestige" and "400" in str(err.value)
    raw = dict(sheet("Jumper", background=["Defector"]), prestige=150)
    with pytest.raises(SheetError) as err:
        RULESET.validate_sheet(raw, new=True)
    assert err.value.field == "prestige" and "200" in str(err.value)
    # the league's standing later falls below it: a sheet in play keeps what the league says
    assert RULESET.validate_sheet(raw)["prestige"] == 150
