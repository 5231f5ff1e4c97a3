"""Issue 18 item 2: the inbox. A promoter's pending work (wrestlers to approve, join requests, injured, suspended or
double-booked wrestlers on upcoming cards), notices both ways (request, decision, booking, result, title change)
with unread counts, and the review page: the decision first, then the sheet's changes since the last approval."""

import re

import pytest

from matches import services as live
from matches.booking_services import MatchSpec, card_create, card_mark_booked, match_add
from promotion import notices, titles
from promotion.models import Notice, WrestlerReview
from promotion.selectors import pending_work, sheet_changes
from promotion.services import membership_approve, membership_request
from roster import services as roster
from roster.models import Approval
from roster.services import wrestler_set_status
from tests.factories import UserFactory, WrestlerFactory, book_card, sheet_for

pytestmark = pytest.mark.django_db


def text(response):
    return re.sub(r"\s+", " ", response.content.decode())


def submit(personas, name, **overrides):
    sheet = sheet_for(personas.promotion.ruleset, name, seed=7, **overrides)
    return roster.wrestler_create(promotion=personas.promotion, by=personas.player, sheet=sheet)


def test_a_promoter_sees_three_wrestlers_to_approve_and_a_join_request_with_unread_counts(client, personas):
    for name in ("Ace Adams", "Bo Brown", "Cy Cole"):
        submit(personas, name)
    membership_request(promotion=personas.promotion, user=UserFactory(username="newbie_nina"))

    client.force_login(personas.owner)
    page = text(client.get("/notices/"))
    assert "Nothing" not in page.split('id="notices-title"')[0]
    for name in ("Ace Adams", "Bo Brown", "Cy Cole"):
        assert f"{name} (paula_player) waits for approval." in page
    assert "newbie_nina asks to join." in page
    assert 'To do <span class="badge">4</span>' in page
    assert '<span class="badge">4 unread</span>' in page  # three submissions and the request, as notices
    assert 'Inbox <span class="badge">4</span><span class="sr-only"> unread</span>' in text(client.get("/"))

    # A promoter (not an owner) has the approvals to do, but join requests are the owners'.
    kinds = [item.kind for item in pending_work(personas.promoter)]
    assert kinds == ["approval"] * 3
    assert Notice.objects.filter(user=personas.promoter, read=False).count() == 3
    assert not Notice.objects.filter(user=personas.player).exists()  # nobody is told what he did himself


def test_the_player_is_told_of_approval_and_rejection_and_opening_a_notice_reads_it(client, personas):
    approved, rejected = submit(personas, "Good Gus"), submit(personas, "Bad Bert")
    client.force_login(personas.promoter)
    client.post(f"/p/{personas.promotion.slug}/wrestlers/{approved.pk}/review/", {"decision": "approve"})
    client.post(
        f"/p/{personas.promotion.slug}/wrestlers/{rejected.pk}/review/",
        {"decision": "reject", "note": "Too many maneuvers for a rookie."},
    )

    client.force_login(personas.player)
    page = text(client.get("/notices/"))
    assert "Your wrestler Good Gus was approved: he can be booked." in page
    assert "Your wrestler Bad Bert was rejected. Note: Too many maneuvers for a rookie." in page
    assert '<span class="badge">2 unread</span>' in page
    notice = Notice.objects.get(user=personas.player, text__startswith="Your wrestler Bad Bert")
    response = client.get(f"/notices/{notice.pk}/")
    assert response.status_code == 302 and response["Location"] == rejected.get_absolute_url()
    notice.refresh_from_db()
    assert notice.read
    assert '<span class="badge">1 unread</span>' in text(client.get("/notices/"))
    client.force_login(personas.other_player)
    assert client.get(f"/notices/{notice.pk}/").status_code == 404  # not his notice


def test_the_review_page_puts_the_decision_first_and_shows_the_changes_since_the_last_approval(client, personas):
    wrestler = submit(personas, "Edgy Ed")
    roster.wrestler_review(wrestler=wrestler, by=personas.promoter, approve=True)
    sheet = dict(wrestler.sheet)
    sheet["attributes"] = {**sheet["attributes"], "Brawn": sheet["attributes"]["Brawn"] + 1}
    sheet["attributes"]["Flair"] = sheet["attributes"]["Flair"] - 1
    roster.wrestler_update(wrestler=wrestler, by=personas.player, sheet=sheet)
    wrestler.refresh_from_db()
    assert wrestler.approval == Approval.PENDING

    client.force_login(personas.promoter)
    page = text(client.get(f"/p/{personas.promotion.slug}/wrestlers/{wrestler.pk}/review/"))
    assert page.index("Approve</button>") < page.index("Changes since the last approval")
    assert "by pete_promoter" in page
    before = wrestler.reviews.get().sheet["attributes"]
    assert (
        f'<th scope="row">Attributes › Brawn</th><td class="was">{before["Brawn"]}</td>'
        f'<td class="now">{before["Brawn"] + 1}</td>' in page
    )
    assert "Attributes › Flair" in page
    assert page.count('<th scope="row">') == 2  # nothing else changed

    response = client.post(
        f"/p/{personas.promotion.slug}/wrestlers/{wrestler.pk}/review/", {"decision": "approve", "next": "/notices/"}
    )
    assert response.status_code == 302 and response["Location"] == "/notices/"
    assert WrestlerReview.objects.filter(wrestler=wrestler, approved=True).count() == 2
    page = text(client.get(f"/p/{personas.promotion.slug}/wrestlers/{wrestler.pk}/review/"))
    assert "Nothing in the sheet changed since then." in page


