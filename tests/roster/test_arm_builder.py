"""The ARM wrestler builder: a real form from ARM's sheet spec (no JSON textarea), errors beside the row field,
and the effective Level, Damage and Skill of each arsenal entry in the preview."""

import re
from html import unescape

import pytest

from roster.models import Wrestler
from rules import get_ruleset
from rules.arm.maneuvers import BASE_MANEUVERS, DEFENSES
from tests.conftest import Personas

from .test_views_editor import as_dict, emit_node, form_data_from_page, post_pairs

pytestmark = pytest.mark.django_db
ARM = get_ruleset("arm")


@pytest.fixture
def arm(db):
    return Personas(ruleset="arm")


def new_url(p):
    return f"/p/{p.promotion.slug}/roster/new/"


def flat(html):
    return re.sub(r"\s*\n\s*", "", html)


def test_the_new_wrestler_page_has_a_widget_for_every_field(client, arm):
    client.force_login(arm.player)
    page = client.get(new_url(arm) + "?archetype=example")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="sheet.json"' not in html and "<textarea" not in html.split('id="sheet-form"')[1].split("Profile")[0]
    example = ARM.example_sheet()
    for attr in ("STR", "TEC", "AGI", "BRA", "SAV", "STA", "TOU"):
        assert f'name="sheet.attributes.{attr}"' in html
    assert re.search(r'<select name="sheet\.alignment"', html)
    assert 'name="sheet.height" id="id_sheet_height" value="74"' in html
    assert 'name="sheet.weight" id="id_sheet_weight" value="245"' in html
    assert 'name="sheet.background" value="Stalwart" checked' in html
    assert 'name="sheet.merits" value="Style: Powerhouse" checked' in html
    assert 'name="sheet.flaws" value="Glass Jaw"' in html
    # one row per arsenal entry: the maneuver (70 maneuvers, then the Defenses), flags, training, custom name
    assert len(re.findall(r'<li class="row panel[^"]*" id="id_sheet_arsenal_\d+"', html)) == len(example["arsenal"])
    select = re.search(r'<select name="sheet\.arsenal\.9\.maneuver".*?</select>', html, re.S).group(0)
    assert len(re.findall(r"<option value=\"[^\"]+\"", select)) == len(BASE_MANEUVERS) + len(DEFENSES) >= 78
    assert '<option value="Powerbomb" selected>32. Powerbomb (STR L3, damage 7+HDB, Slam)</option>' in select
    assert 'name="sheet.arsenal.9.flags" value="Sit-out" checked' in html
    assert 'name="sheet.arsenal.9.training" id="id_sheet_arsenal_9_training" value="2"' in html
    assert 'name="sheet.arsenal.9.name" id="id_sheet_arsenal_9_name" value="Steel Bomb"' in html
    assert 'name="sheet.arsenal.9.__delete"' in html
    assert 'name="sheet.finisher" id="id_sheet_finisher" value="Steel Bomb"' in html
    assert "Add bought reversals entry" in html
    assert 'name="sheet.objects" value="Brass Knuckles"' in html
    assert 'name="sheet.tactics.aggression" id="id_sheet_tactics_aggression" value="0.6"' in html
    assert 'name="sheet.tactics.finisher_weardown"' in html
    assert 'name="sheet.advancement"' in html
    # Fame, Prestige and injuries are the league's
    for league in ("fame", "prestige", "injuries"):
        assert f'name="sheet.{league}' not in html


def test_the_add_entry_button_gives_a_blank_arsenal_row(client, arm):
    client.force_login(arm.player)
    row = client.get(f"/p/{arm.promotion.slug}/roster/row/arsenal/?index=16", HTTP_HX_REQUEST="true")
    assert row.status_code == 200
    html = row.content.decode()
    assert '<select name="sheet.arsenal.16.maneuver"' in html
    assert 'name="sheet.arsenal.16.flags" value="Flying"' in html
    assert 'name="sheet.arsenal.16.__delete"' in html


