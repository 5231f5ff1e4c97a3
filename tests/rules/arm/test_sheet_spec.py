"""ARM's sheet spec (the web builder is generated from it) and the derived values the builder shows."""

import json

import pytest

from rules.arm.damage import maneuver_damage
from rules.arm.maneuvers import BASE_MANEUVERS, DEFENSES
from rules.arm.tables import ATTR_MAX, ATTR_MIN, ATTRIBUTES, FLAGS

from .helpers import RULESET, entry, match, plan, sheet

# roster.sheets.LEAGUE_FIELDS (the web app is not imported by the rules tests): kept by the league, not the player.
LEAGUE_FIELDS = frozenset({"fame", "prestige", "injuries", "edge"})
TYPES = {"string", "text", "integer", "number", "boolean", "choice", "object", "list"}
LIST_OF = {"choice", "string", "object"}
SPEC = RULESET.sheet_spec()


def check_descriptor(path, d):
    """Problems of one descriptor of the canonical format (docs/rules/README.md), recursively."""
    problems = []
    kind = d.get("type")
    if kind not in TYPES:
        return [f"{path}: unknown type {kind!r}"]
    if kind == "choice" or (kind == "list" and d.get("of") == "choice"):
        choices = d.get("choices")
        if not choices or not all(isinstance(c, str) and c for c in choices):
            problems.append(f"{path}: choices must be a non-empty list of names")
        elif len(set(choices)) != len(choices):
            problems.append(f"{path}: choices repeat")
        labels = d.get("labels", {})
        if not set(labels) <= set(choices or ()):
            problems.append(f"{path}: labels for values that are not choices: {set(labels) - set(choices)}")
    if kind == "list" and d.get("of") not in LIST_OF:
        problems.append(f"{path}: a list is of {sorted(LIST_OF)}, not {d.get('of')!r}")
    if kind == "object" or (kind == "list" and d.get("of") == "object"):
        fields = d.get("fields")
        if not isinstance(fields, dict) or not fields:
            problems.append(f"{path}: needs fields")
        else:
            for name, sub in fields.items():
                problems += check_descriptor(f"{path}.{name}", sub)
    if "min" in d and "max" in d and d["min"] > d["max"]:
        problems.append(f"{path}: min > max")
    return problems


def test_the_spec_is_json_and_in_the_canonical_format():
    assert json.loads(json.dumps(SPEC)) == SPEC
    assert isinstance(SPEC["fields"], dict) and SPEC["fields"]
    problems = [p for name, d in SPEC["fields"].items() for p in check_descriptor(name, d)]
    assert problems == []
    assert [a["name"] for a in SPEC["attributes"]] == list(ATTRIBUTES)
    assert all((a["min"], a["max"]) == (ATTR_MIN, ATTR_MAX) for a in SPEC["attributes"])
    assert isinstance(SPEC["derived"], dict)


@pytest.mark.parametrize("seed", [None, 1, 2, 3, 5, 8, 13, 21])
def test_every_key_of_an_example_sheet_is_described(seed):
    example = RULESET.example_sheet(seed)
    fields = SPEC["fields"]
    for key in example:
        if key == "attributes":
            assert set(example[key]) == {a["name"] for a in SPEC["attributes"]}
        else:
            assert key in fields, key  # the league's fields are described too (the web app hides them)
    arsenal = fields["arsenal"]["fields"]
    for row in example["arsenal"]:
        assert set(row) <= set(arsenal), row
        assert row["maneuver"] in arsenal["maneuver"]["choices"]
        assert set(row["flags"]) <= set(arsenal["flags"]["choices"])
    for row in example["reversals"]:
        assert set(row) <= set(fields["reversals"]["fields"])
    assert set(example["tactics"]) <= set(fields["tactics"]["fields"])
    assert set(example["objects"]) <= set(fields["objects"]["choices"])
    for key in ("background", "merits", "flaws"):
        assert set(example[key]) <= set(fields[key]["choices"])


def test_the_choices_are_the_tables():
    fields = SPEC["fields"]
    maneuver = fields["arsenal"]["fields"]["maneuver"]
    assert maneuver["choices"] == [*BASE_MANEUVERS, *DEFENSES]
    assert len(BASE_MANEUVERS) >= 70
    assert maneuver["labels"]["Elbow Drop"] == "13. Elbow Drop (BRA L1, damage 3+WDB, Strike)"
    assert maneuver["labels"]["Block"] == "D2. Block (Defense, STR L0)"
    assert fields["arsenal"]["fields"]["flags"]["choices"] == list(FLAGS)
    assert fields["alignment"]["choices"] == ["face", "heel"]
    assert fields["arsenal"]["fields"]["training"]["max"] == 3
    # every choice is accepted by validate_sheet
    for name in maneuver["choices"]:
        assert sheet(alignment="heel", arsenal=[name])["arsenal"][0]["maneuver"] == name
    for name in fields["objects"]["choices"]:
        assert sheet(alignment="heel", objects=[name])["objects"] == [name]
    reversal = fields["reversals"]["fields"]
    for name in reversal["into"]["choices"]:
        assert sheet(reversals=[{"counter": reversal["counter"]["choices"][0], "into": name}])["reversals"]


