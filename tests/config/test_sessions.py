"""Sessions: Django's database backend (docs/security.md, "Sessions"): a log-out ends the session for every copy
of its cookie at once, whatever the cache is doing."""

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in():
    user = UserFactory(username="sam_session", password="correct horse battery")  # noqa: S106
    client = Client()
    assert (
        client.post("/accounts/login/", {"username": user.username, "password": "correct horse battery"}).status_code
        == 302
    )
    return client


def test_log_out_ends_the_session_for_every_copy_of_its_cookie(signed_in):
    key = signed_in.cookies[settings.SESSION_COOKIE_NAME].value
    stolen = Client()
    stolen.cookies[settings.SESSION_COOKIE_NAME] = key
    assert "Log out sam_session" in stolen.get("/").content.decode()
    assert signed_in.post("/accounts/logout/").status_code == 302
    assert not SessionStore().exists(key)
    assert "Log in" in stolen.get("/").content.decode()