def test_posting_the_prefilled_form_creates_the_wrestler(client, arm):
    client.force_login(arm.player)
    pairs = [
        (k, v)
        for k, v in form_data_from_page(client.get(new_url(arm) + "?archetype=example").content.decode())
        if k != "sheet.name"
    ]
    pairs += [("sheet.name", "Form Steel"), ("hometown", "Pittsburgh")]
    response = post_pairs(client, new_url(arm), pairs)
    assert response.status_code == 302, re.findall(r'class="errors"[^>]*>(.*?)</', response.content.decode(), re.S)
    wrestler = Wrestler.objects.get(ring_name="Form Steel")
    example = ARM.example_sheet()
    for key in ("height", "weight", "alignment", "attributes", "arsenal", "finisher", "tactics", "background"):
        assert wrestler.sheet[key] == example[key], key
    assert wrestler.owner == arm.player


def test_an_arm_wrestler_is_edited_with_the_same_form(client, arm):
    client.force_login(arm.player)
    url = f"/p/{arm.promotion.slug}/wrestlers/{arm.wrestler.pk}/edit/"
    body = as_dict((k, unescape(v)) for k, v in form_data_from_page(client.get(url).content.decode()))
    assert body["sheet.name"] == ["Paula's Pride"]
    body["sheet.weight"] = ["250"]
    body["sheet.arsenal.0.training"] = ["1"]
    response = client.post(url, body)
    assert response.status_code == 302, re.findall(r'class="errors"[^>]*>(.*?)</', response.content.decode(), re.S)
    arm.wrestler.refresh_from_db()
    assert (arm.wrestler.sheet["weight"], arm.wrestler.weight_lb) == (250, 250)
    assert arm.wrestler.sheet["arsenal"][0] == {"maneuver": "Forearm Smash", "flags": [], "training": 1}
    assert arm.wrestler.sheet["arsenal"][1:] == ARM.example_sheet()["arsenal"][1:]


def test_a_new_arsenal_row_and_a_removed_one_are_saved(client, arm):
    client.force_login(arm.player)
    body = as_dict(form_data_from_page(client.get(new_url(arm) + "?archetype=example").content.decode()))
    body["sheet.name"] = ["Row Builder"]
    body["sheet.arsenal.2.__delete"] = ["on"]  # Kick
    body["sheet.arsenal.16.maneuver"] = ["Elbow Drop"]
    body["sheet.arsenal.16.flags"] = ["Flying"]
    body["sheet.arsenal.16.name"] = ["Top Rope Elbow"]
    response = client.post(new_url(arm), body)
    assert response.status_code == 302, re.findall(r'class="errors"[^>]*>(.*?)</', response.content.decode(), re.S)
    arsenal = Wrestler.objects.get(ring_name="Row Builder").sheet["arsenal"]
    assert "Kick" not in [r["maneuver"] for r in arsenal]
    assert arsenal[-1] == {"maneuver": "Elbow Drop", "flags": ["Flying"], "training": 0, "name": "Top Rope Elbow"}


@pytest.mark.parametrize(
    ("field", "value", "error_id", "message"),
    [
        # Forearm Smash is a Strike: the Super flag fits Slams and Throws (validate says arsenal[0].flags[0])
        ("sheet.arsenal.0.flags", "Super", "id_sheet_arsenal_0_flags", "the Super flag does not fit a Strike"),
        ("sheet.arsenal.3.training", "5", "id_sheet_arsenal_3_training", "must be between 0 and 3, got 5"),
        ("sheet.arsenal.1.maneuver", "Moonwalk", "id_sheet_arsenal_1_maneuver", "unknown maneuver"),
    ],
)
def test_an_invalid_arsenal_entry_shows_its_error_beside_the_row_field(client, arm, field, value, error_id, message):
    client.force_login(arm.player)
    body = as_dict(form_data_from_page(client.get(new_url(arm) + "?archetype=example").content.decode()))
    body["sheet.name"] = ["Broken Arsenal"]
    body[field] = [value]
    response = client.post(new_url(arm), body)
    assert response.status_code == 422
    html = response.content.decode()
    error = re.search(rf'<div class="errors" role="alert" id="{error_id}_error">(.*?)</div>', html)
    assert error, re.findall(r'class="errors"[^>]*>(.*?)</', html, re.S)
    assert message in error.group(1)
    assert 'class="errors" role="alert"><ul>' not in html  # nothing left for the top of the form
    assert not Wrestler.objects.filter(ring_name="Broken Arsenal").exists()


