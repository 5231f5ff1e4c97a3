"""`make run`'s launcher: embedded mode on a bare machine (no Postgres, no Redis), full mode with its two workers, and
Ctrl-C stops all."""

import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import psycopg
import pytest
from django.conf import settings

from config.celery_app import app as celery_app
from tests.conftest import BASE_DIR, free_port

LAUNCHER_ENV = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}


def launch(env):
    """Start `make run`'s launcher; returns the process and what it printed up to "Kayfabe is running at"."""
    proc = subprocess.Popen(  # noqa: S603
        [sys.executable, "-m", "config.launcher"],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip())
        if "Kayfabe is running at" in line:
            break
    return proc, "\n".join(lines)


def test_it_runs_in_embedded_mode_and_stops_on_ctrl_c(tmp_path):
    port = free_port()
    env = dict(LAUNCHER_ENV, KAYFABE_MODE="embedded", SQLITE_PATH=str(tmp_path / "demo.sqlite3"), PORT=str(port))
    proc, output = launch(env)
    try:
        assert f"Kayfabe is running at http://127.0.0.1:{port}/" in output, output
        assert "Kayfabe embedded mode: SQLite (embedded); Celery tasks in-process (no broker)" in output
        assert "promoter" in output and "kayfabe-demo" in output  # the demo logins are printed
        for _ in range(50):
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        assert response.status_code == 200
        assert "embedded mode" in response.text
        health = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).json()
        assert health["mode"] == "embedded"
        assert health["database"]["engine"] == "sqlite"
        assert (tmp_path / "demo.sqlite3").exists()
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
    # Everything it started has stopped: the port is free again.
    try:
        httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
        still_up = True
    except httpx.HTTPError:
        still_up = False
    assert not still_up


@pytest.mark.worker
def test_in_full_mode_it_starts_a_live_worker_and_an_odds_worker():
    """With Postgres and Redis, `make run` starts two workers: the live cards' on the checkout's queue and the
    odds' on the queues beside it (odds, then lines), where booking and the replays send their work
    (config/celery_app.route_background_work)."""
    port, instance = free_port(), f"launcher-{os.getpid()}"
    database = f"kayfabe_{instance}".replace("-", "_")
    env = dict(
        LAUNCHER_ENV,
        PORT=str(port),
        KAYFABE_INSTANCE=instance,
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{database}",
        REDIS_URL=settings.REDIS_URL,
    )
    proc, output = launch(env)
    try:
        background = f"kayfabe-{instance}-odds,kayfabe-{instance}-lines"
        assert f"Task queues: kayfabe-{instance} (live) and {background} (odds, lines)" in output, output
        hostname = socket.gethostname()
        expected = {
            f"live-{instance}@{hostname}": f"kayfabe-{instance}",
            f"odds-{instance}@{hostname}": background,
        }
        consumed = {}
        deadline = time.monotonic() + 60
        while consumed != expected and time.monotonic() < deadline:
            answers = celery_app.control.inspect(destination=list(expected), timeout=2).active_queues() or {}
            consumed = {worker: ",".join(q["name"] for q in queues) for worker, queues in answers.items()}
        assert consumed == expected
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
