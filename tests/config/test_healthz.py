import pytest
from django.test import override_settings

from config.modes import Mode

pytestmark = pytest.mark.django_db


def test_it_reports_database_and_broker_reachable(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["mode"] == "full"
    assert body["database"] == {"ok": True, "engine": "postgres"}
    assert body["broker"] == {"ok": True, "kind": "redis"}


def test_it_answers_503_when_the_broker_is_unreachable(client, settings):
    unreachable = Mode(database_url=settings.KAYFABE_MODE.database_url, broker_url="redis://127.0.0.1:1/0")
    with override_settings(KAYFABE_MODE=unreachable):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"] == {"ok": False, "kind": "redis"}
    assert response.json()["status"] == "unavailable"


def test_stream_rejects_bad_parameters_with_a_reason(client):
    response = client.get("/healthz/stream?count=many")
    assert response.status_code == 400
    assert b"count must be an integer" in response.content
    assert client.get("/healthz/stream?count=5000").status_code == 400


def test_home_page_renders_with_htmx_served_locally(client):
    response = client.get("/")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<h1 id="hero-title">Kayfabe</h1>' in html
    assert "django-htmx" in html or "htmx" in html
    assert "https://" not in html.split("<body")[0], "no CDN in <head>"
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
