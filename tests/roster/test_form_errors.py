"""The new-wrestler form: blank or from an archetype, every mistake reported at once beside its field (422), the
budget in words as the player types."""

import re

import pytest

from roster.models import Wrestler
from tests.conftest import Personas

from .test_views_editor import as_dict, form_data_from_page

pytestmark = pytest.mark.django_db


def errors_by_field(html):
    return dict(re.findall(r'id="id_([\w]+)_error">([^<]*)</div>', html))


@pytest.mark.parametrize("ruleset", ["arm", "hp-d6", "wildknight"])
def test_the_form_starts_blank_not_as_a_copy_of_the_champion(client, ruleset):
    p = Personas(ruleset=ruleset)
    client.force_login(p.player)
    html = client.get(f"/p/{p.promotion.slug}/roster/new/").content.decode()
    assert re.search(r'name="sheet.name" id="id_sheet_name" value=""', html)
    assert '<option value="">A blank sheet</option>' in html
    # from the rules' example: its values, but the name is the player's to give
    html = client.get(f"/p/{p.promotion.slug}/roster/new/?archetype=example").content.decode()
    assert re.search(r'name="sheet.name" id="id_sheet_name" value=""', html)
    assert "Like " in html and "selected>Like " in html


def test_three_mistakes_are_reported_at_once_beside_their_fields(client):
    p = Personas(ruleset="wildknight")
    client.force_login(p.player)
    url = f"/p/{p.promotion.slug}/roster/new/"
    body = as_dict(form_data_from_page(client.get(url + "?archetype=example").content.decode()))
    body["sheet.name"] = ["Triple Trouble"]
    body["sheet.attributes.Brawn"] = ["9"]  # out of range
    body["sheet.weight"] = ["heavy"]  # not a number
    body["bio"] = ["x" * 2001]  # over-long text
    response = client.post(url, body)
    assert response.status_code == 422
    html = response.content.decode()
    errors = errors_by_field(html)
    assert errors["sheet_attributes_Brawn"] == "must be between -5 and 5, got 9"
    assert errors["sheet_weight"] == "must be a whole number"
    assert "at most 2000 characters" in html
    assert "This wrestler was not saved" in html
    assert not Wrestler.objects.filter(ring_name="Triple Trouble").exists()


def test_an_over_long_text_alone_is_refused_with_422(client):
    p = Personas(ruleset="hp-d6")
    client.force_login(p.player)
    url = f"/p/{p.promotion.slug}/roster/new/"
    body = as_dict(form_data_from_page(client.get(url + "?archetype=example").content.decode()))
    body["sheet.name"] = ["Long Story"]
    body["hometown"] = ["y" * 81]
    response = client.post(url, body)
    assert response.status_code == 422
    assert "at most 80 characters" in response.content.decode()
    body["sheet.name"] = ["N" * 41]
    body["hometown"] = ["Memphis"]
    response = client.post(url, body)
    assert response.status_code == 422
    assert errors_by_field(response.content.decode())["sheet_name"] == "must be at most 40 characters"


def test_the_budget_is_in_plain_words_as_the_player_types(client):
    p = Personas(ruleset="arm")
    client.force_login(p.player)
    url = f"/p/{p.promotion.slug}/roster/new/"
    body = as_dict(form_data_from_page(client.get(url + "?archetype=example").content.decode()))
    preview = f"/p/{p.promotion.slug}/roster/preview/"
    html = client.post(preview, body, HTTP_HX_REQUEST="true").content.decode()
    assert "Talent: 45 of 50 spent (attributes 41, merits 3, training 1), 5 left." in html
    body["sheet.attributes.STR"] = ["16"]  # 12 -> 16 past the Border 13: 1 + 3 x 2 = 7 Talent more
    html = client.post(preview, body, HTTP_HX_REQUEST="true").content.decode()
    assert '<p class="budget over" id="budget">Talent: 52 of 50 spent' in html
    assert "2 over the pool" in html
