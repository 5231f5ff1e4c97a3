"""Issue 22 item 2: a draft card is seen only by its bookers, and so is everything on it: the match page, its
events, its stream, its setup download and the card's progress (before, /p/<slug>/cards/<pk>/ was 404 for a
visitor while its match pages showed the names, the title and the referee)."""

import pytest

from matches.booking_services import MatchSpec, card_create, match_add
from promotion.models import Referee, Title
from tests.factories import WrestlerFactory
from tests.security.conftest import COUNTS

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(personas):
    p = personas
    card = card_create(promotion=p.promotion, by=p.promoter, name="Secret Supercard")
    a = WrestlerFactory(promotion=p.promotion, ring_name="Surprise Return")
    b = WrestlerFactory(promotion=p.promotion, ring_name="Unannounced Rival", alignment="heel")
    title = Title.objects.create(promotion=p.promotion, name="Hidden Heavyweight Belt")
    referee = Referee.objects.create(promotion=p.promotion, name="Covert Carl")
    match, _ = match_add(
        card=card, by=p.promoter, spec=MatchSpec(sides=[[a.pk], [b.pk]], title_id=title.pk, referee_id=referee.pk)
    )
    p.card, p.match = card, match
    return p


def urls(p):
    base = f"/p/{p.promotion.slug}"
    return [
        f"{base}/matches/{p.match.pk}/",
        f"{base}/matches/{p.match.pk}/events",
        f"{base}/matches/{p.match.pk}/stream",
        f"{base}/matches/{p.match.pk}/setup.json",
        f"{base}/cards/{p.card.pk}/progress/",
        f"{base}/cards/{p.card.pk}/matches/{p.match.pk}/odds/",
        f"{base}/cards/{p.card.pk}/",
    ]


SECRETS = ("Surprise Return", "Unannounced Rival", "Hidden Heavyweight Belt", "Covert Carl")


def test_nobody_but_a_booker_sees_a_draft_cards_matches(client, draft):
    for who in (None, draft.outsider, draft.viewer, draft.player):
        client.logout()
        if who is not None:
            client.force_login(who)
        for url in urls(draft):
            response = client.get(url)
            COUNTS["draft card: refused reads"] += 1
            assert response.status_code == 404, (who, url, response.status_code)
            body = response.content.decode(errors="replace")
            assert not any(secret in body for secret in SECRETS), (who, url)


def test_a_booker_still_sees_the_draft_and_its_matches(client, draft):
    client.force_login(draft.promoter)
    for url in urls(draft):
        if url.endswith(("/stream", "/setup.json")):
            continue  # the stream of a match still to air stays open; a match not started has no setup yet
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    assert "Surprise Return" in client.get(urls(draft)[0]).content.decode()


def test_once_booked_the_match_pages_are_public_again(client, draft):
    from matches.booking_services import card_mark_booked

    card_mark_booked(card=draft.card, by=draft.promoter)
    response = client.get(urls(draft)[0])
    assert response.status_code == 200
    assert "Surprise Return" in response.content.decode()
