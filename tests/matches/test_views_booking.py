"""The card builder, card page and front page as a browser sees them (HTMX and plain forms)."""

import pytest

from matches import booking_services as booking
from matches.booking_services import MatchSpec
from matches.models import Card, Match
from promotion import titles
from tests.factories import WrestlerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(personas):
    p = personas
    p.roster = [WrestlerFactory(promotion=p.promotion, ring_name=f"Rival {n}") for n in range(8)]
    p.card = booking.card_create(promotion=p.promotion, by=p.promoter, name="Monday Mayhem")
    p.base = f"/p/{p.promotion.slug}/cards/{p.card.pk}"
    return p


def add_url(p):
    return f"{p.base}/matches/add/"


def singles(a, b, **extra):
    return {"kind": "singles", "side0_0": a.pk, "side1_0": b.pk, **extra}


def test_htmx_booking_answers_the_builder_region_only(client, league):
    client.force_login(league.promoter)
    a, b = league.roster[:2]
    response = client.post(add_url(league), singles(a, b), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="builder"')
    assert "<html" not in body
    assert "Match 1 booked." in body
    assert "Rival 0" in body and "Rival 1" in body


def test_a_refusal_answers_422_with_the_message_and_keeps_the_input(client, league):
    client.force_login(league.promoter)
    a, b, c = league.roster[:3]
    booking.match_add(card=league.card, by=league.promoter, spec=MatchSpec(sides=[[a.pk], [b.pk]]))
    response = client.post(add_url(league), singles(a, c, time_limit_minutes="12"), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 422
    assert 'role="alert"' in body and "Rival 0 is already booked on this card (match 1)." in body
    assert f'<option value="{c.pk}" selected>' in body, "the promoter's choice survives the refusal"
    assert 'value="12"' in body
    assert league.card.matches.count() == 1


def test_without_javascript_a_plain_post_books_and_redirects(client, league):
    client.force_login(league.promoter)
    a, b = league.roster[:2]
    response = client.post(add_url(league), singles(a, b), follow=True)
    assert response.redirect_chain == [(f"{league.base}/edit/", 302)]
    assert "Match 1 booked." in response.content.decode()
    assert league.card.matches.count() == 1


def test_without_javascript_a_refusal_renders_the_whole_page(client, league):
    client.force_login(league.promoter)
    a = league.roster[0]
    response = client.post(add_url(league), singles(a, a))
    assert response.status_code == 422
    body = response.content.decode()
    assert "<html" in body and "A wrestler cannot be in the same match twice." in body


def test_an_injured_wrestler_is_booked_with_a_warning_when_the_house_allows_it(client, league):
    league.promotion.book_injured = True
    league.promotion.save()
    a, b = league.roster[:2]
    b.status = "injured"
    b.save()
    client.force_login(league.promoter)
    body = client.post(add_url(league), singles(a, b), HTTP_HX_REQUEST="true").content.decode()
    assert "Match 1 booked." in body and "Warning:</strong> Rival 1 is injured." in body


def test_malformed_input_is_a_form_error_not_a_refusal(client, league):
    client.force_login(league.promoter)
    response = client.post(add_url(league), {"kind": "ladder", "side0_0": "abc"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()
    assert not league.card.matches.exists()


def test_editing_a_match_loads_its_values(client, league):
    a, b = league.roster[:2]
    referee = titles.referee_create(promotion=league.promotion, by=league.owner, name="Earl")
    match, _ = booking.match_add(
        card=league.card, by=league.promoter, spec=MatchSpec(sides=[[a.pk], [b.pk]], referee_id=referee.pk, no_dq=True)
    )
    client.force_login(league.promoter)
    body = client.get(f"{league.base}/matches/{match.pk}/edit/", HTTP_HX_REQUEST="true").content.decode()
    assert "Edit match 1" in body and "Save match 1" in body
    assert f'<option value="{a.pk}" selected>' in body and f'<option value="{b.pk}" selected>' in body
    assert f'<option value="{referee.pk}" selected>' in body
    response = client.post(f"{league.base}/matches/{match.pk}/edit/", singles(a, league.roster[2]))
    assert response.status_code == 302
    assert sorted(match.participants.values_list("wrestler__ring_name", flat=True)) == ["Rival 0", "Rival 2"]


def test_the_type_ahead_picks_the_first_match_and_keeps_a_choice_on_an_empty_search(client, league):
    client.force_login(league.promoter)
    url = f"/p/{league.promotion.slug}/cards/wrestlers/"
    league.roster[5].approval = "pending"
    league.roster[5].save()
    body = client.get(url, {"q": "rival", "slot": "side0_0"}).content.decode()
    assert body.count("<option") == 1 + 7, "approved wrestlers only, plus the blank choice"
    assert f'<option value="{league.roster[0].pk}" selected>' in body
    body = client.get(url, {"q": "", "slot": "side1_0", "side1_0": league.roster[3].pk}).content.decode()
    assert f'<option value="{league.roster[3].pk}" selected>' in body
    assert "selected" not in client.get(url, {"q": "nobody"}).content.decode()


def test_the_card_page_never_shows_a_result(client, league):
    a, b = league.roster[:2]
    match, _ = booking.match_add(card=league.card, by=league.promoter, spec=MatchSpec(sides=[[a.pk], [b.pk]]))
    booking.card_mark_booked(card=league.card, by=league.promoter)
    Match.objects.filter(pk=match.pk).update(winner_side=0, method="pinfall", result_text="Rival 0 wins by pinfall")
    body = client.get(f"{league.base}/").content.decode()
    lineup = body.split('id="lineup"')[1]
    assert "Rival 0 wins by pinfall" not in lineup and " def. " not in lineup and "winner" not in lineup.lower()


def test_the_front_page_shows_the_next_card_champions_and_only_aired_results(client, league):
    a, b, c, d = league.roster[:4]
    world = titles.title_create(promotion=league.promotion, by=league.owner, name="World Title")
    titles.title_award(title=world, by=league.owner, wrestler_ids=[a.pk])
    aired, _ = booking.match_add(card=league.card, by=league.promoter, spec=MatchSpec(sides=[[a.pk], [b.pk]]))
    pending, _ = booking.match_add(card=league.card, by=league.promoter, spec=MatchSpec(sides=[[c.pk], [d.pk]]))
    Match.objects.filter(pk=aired.pk).update(status="finished", winner_side=0, method="pinfall")
    Match.objects.filter(pk=pending.pk).update(winner_side=1, method="submission")  # computed, not aired
    Card.objects.filter(pk=league.card.pk).update(status="live")
    body = client.get(f"/p/{league.promotion.slug}/").content.decode()
    assert "Monday Mayhem" in body, "the live card is the next card"
    assert "World Title" in body and body.index("World Title") < body.index("Recent results")
    results = body.split("Recent results")[1]
    assert "<strong>Rival 0</strong> def. Rival 1" in results and "pinfall" in results
    assert "submission" not in results and "Rival 3" not in results


def test_new_cards_default_to_the_current_week(client, league):
    league.promotion.current_week = 12
    league.promotion.save()
    client.force_login(league.promoter)
    assert 'value="12"' in client.get(f"/p/{league.promotion.slug}/cards/new/").content.decode()
