"""Odds by a worker (matches/odds.py): booking enqueues the match's id after commit, the task stores the odds of the
setup it played, the card page polls the odds until they are ready and then tells HTMX to stop."""

import time

import pytest
from django.test import Client
from django_htmx.http import HTMX_STOP_POLLING

import rules
from config.celery_app import app as celery_app
from matches import booking_services as booking
from matches import odds
from matches.booking_services import MatchSpec
from matches.models import Card, Match
from roster import services as roster_services
from tests.factories import WrestlerFactory, sheet_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(personas):
    p = personas
    p.roster = [WrestlerFactory(promotion=p.promotion, ring_name=f"Bettor {n}") for n in range(4)]
    p.card = booking.card_create(promotion=p.promotion, by=p.promoter, name="Odds Night")
    return p


@pytest.fixture
def enqueued(monkeypatch):
    """The ids sent to the broker (a boundary: no worker runs in these tests)."""
    from matches.tasks import compute_odds

    ids = []
    monkeypatch.setattr(compute_odds, "delay", lambda match_id: ids.append(match_id))
    return ids


def book(league, a=0, b=1):
    spec = MatchSpec(sides=[[league.roster[a].pk], [league.roster[b].pk]])
    return booking.match_add(card=league.card, by=league.promoter, spec=spec)[0]


def odds_url(league, match):
    return f"/p/{league.promotion.slug}/cards/{league.card.pk}/matches/{match.pk}/odds/"


