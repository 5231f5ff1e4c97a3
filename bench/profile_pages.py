"""Where a page's time goes (not a test): the five busiest pages of bench/pages.py rendered in this process through
Django's test client, for a stranger and a signed-in player, with CPU time per request (median of ``--runs``), the
queries (each SQL statement, with ``--sql``) and, with ``--profile PAGE``, cProfile's functions by cumulative time.

Runs on the league bench/pages.py generates (`make bench` or `bench/run.py --only pages` builds it once).

    .venv/bin/python bench/profile_pages.py                 # the table
    .venv/bin/python bench/profile_pages.py --profile card  # and cProfile's top of the card page, both visitors
"""

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))
sys.path.insert(0, str(BASE_DIR / "bench"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--profile", action="append", default=[], help="a page to run under cProfile")
    parser.add_argument("--sql", action="store_true", help="print each page's SQL")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    import pages as bench_pages
    from django.db import connection
    from django.test import Client

    from matches.models import Card
    from promotion.models import Promotion, Title
    from roster.models import Wrestler

    slug = "bench-pages-10000"
    promotion = Promotion.objects.get(slug=slug)
    wrestler = Wrestler.objects.filter(promotion=promotion, participations__isnull=False).order_by("pk").first()
    card = Card.objects.filter(promotion=promotion).order_by("-week").first()
    title = Title.objects.filter(promotion=promotion).order_by("pk").first()
    paths = {
        "roster": f"/p/{slug}/roster/",
        "wrestler": f"/p/{slug}/wrestlers/{wrestler.pk}/",
        "card": f"/p/{slug}/cards/{card.pk}/",
        "title": f"/p/{slug}/titles/{title.pk}/",
        "contenders": f"/p/{slug}/league/",
    }
    visitors = {"stranger": Client(), "player": bench_pages.signed_in_player(promotion)[1]}
    print(f"| page | visitor | queries | CPU per request (median of {args.runs}) |")
    print("|---|---|---|---|")
    for name, path in paths.items():
        for kind, client in visitors.items():
            client.get(path, HTTP_HOST="127.0.0.1")  # warm: templates, a first cookie
            queries = []

            def record(execute, sql, params, many, context, queries=queries):
                queries.append(sql)
                return execute(sql, params, many, context)

            with connection.execute_wrapper(record):
                response = client.get(path, HTTP_HOST="127.0.0.1")
            assert response.status_code == 200, (path, response.status_code)  # noqa: S101
            times = []
            for _ in range(args.runs):
                start = time.process_time()
                client.get(path, HTTP_HOST="127.0.0.1")
                times.append(time.process_time() - start)
            print(f"| {name} | {kind} | {len(queries)} | {statistics.median(times) * 1000:.1f} ms |", flush=True)
            if args.sql:
                for sql in queries:
                    print(f"    {sql[:300]}")
            if name in args.profile:
                profiler = cProfile.Profile()
                profiler.enable()
                for _ in range(5):
                    client.get(path, HTTP_HOST="127.0.0.1")
                profiler.disable()
                out = io.StringIO()
                pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(args.top)
                print(out.getvalue())


if __name__ == "__main__":
    main()
