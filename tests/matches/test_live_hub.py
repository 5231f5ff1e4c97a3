"""The live hub in one process: viewers at any point get exactly the lines they lack, in order; a wake-up lost
(Redis restarted, or away) still reaches them; user text stays escaped in the SSE frames.

The stream generator runs in-process against the real database and Redis. Events are stored by a real (instant)
run of the match, then the tail is taken away and written back later, as a live match writes it.
"""

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import ThreadSensitiveContext, sync_to_async

from matches import broadcast, selectors, services, views_live
from matches import hub as hub_module
from matches.models import Card, MatchEvent
from tests.factories import book_card

pytestmark = pytest.mark.django_db(transaction=True)

SAFETY = 60  # seconds: only so that a broken stream fails the test instead of hanging it


@pytest.fixture
def played(personas, settings):
    """A match played to the end at instant pace (in a thread of this process), and its stored events."""

    def play(name="Hub Card"):
        settings.CELERY_TASK_ALWAYS_EAGER = True  # go-live runs the card in a background thread here
        card = book_card(personas.promotion, personas.promoter, matches=1, name=name)
        services.card_go_live(card=card, by=personas.promoter)
        deadline = time.monotonic() + SAFETY
        while Card.objects.get(pk=card.pk).status != "finished":
            assert time.monotonic() < deadline, "the card did not finish"
            time.sleep(0.05)
        settings.CELERY_TASK_ALWAYS_EAGER = False
        match = card.matches.get()
        return match, list(MatchEvent.objects.filter(match=match).order_by("seq"))

    return play


@pytest.fixture(autouse=True)
async def fresh_hubs():
    """Each test's event loop gets its own hub; stop its Redis listener and keep-alive tickers afterwards."""
    yield
    # Only this loop's hub can be awaited: a hub left by another test's (closed) loop has tasks that never finish.
    hub = hub_module._hubs.pop(asyncio.get_running_loop(), None)
    tasks = [] if hub is None else [hub.listener] + [channel.ticker for channel in hub.channels.values()]
    tasks = [task for task in tasks if task is not None]
    for task in tasks:
        task.cancel()
    if tasks:  # bounded: the listener's clean-up closes a Redis connection, which must not hang the suite
        await asyncio.wait(tasks, timeout=5)


def frames(data):
    """(event, id) of each SSE frame in bytes, keep-alive comments as ("comment", None)."""
    out = []
    for block in data.decode().split("\n\n"):
        if not block:
            continue
        if block.startswith(":"):
            out.append(("comment", None))
            continue
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in fields:
            out.append((fields["event"], fields.get("id")))
    return out


def line_ids(chunks):
    return [int(i) for data in chunks for event, i in frames(data) if event == "line"]


async def next_chunk(stream):
    return await asyncio.wait_for(stream.__anext__(), SAFETY)


async def read_to_end(stream):
    chunks = []
    async for data in stream:
        chunks.append(data)
    return chunks


@sync_to_async
def cut_tail(match, events, keep):
    MatchEvent.objects.filter(match=match, seq__gte=keep).delete()
    return [e for e in events if e.seq >= keep]


@sync_to_async
def write_back(rows):
    """Store events again without any wake-up on Redis: the hub has to find them by itself."""
    MatchEvent.objects.bulk_create(
        [MatchEvent(match_id=e.match_id, seq=e.seq, type=e.type, round=e.round, data=e.data) for e in rows]
    )


async def test_viewers_at_different_points_each_get_exactly_the_lines_they_lack(played):
    match, events = await sync_to_async(played)()
    total = len(events)
    from_start = await read_to_end(views_live._stream(match.pk, -1))
    from_middle = await read_to_end(views_live._stream(match.pk, 4))
    assert line_ids(from_start) == list(range(total))
    assert line_ids(from_middle) == list(range(5, total))
    for chunks in (from_start, from_middle):
        assert [event for event, _ in frames(b"".join(chunks))][-3:] == ["scoreboard", "result", "end"]


async def test_viewers_at_the_same_point_share_one_chunk_read_once(played, monkeypatch):
    """A thousand viewers must not mean a thousand queries and renders per line: viewers joining together cost one
    read of the database, and viewers at the same point are sent the very same bytes."""
    match, events = await sync_to_async(played)()
    reads = []
    real = selectors.events_after

    def counted(*args, **kwargs):
        reads.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(selectors, "events_after", counted)
    channel = hub_module.hub_for_loop(views_live.render_entry).join(match.pk)
    await asyncio.gather(*(channel.refresh() for _ in range(50)))
    assert len(reads) == 1
    middle = len(events) // 2  # the seed is drawn at go-live: a match can be short
    first, second = channel.chunk_since(middle), channel.chunk_since(middle)
    assert first is second
    assert line_ids([first.data]) == list(range(middle + 1, len(events)))
    assert channel.chunk_since(len(events) - 1) is False  # nothing new for a viewer who has everything


