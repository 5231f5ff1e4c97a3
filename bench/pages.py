"""Pages under load (not a test): wrk against the ASGI server on a generated league (10k wrestlers, 100k matches).

Loopback only, bounded: each page is loaded for a fixed number of seconds. Prints one JSON line per page and kind of
visitor: a stranger without cookies, and a signed-in player (session and CSRF cookies: his own menu and token).
Pages are rendered on every request around their cached fragments (docs/caching.md); the cache is warm after the
first request.

For each: wrk flat out (``rps``, ``p95_ms``: the capacity), then paced to just over 300 req/s (``paced_rps``,
``paced_p95_ms``: the latency at the target rate); and for one request at a time the median latency (``single_ms``)
with the queries of a page (``queries``, counted in this process through Django's test client).
``--workers N``: uvicorn processes (default 2). Needs Debian's wrk (`make bench` installs it).
"""

import json
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))

LUA = """
done = function(summary, latency, requests)
  io.write(string.format("KAYFABE %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(95), summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout))
end
"""
# The latency at the target rate. wrk is a closed loop (each connection waits for its answer), so flat out its
# latency is connections / throughput (16 / 300 req/s = 53 ms) whatever the server does. Paced, each of
# PACED_CONNECTIONS waits a random 0 to 2 x PACED_MEAN_DELAY_MS between requests, offering about
# 40 / (100 ms + the response time): 360 req/s at 10 ms, 333 at 20 ms. The delay must be random: with a fixed
# delay every connection stays in step with the others, and the server gets bursts of requests at once followed by
# silence (the second session's paced run measured those bursts: lower throughput and higher p95 than flat out).
PACED_CONNECTIONS = 40
PACED_MEAN_DELAY_MS = 100
PACED_LUA = LUA + f"delay = function() return math.random(0, {2 * PACED_MEAN_DELAY_MS}) end\n"
FLAT_OUT_CONNECTIONS = 16
PACED_RUNS = 3  # the paced figure is the run with the median p95 (these machines are noisy)
PAUSE_SECONDS = 2


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def count_queries(client, path):
    from django.db import connection

    queries = []

    def counter(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counter):
        assert client.get(path, HTTP_HOST="127.0.0.1").status_code == 200  # noqa: S101
    return len(queries)


def single_requests(url, cookie=None, runs=30):
    """Median latency of one request at a time."""
    import statistics

    import httpx

    times = []
    headers = {"Cookie": cookie} if cookie else {}
    with httpx.Client(timeout=30, headers=headers) as http:
        for _ in range(runs):
            start = time.perf_counter()
            http.get(url)
            times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 1)


