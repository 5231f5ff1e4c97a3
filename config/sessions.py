"""Sessions: Django's ``cached_db`` engine (the database holds every session; the cache spares a query per
request), with one change: a session stays in the cache for ``CACHE_SECONDS`` at most, then it is read from the
database again.

Why the cap: log-out and password changes delete the session from the database and from the cache. If the cache
is unreachable at that moment but still holds its data (a network partition, not a restart: ours keeps nothing on
disk), the delete is lost (config/cache.py forgives an unreachable cache) and the old session would come back
with the cache for the rest of its two weeks. With the cap it lapses ``CACHE_SECONDS`` after it was cached. See
docs/security.md.
"""

from django.contrib.sessions.backends import cached_db

CACHE_SECONDS = 60


class _CappedCache:
    """The session cache, with every timeout cut to ``CACHE_SECONDS``."""

    def __init__(self, cache):
        self._cache = cache

    def get(self, key, default=None):
        return self._cache.get(key, default)

    def set(self, key, value, timeout):
        self._cache.set(key, value, min(timeout, CACHE_SECONDS))

    def delete(self, key):
        return self._cache.delete(key)

    def __contains__(self, key):
        return key in self._cache

    def __str__(self):
        return str(self._cache)

    async def aget(self, key, default=None):
        return await self._cache.aget(key, default)

    async def aset(self, key, value, timeout):
        await self._cache.aset(key, value, min(timeout, CACHE_SECONDS))

    async def adelete(self, key):
        return await self._cache.adelete(key)


class SessionStore(cached_db.SessionStore):
    cache_key_prefix = "kayfabe.sessions."

    def __init__(self, session_key=None):
        super().__init__(session_key)
        self._cache = _CappedCache(self._cache)
