"""The wrestler builder: a sheet form generated from the ruleset's spec, errors beside the field."""

import json
import re
import subprocess
import sys

import pytest
from django.test import Client

from roster.models import Approval, Wrestler
from roster.sheets import LEAGUE_FIELDS, form_tree, sheet_from_post, spec_for
from tests.conftest import BASE_DIR, Personas

pytestmark = pytest.mark.django_db


def form_data_from_page(html):
    """What a browser would post: every named input, select and textarea of the sheet form, as rendered."""
    data = []
    form = html[html.index('id="sheet-form"') :]
    for tag in re.finditer(
        r"<(input|select|textarea)\b([^>]*)>(.*?)(?=<(?:input|select|textarea)\b|</form>)", form, re.S
    ):
        kind, attrs, rest = tag.groups()
        name = re.search(r'name="([^"]+)"', attrs)
        if not name:
            continue
        name = name.group(1)
        if kind == "input":
            typ = (re.search(r'type="([^"]+)"', attrs) or [None, "text"])[1]
            if typ == "checkbox":
                if " checked" in attrs:
                    value = re.search(r'value="([^"]*)"', attrs)
                    data.append((name, value.group(1) if value else "on"))
                continue
            value = re.search(r'value="([^"]*)"', attrs)
            data.append((name, value.group(1) if value else ""))
        elif kind == "select":
            selected = re.search(r'<option value="([^"]*)" selected>', rest)
            data.append((name, selected.group(1) if selected else ""))
        else:
            data.append((name, rest.split("</textarea>")[0]))
    return data


def as_dict(pairs):
    body = {}
    for key, value in pairs:
        body.setdefault(key, []).append(value)
    return body


def post_pairs(client, url, pairs):
    body = {}
    for key, value in pairs:
        body.setdefault(key, []).append(value)
    return client.post(url, body)


@pytest.mark.parametrize("ruleset", ["wildknight", "hp-d6"])
def test_a_player_builds_a_wrestler_from_the_rules_example(client, ruleset):
    p = Personas(ruleset=ruleset)
    client.force_login(p.player)
    url = f"/p/{p.promotion.slug}/roster/new/"
    page = client.get(url + "?archetype=example")
    assert page.status_code == 200
    pairs = [(k, v) for k, v in form_data_from_page(page.content.decode()) if k != "sheet.name"]
    pairs.append(("sheet.name", "Form Builder"))
    pairs.append(("hometown", "Memphis, Tennessee"))
    response = post_pairs(client, url, pairs)
    assert response.status_code == 302, re.findall(r'class="errors"[^>]*>(.*?)</', response.content.decode(), re.S)
    wrestler = Wrestler.objects.get(ring_name="Form Builder")
    assert wrestler.owner == p.player
    assert wrestler.hometown == "Memphis, Tennessee"
    assert wrestler.approval == Approval.PENDING
    assert response["Location"] == wrestler.get_absolute_url()


def test_an_invalid_value_is_shown_beside_its_field_and_nothing_is_saved(client, personas):
    client.force_login(personas.player)
    url = f"/p/{personas.promotion.slug}/roster/new/"
    pairs = as_dict(form_data_from_page(client.get(url + "?archetype=example").content.decode()))
    pairs["sheet.name"] = ["Over The Top"]
    pairs["sheet.attributes.Brawn"] = ["9"]
    response = client.post(url, pairs)
    assert response.status_code == 422
    html = response.content.decode()
    assert 'id="id_sheet_attributes_Brawn_error">must be between -5 and 5, got 9</div>' in html
    assert 'value="9"' in html  # the player's input is kept
    assert not Wrestler.objects.filter(ring_name="Over The Top").exists()


def test_a_value_of_the_wrong_type_is_reported_by_the_form(client, personas):
    client.force_login(personas.player)
    url = f"/p/{personas.promotion.slug}/roster/new/"
    pairs = as_dict(form_data_from_page(client.get(url + "?archetype=example").content.decode()))
    pairs["sheet.weight"] = ["heavy"]
    response = client.post(url, pairs)
    assert response.status_code == 422
    assert 'id="id_sheet_weight_error">must be a whole number</div>' in response.content.decode()


