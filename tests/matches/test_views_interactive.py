"""The decision panel (matches/views_interactive.py): a player sees his call with its odds and clock, the other sees
whose turn it is; a choice is posted over HTMX once; every refusal says why with its status."""

import pytest
from django.urls import reverse

from matches import interactive, services
from matches.models import MatchDecision

from .interactive_helpers import interactive_card, league

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def waiting():
    lg = league()
    card, match = interactive_card(lg, seconds=90)
    services.card_run(card.pk)
    d = interactive.current_decision(match)
    mine = lg.red if d.side == 0 else lg.blue
    theirs = lg.blue if d.side == 0 else lg.red
    return lg, match, d, mine, theirs


def url(match):
    return reverse("matches:match-decision", args=[match.card.promotion.slug, match.pk])


def test_the_player_whose_turn_it_is_sees_his_options_with_odds_and_a_clock(client, waiting):
    lg, match, d, mine, theirs = waiting
    client.force_login(mine)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Your call:" in page and d.prompt in page
    assert 'class="countdown"' in page and "s left" in page
    for option in d.options:
        assert f'value="{option["id"]}"' in page
    assert "Let the tactics play" in page
    assert "js/decision.js" in page
    client.force_login(theirs)
    page = client.get(match.get_absolute_url()).content.decode()
    assert (
        f"<strong>{d.wrestler}</strong>&#x27;s decision" in page or f"<strong>{d.wrestler}</strong>'s decision" in page
    )
    assert 'name="option"' not in page
    client.force_login(lg.viewer)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'id="decision"' not in page and "Played by the players" in page


def test_a_choice_is_made_once_and_a_repeat_changes_nothing(client, waiting):
    lg, match, d, mine, theirs = waiting
    client.force_login(mine)
    option = d.options[-1]
    first = client.post(url(match), {"index": d.index, "option": option["id"]}, **HX)
    assert first.status_code == 200
    assert f"chose {option['label']}" in first.content.decode()
    again = client.post(url(match), {"index": d.index, "option": option["id"]}, **HX)
    assert again.status_code == 200 and "Already chosen: nothing changed." in again.content.decode()
    other = client.post(url(match), {"index": d.index, "option": d.options[0]["id"]}, **HX)
    assert other.status_code == 409 and "That decision is made" in other.content.decode()
    row = MatchDecision.objects.get(pk=d.pk)
    assert (row.option, row.chosen_by) == (option["id"], mine)


def test_refusals_say_why(client, waiting):
    lg, match, d, mine, theirs = waiting
    client.force_login(theirs)
    response = client.post(url(match), {"index": d.index, "option": d.options[0]["id"]}, **HX)
    assert (
        response.status_code == 403 and f"It is {d.wrestler}&#x27;s decision, not yours." in response.content.decode()
    )
    client.force_login(lg.viewer)
    response = client.post(url(match), {"index": d.index, "option": d.options[0]["id"]}, **HX)
    assert response.status_code == 403 and "Only the players of the wrestlers" in response.content.decode()
    client.logout()
    response = client.post(url(match), {"index": d.index, "option": d.options[0]["id"]}, **HX)
    assert response.status_code == 403 and "Log in" in response.content.decode()
    client.force_login(mine)
    response = client.post(url(match), {"index": d.index, "option": "maneuver:Flying Piano"}, **HX)
    assert response.status_code == 422 and "is not one of the choices here" in response.content.decode()
    response = client.post(url(match), {"index": "two"}, **HX)
    assert response.status_code == 422
    response = client.post(url(match), {"index": d.index + 3, "option": d.options[0]["id"]}, **HX)
    assert response.status_code == 409 and "has not come up" in response.content.decode()
    assert MatchDecision.objects.get(pk=d.pk).made is None


def test_a_player_who_comes_back_sees_the_current_decision(client, waiting):
    lg, match, d, mine, theirs = waiting
    client.force_login(mine)
    client.post(url(match), {"index": d.index, "option": d.options[0]["id"]}, **HX)
    services.match_run(match.pk)
    following = interactive.current_decision(match)
    player = lg.red if following.side == 0 else lg.blue
    client.force_login(player)
    panel = client.get(url(match), **HX).content.decode()
    assert following.prompt in panel and f'name="index" value="{following.index}"' in panel
    assert "<html" not in panel  # the panel alone, for htmx


def test_a_match_the_tactics_play_has_no_decisions(client):
    lg = league()
    from tests.factories import book_card

    card = book_card(lg.promotion, lg.promoter, matches=1)
    match = card.matches.get()
    client.force_login(lg.red)
    assert client.get(url(match)).status_code == 404
    assert client.post(url(match), {"index": 0, "option": "x"}, **HX).status_code == 404
