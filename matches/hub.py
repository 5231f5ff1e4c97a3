"""One Redis subscription per ASGI process, shared by every viewer of every live match in it.

Without it each viewer would hold its own Redis connection and run its own query per event: a thousand viewers of
one match would mean a thousand queries per line. With it, a wake-up for a match makes the hub read the new events
from the database once, render each line and scoreboard once, and wake every local viewer, who sends what it has
not sent yet. Redis still only says "look again": the database is the source of truth, and a viewer that joins
late or finds the hub's buffer too short reads the database itself.
"""

import asyncio
import contextlib
import logging

from asgiref.sync import sync_to_async
from django.conf import settings

from matches import broadcast

log = logging.getLogger("kayfabe.live")


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


async def read_db(fn, *args):
    """Run a read and give its connection back at once. A stream lives for minutes: holding a database connection
    per viewer for all that time would exhaust Postgres at a few hundred viewers."""
    return await sync_to_async(_read_and_release)(fn, *args)


class Entry:
    """One event as every viewer receives it, framed as SSE once (not once per viewer)."""

    __slots__ = ("seq", "type", "line", "board", "tail")

    def __init__(self, seq, type, line, scoreboard, result):
        from matches.sse import sse_message

        self.seq, self.type = seq, type
        self.line = sse_message(line, event="line", id=seq)
        self.board = sse_message(scoreboard, event="scoreboard")
        self.tail = ""
        if result is not None:
            self.tail = sse_message(result, event="result") + sse_message("end", event="end")


class Channel:
    """What one process knows of one match: the rendered events it has read, and an event to wake viewers."""

    def __init__(self, match_id, render):
        self.match_id = match_id
        self.render = render
        self.entries = []
        self.seq = None  # the last seq read from the database (None: nothing read yet)
        self.viewers = 0
        self.changed = asyncio.Event()
        self.lock = asyncio.Lock()

    async def refresh(self):
        """Read what the database has after the last seq, render it once, wake the viewers."""
        from matches.selectors import events_after

        async with self.lock:
            after = -1 if self.seq is None else self.seq
            events = await read_db(events_after, self.match_id, after)
            if not events:
                return
            for event in events:
                self.entries.append(Entry(event["seq"], event["type"], *self.render(event)))
            self.seq = events[-1]["seq"]
            woken, self.changed = self.changed, asyncio.Event()
            woken.set()

    def since(self, after):
        """Entries after ``after``, or None when the buffer does not reach back that far."""
        if not self.entries or self.entries[0].seq > after + 1:
            return None
        return [e for e in self.entries if e.seq > after]

    async def wait(self, timeout):
        changed = self.changed
        try:
            await asyncio.wait_for(changed.wait(), timeout)
            return True
        except TimeoutError:
            return False


class Hub:
    def __init__(self, render):
        self.render = render
        self.channels = {}
        self.listener = None

    def join(self, match_id):
        channel = self.channels.get(match_id)
        if channel is None:
            channel = self.channels[match_id] = Channel(match_id, self.render)
        channel.viewers += 1
        if self.listener is None or self.listener.done():
            self.listener = asyncio.get_running_loop().create_task(self._listen())
        return channel

    def leave(self, channel):
        channel.viewers -= 1
        if channel.viewers <= 0:
            self.channels.pop(channel.match_id, None)

    async def _listen(self):
        import redis.asyncio as aioredis

        prefix = broadcast.match_channel("")
        while True:
            client = aioredis.from_url(settings.REDIS_URL)
            pubsub = client.pubsub()
            try:
                await pubsub.psubscribe(prefix + "*")
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
                        asyncio.get_running_loop().create_task(channel.refresh())
                    if not self.channels:
                        return  # nobody is watching: stop listening until the next viewer joins
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis went away: viewers fall back to the database; retry
                log.warning("live hub lost Redis; retrying", exc_info=True)
                await asyncio.sleep(1)
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
