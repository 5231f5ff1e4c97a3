"""Issue 22 item 4: anonymous visitors cannot fill Redis. The compose Redis has a memory cap whose eviction policy
only ever drops keys with a time to live, every key the app writes to the cache has one, and no key of ours is made
per query string (the per-query-string copies of whole pages came from config/pagecache.py, removed with issue 19)."""

import secrets
import subprocess
import time

import pytest
import redis
from django.conf import settings

from tests.conftest import free_port
from tests.factories import book_card
from tests.security.conftest import COUNTS, compose


def redis_command():
    return [str(part) for part in compose()["services"]["redis"]["command"]]


def option(argv, name):
    return argv[argv.index(name) + 1]


def test_the_compose_redis_is_capped_and_evicts_only_keys_with_a_ttl():
    argv = redis_command()
    assert option(argv, "--maxmemory").startswith("${REDIS_MAXMEMORY:-")
    assert option(argv, "--maxmemory-policy") == "volatile-lru"


@pytest.fixture
def capped_redis(tmp_path):
    """redis-server with compose's own options, the cap made small (4 MB) so that a test can fill it."""
    argv = redis_command()
    argv[argv.index("--maxmemory") + 1] = "4mb"
    port = free_port()
    proc = subprocess.Popen(  # noqa: S603
        ["/usr/bin/redis-server", *argv[1:], "--port", str(port), "--bind", "127.0.0.1", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield client
    proc.terminate()
    proc.wait(10)


def test_a_full_redis_drops_cached_copies_and_keeps_the_broker_queue(capped_redis):
    """Cached copies (each with a TTL, as a visitor's random query strings made them) far beyond the cap: memory stays
    at the cap, and the queued tasks (a list without TTL, as Celery's queue) are all still there."""
    r = capped_redis
    r.rpush("kayfabe-queue", *[f"task-{n}" for n in range(200)])
    page = b"x" * 4096
    for n in range(4000):  # about 16 MB of pages into a 4 MB Redis
        r.set(f"cache:page:{n}:{secrets.token_hex(4)}", page, ex=3600)
    COUNTS["redis: cached copies written past the cap"] += 4000
    info = r.info("memory")
    assert info["used_memory"] <= info["maxmemory"] * 1.05
    assert r.llen("kayfabe-queue") == 200
    assert r.info("stats")["evicted_keys"] > 0


@pytest.mark.django_db
def test_every_cache_key_we_write_has_a_ttl_and_none_is_per_query_string(client, personas):
    """Pages read by visitors with random query strings, signed in and not, and writes (rate-limit counters): each
    key in Redis has a time to live, and random query strings add none."""
    r = redis.Redis.from_url(settings.CACHE_URL)  # the cache has a Redis database of its own
    prefix = settings.CACHES["default"].get("KEY_PREFIX", "")
    card = book_card(personas.promotion, personas.promoter, matches=1)
    base = f"/p/{personas.promotion.slug}"
    pages = ["/", "/p/", f"{base}/", f"{base}/roster/", f"{base}/cards/", f"{base}/cards/{card.pk}/", f"{base}/titles/"]

    def ours():
        keys = [k.decode() for k in r.scan_iter(match=f"{prefix}*", count=1000)]
        return set(keys)

    for page in pages:  # warm: what a page caches once, whatever the query string
        client.get(page)
    client.force_login(personas.player)
    for page in pages:
        client.get(page)
    client.post(f"{base}/join/")  # a write: a rate-limit counter
    client.logout()
    before = ours()
    for _ in range(60):
        client.get(f"{pages[_ % len(pages)]}?z={secrets.token_hex(8)}")
    COUNTS["redis: random query strings read"] += 60
    after = ours()
    assert after - before == set(), sorted(after - before)[:5]
    ratelimit = settings.CACHES["ratelimit"].get("KEY_PREFIX", "")
    everything = [k.decode() for k in r.scan_iter(match=f"{ratelimit}*", count=1000)] + sorted(after)
    assert everything
    without_ttl = [k for k in everything if r.ttl(k) == -1]
    assert without_ttl == []
