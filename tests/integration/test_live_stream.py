"""The live stream over a real ASGI server: lines arrive while the match runs, and a viewer who reconnects
with his last id gets exactly the missing events (no gap, no duplicate)."""

import time

import httpx
import pytest

from matches import services
from matches.models import MatchEvent
from tests.factories import book_card

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def read_stream(url, headers=None, stop_after_lines=None, timeout=60):
    """Read an SSE stream; return the list of (event, id) it sent, stopping early if asked."""
    got = []
    with httpx.stream("GET", url, headers=headers or {}, timeout=timeout) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        block = {}
        for line in response.iter_lines():
            if line == "":
                if "event" in block:
                    got.append((block["event"], block.get("id")))
                    if block["event"] == "end":
                        break
                    if stop_after_lines and sum(1 for e, _ in got if e == "line") >= stop_after_lines:
                        break
                block = {}
            elif not line.startswith(":"):
                key, _, value = line.partition(": ")
                block[key] = value
    return got


def wait_finished(match, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.status == "finished":
            return
        time.sleep(0.2)
    raise AssertionError("the match did not finish")


def test_a_viewer_who_reconnects_gets_exactly_the_missing_events(asgi_server, celery_worker, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1, pace=0.05)
    services.card_go_live(card=card, by=personas.promoter)  # the real worker takes it from here
    match = card.matches.get()
    url = f"{asgi_server}/p/{personas.promotion.slug}/matches/{match.pk}/stream?after=-1"
    first = read_stream(url, stop_after_lines=5)
    first_ids = [int(i) for e, i in first if e == "line"]
    assert first_ids == list(range(len(first_ids)))
    rest = read_stream(url, headers={"Last-Event-ID": str(first_ids[-1])})
    wait_finished(match)
    rest_ids = [int(i) for e, i in rest if e == "line"]
    total = MatchEvent.objects.filter(match=match).count()
    assert first_ids + rest_ids == list(range(total))
    assert [e for e, _ in rest][-3:] == ["scoreboard", "result", "end"]


def test_lines_arrive_while_the_match_is_still_running(asgi_server, celery_worker, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1, pace=0.1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    url = f"{asgi_server}/p/{personas.promotion.slug}/matches/{match.pk}/stream?after=-1"
    seen_running = []
    with httpx.stream("GET", url, timeout=60) as response:
        for line in response.iter_lines():
            if line.startswith("event: line"):
                match.refresh_from_db()
                seen_running.append(match.status == "running")
            if line.startswith("event: end"):
                break
    wait_finished(match)
    assert seen_running[0] is True  # the first line reached the viewer before the final bell
    assert seen_running.count(True) >= 2


def test_many_viewers_of_one_match_each_get_every_line_once_and_in_order(asgi_server, celery_worker, personas):
    """Fifty viewers on one server process share the hub's chunks: each still gets every line exactly once, in
    order, then the result and the end."""
    import asyncio

    card = book_card(personas.promotion, personas.promoter, matches=1, pace=0.05)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    url = f"/p/{personas.promotion.slug}/matches/{match.pk}/stream?after=-1"

    async def viewer(client):
        got = []
        async with client.stream("GET", url) as response:
            assert response.status_code == 200
            event = None
            async for line in response.aiter_lines():
                if line.startswith("event: "):
                    event = line[len("event: ") :]
                elif line.startswith("id: "):
                    got.append(int(line[len("id: ") :]))
                elif line == "" and event == "end":
                    return got
        raise AssertionError("the stream closed before its end event")

    async def watch(viewers):
        limits = httpx.Limits(max_connections=viewers + 10)
        async with httpx.AsyncClient(base_url=asgi_server, timeout=60, limits=limits) as client:
            return await asyncio.wait_for(asyncio.gather(*(viewer(client) for _ in range(viewers))), 120)

    seen = asyncio.run(watch(50))
    wait_finished(match)
    total = MatchEvent.objects.filter(match=match).count()
    assert seen == [list(range(total))] * 50
