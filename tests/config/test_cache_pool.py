"""The Redis cache keeps one connection pool per process (config/cache.py): Django makes a cache instance per thread
and per request, and each used to open, greet and close its own connection to Redis."""

import threading

import redis
from django.conf import settings
from django.core.cache import caches

from config.cache import ForgivingRedisCache


def in_threads(n, work):
    results = [None] * n

    def run(i):
        results[i] = work()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_cache_instances_of_every_thread_share_one_pool_of_connections():
    def twenty_reads():
        cache = caches["default"]  # a new instance in each thread, as in each request
        for i in range(20):
            cache.get(f"pool-test-{i}")
        return cache, cache._cache.get_client().connection_pool

    def connections(pool):
        return len(pool._available_connections) + len(pool._in_use_connections)

    pool = caches["default"]._cache.get_client().connection_pool
    before = connections(pool)  # earlier tests of this process may have left some in the pool
    results = in_threads(8, twenty_reads)
    instances = {id(cache) for cache, _ in results}
    pools = {id(shared) for _, shared in results}
    assert len(instances) == 8
    assert pools == {id(pool)}
    assert connections(pool) - before <= 8  # 160 reads, at most 8 at once


def test_a_pooled_connection_that_redis_dropped_is_retried_on_a_new_one():
    """Redis restarted or cut the connection while it sat in the pool: the next command must not be lost (a page
    cache version bump lost to a stale socket would keep serving old pages)."""
    default = settings.CACHES["default"]
    params = {"KEY_PREFIX": default["KEY_PREFIX"], "OPTIONS": default["OPTIONS"]}
    cache = ForgivingRedisCache(default["LOCATION"], params)
    cache.set("pool-test-counter", 1)
    client = cache._cache.get_client()
    pooled_id = client.client_id()  # the one idle connection of the pool
    admin = redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])
    try:
        assert admin.client_kill_filter(_id=pooled_id) == 1
    finally:
        admin.close()
    assert cache.incr("pool-test-counter") == 2  # not a miss, not "Redis unreachable"
    assert client.client_id() != pooled_id
    cache.delete("pool-test-counter")
