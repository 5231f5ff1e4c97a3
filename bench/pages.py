"""Pages under load (not a test): wrk against the ASGI server on a generated league (10k wrestlers, 100k matches).

Loopback only, bounded: each page is loaded for a fixed number of seconds. Prints one JSON line per page: wrk's
requests per second and p95 as wrk comes, without cookies (the whole page cached for such visitors,
config/pagecache.py), and again with a cookie (``rps_cookie``: the page assembled from its cached fragments), and
for one visitor at a time the median latency of a cached page (``single_ms``) and of a page rendered afresh just
after its promotion changed (``fresh_ms``), with the queries of each (``queries_cached``, ``queries_fresh``,
counted in this process through Django's test client).
Needs Debian's wrk (`make bench` installs it).
"""

import json
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
# The latency at the target rate: wrk is a closed loop (each connection waits for its answer), so at saturation its
# latency is connections / throughput (16 / 300 req/s = 53 ms) whatever the server does. Pacing each connection
# (PACED_CONNECTIONS, each waiting PACED_DELAY_MS between requests) offers a bit more than 300 req/s instead.
PACED_CONNECTIONS = 24
PACED_DELAY_MS = 65
PACED_LUA = LUA + f"delay = function() return {PACED_DELAY_MS} end\n"


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


def single_requests(url, promotion_id, runs=15):
    """Median latency of one request at a time: cached, and rendered afresh after a bump of the promotion."""
    import statistics

    import httpx

    from config import pagecache

    cached, fresh = [], []
    with httpx.Client(timeout=30) as http:
        for _ in range(runs):
            pagecache.bump(promotion_id)
            start = time.perf_counter()
            http.get(url)
            fresh.append(time.perf_counter() - start)
            start = time.perf_counter()
            http.get(url)
            cached.append(time.perf_counter() - start)
    return round(statistics.median(cached) * 1000, 1), round(statistics.median(fresh) * 1000, 1)


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


def main(seconds=10, connections=16, workers=2):
    if not shutil.which("wrk"):
        print(json.dumps({"skipped": "wrk is not installed (apt-get install wrk)"}))
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    for command in (["ensure_database"], ["migrate", "--no-input", "-v", "0"]):  # a fresh machine has neither
        subprocess.run([sys.executable, "manage.py", *command], cwd=BASE_DIR, check=True)  # noqa: S603
    import django

    django.setup()
    from django.contrib.staticfiles.storage import staticfiles_storage
    from django.core.management import call_command
    from django.test import Client

    from config import pagecache
    from matches.models import Card
    from promotion.models import Promotion, Title
    from roster.models import Wrestler

    slug = "bench-pages-10000"
    promotion = Promotion.objects.filter(slug=slug).first()
    if promotion is None:
        call_command("generate_league", wrestlers=10_000, matches=100_000, seed=2, slug=slug)
        promotion = Promotion.objects.get(slug=slug)
    try:
        staticfiles_storage.url("css/kayfabe.css")
    except ValueError:  # DEBUG=false serves the hashed names of collectstatic's manifest
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
    client = Client()
    client.cookies["kayfabe-bench"] = "1"  # count the queries of the page built from fragments (whole pages: none)
    queries = {}
    for name, path in pages.items():
        pagecache.bump(promotion.pk)
        queries[name] = (count_queries(client, path), count_queries(client, path))
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
        for name, path in pages.items():
            url = f"http://127.0.0.1:{port}{path}"
            status = httpx.get(url, timeout=30).status_code
            single_ms, fresh_ms = single_requests(url, promotion.pk)
            rps, p95_ms, errors = run_wrk(url, script, connections, seconds)
            paced_rps, paced_p95_ms, paced_errors = run_wrk(url, paced_script, PACED_CONNECTIONS, seconds)
            # A visitor who carries a cookie (logged in, or has a CSRF cookie) gets the page assembled from cached
            # fragments instead of the whole page cached for visitors without cookies.
            rps_cookie, p95_ms_cookie, errors_cookie = run_wrk(
                url, script, connections, seconds, "Cookie: kayfabe-bench=1"
            )
            print(
                json.dumps(
                    {
                        "page": name,
                        "status": status,
                        "rps": rps,
                        "p95_ms": p95_ms,
                        "errors": errors,
                        "paced_rps": paced_rps,
                        "paced_p95_ms": paced_p95_ms,
                        "paced_errors": paced_errors,
                        "rps_cookie": rps_cookie,
                        "p95_ms_cookie": p95_ms_cookie,
                        "errors_cookie": errors_cookie,
                        "single_ms": single_ms,
                        "fresh_ms": fresh_ms,
                        "queries_cached": queries[name][1],
                        "queries_fresh": queries[name][0],
                    }
                ),
                flush=True,
            )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
