"""Issue 22 item 9 (the frozen live page): the lease is short (15 s in production, 3 s here) so that a viewer of a
match whose worker died waits little, and a live worker renews it while it waits out a slow card's pace, so that no
second worker can take the match over meanwhile (a double run)."""

import secrets
import threading
import time

import pytest
from django.conf import settings
from django.db import connections
from django.utils import timezone

from matches import services
from matches.booking_services import match_setup
from matches.models import Card, CardStatus, Match, MatchStatus
from matches.worker import match_claim
from tests.factories import book_card

pytestmark = pytest.mark.django_db(transaction=True)


def aired_without_a_worker(card):
    """What going live freezes (seed and setup), without enqueueing the card: this test runs it itself."""
    for match in card.matches.select_related("card__promotion", "referee"):
        _, setup = match_setup(match)
        match.seed = secrets.randbelow(2**31)
        match.setup = {"sides": [list(s) for s in setup.sides], "kind": setup.kind, "stipulation": setup.stipulation}
        match.save(update_fields=["seed", "setup"])
    Card.objects.filter(pk=card.pk).update(status=CardStatus.LIVE, went_live=timezone.now())


def test_a_worker_waiting_out_a_slow_pace_keeps_its_match(personas):
    lease = settings.KAYFABE_MATCH_LEASE_SECONDS
    card = book_card(personas.promotion, personas.promoter, matches=1, pace=lease + 1.0)  # a round's wait > a lease
    aired_without_a_worker(card)
    match = card.matches.get()
    real_wait = 2.5 * lease
    waited = [0.0]

    def sleep(seconds):  # the first waits for real (past two leases), the rest at once so the match ends soon
        if waited[0] < real_wait:
            time.sleep(seconds)
        waited[0] += seconds

    outcome = []

    def run():
        try:
            outcome.append(services.match_run(match.pk, sleep=sleep))
        finally:
            connections.close_all()

    worker = threading.Thread(target=run)
    worker.start()
    stolen = []
    deadline = time.monotonic() + real_wait
    while time.monotonic() < deadline and worker.is_alive():
        if Match.objects.filter(pk=match.pk, status=MatchStatus.RUNNING).exists():
            stolen.append(match_claim(match.pk))  # what the sweeper's worker would try
        time.sleep(0.25)
    worker.join(120)
    assert waited[0] >= real_wait, "the pace was never waited out: the test did not test anything"
    assert not any(stolen), "another worker could claim the match while its worker waited out the pace"
    assert outcome == ["done"]
    assert Match.objects.get(pk=match.pk).status == MatchStatus.FINISHED


def test_a_viewer_waits_at_most_a_lease_and_a_sweep_in_production():
    """The figures docs/live.md gives: 15 s lease, sweep every 5 s (before: 60 + 30 s)."""
    from config.settings import base

    assert base.KAYFABE_MATCH_LEASE_SECONDS == 15
    assert base.CELERY_BEAT_SCHEDULE["sweep-stuck-cards"]["schedule"] == 5.0
