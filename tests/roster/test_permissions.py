"""Every promotion and roster view, for every persona: who may see and who may change what."""

import pytest

pytestmark = pytest.mark.django_db

PERSONAS = ["owner", "promoter", "player", "other_player", "viewer", "outsider", "anonymous"]
LOGIN = "login"  # anonymous users are sent to log in


def url_for(p, name):
    slug, pk = p.promotion.slug, p.wrestler.pk
    return {
        "detail": f"/p/{slug}/",
        "roster": f"/p/{slug}/roster/",
        "wrestler": f"/p/{slug}/wrestlers/{pk}/",
        "export": f"/p/{slug}/wrestlers/{pk}/sheet.json",
        "settings": f"/p/{slug}/settings/",
        "members": f"/p/{slug}/members/",
        "create": f"/p/{slug}/roster/new/",
        "edit": f"/p/{slug}/wrestlers/{pk}/edit/",
        "row": f"/p/{slug}/roster/row/maneuvers/",
    }[name]


def post_url_for(p, name):
    slug, pk = p.promotion.slug, p.wrestler.pk
    return {
        "review": (f"/p/{slug}/wrestlers/{pk}/review/", {"decision": "approve"}),
        "status": (f"/p/{slug}/wrestlers/{pk}/status/", {"status": "suspended", "suspended_weeks": "2"}),
        "preview": (f"/p/{slug}/roster/preview/", {"sheet.name": "X"}),
        "regenerate": (f"/p/{slug}/members/invite-link/", {}),
    }[name]


def client_as(client, p, persona):
    if persona != "anonymous":
        client.force_login(getattr(p, persona))
    return client


def status_of(response):
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return LOGIN
    return response.status_code


# GET pages: expected status per persona, in PERSONAS order.
PUBLIC_GET = {
    "detail": [200, 200, 200, 200, 200, 200, 200],
    "roster": [200, 200, 200, 200, 200, 200, 200],
    "wrestler": [200, 200, 200, 200, 200, 200, 200],
    "export": [200, 200, 200, 200, 200, 200, 200],
    "settings": [200, 403, 403, 403, 403, 403, LOGIN],
    "members": [200, 403, 403, 403, 403, 403, LOGIN],
    "create": [200, 200, 200, 200, 403, 403, LOGIN],
    "edit": [200, 200, 200, 403, 403, 403, LOGIN],
    "row": [404, 404, 404, 404, 403, 403, LOGIN],  # wildknight has no list-of-objects field: 404 for members
}


@pytest.mark.parametrize("page", list(PUBLIC_GET))
@pytest.mark.parametrize("persona", PERSONAS)
def test_it_checks_who_may_open_each_page(client, personas, page, persona):
    expected = PUBLIC_GET[page][PERSONAS.index(persona)]
    assert status_of(client_as(client, personas, persona).get(url_for(personas, page))) == expected


PRIVATE_GET = {page: [*codes[:5], 404, 404 if codes[6] != LOGIN else LOGIN] for page, codes in PUBLIC_GET.items()}


@pytest.mark.parametrize("page", list(PRIVATE_GET))
@pytest.mark.parametrize("persona", PERSONAS)
def test_outsiders_get_404_for_a_private_promotion(client, private_personas, page, persona):
    expected = PRIVATE_GET[page][PERSONAS.index(persona)]
    assert status_of(client_as(client, private_personas, persona).get(url_for(private_personas, page))) == expected


PUBLIC_POST = {
    "review": [302, 302, 403, 403, 403, 403, LOGIN],
    "status": [302, 302, 403, 403, 403, 403, LOGIN],
    "preview": [200, 200, 200, 200, 403, 403, LOGIN],
    "regenerate": [302, 403, 403, 403, 403, 403, LOGIN],
}


@pytest.mark.parametrize("action", list(PUBLIC_POST))
@pytest.mark.parametrize("persona", PERSONAS)
def test_it_checks_who_may_change_things(client, personas, action, persona):
    url, data = post_url_for(personas, action)
    before = (personas.wrestler.status, personas.wrestler.approval, personas.promotion.invite_token)
    response = client_as(client, personas, persona).post(url, data)
    expected = PUBLIC_POST[action][PERSONAS.index(persona)]
    assert status_of(response) == expected
    personas.wrestler.refresh_from_db()
    personas.promotion.refresh_from_db()
    after = (personas.wrestler.status, personas.wrestler.approval, personas.promotion.invite_token)
    if expected in (403, LOGIN):
        assert after == before, "a refused request must change nothing"


def test_a_player_cannot_save_an_edit_to_someone_elses_wrestler(client, personas):
    client.force_login(personas.other_player)
    response = client.post(url_for(personas, "edit"), {"sheet.name": "Stolen"})
    assert response.status_code == 403
    personas.wrestler.refresh_from_db()
    assert personas.wrestler.ring_name == "Paula's Pride"
