"""Issue 18 item 1: the home page is a dashboard. A visitor sees the public promotions, what is live, the latest
results and title changes (never a private promotion's); a member also sees his wrestlers (status, injuries, next
booking), his promotions and what waits for him."""

import html
import re

import pytest

from matches import services
from matches.models import CardStatus
from promotion import titles
from promotion.models import Membership, MembershipStatus
from roster.models import Approval, WrestlerStatus
from roster.services import injury_add
from tests.factories import PromotionFactory, UserFactory, WrestlerFactory, book_card

pytestmark = pytest.mark.django_db


def run(card, by):
    services.card_go_live(card=card, by=by)
    assert services.card_run(card.pk, sleep=lambda s: None) == "done"
    card.refresh_from_db()
    return card


def section(body, heading_id):
    """The text of one section of the page, from its heading to the next section's end (entities read as the
    browser shows them: "it's", not "it&#x27;s")."""
    start = body.index(f'id="{heading_id}"')
    return html.unescape(re.sub(r"\s+", " ", body[start : body.index("</section>", start)]))


def test_a_visitor_sees_public_promotions_live_cards_results_and_title_changes(client, personas):
    title = titles.title_create(promotion=personas.promotion, by=personas.owner, name="Persona Title")
    done = book_card(personas.promotion, personas.promoter, matches=1, name="Old Show", title=title)
    champion = done.matches.get().participants.get(side=0).wrestler
    titles.title_award(title=title, by=personas.owner, wrestler_ids=[champion.pk])
    run(done, personas.promoter)
    live = book_card(personas.promotion, personas.promoter, matches=1, name="Tonight")
    live.status = CardStatus.LIVE
    live.save(update_fields=["status"])
    secret = PromotionFactory(name="Hidden Garage League", is_public=False)
    WrestlerFactory(promotion=secret, ring_name="Secret Sam")

    body = client.get("/").content.decode()

    assert "Persona Pro" in section(body, "promotions-title")
    assert "Hidden Garage League" not in body and "Secret Sam" not in body
    assert "Tonight" in section(body, "live-title")
    match = done.matches.get()
    match.refresh_from_db()
    assert match.result_text and match.result_text in section(body, "results-title")
    changes = section(body, "titles-title")
    if match.title_changed:
        assert "Persona Title" in changes and "week 1" in changes
    else:  # the champion kept it: no change to show beyond the award (which was no match)
        assert "No title has changed hands yet." in changes
    assert "Log in to your league" in body and "Your wrestlers" not in body


def test_a_member_sees_his_wrestlers_with_status_injuries_and_next_booking(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1, name="Friday Fight")
    booked = card.matches.get().participants.get(side=0).wrestler
    booked.owner = personas.player
    booked.save(update_fields=["owner"])
    hurt = personas.wrestler
    injury_add(wrestler=hurt, body_part=hurt.promotion.rules().injury_areas()[0][0], points=1)
    WrestlerFactory(
        promotion=personas.promotion, owner=personas.player, ring_name="Pending Pete", approval=Approval.PENDING
    )
    client.force_login(personas.player)

    body = client.get("/").content.decode()

    mine = section(body, "my-wrestlers-title")
    assert "Paula's Pride" in mine and "Injured" in mine and "1 injury point " in mine
    assert f"{booked.ring_name}" in mine and "match 1 of Friday Fight" in mine and "(week 1)" in mine
    assert "Pending Pete" in mine and "Waiting for approval" in mine
    assert "Persona Pro" in section(body, "my-promotions-title")
    assert "Nothing waits for you." in section(body, "waiting-title")
    hurt.refresh_from_db()
    assert hurt.status == WrestlerStatus.INJURED


def test_a_promoter_sees_what_waits_for_him_on_the_dashboard(client, personas):
    WrestlerFactory(
        promotion=personas.promotion, owner=personas.player, ring_name="Rookie Ron", approval=Approval.PENDING
    )
    Membership.objects.create(
        promotion=personas.promotion, user=UserFactory(username="newbie_nina"), status=MembershipStatus.REQUESTED
    )
    client.force_login(personas.owner)

    waiting = section(client.get("/").content.decode(), "waiting-title")

    assert "2 to do" in waiting
    assert "Rookie Ron (paula_player) waits for approval." in waiting
    assert "newbie_nina asks to join." in waiting


def test_a_member_without_anything_is_told_what_to_do_next(client):
    client.force_login(UserFactory(username="fresh_fred"))
    body = client.get("/").content.decode()
    assert "You have no wrestlers yet." in section(body, "my-wrestlers-title")
    assert "None yet" in section(body, "my-promotions-title")
