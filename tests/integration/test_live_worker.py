"""The live pipeline with a real Celery worker process against Redis and Postgres, including kill -9."""

import time

import pytest
import redis
from django.conf import settings

from config.celery_app import lines_queue, odds_queue
from matches import services, worker
from matches.models import Card, CardStatus, Match, MatchEvent, WinChance
from matches.tasks import sweep_stuck_cards
from promotion.models import PrestigeEntry
from rules import RandomDice
from tests.conftest import consume
from tests.factories import book_card

pytestmark = pytest.mark.worker


def wait_for(predicate, timeout=90, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def assert_clean_card(card):
    """Every match has one result and a gapless event log identical to a clean run with the same seed."""
    for match in Match.objects.filter(card=card).select_related("card__promotion"):
        ruleset, setup = worker.frozen_setup(match)
        expected = list(ruleset.resolve(setup, RandomDice(match.seed), seed=match.seed))
        stored = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
        assert stored == expected, f"match {match.order}"
        assert match.status == "finished"
        assert match.method == expected[-1]["method"]
        assert PrestigeEntry.objects.filter(match=match, reason__in=["win", "loss", "draw", "dq_win"]).count() == 2


def test_a_real_worker_takes_a_card_from_go_live_to_the_last_result(celery_worker, personas):
    card = book_card(personas.promotion, personas.promoter, matches=3)
    services.card_go_live(card=card, by=personas.promoter)
    wait_for(lambda: Card.objects.get(pk=card.pk).status == CardStatus.FINISHED, what="the card to finish")
    assert_clean_card(card)


def test_a_card_gone_live_right_after_booking_does_not_wait_behind_its_odds(celery_worker, personas):
    """Booking enqueued every match's odds; they go to the odds queue, so with nobody working that queue the card
    still airs to the end, and the odds are worked out once a worker takes the queue up again."""
    consume(odds_queue(), False)
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    card = book_card(personas.promotion, personas.promoter, matches=3)
    wait_for(lambda: broker.llen(odds_queue()) >= 3, timeout=10, what="the booking's odds in the odds queue")
    services.card_go_live(card=card, by=personas.promoter)
    wait_for(lambda: Card.objects.get(pk=card.pk).status == CardStatus.FINISHED, what="the card to finish")
    assert broker.llen(odds_queue()) >= 3, "the odds were left waiting, not worked before the card"
    assert_clean_card(card)
    consume(odds_queue(), True)
    wait_for(lambda: broker.llen(odds_queue()) == 0, timeout=60, what="the odds queue worked off")


def test_the_odds_of_a_new_booking_are_worked_before_the_replay_lines_queued_ahead_of_them(celery_worker, personas):
    """A card aired at instant pace queues every match's chance-to-win line (a replay: nobody waits on it); a match
    booked after it has a promoter waiting on its odds. The lines have a queue of their own, behind the odds."""
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    consume(lines_queue(), False)
    aired = book_card(personas.promotion, personas.promoter, matches=3, name="Aired")
    services.card_go_live(card=aired, by=personas.promoter)
    wait_for(lambda: Card.objects.get(pk=aired.pk).status == CardStatus.FINISHED, what="the card to finish")
    wait_for(lambda: broker.llen(lines_queue()) >= 3, timeout=10, what="the aired matches' lines in their queue")
    consume(odds_queue(), False)
    booked = book_card(personas.promotion, personas.promoter, matches=1, name="Next")
    wait_for(lambda: broker.llen(odds_queue()) >= 1, timeout=10, what="the new match's odds in the odds queue")
    consume(odds_queue(), True)
    consume(lines_queue(), True)
    match = booked.matches.get()
    wait_for(lambda: bool(Match.objects.get(pk=match.pk).odds), timeout=60, what="the new match's odds")
    assert broker.llen(lines_queue()) >= 2, "the odds waited behind the replay lines"
    wait_for(lambda: broker.llen(lines_queue()) == 0, timeout=120, what="the lines worked off after the odds")
    for aired_match in aired.matches.all():
        wait_for(lambda m=aired_match: WinChance.objects.filter(match=m).exists(), timeout=60, what="each line")


@pytest.mark.fault
@pytest.mark.parametrize("kill_after_events", [3, 25])
def test_a_worker_killed_mid_card_is_replaced_and_the_card_finishes_cleanly(celery_worker, personas, kill_after_events):
    card = book_card(personas.promotion, personas.promoter, matches=3, pace=0.05)
    services.card_go_live(card=card, by=personas.promoter)
    wait_for(lambda: MatchEvent.objects.filter(match__card=card).count() >= kill_after_events, what="events")
    celery_worker.kill()  # SIGKILL to the worker and its pool: no clean shutdown, the task is never acknowledged
    killed_at = MatchEvent.objects.filter(match__card=card).count()
    assert Card.objects.get(pk=card.pk).status == CardStatus.LIVE
    celery_worker.start().wait_ready()
    # Celery beat would run the sweeper every 30 s; the test runs it once the dead worker's lease has expired.
    wait_for(lambda: bool(services.stuck_cards()), timeout=30, what="the lease to expire")
    assert sweep_stuck_cards() == [card.pk]
    wait_for(lambda: Card.objects.get(pk=card.pk).status == CardStatus.FINISHED, what="the card to finish")
    assert MatchEvent.objects.filter(match__card=card).count() > killed_at
    assert_clean_card(card)
