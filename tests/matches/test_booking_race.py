"""Concurrency: many promoters booking one card at the same instant never make an invalid card.

Each thread has its own database connection (Django gives every thread one) and starts at a Barrier; the
services lock the card row and the database refuses the same wrestler twice on a card."""

import threading

import pytest
from django.db import connection

from matches import booking_services as booking
from matches.booking_services import BookingRefused, MatchSpec
from matches.models import Match, MatchParticipant
from tests.factories import WrestlerFactory

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 20


def run_at_once(jobs):
    """Run each job in its own thread, released together; return (results, errors) by job index."""
    barrier = threading.Barrier(len(jobs))
    results, errors = [None] * len(jobs), [None] * len(jobs)

    def worker(i, job):
        try:
            barrier.wait(timeout=30)
            results[i] = job()
        except Exception as exc:  # noqa: BLE001 - collected and asserted on below
            errors[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a booking thread hung"
    return results, errors


@pytest.fixture
def league(personas):
    p = personas
    p.star = WrestlerFactory(promotion=p.promotion, ring_name="Hot Commodity")
    p.opponents = [WrestlerFactory(promotion=p.promotion, ring_name=f"Opponent {n}") for n in range(THREADS * 2)]
    p.card = booking.card_create(promotion=p.promotion, by=p.promoter, name="Crowded Card")
    return p


def orders(card):
    return list(Match.objects.filter(card=card).order_by("order").values_list("order", flat=True))


def test_twenty_promoters_booking_one_wrestler_at_once_leave_one_booking(league):
    users = [league.promoter, league.owner]

    def book(n):
        spec = MatchSpec(sides=[[league.star.pk], [league.opponents[n].pk]])
        return lambda: booking.match_add(card=league.card, by=users[n % 2], spec=spec)

    results, errors = run_at_once([book(n) for n in range(THREADS)])

    assert sum(r is not None for r in results) == 1, "exactly one booking wins"
    losers = [e for e in errors if e is not None]
    assert len(losers) == THREADS - 1
    for exc in losers:
        assert isinstance(exc, BookingRefused), f"unexpected {type(exc).__name__}: {exc}"
        assert "Hot Commodity is already booked on this card" in " ".join(exc.messages)
    assert MatchParticipant.objects.filter(card=league.card, wrestler=league.star).count() == 1
    assert orders(league.card) == [1], "no half-written match is left behind"
    assert MatchParticipant.objects.filter(card=league.card).count() == 2


def test_twenty_different_bookings_at_once_all_land_in_a_gapless_order(league):
    def book(n):
        spec = MatchSpec(sides=[[league.opponents[2 * n].pk], [league.opponents[2 * n + 1].pk]])
        return lambda: booking.match_add(card=league.card, by=league.promoter, spec=spec)

    results, errors = run_at_once([book(n) for n in range(THREADS)])
    assert errors == [None] * THREADS
    assert orders(league.card) == list(range(1, THREADS + 1))


def test_updating_two_matches_to_the_same_wrestler_at_once_lets_one_win(league):
    o = league.opponents
    first, _ = booking.match_add(card=league.card, by=league.promoter, spec=MatchSpec(sides=[[o[0].pk], [o[1].pk]]))
    second, _ = booking.match_add(card=league.card, by=league.owner, spec=MatchSpec(sides=[[o[2].pk], [o[3].pk]]))

    def swap_in_star(match, partner):
        spec = MatchSpec(sides=[[league.star.pk], [partner.pk]])
        return lambda: booking.match_update(match=match, by=league.promoter, spec=spec)

    results, errors = run_at_once([swap_in_star(first, o[1]), swap_in_star(second, o[3])])
    assert sum(r is not None for r in results) == 1
    [loser] = [e for e in errors if e is not None]
    assert isinstance(loser, BookingRefused)
    assert "Hot Commodity is already booked" in " ".join(loser.messages)
    assert MatchParticipant.objects.filter(card=league.card, wrestler=league.star).count() == 1
    assert MatchParticipant.objects.filter(card=league.card).count() == 4, "the loser's match keeps its line-up"


@pytest.mark.parametrize("rounds", [5])
def test_reordering_adding_and_removing_at_once_keep_orders_gapless(league, rounds):
    o = league.opponents
    for n in range(4):
        booking.match_add(
            card=league.card, by=league.promoter, spec=MatchSpec(sides=[[o[2 * n].pk], [o[2 * n + 1].pk]])
        )
    next_pair = 4
    for _ in range(rounds):
        ids = list(Match.objects.filter(card=league.card).order_by("order").values_list("pk", flat=True))
        a, b = o[2 * next_pair], o[2 * next_pair + 1]
        next_pair += 1
        jobs = [
            lambda ids=ids: booking.card_reorder(card=league.card, by=league.owner, ordered_ids=list(reversed(ids))),
            lambda a=a, b=b: booking.match_add(
                card=league.card, by=league.promoter, spec=MatchSpec(sides=[[a.pk], [b.pk]])
            ),
            lambda ids=ids: booking.match_move(match=Match.objects.get(pk=ids[-1]), by=league.promoter, delta=-1),
        ]
        results, errors = run_at_once(jobs)
        for exc in errors:
            # The reorder may lose to the add (its list no longer names every match): a clear refusal.
            assert exc is None or (isinstance(exc, BookingRefused) and "every match of the card once" in str(exc))
        assert errors[1] is None and errors[2] is None
        count = Match.objects.filter(card=league.card).count()
        assert orders(league.card) == list(range(1, count + 1))
    assert Match.objects.filter(card=league.card).count() == 4 + rounds
