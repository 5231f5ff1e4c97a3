"""Rate limits on log-in and on writes (django-ratelimit, counted in Redis)."""

import itertools

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db
_ips = itertools.count(1)


def fresh_ip():
    """A new client address per test, so counts in the shared cache never leak between tests."""
    return f"10.{next(_ips)}.{id(object()) % 250}.7"


@override_settings(RATELIMIT_LOGIN="5/m")
def test_log_in_attempts_are_limited_per_address(client):
    ip = fresh_ip()
    for _ in range(5):
        assert client.post("/accounts/login/", {"username": "x", "password": "y"}, REMOTE_ADDR=ip).status_code == 200
    response = client.post("/accounts/login/", {"username": "x", "password": "y"}, REMOTE_ADDR=ip)
    assert response.status_code == 429
    assert response["Retry-After"] == "60"
    assert b"Too many requests" in response.content
    # Another address is not affected, and reading the page is never limited.
    assert (
        client.post("/accounts/login/", {"username": "x", "password": "y"}, REMOTE_ADDR=fresh_ip()).status_code == 200
    )
    assert client.get("/accounts/login/", REMOTE_ADDR=ip).status_code == 200


@override_settings(RATELIMIT_WRITES="3/m")
def test_writes_are_limited_per_user(client, personas):
    client.force_login(personas.promoter)
    url = f"/p/{personas.promotion.slug}/wrestlers/{personas.wrestler.pk}/status/"
    codes = [client.post(url, {"status": "active"}, REMOTE_ADDR=fresh_ip()).status_code for _ in range(4)]
    assert codes == [302, 302, 302, 429]
    client.force_login(personas.owner)
    assert client.post(url, {"status": "active"}).status_code == 302  # another user has his own budget
