"""`make run`'s launcher: embedded mode on a bare machine (no Postgres, no Redis), and Ctrl-C stops all."""

import os
import signal
import subprocess
import sys
import time

import httpx

from tests.conftest import BASE_DIR, free_port


def test_it_runs_in_embedded_mode_and_stops_on_ctrl_c(tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(KAYFABE_MODE="embedded", SQLITE_PATH=str(tmp_path / "demo.sqlite3"), PORT=str(port))
    proc = subprocess.Popen(  # noqa: S603
        [sys.executable, "-m", "config.launcher"],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip())
            if "Kayfabe is running at" in line:
                break
        output = "\n".join(lines)
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
