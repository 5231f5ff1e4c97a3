"""ASGI entry point (uvicorn). Streaming (Server-Sent Events) needs ASGI: async views, no buffering."""

import logging
import os
from concurrent.futures import ThreadPoolExecutor

import django
from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

# Executors kept for the next requests when a burst is over (a thread each); more than this are shut down.
IDLE_REQUEST_THREADS = 64


class ReusedThreadASGIHandler(ASGIHandler):
    """Django's ASGI handler, except that a request's synchronous code (middleware, views, the ORM) runs on a thread
    kept from an earlier request instead of a thread started for it and joined after it.

    Django enters a new ``ThreadSensitiveContext`` per request, so asgiref starts one thread per request and shuts it
    down at the end: on a cached page that was a tenth of the server's time (docs/benchmarks.md). asgiref lets the
    caller own the context's executor; this handler keeps a free list of one-thread executors. A request still has a
    thread to itself for as long as it runs, as with Django's handler, and its database connection is returned at the
    end of the request as before (``request_finished``), so nothing of one request is left to the next but the idle
    thread. A thread is idle when it is kept: if the client goes away while the view runs, Django stops waiting for
    the view but sends ``request_finished`` on the same thread, so the request ends only once the view has (tested).
    The list is only touched on the event loop's thread."""

    def __init__(self):
        super().__init__()
        self._idle_executors = []

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        idle = self._idle_executors
        executor = idle.pop() if idle else ThreadPoolExecutor(max_workers=1, thread_name_prefix="django-request")
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            if len(idle) < IDLE_REQUEST_THREADS:
                idle.append(executor)
            else:
                executor.shutdown(wait=False)


def get_asgi_application():
    django.setup(set_prefix=False)  # as django.core.asgi.get_asgi_application
    return ReusedThreadASGIHandler()


application = get_asgi_application()

from django.conf import settings  # noqa: E402

logging.getLogger("kayfabe").warning(settings.KAYFABE_MODE.describe())
