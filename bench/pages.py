"""Pages under load (not a test): wrk against the ASGI server on a generated league (10k wrestlers, 100k matches).

Loopback only, bounded: each page is loaded for a fixed number of seconds. Prints one JSON line per page.
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


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(seconds=10, connections=16, workers=2):
    if not shutil.which("wrk"):
        print(json.dumps({"skipped": "wrk is not installed (apt-get install wrk)"}))
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    from django.core.management import call_command

    from matches.models import Card
    from promotion.models import Promotion, Title
    from roster.models import Wrestler

    slug = "bench-pages-10000"
    promotion = Promotion.objects.filter(slug=slug).first()
    if promotion is None:
        call_command("generate_league", wrestlers=10_000, matches=100_000, seed=2, slug=slug)
        promotion = Promotion.objects.get(slug=slug)
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
        for name, path in pages.items():
            url = f"http://127.0.0.1:{port}{path}"
            status = httpx.get(url, timeout=30).status_code
            out = subprocess.run(  # noqa: S603
                ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", script, url],
                capture_output=True,
                text=True,
                timeout=seconds + 60,
            ).stdout
            m = re.search(r"KAYFABE (\d+) (\d+) (\d+) (\d+)", out)
            requests, duration_us, p95_us, errors = (int(x) for x in m.groups())
            print(
                json.dumps(
                    {
                        "page": name,
                        "status": status,
                        "rps": round(requests / (duration_us / 1e6), 1),
                        "p95_ms": round(p95_us / 1000, 1),
                        "errors": errors,
                    }
                ),
                flush=True,
            )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
