"""SSE soak (not a test): N concurrent viewers of one live match on one ASGI worker (loopback only, bounded).

Measures the worker's memory per viewer and, for every event, the time from its row being written to the last
viewer receiving it. Prints one JSON line. Run by ``bench/run.py --only sse``.
"""

import asyncio
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def viewer(client, url, arrivals, ready):
    async with client.stream("GET", url) as response:
        ready.release()
        block = {}
        async for line in response.aiter_lines():
            if line:
                key, _, value = line.partition(": ")
                block.setdefault(key, value)
                continue
            if block.get("event") == "line":
                arrivals.setdefault(int(block["id"]), []).append(time.time())
            elif block.get("event") == "end":
                return
            block = {}


async def soak(base, slug, match_id, viewers, start_match):
    import httpx

    limits = httpx.Limits(max_connections=viewers + 10, max_keepalive_connections=0)
    arrivals = {}
    ready = asyncio.Semaphore(0)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=httpx.Timeout(120, connect=60)) as client:
        url = f"/p/{slug}/matches/{match_id}/stream?after=-1"
        tasks = [asyncio.create_task(viewer(client, url, arrivals, ready)) for _ in range(viewers)]
        for _ in range(viewers):
            await asyncio.wait_for(ready.acquire(), 120)
        connected = time.time()
        await asyncio.sleep(1)
        start_match()
        await asyncio.wait_for(asyncio.gather(*tasks), 300)
    return arrivals, connected


def main(viewers=1000, pace=0.2):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * viewers + 256)), hard))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from matches.booking import MatchSpec, card_create, card_mark_booked, match_add
    from matches.models import MatchEvent
    from matches.services import card_go_live, match_run
    from promotion.services import promotion_create
    from roster.models import Wrestler
    from rules import get_ruleset

    if settings.REDIS_URL is None or settings.KAYFABE_MODE.embedded_database:
        print(json.dumps({"skipped": "needs Postgres and Redis"}))
        return
    user, _ = get_user_model().objects.get_or_create(username="bench-soak")
    promotion = promotion_create(user=user, name=f"Soak {int(time.time())}", ruleset="arm")
    ruleset = get_ruleset("arm")
    ws = []
    for n in range(2):
        sheet = ruleset.example_sheet(seed=40 + n)
        sheet["name"] = f"Soak {n}"
        ws.append(
            Wrestler.objects.create(
                promotion=promotion, ring_name=sheet["name"], alignment="face", sheet=ruleset.validate_sheet(sheet)
            )
        )
    card = card_create(promotion=promotion, by=user, name="Soak card", pace=pace)
    match, _ = match_add(card=card, by=user, spec=MatchSpec(sides=[[ws[0].pk], [ws[1].pk]]))
    card_mark_booked(card=card, by=user)
    from unittest import mock

    with mock.patch("matches.services.enqueue_card"):  # this script plays the match itself, below
        card_go_live(card=card, by=user)
    port = free_port()
    server = subprocess.Popen(  # noqa: S603
        [
            str(Path(sys.executable).parent / "uvicorn"),
            "config.asgi:application",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--backlog",
            str(2 * viewers),
        ],
        cwd=BASE_DIR,
        start_new_session=True,
    )
    try:
        import httpx

        for _ in range(100):
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        before = rss_kb(server.pid)
        runner = {}

        def start_match():
            import threading

            from django.db import connection

            def run():
                try:
                    match_run(match.pk)
                finally:
                    connection.close()

            runner["thread"] = threading.Thread(target=run)
            runner["thread"].start()

        peak = {"rss": before}

        async def watch_memory():
            while True:
                peak["rss"] = max(peak["rss"], rss_kb(server.pid))
                await asyncio.sleep(0.2)

        async def both():
            mem = asyncio.create_task(watch_memory())
            try:
                return await soak(f"http://127.0.0.1:{port}", promotion.slug, match.pk, viewers, start_match)
            finally:
                mem.cancel()

        arrivals, _ = asyncio.run(both())
        runner["thread"].join()
        stored = {
            seq: created.timestamp()
            for seq, created in MatchEvent.objects.filter(match=match).values_list("seq", "created")
        }
        counts = sorted({len(times) for times in arrivals.values()})
        complete = [seq for seq, times in arrivals.items() if len(times) >= viewers]
        latencies = sorted(max(arrivals[seq]) - stored[seq] for seq in complete if seq in stored)
        print(
            json.dumps(
                {
                    "viewers": viewers,
                    "events": len(stored),
                    "events_seen_by_all": len(complete),
                    "receipts_per_event": counts,
                    "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
                    "p95_ms": round(1000 * latencies[max(0, round(0.95 * len(latencies)) - 1)], 1)
                    if latencies
                    else None,
                    "rss_before_mb": round(before / 1024, 1),
                    "rss_peak_mb": round(peak["rss"] / 1024, 1),
                    "kb_per_viewer": round((peak["rss"] - before) / viewers, 1),
                }
            )
        )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        promotion.delete()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
