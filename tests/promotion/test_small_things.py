"""Issue 18 item 8: the small things users notice. The week log names the new champion; "1 injury point", not
"1 injury points"; the settings show the promotion's own ruleset only; a promoter can keep the odds from the
public; a tag match's browser title names both teams; 403 and 404 pages say why, in the site's style; a favicon."""

import re

import pytest
from django.test import Client

from matches.booking_services import MatchSpec, card_create, card_mark_booked, match_add
from promotion import league, titles
from promotion.models import Notice, TitleReign
from roster.services import injury_add
from tests.factories import WrestlerFactory, book_card

pytestmark = pytest.mark.django_db


def text(response):
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_week_log_names_the_new_champion(client, personas):
    title = titles.title_create(promotion=personas.promotion, by=personas.owner, name="Gold Belt")
    reign = TitleReign.objects.create(title=title, number=1, won_week=1, won_method="pinfall")
    reign.holders.set([personas.wrestler])
    league.advance_week(promotion=personas.promotion, by=personas.owner, from_week=1)
    page = text(client.get(f"/p/{personas.promotion.slug}/league/weeks/1/"))
    assert "Paula&#x27;s Pride</a> won the Gold Belt (reign 1)" in page


def test_healing_one_point_is_one_injury_point(personas):
    wrestler = personas.wrestler
    injury_add(wrestler=wrestler, body_part=personas.promotion.rules().injury_areas()[0][0], points=3)
    wrestler.weekly_heal = 1
    wrestler.save(update_fields=["weekly_heal"])
    league.advance_week(promotion=personas.promotion, by=personas.owner, from_week=1)
    notice = Notice.objects.get(user=personas.player, text__contains="healed")
    assert notice.text == "Paula's Pride healed 1 injury point in week 1: 2 injury points left."


@pytest.mark.parametrize("ruleset", ["arm", "hp-d6", "wildknight"])
def test_the_settings_show_the_promotions_own_ruleset_only(client, ruleset):
    from tests.conftest import Personas

    cast = Personas(ruleset=ruleset)
    client.force_login(cast.owner)
    page = client.get(f"/p/{cast.promotion.slug}/settings/").content.decode()
    select = page[page.index('name="ruleset"') : page.index("</select>", page.index('name="ruleset"'))]
    own = cast.promotion.rules()
    assert re.findall(r"<option[^>]*>([^<]*)</option>", select) == [own.label]
    assert page.count("<legend>House rules of") == (1 if own.house_rule_spec() else 0)
    labels = re.findall(r"<label[^>]*>([^<]+)</label>", page)
    assert labels and not [label for label in labels if "_" in label], labels
    assert "Show the odds to everyone" in page
    assert 'aria-label="Persona Pro"' in page  # the promotion's menu is on its settings page too


def test_a_promoter_can_keep_the_odds_from_the_public(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    match = card.matches.get()
    card_url = f"/p/{personas.promotion.slug}/cards/{card.pk}/"
    odds_url = f"{card_url}matches/{match.pk}/odds/"
    assert 'aria-label="Odds"' in client.get(card_url).content.decode()

    client.force_login(personas.owner)
    form = {"name": "Persona Pro", "time_limit_minutes": 10, "odds_public": "", "wrestlers_need_approval": "on"}
    form.update(is_public="on")
    response = client.post(f"/p/{personas.promotion.slug}/settings/", form)
    assert response.status_code == 302, text(response)
    personas.promotion.refresh_from_db()
    assert personas.promotion.odds_public is False

    for user in (None, personas.player, personas.viewer):
        visitor = Client()
        if user:
            visitor.force_login(user)
        assert 'aria-label="Odds"' not in visitor.get(card_url).content.decode()
        response = visitor.get(odds_url)
        assert response.status_code == 403
        assert "This promotion shows the odds to its promoters only." in response.content.decode()
    booker = Client()
    booker.force_login(personas.promoter)
    assert 'aria-label="Odds"' in booker.get(card_url).content.decode()
    assert booker.get(odds_url).status_code == 200


def test_a_tag_matchs_browser_title_names_both_teams(client):
    from tests.conftest import Personas

    cast = Personas(ruleset="arm")
    a, b, c, d = (WrestlerFactory(promotion=cast.promotion, ring_name=n) for n in ("Ace", "Bo", "Cy", "Dee"))
    card = card_create(promotion=cast.promotion, by=cast.promoter, name="Tag Night")
    match, _ = match_add(card=card, by=cast.promoter, spec=MatchSpec(kind="tag", sides=[[a.pk, b.pk], [c.pk, d.pk]]))
    card_mark_booked(card=card, by=cast.promoter)
    page = text(client.get(f"/p/{cast.promotion.slug}/matches/{match.pk}/"))
    assert "<title>Ace &amp; Bo vs Cy &amp; Dee · Tag team match · Kayfabe</title>" in page


def test_forbidden_and_not_found_pages_say_why_in_the_sites_style(client, personas):
    client.force_login(personas.player)
    response = client.get(f"/p/{personas.promotion.slug}/settings/")
    assert response.status_code == 403
    page = text(response)
    assert "Only owners change a promotion&#x27;s settings." in page
    assert 'class="site-header"' in page and "signed in as paula_player" in page

    response = client.get(f"/p/{personas.promotion.slug}/cards/999999/")
    assert response.status_code == 404
    assert 'class="site-header"' in text(response)
    response = client.get("/no/such/page/")
    assert response.status_code == 404 and "There is no page at this address." in text(response)
    response = client.get("/p/nobody-here/")
    assert response.status_code == 404 and "No such promotion." in text(response)
    assert "matches the given query" not in text(response)


def test_the_server_error_page_needs_nothing_that_may_have_failed(rf):
    from config.views import server_error

    response = server_error(rf.get("/"))
    assert response.status_code == 500
    page = text(response)
    assert "Something went wrong on our side" in page and "css/kayfabe" in page


def test_a_favicon_is_served_from_static(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    icon = client.get(response["Location"])
    assert icon.status_code == 200 and b"<svg" in b"".join(icon.streaming_content)
    assert 'rel="icon" href="/static/favicon.svg"' in client.get("/").content.decode()