def test_the_league_fields_are_described_but_league_kept():
    assert LEAGUE_FIELDS & set(SPEC["fields"]) == {"fame", "prestige", "injuries"}
    assert "league" in SPEC["fields"]["fame"]["help"]


def test_derived_gives_the_effective_level_damage_and_skill_of_each_entry():
    # 230 lb (WDB +1), 6'0" (HDB +2), every attribute 10 (see helpers.sheet)
    s = sheet(
        arsenal=[
            {"maneuver": "Elbow Drop", "flags": ["Flying"], "training": 2, "name": "Top Rope Elbow"},
            {"maneuver": "Clothesline", "flags": ["Running"], "training": 1},
            {"maneuver": "Powerbomb", "flags": ["Sit-out"]},
            {"maneuver": "Block", "training": 1},
        ],
        finisher="Top Rope Elbow",
        reversals=[{"counter": "Piledriver", "into": "Hip Toss", "training": 1}],
    )
    d = RULESET.derived(s)
    rows = {r["name"]: r for r in d["arsenal"]}
    # Elbow Drop: BRA L1, damage 3 + WDB; Flying: Level +1, damage +0; Finisher: +2 Skill, double damage
    assert rows["Top Rope Elbow"] == {
        "maneuver": "Flying Elbow Drop",
        "name": "Top Rope Elbow",
        "class": "BRA",
        "type": "Strike",
        "flags": ["Flying"],
        "level": 2,
        "damage": (3 + 1) * 2,
        "skill": 10 + 2 + 2,
        "training": 2,
        "finisher": True,
    }
    # Clothesline: BRA L1, damage 4 (no W/H); Running: Level +0, damage +2
    r = rows["Running Clothesline"]
    assert (r["level"], r["damage"], r["skill"], r["finisher"]) == (1, 6, 11, False)
    # Powerbomb: STR L3, damage 7 + HDB 2; Sit-out: Level +0, damage +1
    r = rows["Sit-out Powerbomb"]
    assert (r["maneuver"], r["level"], r["damage"], r["skill"]) == ("Sit-out Powerbomb", 3, 10, 10)
    r = rows["Block"]
    assert (r["type"], r["class"], r["level"], r["damage"], r["skill"]) == ("Defense", "STR", 0, 0, 11)
    assert d["reversals"] == [
        {"counter": "Piledriver", "into": "Hip Toss", "class": "TEC", "level": 1, "skill": 11, "training": 1}
    ]
    assert json.loads(json.dumps(d)) == d


def test_derived_gives_the_builder_totals():
    d = RULESET.derived(RULESET.example_sheet())  # 245 lb, 6'2", AGI 9, STA 11
    assert (d["lift"], d["wdb"], d["reach"], d["hdb"]) == (1, 2, 1, 3)
    assert (d["agi_bonus"], d["sta_bonus"]) == (2, 2)
    assert d["stuntrack"] == [23, 46, 69, 92, 115]
    t = d["talent"]
    assert t["left"] == t["pool"] - t["spent"] >= 0
    steel_bomb = next(r for r in d["arsenal"] if r["finisher"])
    # Powerbomb L3 7 dmg (H) + Sit-out: (7 + 1 + HDB 3) x 2; STR 12 + training 2 + Finisher 2
    assert (steel_bomb["name"], steel_bomb["level"], steel_bomb["damage"], steel_bomb["skill"]) == (
        "Steel Bomb",
        3,
        22,
        16,
    )


@pytest.mark.parametrize("seed", [None, 1, 2, 3, 4, 5, 6, 7])
def test_derived_entries_agree_with_the_match_engine(seed):
    """The builder's numbers are the engine's: static Skill, Level, and damage on a plain success."""
    s = RULESET.example_sheet(seed)
    m = match(a=s)
    a, d = m.fighters
    for row in RULESET.derived(s)["arsenal"]:
        try:
            e = entry(a, row["name"])
        except KeyError:
            continue  # venue-only entries (tag, cage) are not built for a singles match
        assert (e.move.level, e.static_need) == (row["level"], row["skill"]), row["name"]
        if e.move.type != "Defense":
            assert maneuver_damage(m, a, d, e, plan(e), "success")[0] == row["damage"], row["name"]
