"""Django's Redis cache, except that Redis being unreachable (restarting, down) is a cache miss, not an error.

Everything the app keeps in the cache can be recomputed: odds, rendered page fragments, rate-limit counters. So while
Redis is away a read finds nothing, a write is dropped and a counter is missing, and the page is served from the
database (tests/integration/test_faults.py: a viewer arriving, or a promoter pressing "Go live", while Redis is
down got a 500 before). Rate limits fail open meanwhile (``RATELIMIT_FAIL_OPEN``): a Redis outage must not lock
every user out of logging in and booking.
"""

import logging

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger("kayfabe.cache")

UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


def _unreachable(operation):
    log.warning("cache: Redis unreachable, %s skipped", operation)


class ForgivingRedisCache(RedisCache):
    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except UNREACHABLE:
            _unreachable("get")
            return default

    def get_many(self, keys, version=None):
        try:
            return super().get_many(keys, version)
        except UNREACHABLE:
            _unreachable("get_many")
            return {}

    def has_key(self, key, version=None):
        try:
            return super().has_key(key, version)
        except UNREACHABLE:
            _unreachable("has_key")
            return False

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except UNREACHABLE:
            _unreachable("add")
            return False

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except UNREACHABLE:
            _unreachable("set")

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().set_many(data, timeout, version)
        except UNREACHABLE:
            _unreachable("set_many")
            return list(data)  # the keys that were not stored

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().touch(key, timeout, version)
        except UNREACHABLE:
            _unreachable("touch")
            return False

    def incr(self, key, delta=1, version=None):
        try:
            return super().incr(key, delta, version)
        except UNREACHABLE:
            _unreachable("incr")
            raise ValueError(f"Key '{key}' not found (Redis unreachable).") from None

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except UNREACHABLE:
            _unreachable("delete")
            return False

    def delete_many(self, keys, version=None):
        try:
            super().delete_many(keys, version)
        except UNREACHABLE:
            _unreachable("delete_many")

    def clear(self):
        try:
            return super().clear()
        except UNREACHABLE:
            _unreachable("clear")
            return False
