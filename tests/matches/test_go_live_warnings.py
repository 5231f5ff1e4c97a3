"""Issue 18 item 6: "Go live" warns about wrestlers injured, suspended or double-booked since the card was booked,
and asks the promoter to confirm or replace them. An injured wrestler's match used to simply run (in a promotion
that books injured wrestlers); now the card waits for the promoter's word on exactly what he was shown."""

import re

import pytest

from matches import services
from matches.booking_selectors import card_cautions, cautions_digest
from matches.booking_services import MatchSpec, card_create, match_add, match_update, spec_of
from matches.models import CardStatus
from roster.services import injury_add, wrestler_set_status
from tests.factories import WrestlerFactory, book_card

pytestmark = pytest.mark.django_db


def hurt(wrestler, points=2):
    injury_add(wrestler=wrestler, body_part=wrestler.promotion.rules().injury_areas()[0][0], points=points)


def wrestler_in(card, order, side=0):
    return card.matches.get(order=order).participants.get(side=side).wrestler


@pytest.fixture
def lenient(personas):
    personas.promotion.book_injured = True
    personas.promotion.save(update_fields=["book_injured"])
    return personas


def test_an_injured_wrestler_stops_go_live_until_the_promoter_confirms(lenient):
    card = book_card(lenient.promotion, lenient.promoter, matches=2)
    injured = wrestler_in(card, 2)
    hurt(injured)

    with pytest.raises(services.GoLiveUnconfirmed) as asked:
        services.card_go_live(card=card, by=lenient.promoter)
    assert asked.value.messages == [f"Match 2: {injured.ring_name} is injured."]
    card.refresh_from_db()
    assert card.status == CardStatus.BOOKED and not card.matches.filter(seed__isnull=False).exists()

    card, started = services.card_go_live(card=card, by=lenient.promoter, confirmed=asked.value.digest)
    assert started and card.status == CardStatus.LIVE


def test_a_confirmation_covers_only_what_was_shown(lenient):
    card = book_card(lenient.promotion, lenient.promoter, matches=2)
    hurt(wrestler_in(card, 1))
    shown = cautions_digest(card_cautions(card))
    later = wrestler_in(card, 2, side=1)
    hurt(later)  # hurt after the promoter looked
    with pytest.raises(services.GoLiveUnconfirmed) as asked:
        services.card_go_live(card=card, by=lenient.promoter, confirmed=shown)
    assert f"Match 2: {later.ring_name} is injured." in asked.value.messages
    card.refresh_from_db()
    assert card.status == CardStatus.BOOKED


def test_a_wrestler_on_another_card_of_the_week_is_a_caution(personas):
    card = book_card(personas.promotion, personas.promoter, matches=1, name="Tuesday")
    twice = wrestler_in(card, 1)
    other = card_create(promotion=personas.promotion, by=personas.promoter, name="Thursday")
    match_add(
        card=other,
        by=personas.promoter,
        spec=MatchSpec(sides=[[twice.pk], [WrestlerFactory(promotion=personas.promotion).pk]]),
    )
    assert [str(c) for c in card_cautions(card)] == [
        f"Match 1: {twice.ring_name} is also booked on Thursday this week."
    ]
    next_week = card_create(promotion=personas.promotion, by=personas.promoter, name="Next Tuesday", week=2)
    assert [str(c) for c in card_cautions(next_week)] == []


def test_replacing_the_injured_wrestler_clears_the_warning(lenient):
    card = book_card(lenient.promotion, lenient.promoter, matches=1)
    match = card.matches.get()
    hurt(wrestler_in(card, 1))
    fresh = WrestlerFactory(promotion=lenient.promotion, ring_name="Fresh Fiona")
    spec = spec_of(match)
    spec.sides[0] = [fresh.pk]
    match_update(match=match, by=lenient.promoter, spec=spec)
    assert card_cautions(card) == []
    card, started = services.card_go_live(card=card, by=lenient.promoter)
    assert started


def page(response):
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_card_page_warns_before_going_live_and_the_button_confirms(client, lenient):
    card = book_card(lenient.promotion, lenient.promoter, matches=2)
    injured, match = wrestler_in(card, 1), card.matches.get(order=1)
    hurt(injured)
    url = f"/p/{lenient.promotion.slug}/cards/{card.pk}/"
    client.force_login(lenient.promoter)

    body = page(client.get(url))
    assert "Since this card was booked:" in body
    assert f"Match 1: {injured.ring_name} is injured." in body
    assert f'href="{url}matches/{match.pk}/edit/">Replace</a>' in body
    assert "Confirm and go live</button>" in body

    # A plain "Go live" (a page opened before the injury) is not enough: he is sent back to the warning.
    response = client.post(url + "go-live/", follow=True)
    assert "did not go live: 1 wrestler to confirm or replace first." in page(response)
    card.refresh_from_db()
    assert card.status == CardStatus.BOOKED
    digest = re.search(r'name="confirm" value="([0-9a-f]+)"', response.content.decode()).group(1)
    client.post(url + "go-live/", {"confirm": digest})
    card.refresh_from_db()
    assert card.status == CardStatus.LIVE


def test_a_refused_wrestler_must_be_replaced_the_button_is_disabled(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    suspended = wrestler_in(card, 1)
    wrestler_set_status(wrestler=suspended, by=personas.promoter, status="suspended", suspended_weeks=1)
    client.force_login(personas.promoter)
    body = page(client.get(f"/p/{personas.promotion.slug}/cards/{card.pk}/"))
    assert "Replace this wrestler before the card can go live:" in body
    assert f"Match 1: {suspended.ring_name} is suspended." in body
    assert '<button type="submit" disabled>Go live</button>' in body
    client.force_login(personas.player)  # a player sees the card, not the promoter's checks
    assert "Replace" not in page(client.get(f"/p/{personas.promotion.slug}/cards/{card.pk}/"))
