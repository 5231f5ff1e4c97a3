"""Issue 22 item 9 and the sign-up half of item 8: join links do not reveal private promotions, the
Content-Security-Policy and Cache-Control headers, usernames unique regardless of case, the demo's ledger."""

import re

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.db.models import Sum

from promotion.models import PrestigeEntry
from roster.models import Wrestler
from tests.factories import UserFactory, book_card

pytestmark = pytest.mark.django_db


def unmasked(content):
    content = re.sub(rb'"X-CSRFToken": "[^"]+"', b'"X-CSRFToken": "..."', content)
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b'name="csrfmiddlewaretoken" value="..."', content)


def test_a_wrong_join_link_of_a_private_promotion_is_the_same_404_as_no_promotion(client, private_personas):
    p = private_personas
    client.force_login(p.outsider)
    missing = client.get("/p/no-such-promotion/join/whatever/")
    for method in (client.get, client.post):
        wrong = method(f"/p/{p.promotion.slug}/join/not-the-token/")
        assert wrong.status_code == 404
        assert p.promotion.name not in wrong.content.decode()
        assert "expired" not in wrong.content.decode().lower()
        # The same page byte for byte, but for the path and the CSRF token (masked afresh on every page).
        assert unmasked(wrong.content) == unmasked(missing.content).replace(
            b"no-such-promotion", p.promotion.slug.encode()
        )
    # The right link still works, and a member who has a stale link is told it expired.
    assert client.get(f"/p/{p.promotion.slug}/join/{p.promotion.invite_token}/").status_code == 200
    client.force_login(p.player)
    stale = client.get(f"/p/{p.promotion.slug}/join/not-the-token/")
    assert stale.status_code == 404 and "Invitation expired" in stale.content.decode()


def test_a_wrong_join_link_of_a_public_promotion_says_it_expired(client, personas):
    client.force_login(personas.outsider)
    response = client.get(f"/p/{personas.promotion.slug}/join/not-the-token/")
    assert response.status_code == 404 and "Invitation expired" in response.content.decode()
    response = client.post(f"/p/{personas.promotion.slug}/join/not-the-token/")
    assert response.status_code == 404
    assert not personas.promotion.memberships.filter(user=personas.outsider).exists()


def pages(p, card):
    s = p.promotion.slug
    match = card.matches.first()
    return [
        "/",
        "/p/",
        f"/p/{s}/",
        f"/p/{s}/roster/",
        f"/p/{s}/roster/new/",
        f"/p/{s}/wrestlers/{p.wrestler.pk}/",
        f"/p/{s}/wrestlers/{p.wrestler.pk}/edit/",
        f"/p/{s}/cards/",
        f"/p/{s}/cards/{card.pk}/",
        f"/p/{s}/cards/{card.pk}/edit/",
        f"/p/{s}/matches/{match.pk}/",
        f"/p/{s}/titles/",
        f"/p/{s}/referees/",
        f"/p/{s}/members/",
        f"/p/{s}/settings/",
        f"/p/{s}/league/",
        f"/p/{s}/results/",
        f"/p/{s}/dice/",
        "/notices/",
    ]


def test_every_page_has_a_strict_script_policy_and_no_inline_script(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    anonymous = ["/accounts/login/", "/accounts/signup/", "/admin/login/", "/accounts/password_reset/"]
    for url in anonymous + ["login"] + pages(personas, card):
        if url == "login":
            client.force_login(personas.owner)
            continue
        response = client.get(url)
        assert response.status_code == 200, url
        policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
        assert policy["script-src"] == "'self'", url
        assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
        html = response.content.decode()
        inline = [s for s in re.findall(r"<script\b([^>]*)>", html) if "src=" not in s and "json" not in s]
        assert inline == [], (url, inline)
        assert not re.search(r"\son[a-z]+=", html), url  # no onclick= and the like
        assert not re.search(r"""hx-[a-z-]+=['"]js:""", html), url  # htmx evaluates js: values as code


def test_signed_in_pages_are_private_and_anonymous_ones_are_not_marked(client, personas):
    url = f"/p/{personas.promotion.slug}/roster/"
    anonymous = client.get(url)
    assert "private" not in anonymous.get("Cache-Control", "")
    client.force_login(personas.player)
    for page in (url, "/", f"/p/{personas.promotion.slug}/", "/notices/"):
        assert "private" in client.get(page)["Cache-Control"], page


@pytest.mark.parametrize("taken", ["RaceUser", "raceuser", "RACEUSER"])
def test_the_database_refuses_a_name_that_differs_only_by_case(taken):
    UserFactory(username="RaceUser")
    if taken == "RaceUser":
        return
    with pytest.raises(IntegrityError), transaction.atomic():
        UserFactory._meta.model.objects.create(username=taken)


def test_the_sign_up_form_says_names_are_not_case_sensitive_and_refuses_a_case_variant(client):
    UserFactory(username="RingKing")
    page = client.get("/accounts/signup/").content.decode()
    assert "Not case-sensitive" in page
    response = client.post(
        "/accounts/signup/",
        {
            "username": "ringking",
            "email": "r@example.com",
            "password1": "Pile-driver-77",
            "password2": "Pile-driver-77",
        },
    )
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert UserFactory._meta.model.objects.filter(username__iexact="ringking").count() == 1


def test_the_index_exists_on_the_database_we_run(db):
    with connection.cursor() as cursor:
        names = list(connection.introspection.get_constraints(cursor, "auth_user"))
    assert "auth_user_username_lower_unique" in names


def test_every_demo_wrestler_has_the_ledger_his_totals_are_the_sums_of(settings):
    settings.DEBUG = True
    call_command("seed_demo")
    wrestlers = Wrestler.objects.select_related("promotion")
    assert wrestlers.filter(promotion__ruleset="arm", prestige__gt=0).count() == 18
    for w in wrestlers:
        sums = PrestigeEntry.objects.filter(wrestler=w).aggregate(p=Sum("prestige"), f=Sum("fame"))
        assert (sums["p"] or 0, sums["f"] or 0) == (w.prestige, w.fame), (w.promotion.ruleset, w.ring_name)
