"""Django's Redis cache, except that Redis being unreachable (restarting, down) is a cache miss, not an error.

Everything the app keeps in the cache can be recomputed: odds, rendered page fragments, rate-limit counters. So while
Redis is away a read finds nothing, a write is dropped and a counter is missing, and the page is served from the
database (tests/integration/test_faults.py: a viewer arriving, or a promoter pressing "Go live", while Redis is
down got a 500 before). Rate limits count in the process's memory meanwhile (``RedisOrLocalCache``, below): a Redis
outage must neither lock every user out of logging in and booking nor lift the limits.

It also keeps one connection pool per Redis server per process. Django's own backend keeps a pool per cache
instance, and makes a cache instance per thread and per async context, which under ASGI is every request: each page
opened a new TCP connection to Redis, said hello, and closed it again (most of a cached page's time; see
docs/benchmarks.md). A connection found dead in the shared pool (Redis restarted since it was last used) is retried
once on a new connection, so that a version bump is not lost to a stale socket.
"""

import logging
import threading

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

log = logging.getLogger("kayfabe.cache")

UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


def _unreachable(operation):
    log.warning("cache: Redis unreachable, %s skipped", operation)


_clients = {}  # (server, pool options) -> a Redis client on the process's one pool for that server
_clients_lock = threading.Lock()


class SharedPoolRedisCacheClient(RedisCacheClient):
    """Django's client, with the pool and the client shared by every cache instance of the process. A client and its
    pool are thread-safe, and the pool starts afresh in a forked child (redis-py checks the pid)."""

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        ident = (self._servers[index], repr(sorted(self._pool_options.items())))
        client = _clients.get(ident)
        if client is None:
            with _clients_lock:
                client = _clients.get(ident)
                if client is None:
                    options = {"retry": Retry(NoBackoff(), 1), **self._pool_options}
                    pool = self._pool_class.from_url(self._servers[index], **options)
                    client = _clients[ident] = self._client(connection_pool=pool)
        return client


class ForgivingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = SharedPoolRedisCacheClient

    def _while_unreachable(self, operation, answer, *args):
        """What ``operation`` (called with ``args``) answers while Redis is unreachable: ``answer``, a miss or a
        dropped write."""
        _unreachable(operation)
        return answer

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except UNREACHABLE:
            return self._while_unreachable("get", default, key, default, version)

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except UNREACHABLE:
            return self._while_unreachable("get_many", {}, keys, version)

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except UNREACHABLE:
            return self._while_unreachable("has_key", False, key, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except UNREACHABLE:
            return self._while_unreachable("add", False, key, value, timeout, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except UNREACHABLE:
            self._while_unreachable("set", None, key, value, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version)
        except UNREACHABLE:
            return self._while_unreachable("set_many", list(data), data, timeout, version)  # the keys not stored

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().touch(key, timeout, version)
        except UNREACHABLE:
            return self._while_unreachable("touch", False, key, timeout, version)

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except UNREACHABLE:
            count = self._while_unreachable("incr", None, key, delta, version)
            if count is None:
                raise ValueError(f"Key '{key}' not found (Redis unreachable).") from None
            return count

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except UNREACHABLE:
            return self._while_unreachable("delete", False, key, version)

    def delete_many(self, keys, version=None):
        try:
            super().delete_many(keys, version)
        except UNREACHABLE:
            self._while_unreachable("delete_many", None, keys, version)

    def clear(self):
        try:
            return super().clear()
        except UNREACHABLE:
            return self._while_unreachable("clear", False)


LOCAL_COUNTERS = 100_000  # rate-limit counters one process keeps while Redis is away (a few MB at most)


class RedisOrLocalCache(ForgivingRedisCache):
    """For rate-limit counters: Redis while it answers, and this process's own memory while it does not.

    Failing open (no limits while Redis is away) would let anyone who can make Redis unreachable guess passwords
    at full speed; failing closed would lock everyone out of logging in. Counting locally keeps every limit, only
    per process instead of per site: with N web processes a client gets at most N times the limit until Redis is
    back, when counting starts again from Redis."""

    def __init__(self, server, params):
        super().__init__(server, params)
        # LocMemCache instances of one name share their storage within a process, whatever the cache instance. Room
        # for a counter per client address and user of a busy outage: culling (300 entries by default) would forget
        # counts and let a client who spreads his tries over many addresses start again.
        self._local = LocMemCache(
            f"kayfabe-while-redis-is-away:{server}",
            {"TIMEOUT": params.get("TIMEOUT", 300), "OPTIONS": {"MAX_ENTRIES": LOCAL_COUNTERS}},
        )

    def _while_unreachable(self, operation, answer, *args):
        _unreachable(f"{operation} (counted in this process instead)")
        return getattr(self._local, operation)(*args)
