"""Postgres restarted while a card airs on the real worker, with a browser watching the match and the card.

The restart is real (``pg_ctlcluster stop``, a pause, ``start``): every connection of the worker, the ASGI server
and this test process dies. Afterwards the card finishes as a clean run with the same seeds would have, the
browser's log is complete, and no page the browser asked for was answered with a server error."""

import os
import shutil
import subprocess
import time

import httpx
import pytest
from django.db import connections
from django.urls import reverse

from config.unavailable import drop_dead_connections
from matches import services
from matches.models import Card, CardStatus
from tests.conftest import BIN, ServiceProcess, free_port, service_env
from tests.integration.faultcheck import (
    BrowserWatch,
    assert_as_clean_run,
    book_title_card,
    fault_point,
    fault_points,
    league_before,
    stored_events,
    wait_for_events,
)
from tests.integration.test_live_worker import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.fault, pytest.mark.browser]

DOWN_SECONDS = 2.0  # long enough for the worker and the pages to hit it; short, because other runs share Postgres


def _cluster():
    if not shutil.which("pg_ctlcluster") or not os.path.isdir("/etc/postgresql"):
        return None
    versions = sorted(os.listdir("/etc/postgresql"))
    return versions[-1] if versions else None


CLUSTER = _cluster()


def pg_ctl(action):
    subprocess.run(  # noqa: S603
        ["pg_ctlcluster", "--skip-systemctl-redirect", CLUSTER, "main", action],  # noqa: S607
        check=True,
        capture_output=True,
        timeout=120,
    )


def postgres_ready():
    return subprocess.run(["pg_isready", "-q", "-h", "127.0.0.1", "-p", "5432"], check=False).returncode == 0  # noqa: S607


def restart_postgres(down_for=DOWN_SECONDS, while_down=None):
    """Stop Postgres (fast shutdown: every session is cut), keep it down a moment, start it again. This process's
    connections are given back afterwards, as any request or task would on its next use."""
    pg_ctl("stop")
    try:
        if while_down:
            while_down()
        time.sleep(down_for)
    finally:
        pg_ctl("start")
        deadline = time.monotonic() + 60
        while not postgres_ready():
            assert time.monotonic() < deadline, "Postgres did not come back"
            time.sleep(0.2)
        connections.close_all()
        drop_dead_connections()


@pytest.mark.skipif(CLUSTER is None, reason="needs the local Postgres cluster (pg_ctlcluster) that make test starts")
@pytest.mark.parametrize("fraction", fault_points("postgres-restart"))
def test_postgres_restarted_mid_card(celery_worker, live_url, page, personas, fraction):
    card = book_title_card(personas, pace=0.15)
    before = league_before(card)
    services.card_go_live(card=card, by=personas.promoter)
    k, match, total = fault_point(card, fraction)
    viewer = BrowserWatch(page, live_url, card).open_match(match)
    wait_for_events(card, k)
    assert stored_events(card) < total, "the fault must strike while the card is still airing"
    restart_postgres(while_down=viewer.arrive)
    # No sweeper: the worker rides the outage out and the card resumes by itself once Postgres answers.
    wait_for(lambda: Card.objects.get(pk=card.pk).status == CardStatus.FINISHED, what="the card to finish")
    # The viewers who arrived during the outage were served once Postgres was back (the pool waits for it).
    assert viewer.arrived() == [[200, 200], [200, 200]]
    viewer.assert_saw_the_end()
    assert_as_clean_run(card, before)


@pytest.fixture
def server_without_database(test_database_name, tmp_path):
    """A real ASGI server whose database does not answer (a port nobody listens on), waiting 1 s for the pool."""
    env = service_env(test_database_name)
    env.update(DATABASE_URL=f"postgres://postgres@127.0.0.1:{free_port()}/kayfabe", DB_POOL_TIMEOUT="1")
    port = free_port()
    server = ServiceProcess(
        [str(BIN / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1", "--port", str(port)],
        env,
        tmp_path / "uvicorn.log",
    ).start()
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _answers(url), timeout=30, what="uvicorn to start")
        yield url
    finally:
        server.stop()


def _answers(url):
    try:
        return httpx.get(f"{url}/healthz", timeout=5).status_code == 503
    except httpx.HTTPError:
        return False


def test_pages_answer_503_back_in_a_moment_never_500_while_the_database_is_unreachable(server_without_database):
    paths = [
        reverse("promotion:list"),
        reverse("promotion:detail", args=["persona-pro"]),
        reverse("matches:match", args=["persona-pro", 1]),
        reverse("matches:match-stream", args=["persona-pro", 1]),
        reverse("matches:card-progress", args=["persona-pro", 1]),
    ]
    for path in paths:
        response = httpx.get(server_without_database + path, timeout=30)
        assert response.status_code == 503, path
        assert "Back in a moment" in response.text
        assert response.headers["Retry-After"] == "10"
