"""Celery tasks: thin, they take ids and call services. Every one is safe to run twice."""

from celery import shared_task

from matches import services


@shared_task(name="matches.run_card", acks_late=True, reject_on_worker_lost=True)
def run_card(card_id):
    return services.card_run(card_id)


@shared_task(name="matches.run_match", acks_late=True, reject_on_worker_lost=True)
def run_match(match_id):
    return services.match_run(match_id)


@shared_task(name="matches.sweep_stuck_cards")
def sweep_stuck_cards():
    """Re-enqueue live cards nobody is working on (a worker died with its lease)."""
    cards = services.stuck_cards()
    for card_id in cards:
        run_card.delay(card_id)
    return cards
