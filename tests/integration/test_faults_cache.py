"""Redis unreachable for the cache (django-redis with IGNORE_EXCEPTIONS, config/settings/base.py): reads find
nothing and writes are dropped, so pages go on without the cache; rate limits fail closed (refused, never let
through). The unreachable Redis is a real port nobody listens on."""

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import caches
from django.test import Client, RequestFactory
from django_ratelimit.core import is_ratelimited

from tests.conftest import free_port
from tests.factories import UserFactory

pytestmark = pytest.mark.fault


def unreachable_cache(alias):
    """The cache ``alias`` as configured, but on a port nobody listens on."""
    return {**settings.CACHES[alias], "LOCATION": f"redis://127.0.0.1:{free_port()}/0"}


@pytest.fixture
def cache_unreachable(settings):
    settings.CACHES = {**settings.CACHES, "default": unreachable_cache("default")}
    return caches["default"]


@pytest.fixture
def rate_limits_unreachable(settings):
    settings.CACHES = {**settings.CACHES, "ratelimit-unreachable": unreachable_cache("ratelimit")}
    settings.RATELIMIT_USE_CACHE = "ratelimit-unreachable"


def test_the_cache_answers_like_an_empty_one_while_redis_is_unreachable(cache_unreachable):
    cache_unreachable.set("odds", [1, 2])
    assert cache_unreachable.get("odds") is None
    assert cache_unreachable.get("odds", "fallback") == "fallback"
    assert cache_unreachable.get_many(["a", "b"]) == {}
    assert not cache_unreachable.add("odds", 1)
    cache_unreachable.delete_many(["a"])


@pytest.mark.django_db
def test_pages_and_sessions_go_on_while_the_cache_is_unreachable(cache_unreachable, personas):
    user = UserFactory(username="una_outage", password="correct horse battery")  # noqa: S106
    client = Client()
    assert (
        client.post("/accounts/login/", {"username": user.username, "password": "correct horse battery"}).status_code
        == 302
    )
    for url in (f"/p/{personas.promotion.slug}/roster/", f"/p/{personas.promotion.slug}/league/", "/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "Log out una_outage" in response.content.decode()
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert client.post("/accounts/logout/").status_code == 302
    assert not SessionStore().exists(key), "the log-out holds: sessions never depended on the cache"


@pytest.mark.django_db
def test_log_in_is_refused_not_let_through_while_the_rate_limit_counts_are_unreachable(client, rate_limits_unreachable):
    """Fail closed: without its count a limit cannot be checked, so the attempt is refused (RATELIMIT_FAIL_OPEN)."""
    response = client.post("/accounts/login/", {"username": "x", "password": "y"}, REMOTE_ADDR="192.0.2.1")
    assert response.status_code == 429
    assert response["Retry-After"]


def test_every_limited_request_is_refused_while_redis_is_unreachable(rate_limits_unreachable):
    request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="192.0.2.1")
    assert is_ratelimited(request, group="login", key="ip", rate="100/m", increment=True) is True


def test_the_limits_count_in_redis_while_it_answers():
    request = RequestFactory().post("/accounts/login/", REMOTE_ADDR=f"192.0.2.{free_port() % 250}")
    group = f"count-{free_port()}"
    limited = [is_ratelimited(request, group=group, key="ip", rate="2/m", increment=True) for _ in range(3)]
    assert limited == [False, False, True]
