"""ASGI entry point (uvicorn). Streaming (Server-Sent Events) needs ASGI: async views, no buffering."""

import functools
import logging
import os
from concurrent.futures import ThreadPoolExecutor

import django
from asgiref.sync import ThreadSensitiveContext, iscoroutinefunction, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.urls import Resolver404, get_resolver, get_urlconf

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
    The list is only touched on the event loop's thread.

    A synchronous view (every page; the live streams are the async ones) goes through the synchronous middleware
    chain, Django's WSGI path, in one hop to the request's thread. Django's ASGI chain always ends in its async
    ``_get_response_async``: behind a middleware that is only synchronous (ours), each page went to the request's
    thread, back to the event loop to resolve the view, and to the thread again to run it. Under load every hop
    waits for the GIL behind the other requests' threads. Async views keep Django's chain."""

    def __init__(self):
        super().__init__()
        self._idle_executors = []
        self._sync_handler = BaseHandler()
        self._sync_handler.load_middleware(is_async=False)

    async def get_response_async(self, request):
        if self._view_is_async(request):
            return await super().get_response_async(request)
        return await sync_to_async(self._sync_handler.get_response, thread_sensitive=True)(request)

    @staticmethod
    def _view_is_async(request):
        return _path_has_async_view(get_urlconf(), request.path_info)

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


@functools.lru_cache(maxsize=4096)  # resolving was a twentieth of a page's time; a path's view never changes
def _path_has_async_view(urlconf, path):
    try:
        match = get_resolver(urlconf).resolve(path)
    except Resolver404:
        return False  # the synchronous chain answers (a redirect to the slashed URL, or the 404 page)
    return iscoroutinefunction(match.func)


def get_asgi_application():
    django.setup(set_prefix=False)  # as django.core.asgi.get_asgi_application
    return ReusedThreadASGIHandler()


application = get_asgi_application()

from django.conf import settings  # noqa: E402

logging.getLogger("kayfabe").warning(settings.KAYFABE_MODE.describe())
