"""Sessions (config/sessions.py): read from the cache, kept there a minute at most, gone from both stores at
log-out."""

import pytest
import redis
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from config.sessions import CACHE_SECONDS, SessionStore
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def redis_ttl(key):
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        return client.ttl(cache.make_and_validate_key(key))
    finally:
        client.close()


@pytest.fixture
def signed_in():
    user = UserFactory(username="sam_session", password="correct horse battery")  # noqa: S106
    client = Client()
    assert (
        client.post("/accounts/login/", {"username": user.username, "password": "correct horse battery"}).status_code
        == 302
    )
    return client


def session_key(client):
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def test_a_signed_in_request_reads_its_session_from_the_cache(signed_in):
    signed_in.get("/")
    with CaptureQueriesContext(connection) as captured:
        assert "Log out sam_session" in signed_in.get("/").content.decode()
    assert not [q for q in captured.captured_queries if "django_session" in q["sql"]]


def test_a_session_stays_in_the_cache_a_minute_at_most(signed_in):
    signed_in.get("/")
    ttl = redis_ttl(SessionStore.cache_key_prefix + session_key(signed_in))
    assert 0 < ttl <= CACHE_SECONDS
    assert SessionStore(session_key(signed_in)).get_expiry_age() > CACHE_SECONDS, "the session itself lives on"


def test_a_session_read_from_the_database_is_cached_a_minute_at_most(signed_in):
    key = session_key(signed_in)
    cache.delete(SessionStore.cache_key_prefix + key)  # evicted, or cached by another process long ago
    assert "Log out sam_session" in signed_in.get("/").content.decode()
    assert 0 < redis_ttl(SessionStore.cache_key_prefix + key) <= CACHE_SECONDS


def test_log_out_ends_the_session_in_the_cache_and_the_database(signed_in):
    key = session_key(signed_in)
    signed_in.get("/")
    stolen = Client()
    stolen.cookies[settings.SESSION_COOKIE_NAME] = key
    assert "Log out sam_session" in stolen.get("/").content.decode()
    assert signed_in.post("/accounts/logout/").status_code == 302
    assert cache.get(SessionStore.cache_key_prefix + key) is None
    assert not SessionStore().exists(key)
    assert "Log in" in stolen.get("/").content.decode()
