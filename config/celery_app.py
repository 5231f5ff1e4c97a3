"""The Celery app. Every CELERY_* Django setting configures it (cookiecutter-django wiring)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

# Work that is never ahead of a live card: the odds of a booked match (a promoter's card page waits for them) on the
# odds queue, and the chance-to-win line of a match aired at instant pace (a replay: nobody waits) on the lines
# queue, which the odds worker takes up only when no odds are waiting (queue_order_strategy, config/settings).
ODDS_TASKS = frozenset({"matches.compute_odds"})
LINE_TASKS = frozenset({"matches.compute_win_line"})


def live_queue():
    """The queue of live work (cards, matches, the sweeper): Celery's default queue, named after the checkout or
    the test run by the settings."""
    from django.conf import settings

    return settings.CELERY_TASK_DEFAULT_QUEUE


def odds_queue():
    """The queue of the booked matches' odds, beside the live queue."""
    return f"{live_queue()}-odds"


def lines_queue():
    """The queue of the instant-pace matches' chance-to-win lines, worked after the odds queue."""
    return f"{live_queue()}-lines"


def background_queues():
    """The odds worker's ``-Q``, in the order it takes them up: the odds first, then the lines."""
    return f"{odds_queue()},{lines_queue()}"


def route_background_work(name, args, kwargs, options, task=None, **kw):
    """Celery router (the task_routes setting): odds and lines to their queues, the rest to the default."""
    if name in ODDS_TASKS:
        return {"queue": odds_queue()}
    if name in LINE_TASKS:
        return {"queue": lines_queue()}
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
