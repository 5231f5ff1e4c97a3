"""Issue 22 item 6: "Go live" runs the checks "Mark as booked" runs, as the roster stands when it is pressed. A
suspended and a retired wrestler were aired and written to the ledger; now the card stays booked, nothing is
seeded or written, and the promoter is told which wrestler and why."""

import pytest

from matches import services
from matches.booking_services import BookingRefused, card_problems
from matches.models import CardStatus, MatchStatus
from promotion.models import PrestigeEntry
from roster.models import Approval
from roster.services import wrestler_set_status
from tests.factories import book_card

pytestmark = pytest.mark.django_db


def wrestlers_of(card):
    return [p.wrestler for m in card.matches.order_by("order") for p in m.participants.order_by("side")]


def test_go_live_refuses_a_suspended_and_a_retired_wrestler_naming_them(personas):
    card = book_card(personas.promotion, personas.promoter, matches=2)
    first, _, second, _ = wrestlers_of(card)
    wrestler_set_status(wrestler=first, by=personas.promoter, status="suspended", suspended_weeks=2)
    wrestler_set_status(wrestler=second, by=personas.promoter, status="retired")

    problems = card_problems(card)
    assert [str(p) for p in problems] == [
        f"Match 1: {first.ring_name} is suspended.",
        f"Match 2: {second.ring_name} is retired.",
    ]
    with pytest.raises(BookingRefused) as refused:
        services.card_go_live(card=card, by=personas.promoter)
    assert refused.value.messages == [
        f"{card.name} cannot go live: Match 1: {first.ring_name} is suspended.",
        f"Match 2: {second.ring_name} is retired.",
    ]
    card.refresh_from_db()
    assert card.status == CardStatus.BOOKED and card.went_live is None
    assert list(card.matches.values_list("seed", "setup", "status")) == [(None, None, MatchStatus.SCHEDULED)] * 2
    assert not PrestigeEntry.objects.filter(match__card=card).exists()


def test_the_go_live_button_answers_with_the_reason(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    wrestler = wrestlers_of(card)[0]
    wrestler.approval = Approval.PENDING  # e.g. his sheet was changed and waits for review again
    wrestler.save(update_fields=["approval"])
    client.force_login(personas.promoter)
    response = client.post(f"/p/{personas.promotion.slug}/cards/{card.pk}/go-live/", follow=True)
    assert response.status_code == 200
    assert (
        f"{card.name} cannot go live: Match 1: {wrestler.ring_name} is not approved yet." in response.content.decode()
    )
    card.refresh_from_db()
    assert card.status == CardStatus.BOOKED


def test_a_card_whose_roster_is_fine_still_goes_live(personas):
    card = book_card(personas.promotion, personas.promoter, matches=2)
    assert card_problems(card) == []
    card, started = services.card_go_live(card=card, by=personas.promoter)
    assert started and card.status == CardStatus.LIVE
