"""Celery tasks: thin, they take ids and call services. Every one is safe to run twice. And the ways work reaches
them: ``enqueue_card`` and ``enqueue_card_later`` (in embedded mode, with no broker, a thread of this process).

Each task imports its service inside its body, as HackSoft's styleguide does: the services enqueue these tasks
(after commit), so they import this module, and a task module importing them back at the top would be an import
circle. This is the one place in the project where an import sits in a function to keep such a circle apart
(``tests/config/test_import_graph.py``).

A task that finds the database unreachable before it holds a match (Postgres restarting) is retried with backoff
(1, 2, 4 ... 30 s), so the card resumes when the database answers rather than a lease and a sweep later. Inside a
match, ``worker.through_outage`` rides out an outage."""

import logging
import threading

from celery import shared_task
from django.conf import settings
from django.db import close_old_connections

from matches.worker import DATABASE_DOWN

log = logging.getLogger("kayfabe.live")

RETRY_ON_DATABASE_DOWN = {
    "autoretry_for": DATABASE_DOWN,
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "retry_jitter": False,
    "max_retries": 30,  # about a quarter of an hour; after that the sweeper re-enqueues the card
}


@shared_task(name="matches.run_card", acks_late=True, reject_on_worker_lost=True, **RETRY_ON_DATABASE_DOWN)
def run_card(card_id):
    from matches.services import card_run

    return card_run(card_id)


@shared_task(name="matches.run_match", acks_late=True, reject_on_worker_lost=True, **RETRY_ON_DATABASE_DOWN)
def run_match(match_id):
    from matches.services import match_run

    return match_run(match_id)


@shared_task(name="matches.compute_odds", acks_late=True, reject_on_worker_lost=True, **RETRY_ON_DATABASE_DOWN)
def compute_odds(match_id):
    from matches.odds import odds_compute

    return odds_compute(match_id=match_id)


@shared_task(name="matches.compute_win_line", acks_late=True, reject_on_worker_lost=True, **RETRY_ON_DATABASE_DOWN)
def compute_win_line(match_id, spent=0.0, sims=None):
    """One slice of a replay's chance-to-win line; the next slice queues behind the odds booked meanwhile."""
    from matches.win_probability import SLICE_SECONDS, line_slice

    done = line_slice(match_id, spent=spent, sims=sims, seconds=SLICE_SECONDS)
    if not done.done:
        compute_win_line.delay(match_id, done.spent, done.sims)
    return done.stored


@shared_task(name="matches.sweep_stuck_cards")
def sweep_stuck_cards():
    """Re-enqueue live cards nobody is working on (a worker died with its lease)."""
    from matches.services import stuck_cards

    cards = stuck_cards()
    for card_id in cards:
        run_card.delay(card_id)
    return cards


# --- handing a card to a worker ----------------------------------------------------------------------------


def enqueue_card(card_id: int) -> None:
    """Hand the card to a worker; in embedded mode (no broker) run it in a background thread of this process."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        try:
            run_card.delay(card_id)
        except Exception:  # noqa: BLE001 - the broker is down: the card is live and the sweeper will enqueue it
            log.warning("could not enqueue card %s; the sweeper will pick it up", card_id, exc_info=True)
        return
    threading.Thread(target=_run_card_here, args=(card_id,), name=f"kayfabe-card-{card_id}", daemon=True).start()


def enqueue_card_later(card_id: int, seconds: float) -> None:
    """Hand the card to a worker in ``seconds`` (a player's decision is due then: the time-out); if this is lost,
    the sweeper does it."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        timer = threading.Timer(seconds, enqueue_card, args=(card_id,))
        timer.daemon = True
        timer.start()
        return
    try:
        run_card.apply_async((card_id,), countdown=seconds)
    except Exception:  # noqa: BLE001 - the broker is down: the sweeper times the decision out
        log.warning("could not schedule the time-out of card %s", card_id, exc_info=True)


def _run_card_here(card_id: int) -> None:
    try:
        run_card(card_id)  # the task's own function, in this thread
    except Exception:
        log.exception("card %s failed in-process", card_id)
    finally:
        close_old_connections()
