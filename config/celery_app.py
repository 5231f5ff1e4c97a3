"""The Celery app. Every CELERY_* Django setting configures it (cookiecutter-django wiring)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

# Work that no viewer waits on now: it goes to the odds queue (odds_queue()), never ahead of a live card.
BACKGROUND_TASKS = frozenset({"matches.compute_odds", "matches.compute_win_line"})


def live_queue():
    """The queue of live work (cards, matches, the sweeper): Celery's default queue, named after the checkout or
    the test run by the settings."""
    from django.conf import settings

    return settings.CELERY_TASK_DEFAULT_QUEUE


def odds_queue():
    """The queue of the odds and the chance-to-win lines, beside the live queue."""
    return f"{live_queue()}-odds"


def route_background_work(name, args, kwargs, options, task=None, **kw):
    """Celery router (the task_routes setting): background work to the odds queue, the rest to the default."""
    if name in BACKGROUND_TASKS:
        return {"queue": odds_queue()}
    return None


app = Celery("kayfabe")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="kayfabe.ping", ignore_result=False)
def ping():
    """Answer from a worker with the database it talks to: proves a worker is alive and wired."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"pong": True, "database": str(connection.settings_dict["NAME"])}