def test_the_preview_shows_derived_values_as_the_player_types(client, personas):
    client.force_login(personas.player)
    url = f"/p/{personas.promotion.slug}/roster/new/"
    pairs = as_dict(form_data_from_page(client.get(url + "?archetype=example").content.decode()))
    pairs["sheet.attributes.Brawn"] = ["4"]
    response = client.post(f"/p/{personas.promotion.slug}/roster/preview/", pairs, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert re.search(r"<dt[^>]*>Fatigue per -1 penalty</dt><dd>24</dd>", response.content.decode().replace("\n", ""))
    pairs["sheet.attributes.Brawn"] = ["7"]
    response = client.post(f"/p/{personas.promotion.slug}/roster/preview/", pairs, HTTP_HX_REQUEST="true")
    assert "attributes.Brawn: must be between -5 and 5, got 7" in response.content.decode()


def emit_node(post, node):
    """Post a rendered node's value the way the browser would."""
    if node.type in ("object", "attributes", "rows"):
        for child in node.children:
            emit_node(post, child)
    elif node.type == "multichoice":
        post.setlist(node.input_name, node.value)
    elif node.type == "json":
        post[node.input_name] = node.value
    elif node.type == "boolean":
        if node.value:
            post[node.input_name] = "on"
    elif node.value is not None:
        post[node.input_name] = str(node.value)


def test_the_form_round_trips_every_ruleset_example_sheet():
    from django.http import QueryDict

    from rules import get_ruleset, ruleset_ids

    for ruleset_id in ruleset_ids():
        spec = spec_for(ruleset_id)
        sheet = get_ruleset(ruleset_id).example_sheet()
        nodes = form_tree(spec, sheet)
        post = QueryDict(mutable=True)

        for node in nodes:
            emit_node(post, node)
        parsed, errors = sheet_from_post(spec, post)
        assert errors == {}
        # Everything but what the league keeps (Fame, Prestige, injuries) survives the form unchanged.
        players_part = {k: v for k, v in sheet.items() if k not in LEAGUE_FIELDS}
        ruleset = get_ruleset(ruleset_id)
        assert ruleset.validate_sheet(parsed) == ruleset.validate_sheet(players_part), ruleset_id


def test_an_exported_wrestler_resolves_with_the_rules_cli(client, personas, tmp_path):
    anyone = Client()
    a = anyone.get(f"/p/{personas.promotion.slug}/wrestlers/{personas.wrestler.pk}/sheet.json")
    assert a["Content-Type"] == "application/json"
    (tmp_path / "a.json").write_bytes(a.content)
    from tests.factories import WrestlerFactory

    other = WrestlerFactory(promotion=personas.promotion, ring_name="Export Opponent")
    (tmp_path / "b.json").write_bytes(
        anyone.get(f"/p/{personas.promotion.slug}/wrestlers/{other.pk}/sheet.json").content
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "rules",
            "resolve",
            "wildknight",
            str(tmp_path / "a.json"),
            str(tmp_path / "b.json"),
            "--seed",
            "7",
            "--format",
            "jsonl",
        ],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert events[0]["state"][0]["name"] == "Paula's Pride"
    assert events[-1]["type"] == "result"


@pytest.mark.parametrize("ruleset", ["arm", "wildknight", "hp-d6"])
def test_the_form_offers_the_wrestlers_pronouns(client, ruleset):
    p = Personas(ruleset=ruleset)
    client.force_login(p.player)
    html = client.get(f"/p/{p.promotion.slug}/roster/new/").content.decode()
    select = html[html.index('name="sheet.pronouns"') :].split("</select>")[0]
    assert re.findall(r'<option value="(\w*)"[^>]*>([^<]*)</option>', select) == [
        ("", "---"),
        ("he", "he/him"),
        ("she", "she/her"),
        ("they", "they/them"),
    ]


@pytest.mark.parametrize("ruleset", ["wildknight", "hp-d6"])
def test_a_player_picks_she_and_the_sheet_keeps_it(client, ruleset):
    p = Personas(ruleset=ruleset)
    client.force_login(p.player)
    url = f"/p/{p.promotion.slug}/roster/new/"
    pairs = [
        (k, v)
        for k, v in form_data_from_page(client.get(url + "?archetype=example").content.decode())
        if k != "sheet.name"
    ]
    pairs = [(k, "she" if k == "sheet.pronouns" else v) for k, v in pairs]
    pairs.append(("sheet.name", "Lady Vendetta"))
    response = post_pairs(client, url, pairs)
    assert response.status_code == 302
    assert Wrestler.objects.get(ring_name="Lady Vendetta").sheet["pronouns"] == "she"


def test_an_old_wrestler_without_pronouns_is_edited_and_saved_as_he(client, personas):
    wrestler = personas.wrestler
    sheet = dict(wrestler.sheet)
    sheet.pop("pronouns", None)
    Wrestler.objects.filter(pk=wrestler.pk).update(sheet=sheet)  # stored before the field existed
    client.force_login(personas.player)
    url = f"/p/{personas.promotion.slug}/wrestlers/{wrestler.pk}/edit/"
    page = client.get(url)
    assert page.status_code == 200
    pairs = form_data_from_page(page.content.decode())
    assert ("sheet.pronouns", "") in pairs  # nothing chosen yet
    response = post_pairs(client, url, pairs)
    assert response.status_code == 302, re.findall(r'class="errors"[^>]*>(.*?)</', response.content.decode(), re.S)
    wrestler.refresh_from_db()
    assert wrestler.sheet["pronouns"] == "he"
