"""Limits the ASGI server enforces before Django sees a request, and the per-client cap on live streams.

``BodyLimit`` wraps the ASGI application (``config/asgi.py``). Django's ASGI handler reads the whole body into a
temporary file before any middleware runs, so a limit in middleware comes too late for a 3 GB upload: this wrapper
answers 413 at once for a declared ``Content-Length`` over ``KAYFABE_MAX_REQUEST_BYTES``, and for a body without
one (chunked) or longer than declared it stops reading at the limit: the application is told the client went away
(``http.disconnect``, the ASGI spec's own message, so Django drops the request) and the client gets the 413. Only
the public ASGI interface is used; Django's handler is not touched.

``stream_slot`` caps the live streams (Server-Sent Events) one client address holds open in one web process at
``KAYFABE_STREAMS_PER_CLIENT``; a stream over the cap is refused with 429 instead of tying up the process.
"""

import contextlib
import threading

from django.conf import settings

TOO_LARGE_BODY = b"Request body too large."


class BodyLimit:
    def __init__(self, app, limit=None):
        self.app = app
        self._limit = limit

    @property
    def limit(self):
        return self._limit if self._limit is not None else settings.KAYFABE_MAX_REQUEST_BYTES

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.limit
        declared = None
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    return await _answer(send, 400, b"Content-Length must be a number.")
        if declared is not None and declared > limit:
            return await _answer(send, 413, TOO_LARGE_BODY + f" At most {limit} bytes.".encode())

        state = {"read": 0, "over": False, "started": False}

        async def limited_receive():
            if state["over"]:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                state["read"] += len(message.get("body", b""))
                if state["read"] > limit:
                    state["over"] = True
                    return {"type": "http.disconnect"}
            return message

        async def tracked_send(message):
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        await self.app(scope, limited_receive, tracked_send)
        if state["over"] and not state["started"]:
            await _answer(send, 413, TOO_LARGE_BODY + f" At most {limit} bytes.".encode())


async def _answer(send, status, body):
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


_streams = {}
_streams_lock = threading.Lock()


def client_of(request):
    return request.META.get("REMOTE_ADDR", "") or "unknown"


@contextlib.contextmanager
def stream_slot(client):
    """Hold one of the client's stream slots for as long as the block runs; yields False when none is free."""
    with _streams_lock:
        held = _streams.get(client, 0)
        free = held < settings.KAYFABE_STREAMS_PER_CLIENT
        if free:
            _streams[client] = held + 1
    try:
        yield free
    finally:
        if free:
            with _streams_lock:
                left = _streams[client] - 1
                if left:
                    _streams[client] = left
                else:
                    del _streams[client]


def streams_full(request):
    """Whether the client already holds every stream slot it may (the view answers 429 then)."""
    with _streams_lock:
        return _streams.get(client_of(request), 0) >= settings.KAYFABE_STREAMS_PER_CLIENT


async def capped(request, stream):
    """``stream`` (an async iterator of SSE chunks) holding one of the client's slots while it runs. A stream that
    finds no slot free when it starts ends at once (the view checked ``streams_full`` just before, so that is only
    the loser of a race between two of one client's requests)."""
    client = client_of(request)
    async with contextlib.aclosing(stream):
        with stream_slot(client) as free:
            if not free:
                return
            async for chunk in stream:
                yield chunk
