"""Bad input never gives a 500 or a half-written row, and user text is escaped everywhere."""

import pytest

from promotion.models import Membership, Promotion
from roster import services
from roster.models import Wrestler
from tests.factories import sheet_for

pytestmark = pytest.mark.django_db

XSS = "<img src=x onerror=alert(1)>"
HOSTILE_VALUES = [
    "",
    " ",
    "9" * 400,
    "-99999999999999999999",
    "1e309",
    "NaN",
    "[1, 2]",
    '{"a": 1}',
    XSS,
    "\x00nul",
    "null",
    "true",
    "ü" * 5000,
]


def counts():
    return (Promotion.objects.count(), Membership.objects.count(), Wrestler.objects.count())


@pytest.mark.parametrize("value", HOSTILE_VALUES)
def test_every_form_answers_hostile_values_without_a_500(client, personas, value):
    slug, pk = personas.promotion.slug, personas.wrestler.pk
    client.force_login(personas.owner)
    member = Membership.objects.get(promotion=personas.promotion, user=personas.player)
    posts = [
        ("/p/new/", {"name": value, "ruleset": value, "time_limit_minutes": value, "automatic_dq": [value]}),
        (f"/p/{slug}/settings/", {"name": value, "ruleset": value, "referee_warning_limit": value}),
        (f"/p/{slug}/members/", {"username": value, "role": value}),
        (f"/p/{slug}/members/{member.pk}/role/", {"role": value}),
        (
            f"/p/{slug}/roster/new/",
            {
                "sheet.name": value,
                "sheet.weight": value,
                "sheet.attributes.Brawn": value,
                "sheet.maneuvers": [value, value],
                "sheet.finisher.name": value,
                "bio": value,
            },
        ),
        (f"/p/{slug}/wrestlers/{pk}/edit/", {"sheet.name": value, "sheet.alignment": value, "hometown": value}),
        (f"/p/{slug}/roster/preview/", {"sheet.name": value, "sheet.tactics.cheat": value}),
        (f"/p/{slug}/wrestlers/{pk}/review/", {"decision": value, "note": value}),
        (f"/p/{slug}/wrestlers/{pk}/status/", {"status": value, "suspended_weeks": value}),
    ]
    before = counts()
    for url, data in posts:
        response = client.post(url, data)
        assert response.status_code < 500, (url, response.status_code)
        assert response.status_code in (200, 302, 400, 403, 404, 422), (url, response.status_code)
    gets = [
        f"/p/{slug}/roster/?q={value}&alignment={value}&sort={value}&page={value}&injured={value}",
        f"/p/{slug}/roster/row/maneuvers/?index={value}",
    ]
    for url in gets:
        assert client.get(url).status_code < 500, url
    # Nothing half-written: only a valid promotion name could have created a row, and none of these is a
    # valid ruleset, so the counts must not move.
    assert counts() == before
    personas.wrestler.refresh_from_db()
    assert personas.wrestler.ring_name == "Paula's Pride"


def test_signup_and_login_refuse_hostile_values(client):
    for value in HOSTILE_VALUES:
        response = client.post(
            "/accounts/signup/", {"username": value, "email": value, "password1": value, "password2": value}
        )
        assert response.status_code == 200
        assert client.post("/accounts/login/", {"username": value, "password": value}).status_code == 200


def test_a_wrestler_named_like_html_stays_text_on_every_page(client, personas):
    sheet = sheet_for("wildknight", XSS)
    wrestler = services.wrestler_create(
        promotion=personas.promotion, by=personas.promoter, sheet=sheet, hometown=XSS, bio=XSS
    )
    pages = [
        f"/p/{personas.promotion.slug}/roster/",
        wrestler.get_absolute_url(),
        f"/p/{personas.promotion.slug}/roster/?q=img",
    ]
    client.force_login(personas.promoter)
    pages.append(f"/p/{personas.promotion.slug}/wrestlers/{wrestler.pk}/edit/")
    for url in pages:
        html = client.get(url).content.decode()
        assert XSS not in html, url
        assert "&lt;img src=x onerror=alert(1)&gt;" in html, url


def test_a_promotion_named_like_html_stays_text(client, personas):
    from promotion.services import promotion_create

    promotion = promotion_create(user=personas.owner, name=XSS, ruleset="arm", description=XSS)
    client.force_login(personas.owner)
    for url in ["/p/", promotion.get_absolute_url(), f"/p/{promotion.slug}/members/"]:
        html = client.get(url).content.decode()
        assert XSS not in html, url


def test_a_nul_character_in_an_otherwise_valid_sheet_is_refused(client, personas):
    from tests.roster.test_views_editor import as_dict, form_data_from_page

    client.force_login(personas.player)
    url = f"/p/{personas.promotion.slug}/roster/new/"
    pairs = as_dict(form_data_from_page(client.get(url).content.decode()))
    pairs["sheet.name"] = ["Nul\x00Man"]
    response = client.post(url, pairs)
    assert response.status_code == 422
    assert "must not contain NUL characters" in response.content.decode()
    with pytest.raises(services.SheetInvalid):
        services.wrestler_create(
            promotion=personas.promotion, by=personas.player, sheet=sheet_for("wildknight", "Nul\x00Man")
        )
    assert not Wrestler.objects.filter(ring_name__startswith="Nul").exists()