def test_booking_and_changing_a_match_enqueue_its_id_after_commit(league, enqueued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match = book(league)
    assert enqueued == [], "nothing before the booking commits"
    for callback in callbacks:
        callback()
    assert enqueued == [match.pk]
    spec = MatchSpec(sides=[[league.roster[0].pk], [league.roster[2].pk]])
    with django_capture_on_commit_callbacks(execute=True):
        booking.match_update(match=match, by=league.promoter, spec=spec)
    assert enqueued == [match.pk, match.pk]


def test_the_task_stores_the_odds_of_the_setup_it_played(league):
    match = book(league)
    digest = odds.odds_compute(match_id=match.pk)
    match.refresh_from_db()
    assert match.odds["key"] == digest and match.odds["sims"] == odds.SIMS
    rows = match.odds["rows"]
    assert [r["who"] for r in rows[:2]] == ["Bettor 0", "Bettor 1"]
    assert 99 <= sum(r["pct"] for r in rows) <= 101
    shown = odds.odds_shown(Match.objects.select_related("card__promotion", "referee").get(pk=match.pk))
    assert shown.state == "ready" and list(shown.rows) == rows
    assert odds.odds_compute(match_id=match.pk) is None, "run twice, it keeps what it stored"


def test_odds_are_the_engines_for_that_setup(league):
    match = book(league)
    odds.odds_compute(match_id=match.pk)
    ruleset, setup = booking.match_setup(Match.objects.select_related("card__promotion", "referee").get(pk=match.pk))
    counts = rules.odds(ruleset.id, setup, sims=odds.SIMS, seed=odds.SEED)
    match.refresh_from_db()
    assert match.odds["rows"] == odds.odds_rows(counts, ["Bettor 0", "Bettor 1"], odds.SIMS)


def test_an_edited_wrestler_makes_the_stored_odds_stale_and_the_page_asks_once(league, enqueued):
    match = book(league)
    odds.odds_compute(match_id=match.pk)
    wrestler = league.roster[0]
    sheet = sheet_for(league.promotion.ruleset, "Bettor Zero", seed=9, alignment=wrestler.alignment)
    roster_services.wrestler_update(wrestler=wrestler, by=league.owner, sheet=sheet)
    fresh = Match.objects.select_related("card__promotion", "referee").get(pk=match.pk)
    assert odds.odds_shown(fresh) == odds.PENDING
    assert odds.odds_shown(fresh) == odds.PENDING
    assert enqueued == [match.pk], "every viewer polls; the worker is asked once"
    odds.odds_compute(match_id=match.pk)
    fresh.refresh_from_db()
    shown = odds.odds_shown(fresh)
    assert shown.state == "ready" and shown.rows[0]["who"] == "Bettor Zero"


def test_odds_played_for_a_setup_changed_meanwhile_are_not_stored(league, monkeypatch):
    match = book(league)
    real = rules.odds

    def edit_while_simulating(*args, **kwargs):
        counts = real(*args, **kwargs)
        spec = MatchSpec(sides=[[league.roster[0].pk], [league.roster[3].pk]])
        booking.match_update(match=Match.objects.get(pk=match.pk), by=league.promoter, spec=spec)
        return counts

    monkeypatch.setattr(rules, "odds", edit_while_simulating)
    assert odds.odds_compute(match_id=match.pk) is None
    match.refresh_from_db()
    assert match.odds is None


def test_no_odds_once_the_bell_has_rung(league):
    match = book(league)
    Match.objects.filter(pk=match.pk).update(status="finished", method="pinfall")
    assert odds.odds_compute(match_id=match.pk) is None
    assert odds.odds_shown(Match.objects.select_related("card__promotion").get(pk=match.pk)) == odds.NONE


def test_no_odds_are_worked_out_once_the_card_is_live_and_stored_ones_still_show(league):
    first, second = book(league), book(league, 2, 3)
    odds.odds_compute(match_id=first.pk)
    Card.objects.filter(pk=league.card.pk).update(status="live")
    assert odds.odds_compute(match_id=second.pk) is None, "its match is about to be played"
    shown = [odds.odds_shown(Match.objects.select_related("card__promotion").get(pk=m.pk)) for m in (first, second)]
    assert shown[0].state == "ready" and shown[1] == odds.NONE


def test_odds_rows_turn_counts_into_percentages():
    rows = odds.odds_rows({(0, "pinfall"): 100, (1, "submission"): 50, (None, "draw"): 50}, ["A", "B"], 200)
    assert rows == [
        {"who": "A", "pct": 50, "methods": [["pinfall", 50]]},
        {"who": "B", "pct": 25, "methods": [["submission", 25]]},
        {"who": "Draw", "pct": 25, "methods": []},
    ]


def test_a_way_to_win_seen_once_in_200_reads_under_1_percent_and_a_side_that_never_won_0():
    from django.template.loader import render_to_string

    counts = {(0, "pinfall"): 198, (0, "knockout"): 1, (None, "draw"): 1}
    html = render_to_string(
        "matches/card.html#odds_rows", {"rows": odds.odds_rows(counts, ["A", "B"], 200), "sims": 200}
    )
    text = " ".join(html.split())
    assert "A 100% (pinfall 99%, knockout under 1%)" in text
    assert "B 0%" in text and "Draw under 1%" in text
    assert " 0%)" not in text and "knockout 0%" not in text


def test_the_card_page_polls_the_odds_until_they_are_ready(client, league, enqueued):
    match = book(league)
    booking.card_mark_booked(card=league.card, by=league.promoter)
    page = client.get(league.card.get_absolute_url()).content.decode()
    assert f'hx-get="{odds_url(league, match)}"' in page and 'hx-trigger="load, every 2s"' in page
    pending = client.get(odds_url(league, match), HTTP_HX_REQUEST="true")
    assert pending.status_code == 200 and "Working out the odds" in pending.content.decode()
    odds.odds_compute(match_id=match.pk)
    ready = client.get(odds_url(league, match), HTTP_HX_REQUEST="true")
    assert ready.status_code == HTMX_STOP_POLLING
    assert "Odds from 200 simulated matches" in ready.content.decode() and "Bettor 0" in ready.content.decode()
    page = client.get(league.card.get_absolute_url()).content.decode()
    assert "Odds from 200 simulated matches" in page, "stored odds show at once, without JavaScript too"
    assert odds_url(league, match) not in page, "odds of the match as it stands: the page asks for nothing more"
    assert client.get(odds_url(league, match)).status_code == 200, "a plain link gets a plain page"


def test_the_card_page_asks_again_once_the_stored_odds_are_stale(client, league, enqueued):
    match = book(league)
    booking.card_mark_booked(card=league.card, by=league.promoter)
    odds.odds_compute(match_id=match.pk)
    assert odds_url(league, match) not in client.get(league.card.get_absolute_url()).content.decode()
    wrestler = league.roster[0]
    sheet = sheet_for(league.promotion.ruleset, "Bettor Zero", seed=9, alignment=wrestler.alignment)
    roster_services.wrestler_update(wrestler=wrestler, by=league.owner, sheet=sheet)
    page = client.get(league.card.get_absolute_url()).content.decode()
    assert f'hx-get="{odds_url(league, match)}"' in page, "a wrestler edited since: the odds are worked out again"
    assert "Working out the odds" in client.get(odds_url(league, match), HTTP_HX_REQUEST="true").content.decode()
    odds.odds_compute(match_id=match.pk)
    page = client.get(league.card.get_absolute_url()).content.decode()
    assert "Bettor Zero" in page and odds_url(league, match) not in page


def test_the_embedded_mode_works_the_odds_out_in_process(league, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)
    with django_capture_on_commit_callbacks(execute=True):
        match = book(league)
    match.refresh_from_db()
    assert match.odds is not None and match.odds["rows"][0]["who"] == "Bettor 0"


@pytest.mark.worker
def test_a_real_worker_works_out_the_odds_of_a_booked_match(celery_worker, league):
    start = time.monotonic()
    match = book(league)  # committed at once (transactional test): the worker is asked on commit
    booking.card_mark_booked(card=league.card, by=league.promoter)
    client = Client()
    while time.monotonic() - start < 60:
        response = client.get(odds_url(league, match), HTTP_HX_REQUEST="true")
        if response.status_code == HTMX_STOP_POLLING:
            break
        time.sleep(0.2)
    assert response.status_code == HTMX_STOP_POLLING, "the worker never stored the odds"
    assert "Bettor 0" in response.content.decode()
