"""A page that cannot reach the database answers 503 "try again shortly", never a 500.

While Postgres restarts, a request waits for the connection pool (``DB_POOL_TIMEOUT``) and is usually served once
the database is back. When the outage outlasts that wait, or the server cut the session mid-query, the view raises
``OperationalError``/``InterfaceError``; this middleware turns that into a plain page with ``Retry-After``, which
browsers, HTMX polls and EventSource reconnects all treat as "come back later". Tested with a real server whose
database is unreachable (tests/integration/test_faults_postgres.py)."""

import logging

from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse
from django.utils.deprecation import MiddlewareMixin
from django.utils.html import escape

log = logging.getLogger("kayfabe.unavailable")

RETRY_AFTER_SECONDS = 10
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="{retry}">
<title>Back in a moment · Kayfabe</title></head>
<body><main><h1>Back in a moment</h1>
<p>Kayfabe cannot reach its database right now. This page will try again in {retry} seconds.</p>
<p><a href="{path}">Try again now</a></p></main></body></html>
"""


def drop_dead_connections():
    """Have the pool test its idle connections now and replace the dead ones. After a Postgres restart every idle
    connection is dead, and the pool's check on lending backs off 1, 2, 4 ... s for each dead one it meets: with a
    dozen idle connections the next query would wait past the pool's timeout."""
    pool = getattr(connection, "pool", None)
    if pool is not None:
        pool.check()


class DatabaseUnavailable(MiddlewareMixin):
    def process_exception(self, request, exception):
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        log.warning("database unavailable for %s %s: %s", request.method, request.path, exception)
        drop_dead_connections()
        page = PAGE.format(retry=RETRY_AFTER_SECONDS, path=escape(request.get_full_path()))
        response = HttpResponse(page, status=503, content_type="text/html; charset=utf-8")
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
        return response
