"""Click to next decision shown, in a match the players play (issue 20; docs/interactive.md).

A real uvicorn and a real Celery worker (concurrency 1) against a database of its own; two players signed in with
httpx, each holding the match's live stream open as the page does. One sample: the player whose call it is posts a
choice (as htmx does: CSRF header, HX-Request) -> the worker replays the match with it and stores the events up to
the next decision -> the stream brings the new lines and scoreboard -> the page asks for its panel -> the panel shows
the next decision (or the match is over). The time from the start of the POST to that panel is the figure.

    .venv/bin/python bench/interactive.py [--matches 4] [--ruleset arm]

Prints JSON: samples, p50, p95, max (seconds) and the decisions per match. Nothing is asserted.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))
DB = "kayfabe_bench_interactive"
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings.test",
    DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{DB}",
    KAYFABE_TEST_RUN="bench-interactive",  # a Celery queue and cache prefix of its own
)


def free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def create_database():
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB}")
        conn.execute(f"CREATE DATABASE {DB}")


def drop_database():
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")


class Stream(threading.Thread):
    """The page's EventSource: notes when each scoreboard (one per chunk of new lines) arrives."""

    def __init__(self, client, url):
        super().__init__(daemon=True)
        self.client, self.url = client, url
        self.boards = []
        self.cond = threading.Condition()
        self.done = False

    def run(self):
        try:
            with self.client.stream("GET", self.url, timeout=None) as response:
                event = None
                for line in response.iter_lines():
                    if line.startswith("event:"):
                        event = line.split(":", 1)[1].strip()
                    elif line == "" and event:
                        with self.cond:
                            if event in ("scoreboard", "end"):
                                self.boards.append(time.perf_counter())
                                self.cond.notify_all()
                        if event == "end":
                            break
                        event = None
        finally:
            with self.cond:
                self.done = True
                self.cond.notify_all()

    def board_after(self, t, timeout=30):
        with self.cond:
            deadline = time.perf_counter() + timeout
            while not any(b >= t for b in self.boards) and not self.done:
                if not self.cond.wait(timeout=max(0.0, deadline - time.perf_counter())):
                    raise TimeoutError("no scoreboard on the stream")
            return next((b for b in self.boards if b >= t), None)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--ruleset", default="arm")
    args = parser.parse_args()
    create_database()
    env = dict(os.environ)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=BASE_DIR, check=True, env=env)  # noqa: S603
    import django

    django.setup()
    import logging

    import httpx
    from django.test import Client

    logging.getLogger("httpx").setLevel(logging.WARNING)

    from config.celery_app import background_queues, live_queue
    from matches import interactive, services
    from tests.matches.interactive_helpers import interactive_card, league

    bin_dir = Path(sys.executable).parent
    port = free_port()
    queues = f"{live_queue()},{background_queues()}"
    procs = [
        subprocess.Popen(  # noqa: S603
            [str(bin_dir / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1", "--port", str(port)],
            cwd=BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        ),
        subprocess.Popen(  # noqa: S603
            [str(bin_dir / "celery"), "-A", "config", "worker", "-Q", queues, "-c", "1", "-n", "bench-i@%h"]
            + ["--loglevel", "WARNING"],
            cwd=BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        ),
    ]
    base = f"http://127.0.0.1:{port}"
    samples, per_match, parts = [], [], []
    try:
        from config.celery_app import ping

        ping.apply_async().get(timeout=60)
        for _ in range(100):
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        lg = league(ruleset=args.ruleset, slug="bench-calls")
        lg.promotion.book_injured = True  # the same two wrestlers meet again, injured or not
        lg.promotion.save(update_fields=["book_injured"])
        clients = {}
        for side, user in ((0, lg.red), (1, lg.blue)):
            django_client = Client()
            django_client.force_login(user)
            clients[side] = httpx.Client(base_url=base, cookies={"sessionid": django_client.cookies["sessionid"].value})
        for _ in range(args.matches):
            card, match = interactive_card(lg, minutes=1, seconds=120, live=False)
            services.card_go_live(card=card, by=lg.promoter)
            page = match.get_absolute_url()
            decision_url = page.rstrip("/") + "/decision"
            streams = {}
            for side, client in clients.items():
                html = client.get(page).text
                client.headers["X-CSRFToken"] = client.cookies.get("csrftoken") or re.search(
                    r'name="csrfmiddlewaretoken" value="([^"]+)"', html
                ).group(1)
                client.headers["HX-Request"] = "true"
                streams[side] = Stream(client, page.rstrip("/") + "/stream?after=-1")
                streams[side].start()
            deadline = time.monotonic() + 300
            while interactive.current_decision(match) is None:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            made = 0
            while True:
                d = interactive.current_decision(match)
                if d is None:
                    break
                fair = [o["id"] for o in d.options if not o["id"].startswith("referee")]
                client = clients[d.side]
                start = time.perf_counter()
                response = client.post(decision_url, data={"index": d.index, "option": fair[made % len(fair)]})
                assert response.status_code == 200, response.text[:300]
                posted = time.perf_counter()
                made += 1
                t = start
                while True:  # the panel after each new scoreboard, until it shows what comes next
                    board = streams[d.side].board_after(t)
                    panel = client.get(decision_url).text
                    if "s left" in panel or "The match is over." in panel:  # the next decision, his or the other's
                        end = time.perf_counter()
                        samples.append(end - start)
                        parts.append((posted - start, (board or end) - posted, end - (board or end)))
                        break
                    if board is None:
                        break
                    t = board + 1e-9
            per_match.append(made)
    finally:
        for proc in procs:
            os.killpg(proc.pid, 15)
            proc.wait(timeout=30)
        from django.db import connections

        connections.close_all()
        drop_database()
    samples.sort()
    print(
        json.dumps(
            {
                "ruleset": args.ruleset,
                "samples": len(samples),
                "decisions_per_match": per_match,
                "p50": round(statistics.median(samples), 4),
                "p95": round(samples[max(0, round(0.95 * len(samples)) - 1)], 4),
                "max": round(samples[-1], 4),
                # medians of: the POST answered; from then to the stream's scoreboard; from it to the panel shown
                "post_stream_panel_p50": [round(statistics.median(p[i] for p in parts), 4) for i in range(3)],
                "load": os.getloadavg(),
            }
        )
    )


if __name__ == "__main__":
    main()
