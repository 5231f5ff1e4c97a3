"""One Redis subscription per ASGI process, shared by every viewer of every live match in it.

Without it each viewer would hold its own Redis connection and run its own query per event: a thousand viewers of
one match would mean a thousand queries per line. With it, a wake-up for a match makes the hub read the new events
from the database once, render and encode each line and scoreboard once, and wake every local viewer, who sends
what it has not sent yet. Viewers who are up to date (nearly all of them) share one pre-built chunk of bytes per
wake-up, so a viewer costs a wake-up and a socket write, not a render or a copy. Redis still only says "look
again": the database is the source of truth, and a viewer that joins late or finds the hub's buffer too short
reads the database itself.

Without Redis (it restarted, or is away) the hub reads the database of every watched match once a second until
Redis is back, then once more: a lost wake-up costs at most about a second.

Keep-alives are per match, not per viewer: when nothing has happened for ``KEEPALIVE_SECONDS`` the channel looks at
the database once (a wake-up may have been lost while Redis restarted) and, if there is still nothing, wakes its
viewers, who each send a keep-alive comment. So a waiting viewer holds no timer and runs no query of its own.
"""

import asyncio
import bisect
import contextlib
import contextvars
import logging

from asgiref.sync import sync_to_async
from django.conf import settings

from matches import broadcast

log = logging.getLogger("kayfabe.live")

KEEPALIVE_SECONDS = 15
POLL_WITHOUT_REDIS_SECONDS = 1.0


def release_connection():
    """Give this thread's database connection back (to the pool) unless a transaction is open on it (tests)."""
    from django.db import connection

    if not connection.in_atomic_block:
        connection.close()


def _read_and_release(fn, *args):
    try:
        return fn(*args)
    finally:
        release_connection()


def spawn(coro):
    """Start one of the hub's tasks outside the context of the request that happens to start it.

    The hub, its listener, its keep-alive tickers and a read shared by several viewers all outlive the request of the
    viewer who started them. A task inherits its creator's context, and with it that request's thread-sensitive
    context: once the request is over, asgiref refuses the task's database reads ("ThreadSensitiveContext has
    exited", config/asgi.py), and the wake-ups and keep-alives silently stopped reaching the viewers."""
    return asyncio.get_running_loop().create_task(coro, context=contextvars.Context())


async def read_db(fn, *args):
    """Run a read and give its connection back at once. A stream lives for minutes: holding a database connection
    per viewer for all that time would exhaust Postgres at a few hundred viewers."""
    return await sync_to_async(_read_and_release)(fn, *args)


class Entry:
    """One event as every viewer receives it, framed as SSE and encoded once (not once per viewer)."""

    __slots__ = ("seq", "type", "line", "board", "tail")

    def __init__(self, seq, type, line, scoreboard, result):
        from matches.sse import sse_message

        self.seq, self.type = seq, type
        self.line = sse_message(line, event="line", id=seq).encode()
        self.board = sse_message(scoreboard, event="scoreboard").encode()
        self.tail = b""
        if result is not None:
            self.tail = (sse_message(result, event="result") + sse_message("end", event="end")).encode()


class Chunk:
    """What a viewer sends for entries: each line with its id, then the scoreboard of the last (and the result
    and the end). ``seq`` is the last event in it, ``final`` whether it ends the match."""

    __slots__ = ("data", "seq", "final")

    def __init__(self, entries):
        last = entries[-1]
        self.data = b"".join([e.line for e in entries] + [last.board, last.tail])
        self.seq = last.seq
        self.final = last.type == "result"


