"""The Celery app. Every CELERY_* Django setting configures it (cookiecutter-django wiring)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

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