def test_the_review_page_is_for_promoters_only_and_a_bad_decision_is_a_422(client, personas):
    wrestler = submit(personas, "Private Pat")
    url = f"/p/{personas.promotion.slug}/wrestlers/{wrestler.pk}/review/"
    for user in (personas.player, personas.viewer, personas.outsider):
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert client.post(url, {"decision": "approve"}).status_code == 403
    client.force_login(personas.promoter)
    first = text(client.get(url))
    assert "The whole sheet" in first and "Never approved before" in first
    assert client.post(url, {"decision": "maybe"}).status_code == 422
    wrestler.refresh_from_db()
    assert wrestler.approval == Approval.PENDING


def test_sheet_changes_name_added_changed_and_removed_entries():
    before = {"name": "A", "attributes": {"STR": 3}, "moves": ["Punch", "Kick"], "old": True}
    after = {"name": "A", "attributes": {"STR": 4, "AGI": 2}, "moves": ["Punch"]}
    assert [(c.where, c.before, c.after) for c in sheet_changes(before, after)] == [
        ("Attributes › STR", "3", "4"),
        ("Attributes › AGI", None, "2"),
        ("Moves", "Punch, Kick", "Punch"),
        ("Old", "yes", None),
    ]


def test_troubles_on_upcoming_cards_are_pending_work(client, personas):
    personas.promotion.book_injured = True
    personas.promotion.save(update_fields=["book_injured"])
    card = book_card(personas.promotion, personas.promoter, matches=2, name="Upcoming")
    first = card.matches.get(order=1).participants.get(side=0).wrestler
    second = card.matches.get(order=2).participants.get(side=1).wrestler
    roster.injury_add(wrestler=first, body_part=personas.promotion.rules().injury_areas()[0][0], points=2)
    wrestler_set_status(wrestler=second, by=personas.promoter, status="suspended", suspended_weeks=1)
    other = card_create(promotion=personas.promotion, by=personas.promoter, name="Same Week Show")
    partner = WrestlerFactory(promotion=personas.promotion, ring_name="Partner Pam")
    again = card.matches.get(order=1).participants.get(side=1).wrestler
    match_add(card=other, by=personas.promoter, spec=MatchSpec(sides=[[again.pk], [partner.pk]]))

    texts = [item.text for item in pending_work(personas.promoter) if item.kind == "card"]
    assert f"Upcoming, Match 2: {second.ring_name} is suspended." in texts
    assert f"Upcoming, Match 1: {first.ring_name} is injured." in texts
    assert f"Upcoming, Match 1: {again.ring_name} is also booked on Same Week Show this week." in texts
    assert f"Same Week Show, Match 1: {again.ring_name} is also booked on Upcoming this week." in texts
    client.force_login(personas.promoter)
    page = text(client.get("/notices/"))
    assert f"{second.ring_name} is suspended." in page and f"/cards/{card.pk}/matches/" in page


def test_players_are_told_of_their_bookings_results_and_title_changes(personas):
    title = titles.title_create(promotion=personas.promotion, by=personas.owner, name="Gold")
    card = card_create(promotion=personas.promotion, by=personas.promoter, name="Big Night")
    rival = WrestlerFactory(promotion=personas.promotion, ring_name="Rival Rick", owner=personas.other_player)
    match_add(
        card=card, by=personas.promoter, spec=MatchSpec(sides=[[personas.wrestler.pk], [rival.pk]], title_id=title.pk)
    )
    card_mark_booked(card=card, by=personas.promoter)
    assert list(Notice.objects.filter(user=personas.player).values_list("text", flat=True)) == [
        "Booked on Big Night, week 1: Paula's Pride (match 1)."
    ]
    live.card_go_live(card=card, by=personas.promoter)
    live.card_run(card.pk, sleep=lambda s: None)
    match = card.matches.get()
    mine = list(Notice.objects.filter(user=personas.player).order_by("pk").values_list("text", flat=True))
    assert mine[1] == f"Result, Big Night: {match.result_text}"
    assert Notice.objects.filter(user=personas.other_player, text=mine[1]).exists()
    participants = list(match.participants.select_related("wrestler"))
    if match.title_changed:  # a vacant title goes to whoever wins (not on a draw)
        winner = match.participants.get(side=match.winner_side).wrestler
        assert mine[2] == f"New champion: {winner.ring_name} won the Gold."
        assert Notice.objects.filter(user=personas.owner, text=mine[2]).exists()
    else:
        assert len(mine) == 2 and not Notice.objects.filter(text__startswith="New champion").exists()
        notices.match_result(match, participants, new_champions=[rival])
        assert Notice.objects.filter(user=personas.owner, text="New champion: Rival Rick won the Gold.").exists()
        assert Notice.objects.filter(user=personas.player, text="New champion: Rival Rick won the Gold.").exists()


def test_an_invitation_and_an_accepted_request_are_notices(personas):
    nina = UserFactory(username="newbie_nina")
    membership = membership_request(promotion=personas.promotion, user=nina)
    membership_approve(membership=membership, by=personas.owner)
    assert list(Notice.objects.filter(user=nina).values_list("text", flat=True)) == [
        "You are in: Persona Pro accepted you as player."
    ]
    assert not [item for item in pending_work(personas.owner) if item.kind == "join"]