async def test_a_lost_wake_up_reaches_the_viewers_at_the_next_keep_alive(played, monkeypatch):
    match, events = await sync_to_async(played)()
    monkeypatch.setattr(views_live, "KEEPALIVE_SECONDS", 0.3)
    tail = await cut_tail(match, events, keep=5)
    stream = views_live._stream(match.pk, -1)
    assert await next_chunk(stream) == views_live.RETRY
    assert line_ids([await next_chunk(stream)]) == [0, 1, 2, 3, 4]
    assert frames(await next_chunk(stream)) == [("comment", None)]  # nothing new: a keep-alive
    await write_back(tail)  # stored, but nobody says so on Redis
    rest = []
    while not rest or frames(rest[-1])[-1][0] != "end":
        rest.append(await next_chunk(stream))
    assert line_ids(rest) == list(range(5, len(events)))


async def test_without_redis_the_hub_reads_the_database_until_it_is_back(played, monkeypatch, settings):
    match, events = await sync_to_async(played)()
    tail = await cut_tail(match, events, keep=3)
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there: the subscription fails
    monkeypatch.setattr(views_live, "KEEPALIVE_SECONDS", 3600)  # so only the hub's own polling can bring lines
    monkeypatch.setattr(hub_module, "POLL_WITHOUT_REDIS_SECONDS", 0.2)
    stream = views_live._stream(match.pk, -1)
    assert await next_chunk(stream) == views_live.RETRY
    assert line_ids([await next_chunk(stream)]) == [0, 1, 2]
    await write_back(tail)
    rest = await asyncio.wait_for(read_to_end(stream), SAFETY)
    assert line_ids(rest) == list(range(3, len(events)))


async def test_user_text_is_escaped_in_the_sse_frames(played):
    match, events = await sync_to_async(played)(name="<script>alert(1)</script>")
    data = b"".join(await read_to_end(views_live._stream(match.pk, -1))).decode()
    assert "<script>alert(1)</script>" not in data
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in data
    assert line_ids([data.encode()]) == list(range(len(events)))


@pytest.mark.parametrize("path", ["wake-up", "keep-alive"])
async def test_the_hub_keeps_reading_after_the_request_that_started_it_is_over(played, path):
    """The first viewer's request starts the hub (its Redis listener, the match's keep-alive). Under the ASGI handler
    each request has its own thread-sensitive context (config/asgi.py); once that request is over, the hub's own
    reads must still run, or later viewers get lines only when they ask for them themselves."""
    match, events = await sync_to_async(played)()
    executor = ThreadPoolExecutor(max_workers=1)
    async with ThreadSensitiveContext(executor=executor):  # the first viewer's request
        channel = hub_module.hub_for_loop(views_live.render_entry).join(
            match.pk, keepalive=0.3 if path == "keep-alive" else SAFETY
        )
    executor.shutdown(wait=False)
    # That request is over. The hub learns of the stored events by itself: by a wake-up, or at the keep-alive.
    deadline = time.monotonic() + 10
    while channel.seq != events[-1].seq:
        assert time.monotonic() < deadline, f"the hub did not read by {path}"
        if path == "wake-up":
            broadcast.publish_match(match.pk, events[-1].seq)  # again until the listener has subscribed
        await asyncio.sleep(0.1)
    assert line_ids([channel.chunk_since(-1).data]) == list(range(len(events)))


async def test_the_result_flips_the_status_and_brings_the_recap_even_before_the_result_is_applied(played):
    """The worker stores the result event, then applies the result: a viewer woken in between still gets the recap
    (the same one, computed from the same final events) and the status line turned to "Finished."."""
    from django.utils.html import escape

    from matches.models import Match

    match, events = await sync_to_async(played)()
    assert match.recap
    await sync_to_async(Match.objects.filter(pk=match.pk).update)(recap="", status="running")
    data = b"".join(await read_to_end(views_live._stream(match.pk, len(events) - 2))).decode()
    assert [event for event, _ in frames(data.encode())] == ["line", "scoreboard", "result", "end"]
    block = next(b for b in data.split("\n\n") if b.startswith("event: result"))
    payload = "\n".join(line[len("data: ") :] for line in block.splitlines() if line.startswith("data: "))
    assert f'<p id="recap" class="recap">{escape(match.recap)}</p>' in payload
    assert 'id="match-status"' in payload and 'hx-swap-oob="true"' in payload and "Finished." in payload
    assert "Live now." not in payload