def signed_in_player(promotion):
    """A player who owns a wrestler of the promotion, signed in: his Cookie header (session and CSRF token) and a
    test client carrying the same cookies."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from roster.models import Wrestler

    user, created = get_user_model().objects.get_or_create(username="bench-player")
    if created:
        user.set_unusable_password()  # signed in by force_login below
        user.save()
    wrestler = Wrestler.objects.filter(promotion=promotion, owner=None).order_by("pk").first()
    if wrestler is not None and not Wrestler.objects.filter(owner=user).exists():
        wrestler.owner = user
        wrestler.save(update_fields=["owner"])
    client = Client()
    client.force_login(user)
    client.get(f"/p/{promotion.slug}/roster/", HTTP_HOST="127.0.0.1")  # sets the CSRF cookie, as a browser's first page
    cookies = {name: client.cookies[name].value for name in (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME)}
    return "; ".join(f"{k}={v}" for k, v in cookies.items()), client


def run_wrk(url, script, connections, seconds, header=None):
    extra = ["-H", header] if header else []
    out = subprocess.run(  # noqa: S603
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", script, *extra, url],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
    ).stdout
    m = re.search(r"KAYFABE (\d+) (\d+) (\d+) (\d+)", out)
    requests, duration_us, p95_us, errors = (int(x) for x in m.groups())
    return round(requests / (duration_us / 1e6), 1), round(p95_us / 1000, 1), errors


def main(seconds=8, connections=FLAT_OUT_CONNECTIONS, workers=2):
    if not shutil.which("wrk"):
        print(json.dumps({"skipped": "wrk is not installed (apt-get install wrk)"}))
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    for command in (["ensure_database"], ["migrate", "--no-input", "-v", "0"]):  # a fresh machine has neither
        subprocess.run([sys.executable, "manage.py", *command], cwd=BASE_DIR, check=True)  # noqa: S603
    import django

    django.setup()
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request otherwise
    from django.core.management import call_command
    from django.test import Client

    from matches.models import Card
    from promotion.models import Promotion, Title
    from roster.models import Wrestler

    slug = "bench-pages-10000"
    promotion = Promotion.objects.filter(slug=slug).first()
    if promotion is None:
        call_command("generate_league", wrestlers=10_000, matches=100_000, seed=2, slug=slug)
        promotion = Promotion.objects.get(slug=slug)
    # The server runs with DEBUG=false, which serves the hashed names of collectstatic's manifest (this process may
    # run with DEBUG=true, which never asks for the manifest): collect every time, it is quick when nothing changed.
    call_command("collectstatic", "--no-input", "-v", "0")
    wrestler = Wrestler.objects.filter(promotion=promotion, participations__isnull=False).order_by("pk").first()
    card = Card.objects.filter(promotion=promotion).order_by("-week").first()
    title = Title.objects.filter(promotion=promotion).order_by("pk").first()
    pages = {
        "roster": f"/p/{slug}/roster/",
        "wrestler": f"/p/{slug}/wrestlers/{wrestler.pk}/",
        "card": f"/p/{slug}/cards/{card.pk}/",
        "title": f"/p/{slug}/titles/{title.pk}/",
        "contenders": f"/p/{slug}/league/",
    }
    visitors = {"stranger": (None, Client()), "player": signed_in_player(promotion)}
    queries = {}
    for kind, (_, client) in visitors.items():
        for name, path in pages.items():
            count_queries(client, path)  # a first request may set a cookie or warm a memo
            queries[kind, name] = count_queries(client, path)
    port = free_port()
    env = dict(os.environ, DEBUG="false", LOG_LEVEL="WARNING")
    server = subprocess.Popen(  # noqa: S603
        [
            str(Path(sys.executable).parent / "uvicorn"),
            "config.asgi:application",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--log-level",
            "warning",
            "--no-access-log",
        ],
        cwd=BASE_DIR,
        env=env,
        start_new_session=True,
    )
    try:
        import httpx

        for _ in range(150):
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
            fh.write(LUA)
            script = fh.name
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
            fh.write(PACED_LUA)
            paced_script = fh.name
        for kind, (cookie, _) in visitors.items():  # one kind at a time: a queue left by one cannot slow the other
            header = f"Cookie: {cookie}" if cookie else None
            for name, path in pages.items():
                url = f"http://127.0.0.1:{port}{path}"
                status = httpx.get(url, timeout=30, headers={"Cookie": cookie} if cookie else {}).status_code
                single_ms = single_requests(url, cookie)
                rps, p95_ms, errors = run_wrk(url, script, connections, seconds, header)
                paced = []
                for _ in range(PACED_RUNS):
                    time.sleep(PAUSE_SECONDS)  # the server drains what the last run left queued
                    paced.append(run_wrk(url, paced_script, PACED_CONNECTIONS, seconds, header))
                paced_rps, paced_p95_ms, _ = sorted(paced, key=lambda run: run[1])[len(paced) // 2]  # median p95
                time.sleep(PAUSE_SECONDS)
                print(
                    json.dumps(
                        {
                            "page": name,
                            "visitor": kind,
                            "status": status,
                            "rps": rps,
                            "p95_ms": p95_ms,
                            "errors": errors,
                            "paced_rps": paced_rps,
                            "paced_p95_ms": paced_p95_ms,
                            "paced_p95_ms_runs": [run[1] for run in paced],
                            "paced_errors": sum(run[2] for run in paced),
                            "single_ms": single_ms,
                            "queries": queries[kind, name],
                            "workers": workers,
                        }
                    ),
                    flush=True,
                )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Kayfabe pages under load")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn processes")
    main(workers=parser.parse_args().workers)