class Channel:
    """What one process knows of one match: the rendered events it has read, and an event to wake viewers."""

    def __init__(self, match_id, render):
        self.match_id = match_id
        self.render = render
        self.entries = []
        self.seqs = []  # the entries' seqs, for bisect
        self.seq = None  # the last seq read from the database (None: nothing read yet)
        self.read = False  # whether a read has completed
        self.viewers = 0
        self.changed = asyncio.Event()
        self.lock = asyncio.Lock()
        self.chunks = {}  # after -> Chunk, shared by the viewers at the same point; emptied by each new read
        self.next_read = None  # the read that will start after the current one (callers until it starts share it)
        self.last_news = asyncio.get_running_loop().time()
        self.ticker = None

    async def refresh(self):
        """Return once the channel holds every event committed before the call (and has woken the viewers if any
        was new). Callers that arrive while a read is waiting to start share that read."""
        if self.next_read is None:
            self.next_read = spawn(self._read())
        await asyncio.shield(self.next_read)

    def request_refresh(self):
        """The same, for a caller that does not wait (the Redis listener)."""
        if self.next_read is None:
            self.next_read = spawn(self._read())

    def _read_rendered(self, after):
        """The events after ``after``, each rendered once: in a worker thread, off the event loop (rendering the
        result reads the match's recap from the database)."""
        from matches.selectors import events_after

        return [(event, self.render(event, self.match_id)) for event in events_after(self.match_id, after)]

    async def _read(self):
        async with self.lock:
            self.next_read = None  # from now on a new caller needs a new read: this one may have started too early
            after = -1 if self.seq is None else self.seq
            rendered = await read_db(self._read_rendered, after)
            self.read = True
            if not rendered:
                return
            for event, parts in rendered:
                self.entries.append(Entry(event["seq"], event["type"], *parts))
                self.seqs.append(event["seq"])
            self.seq = rendered[-1][0]["seq"]
            self.chunks = {}
            self.last_news = asyncio.get_running_loop().time()
            self.wake()

    def wake(self):
        woken, self.changed = self.changed, asyncio.Event()
        woken.set()

    def chunk_since(self, after):
        """The Chunk of the entries after ``after`` (viewers at the same point share one), False when there is
        nothing new, None when the channel cannot tell (it has not read yet, or its buffer starts later)."""
        chunk = self.chunks.get(after)
        if chunk is not None:
            return chunk
        if not self.entries:
            return False if self.read else None
        if self.entries[0].seq > after + 1:
            return None
        start = bisect.bisect_right(self.seqs, after)
        if start == len(self.entries):
            return False
        chunk = self.chunks[after] = Chunk(self.entries[start:])
        return chunk

    async def keep_alive(self, every):
        """While viewers watch: after ``every`` seconds without news, look at the database (a wake-up may have been
        lost) and, still nothing, wake the viewers so that each sends a keep-alive."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(max(0.0, self.last_news + every - loop.time()))
            if loop.time() - self.last_news < every:
                continue
            try:
                await self.refresh()
            except Exception:  # noqa: BLE001 - the database is away: still keep the connections alive
                log.warning("live hub could not read match %s", self.match_id, exc_info=True)
            if loop.time() - self.last_news >= every:
                self.last_news = loop.time()
                self.wake()


class Hub:
    def __init__(self, render):
        self.render = render
        self.channels = {}
        self.listener = None

    def join(self, match_id, keepalive=KEEPALIVE_SECONDS):
        channel = self.channels.get(match_id)
        if channel is None:
            channel = self.channels[match_id] = Channel(match_id, self.render)
            channel.ticker = spawn(channel.keep_alive(keepalive))
        channel.viewers += 1
        if self.listener is None or self.listener.done():
            self.listener = spawn(self._listen())
        return channel

    def leave(self, channel):
        channel.viewers -= 1
        if channel.viewers <= 0:
            if self.channels.get(channel.match_id) is channel:
                del self.channels[channel.match_id]
            if channel.ticker is not None:
                channel.ticker.cancel()

    def refresh_all(self):
        for channel in list(self.channels.values()):
            channel.request_refresh()

    async def _listen(self):
        import redis.asyncio as aioredis

        prefix = broadcast.match_channel("")
        lost = False
        while True:
            client = aioredis.from_url(settings.REDIS_URL)
            pubsub = client.pubsub()
            try:
                await pubsub.psubscribe(prefix + "*")
                if lost:  # the wake-ups published while Redis was away are lost: look at the database once now
                    log.warning("live hub has Redis back")
                    lost = False
                    self.refresh_all()
                async for message in pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    name = message["channel"].decode() if isinstance(message["channel"], bytes) else message["channel"]
                    try:
                        match_id = int(name[len(prefix) :])
                    except ValueError:
                        continue
                    channel = self.channels.get(match_id)
                    if channel is not None:
                        channel.request_refresh()
                    if not self.channels:
                        return  # nobody is watching: stop listening until the next viewer joins
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis went away: look at the database every second until it is back
                if not lost:
                    log.warning(
                        "live hub lost Redis; reading the database every second until it is back", exc_info=True
                    )
                lost = True
                if not self.channels:
                    return
                self.refresh_all()
                await asyncio.sleep(POLL_WITHOUT_REDIS_SECONDS)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                    await client.aclose()


_hubs = {}


def hub_for_loop(render):
    """The hub of the running event loop (one per ASGI worker process)."""
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None:
        hub = _hubs[loop] = Hub(render)
    return hub
