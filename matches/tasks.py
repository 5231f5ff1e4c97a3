"""Celery tasks: thin, they take ids and call services. Every one is safe to run twice.

A task that finds the database unreachable before it holds a match (Postgres restarting) is retried with backoff
(1, 2, 4 ... 30 s), so the card resumes when the database answers rather than a lease and a sweep later. Inside a
match, services.match_run rides out an outage itself (services._through_outage)."""

from celery import shared_task

from matches import odds, services, win_probability

RETRY_ON_DATABASE_DOWN = {
    "autoretry_for": services.DATABASE_DOWN,
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "retry_jitter": False,
    "max_retries": 30,  # about a quarter of an hour; after that the sweeper re-enqueues the card
}


@shared_task(name="matches.run_card", acks_late=True, reject_on_worker_lost=True, **RETRY_ON_DATABASE_DOWN)
def run_card(card_id):
    return services.card_run(card_id)


@shared_task(name="matches.run_match", acks_late=True, reject_on_worker_lost=True, **RETRY_ON_DATABASE_DOWN)
def run_match(match_id):
    return services.match_run(match_id)


@shared_task(name="matches.compute_odds", acks_late=True, reject_on_worker_lost=True, **RETRY_ON_DATABASE_DOWN)
def compute_odds(match_id):
    return odds.odds_compute(match_id=match_id)


@shared_task(name="matches.compute_win_line", acks_late=True, reject_on_worker_lost=True, **RETRY_ON_DATABASE_DOWN)
def compute_win_line(match_id):
    return win_probability.line_compute(match_id)


@shared_task(name="matches.sweep_stuck_cards")
def sweep_stuck_cards():
    """Re-enqueue live cards nobody is working on (a worker died with its lease)."""
    cards = services.stuck_cards()
    for card_id in cards:
        run_card.delay(card_id)
    return cards
