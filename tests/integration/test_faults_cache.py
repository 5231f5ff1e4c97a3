"""Redis unreachable is a cache miss (config/cache.py): reads find nothing, writes are dropped, a counter is
missing, and rate limits count in the process's memory instead. The unreachable Redis is a real port nobody listens
on."""

import pytest
from django.core.cache import caches
from django.test import RequestFactory
from django_ratelimit.core import is_ratelimited

from config.cache import ForgivingRedisCache
from tests.conftest import free_port

pytestmark = pytest.mark.fault


@pytest.fixture
def unreachable():
    return ForgivingRedisCache(f"redis://127.0.0.1:{free_port()}/0", {"OPTIONS": {"socket_connect_timeout": 1}})


def test_it_answers_like_an_empty_cache_while_redis_is_unreachable(unreachable):
    unreachable.set("odds", [1, 2])
    assert unreachable.get("odds") is None
    assert unreachable.get("odds", "fallback") == "fallback"
    assert unreachable.get_many(["a", "b"]) == {}
    assert unreachable.has_key("odds") is False
    assert unreachable.add("odds", 1) is False
    assert unreachable.get_or_set("odds", 7) == 7
    assert unreachable.set_many({"a": 1}) == ["a"]
    with pytest.raises(ValueError):
        unreachable.incr("hits")
    assert unreachable.delete("odds") is False
    unreachable.delete_many(["a"])
    assert unreachable.touch("odds") is False


def test_it_is_the_ordinary_redis_cache_while_redis_answers():
    cache = caches["default"]
    assert isinstance(cache, ForgivingRedisCache)
    cache.set("fault-cache-test", 41)
    assert cache.incr("fault-cache-test") == 42
    cache.delete("fault-cache-test")


@pytest.fixture
def rate_limits_while_redis_is_unreachable(settings):
    """The rate-limit cache as configured, but on a port nobody listens on."""
    settings.CACHES = {
        **settings.CACHES,
        "ratelimit-unreachable": {
            **settings.CACHES["ratelimit"],
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "KEY_PREFIX": f"unreachable-{free_port()}",  # a fresh count in this process's memory
        },
    }
    settings.RATELIMIT_USE_CACHE = "ratelimit-unreachable"


@pytest.mark.django_db
def test_log_in_is_still_limited_while_redis_is_unreachable(client, settings, rate_limits_while_redis_is_unreachable):
    """Neither open (guessing passwords at full speed while Redis is away) nor closed (nobody can log in)."""
    settings.RATELIMIT_LOGIN = "3/m"
    codes = [
        client.post("/accounts/login/", {"username": "x", "password": "y"}, REMOTE_ADDR="192.0.2.1").status_code
        for _ in range(4)
    ]
    assert codes == [200, 200, 200, 429]
    other = client.post("/accounts/login/", {"username": "x", "password": "y"}, REMOTE_ADDR="192.0.2.2")
    assert other.status_code == 200


def test_rate_limits_count_in_this_process_while_redis_is_unreachable(rate_limits_while_redis_is_unreachable):
    request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="192.0.2.1")
    limited = [is_ratelimited(request, group="login", key="ip", rate="2/m", increment=True) for _ in range(3)]
    assert limited == [False, False, True]


def test_page_fragments_are_not_stored_when_the_version_could_not_be_read(monkeypatch):
    """Redis flapping: the version read failed (a miss) but the store that follows succeeds. Nothing may be stored
    under a made-up version, or a later reader in the same outage would be served the page as it was."""
    from django.core.cache.backends.locmem import LocMemCache

    from config import pagecache

    class VersionLost(LocMemCache):
        def get(self, key, default=None, version=None):
            return default if ":version:" in key else super().get(key, default, version)

        def add(self, key, value, timeout=None, version=None):
            return False

    monkeypatch.setattr(pagecache, "cache", VersionLost("flapping", {}))
    shown = iter(["before the write", "after the write"])
    first = pagecache.fragment(1, ["card", 7], lambda: next(shown))
    second = pagecache.fragment(1, ["card", 7], lambda: next(shown))
    assert (first, second) == ("before the write", "after the write")


def test_counts_kept_while_redis_is_unreachable_survive_many_clients(rate_limits_while_redis_is_unreachable):
    """Local memory's default of 300 entries would forget the first client's count among a thousand others."""
    first = RequestFactory().post("/accounts/login/", REMOTE_ADDR="192.0.2.1")
    assert is_ratelimited(first, group="login", key="ip", rate="1/m", increment=True) is False
    for i in range(1000):
        other = RequestFactory().post("/accounts/login/", REMOTE_ADDR=f"198.51.{i // 250}.{i % 250}")
        is_ratelimited(other, group="login", key="ip", rate="1/m", increment=True)
    assert is_ratelimited(first, group="login", key="ip", rate="1/m", increment=True) is True