def test_a_duplicate_entry_is_shown_on_its_row(client, arm):
    client.force_login(arm.player)
    body = as_dict(form_data_from_page(client.get(new_url(arm) + "?archetype=example").content.decode()))
    body["sheet.arsenal.1.maneuver"] = ["Forearm Smash"]
    response = client.post(new_url(arm), body)
    assert response.status_code == 422
    row = re.search(
        r'<li class="row panel has-error" id="id_sheet_arsenal_1">(.*?)</li>', response.content.decode(), re.S
    )
    assert row and "Forearm Smash is already in the arsenal" in row.group(1)


def preview_entry(html, name):
    """The words of the preview's arsenal entry named ``name``."""
    row = re.search(r"<li[^>]*><strong>" + re.escape(name) + r"</strong>(.*?)</li>", html)
    assert row, f"{name} not in the preview"
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", row.group(1)))).strip()


def test_the_preview_shows_each_entrys_effective_level_damage_and_skill(client, arm):
    client.force_login(arm.player)
    preview = f"/p/{arm.promotion.slug}/roster/preview/"
    body = as_dict(form_data_from_page(client.get(new_url(arm) + "?archetype=example").content.decode()))
    html = flat(client.post(preview, body, HTTP_HX_REQUEST="true").content.decode())
    # Steel Bomb: Sit-out Powerbomb, Level 3; (7 + 1 + HDB 3) x 2 as the Finisher; STR 12 + training 2 + 2
    steel = preview_entry(html, "Steel Bomb")
    assert steel.startswith("★ Finisher Maneuver Sit-out Powerbomb")
    assert "Level 3 Damage 22 Skill 16" in steel
    assert re.search(r"<dt[^>]*>Action Points per round</dt><dd>2</dd>", html)
    assert re.search(r"<dt[^>]*>STA bonus \(injury points healed a week\)</dt><dd>2</dd>", html)
    assert "agi_bonus" not in html and "False" not in html
    assert "45 of 50 spent (attributes 41, merits 3, training 1), 5 left" in html  # Talent left
    # as he types: one more training point on the Steel Bomb
    body["sheet.arsenal.9.training"] = ["3"]
    html = flat(client.post(preview, body, HTTP_HX_REQUEST="true").content.decode())
    assert "Level 3 Damage 22 Skill 17" in preview_entry(html, "Steel Bomb")
    # a flag changes the Level and Damage: Shoulder Block (STR L0, damage 3) Running (+0, +2) and Spinning (+1, +1)
    body["sheet.arsenal.8.flags"] = ["Running", "Spinning"]
    html = flat(client.post(preview, body, HTTP_HX_REQUEST="true").content.decode())
    assert "Level 1 Damage 6 Skill 12" in preview_entry(html, "Running Spinning Shoulder Block")


@pytest.mark.parametrize("seed", [None, 1, 2, 3, 4, 5, 6, 7, 8, 9])
def test_the_form_round_trips_random_arm_sheets(seed):
    from django.http import QueryDict

    from roster.sheets import LEAGUE_FIELDS, form_tree, sheet_from_post, spec_for

    spec = spec_for("arm")
    assert not spec["json_editor"]
    example = ARM.example_sheet(seed)
    post = QueryDict(mutable=True)
    for node in form_tree(spec, example):
        emit_node(post, node)
    parsed, errors = sheet_from_post(spec, post)
    assert errors == {}
    assert ARM.validate_sheet(parsed) == ARM.validate_sheet(
        {k: v for k, v in example.items() if k not in LEAGUE_FIELDS}
    )
