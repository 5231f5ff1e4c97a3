"""The ASGI handler (config/asgi.py) runs each request's synchronous code on a thread kept from an earlier request,
not on a thread started and joined for it (Django's own handler: a tenth of a cached page's time)."""

import asyncio
import inspect
import threading
import time

import httpx
import pytest
from django.core.signals import request_started
from django.http import HttpResponse, StreamingHttpResponse
from django.urls import path

from config.asgi import ReusedThreadASGIHandler


@pytest.fixture
def request_threads():
    seen = []

    def record(**kwargs):
        seen.append(threading.get_ident())

    request_started.connect(record, dispatch_uid="test-asgi-threads")
    yield seen
    request_started.disconnect(dispatch_uid="test-asgi-threads")


def client(handler):
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=handler), base_url="http://127.0.0.1")


async def test_requests_one_after_another_run_on_one_kept_thread(request_threads):
    handler = ReusedThreadASGIHandler()
    async with client(handler) as http:
        for _ in range(5):
            response = await http.get("/no-such-page/")
            assert response.status_code == 404
    assert len(request_threads) == 5
    assert len(set(request_threads)) == 1
    assert request_threads[0] != threading.get_ident()  # not the event loop's thread
    assert len(handler._idle_executors) == 1


async def test_requests_at_the_same_time_each_have_a_thread_of_their_own(request_threads):
    handler = ReusedThreadASGIHandler()
    async with client(handler) as http:
        responses = await asyncio.gather(*(http.get("/no-such-page/") for _ in range(4)))
    assert [r.status_code for r in responses] == [404] * 4
    assert len(set(request_threads)) == 4
    assert len(handler._idle_executors) == 4  # kept for the next burst


views_finished = []


def slow_view(request):
    time.sleep(0.3)
    views_finished.append(request.path)
    return HttpResponse("slow")


urlpatterns = [path("slow/", slow_view)]


async def test_a_thread_is_kept_only_once_the_view_of_a_client_who_left_has_finished(settings):
    """The client goes away while the view runs: a synchronous view cannot be stopped, so it finishes and its answer
    goes to the server (uvicorn drops it for a client who left); the thread goes back to the list only then, so the
    next request never waits behind it."""
    settings.ROOT_URLCONF = __name__
    views_finished.clear()
    handler = ReusedThreadASGIHandler()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/slow/",
        "root_path": "",
        "query_string": b"",
        "headers": [],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 80),
    }
    messages = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive():
        if messages:
            return messages.pop(0)
        await asyncio.sleep(0.05)
        return {"type": "http.disconnect"}  # while the view still sleeps

    sent = []

    async def send(message):
        sent.append(message)

    await handler(scope, receive, send)
    assert views_finished == ["/slow/"]
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert len(handler._idle_executors) == 1


def where_am_i(request):
    """Which adapters of asgiref the view was called through."""
    names = {frame.function for frame in inspect.stack()} | {
        type(frame.frame.f_locals.get("self")).__name__ for frame in inspect.stack()
    }
    return HttpResponse(" ".join(sorted(n for n in names if n in ("AsyncToSync", "SyncToAsync"))))


async def an_async_view(request):
    return HttpResponse(f"async {asyncio.get_running_loop() is not None}")


closed = []


def a_streaming_view(request):
    def parts():
        try:
            yield from (b"one ", b"two")
        finally:
            closed.append(request.path)

    return StreamingHttpResponse(parts())


hops = [path("where/", where_am_i), path("async/", an_async_view), path("stream/", a_streaming_view)]


@pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume synchronous iterators")  # Django's, by design
async def test_a_synchronous_page_runs_in_one_hop_and_async_views_keep_djangos_chain(settings):
    """Django's ASGI chain ends in an async step: behind our synchronous middleware a page went to its thread, back
    to the event loop (``AsyncToSync``) and to the thread again. Now a synchronous view is reached through
    ``SyncToAsync`` once; an async view still runs on the event loop; a streaming answer is closed once sent."""
    settings.ROOT_URLCONF = __name__ + "_hops"
    import sys
    import types

    module = types.ModuleType(settings.ROOT_URLCONF)
    module.urlpatterns = hops
    sys.modules[settings.ROOT_URLCONF] = module
    try:
        async with client(ReusedThreadASGIHandler()) as http:
            assert (await http.get("/where/")).text == "SyncToAsync"
            assert (await http.get("/async/")).text == "async True"
            assert (await http.get("/where")).status_code == 301  # the synchronous chain adds the slash
            assert (await http.get("/nowhere/")).status_code == 404
            closed.clear()
            assert (await http.get("/stream/")).text == "one two"
            assert closed == ["/stream/"]
    finally:
        del sys.modules[settings.ROOT_URLCONF]


running = {"now": 0, "most": 0}


def a_busy_view(request):
    running["now"] += 1
    running["most"] = max(running["most"], running["now"])
    time.sleep(0.2)
    running["now"] -= 1
    return HttpResponse("done")


async def a_quick_async_view(request):
    return HttpResponse("quick")


turns = [path("busy/", a_busy_view), path("quick/", a_quick_async_view)]


async def test_pages_take_turns_and_live_streams_never_wait_for_them(settings):
    """At most ``KAYFABE_PAGE_THREADS`` synchronous views run at once in a process; the others wait their turn and
    are all answered. An async view (the live streams) does not wait for a turn."""
    import sys
    import types

    settings.ROOT_URLCONF = __name__ + "_turns"
    settings.KAYFABE_PAGE_THREADS = 2
    module = types.ModuleType(settings.ROOT_URLCONF)
    module.urlpatterns = turns
    sys.modules[settings.ROOT_URLCONF] = module
    running.update(now=0, most=0)
    try:
        async with client(ReusedThreadASGIHandler()) as http:
            busy = [asyncio.create_task(http.get("/busy/")) for _ in range(5)]
            await asyncio.sleep(0.05)  # two are running, three wait
            assert (await http.get("/quick/")).text == "quick"
            assert running["now"] == 2, "the async view was answered while two pages ran and three waited"
            assert [r.text for r in await asyncio.gather(*busy)] == ["done"] * 5
    finally:
        del sys.modules[settings.ROOT_URLCONF]
    assert running["most"] == 2
