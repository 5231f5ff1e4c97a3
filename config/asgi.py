"""ASGI entry point (uvicorn). Streaming (Server-Sent Events) needs ASGI: async views, no buffering."""

import asyncio
import functools
import logging
import os
from concurrent.futures import ThreadPoolExecutor

import django
from asgiref.sync import ThreadSensitiveContext, iscoroutinefunction, sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.http import FileResponse
from django.urls import Resolver404, get_resolver, get_urlconf, set_script_prefix

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
    thread. A thread is idle when it is kept: if the client goes away while a page's view runs, the view still
    finishes and its answer goes to the server, which drops it; an async view's request ends once Django has sent
    ``request_finished`` on the same thread. Either way the thread is kept only once the view is done (tested). The
    list is only touched on the event loop's thread.

    A synchronous view (every page; the live streams are the async ones) is answered in one trip to the request's
    thread: ``request_started``, the synchronous middleware chain (Django's WSGI path) and ``close()`` of the
    rendered response, then the event loop sends it. Django's ASGI handler made five trips: the signal, its chain
    (which always ends in the async ``_get_response_async``, so behind our synchronous middleware a page went back to
    the event loop to resolve the view and to the thread again to run it), and ``close()``; and it ran a task to
    listen for the client leaving, which cannot stop a synchronous view anyway. Under load each trip waits for the
    GIL behind the other requests' threads (docs/caching.md). Async views keep Django's path, untouched.

    And at most ``KAYFABE_PAGE_THREADS`` synchronous views of a process run at once (settings; 2 by default): more
    threads than cores only take turns holding the GIL, and each turn costs. The others wait their turn in the
    event loop, in order. A slow view (odds computed on demand, an export) holds one turn for as long as it runs."""

    def __init__(self):
        super().__init__()
        self._idle_executors = []
        self._slots_loop = self._slots = None
        self._sync_handler = BaseHandler()
        self._sync_handler.load_middleware(is_async=False)

    async def handle(self, scope, receive, send):
        if _path_has_async_view(get_urlconf(), _path_info(scope)):
            return await super().handle(scope, receive, send)
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        try:
            async with self._page_slot():
                response = await sync_to_async(self._respond, thread_sensitive=True)(scope, body_file)
            try:
                await self.send_response(response, send)  # uvicorn drops what is sent to a client who left
            finally:
                if response.streaming:  # closed once its iterator has been read, as Django does
                    await sync_to_async(response.close, thread_sensitive=True)()
        finally:
            body_file.close()

    def _page_slot(self):
        """At most ``KAYFABE_PAGE_THREADS`` synchronous views of this process run at once; the others wait here, in
        the order they came. (One semaphore per event loop: tests run several.)"""
        loop = asyncio.get_running_loop()
        if self._slots_loop is not loop:
            self._slots_loop, self._slots = loop, asyncio.Semaphore(settings.KAYFABE_PAGE_THREADS)
        return self._slots

    def _respond(self, scope, body_file):
        """Everything a synchronous page does on its thread: Django's ``request_started``, the request, the
        synchronous chain (WSGI's), and for a response already rendered, ``close()`` (``request_finished``: the
        database connection goes back to the pool) before it is sent."""
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self._sync_handler.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size
        if not response.streaming:
            response.close()
        return response

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


def _path_info(scope):
    """The request's ``path_info``, as ``ASGIRequest`` reads it from the scope."""
    script_name = get_script_prefix(scope)
    return scope["path"].removeprefix(script_name) if script_name else scope["path"]


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

logging.getLogger("kayfabe").warning(settings.KAYFABE_MODE.describe())
