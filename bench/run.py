"""`make bench`: every benchmark, then a table in docs/benchmarks.md (figure, target, measured, machine, date).

Benchmarks are not unit tests: they report medians and ratios on a noisy 2-core machine and never fail a build.
Run one group with ``--only engine|odds|card``; ``--quick`` shortens every figure (for a smoke run).
"""

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))

import pages  # noqa: E402 - bench/pages.py, beside this script

from rules import RandomDice, get_ruleset, ruleset_ids  # noqa: E402

NOTES_MARKER = "<!-- notes: kept across runs -->"
TARGETS = {"arm": 500, "hp-d6": 10_000, "wildknight": 1_000}


def machine():
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def pin_one_core():
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def engine_speed(ruleset_id, seconds):
    """Matches per second between two demo sheets, and for every ruleset the ratio of the time per match to
    rolling the same number of d20s with a bare random.Random."""
    ruleset = get_ruleset(ruleset_id)
    setup = ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(seed=3)]])
    samples, dice_counts = [], []
    deadline = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < deadline:
        dice = RandomDice(seed)
        start = time.perf_counter()
        for _ in ruleset.resolve(setup, dice, seed=seed):
            pass
        samples.append(time.perf_counter() - start)
        dice_counts.append(dice.count)
        seed += 1
    median = statistics.median(samples)
    rolls = int(statistics.median(dice_counts)) or 1
    outcome_samples = []
    deadline = time.perf_counter() + seconds / 2
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        ruleset.outcome(setup, RandomDice(seed), seed=seed)
        outcome_samples.append(time.perf_counter() - start)
        seed += 1
    rng = random.Random(0)  # noqa: S311
    bare = []
    for _ in range(200):
        start = time.perf_counter()
        for _ in range(rolls):
            rng.randint(1, 20)
        bare.append(time.perf_counter() - start)
    return {
        "matches": len(samples),
        "median_ms": median * 1000,
        "per_s": 1 / median,
        "outcome_per_s": 1 / statistics.median(outcome_samples),
        "dice_per_match": rolls,
        "ratio_to_bare_dice": median / statistics.median(bare),
    }


def odds_time(sims):
    from rules import odds

    ruleset = get_ruleset("arm")
    setup = ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(seed=3)]])
    times = []
    for _ in range(3):
        start = time.perf_counter()
        odds("arm", setup, sims=sims, seed=0, jobs=os.cpu_count() or 1)  # as `python -m rules odds` does
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def start_workers(stamp):
    """The Celery workers `make run` starts (config/launcher.py): the live cards' (concurrency 2) and the odds'
    (concurrency 1), each on its own queue. Returns them once one answers a ping."""
    from config.celery_app import background_queues, live_queue, ping

    celery = str(Path(sys.executable).parent / "celery")
    workers = [
        subprocess.Popen(  # noqa: S603
            [celery, "-A", "config", "worker", "-Q", queue, "-c", concurrency, "-n", f"bench-{role}-{stamp}@%h"]
            + ["--loglevel", "WARNING"],
            cwd=BASE_DIR,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        for role, queue, concurrency in (("live", live_queue(), "2"), ("odds", background_queues(), "1"))
    ]
    ping.apply_async().get(timeout=60)
    return workers


def stop_workers(workers):
    for worker in workers:
        os.killpg(worker.pid, 15)
    for worker in workers:
        worker.wait(timeout=30)


def full_mode():
    """Django set up on the development database; True in full mode (Postgres and Redis), which a real worker
    needs."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    from django.conf import settings

    return settings.REDIS_URL is not None and not settings.KAYFABE_MODE.embedded_database


def bench_promoter():
    """The benches' promoter, and a client signed in as him (the card page's odds view, as he polls it)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    user, _ = get_user_model().objects.get_or_create(username="bench-promoter")
    client = Client()
    client.force_login(user)
    return user, client


def bench_roster(promotion, ruleset_id, count, prefix):
    """``count`` wrestlers of the ruleset's example sheets (seeds 0..count-1) on ``promotion``'s roster."""
    from roster.models import Wrestler

    ruleset = get_ruleset(ruleset_id)
    wrestlers = []
    for n in range(count):
        sheet = dict(ruleset.example_sheet(seed=n), name=f"{prefix} {n}")
        wrestlers.append(
            Wrestler.objects.create(
                promotion=promotion, ring_name=sheet["name"], alignment="face", sheet=ruleset.validate_sheet(sheet)
            )
        )
    return wrestlers


def book_singles(card, user, wrestlers):
    """One singles match for each pair of ``wrestlers`` on ``card``; the last one booked."""
    from matches.booking_services import MatchSpec, match_add

    match = None
    for m in range(len(wrestlers) // 2):
        spec = MatchSpec(sides=[[wrestlers[2 * m].pk], [wrestlers[2 * m + 1].pk]])
        match, _ = match_add(card=card, by=user, spec=spec)
    return match


def card_latency(runs, matches=15):
    """Go-live to last result committed, with a real Celery worker, for a card of ``matches`` at instant pace."""
    if not full_mode():
        return {"skipped": "needs Postgres and Redis (full mode)"}
    from promotion.services import promotion_create

    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=BASE_DIR, check=True)  # noqa: S603
    user, _client = bench_promoter()
    stamp = int(time.time())
    promotion = promotion_create(user=user, name=f"Bench {stamp}", ruleset="arm", book_injured=True)
    wrestlers = bench_roster(promotion, "arm", matches * 2, "Bench Wrestler")
    workers = start_workers(stamp)
    try:
        latencies = []
        for run in range(runs + 1):
            # Live at once, as a promoter who books and goes live: the odds that booking enqueued are worked by the
            # odds worker meanwhile, on the same two cores, and so are the chance-to-win lines after each match.
            seconds = air_card(promotion, user, wrestlers, f"Bench card {run}")
            if run:  # the first run warms the worker up
                latencies.append(seconds)
        latencies.sort()
        return {
            "runs": runs,
            "p50": statistics.median(latencies),
            "p95": latencies[max(0, round(0.95 * len(latencies)) - 1)],
        }
    finally:
        stop_workers(workers)
        promotion.delete()


def air_card(promotion, user, wrestlers, name):
    """Book a card of singles between ``wrestlers`` (at instant pace), go live at once and wait for the last result;
    returns the seconds from go-live to the card finished."""
    from matches.booking_selectors import card_cautions, cautions_digest
    from matches.booking_services import card_create, card_mark_booked
    from matches.models import Card, CardStatus
    from matches.services import card_go_live

    card = card_create(promotion=promotion, by=user, name=name)
    book_singles(card, user, wrestlers)
    card_mark_booked(card=card, by=user)
    # The promotion books injured men, and the last runs hurt some: the promoter has seen the cautions.
    confirmed = cautions_digest(card_cautions(card))
    start = time.perf_counter()
    card_go_live(card=card, by=user, confirmed=confirmed)
    while Card.objects.filter(pk=card.pk).values_list("status", flat=True).get() != CardStatus.FINISHED:
        if time.perf_counter() - start > 120:
            raise RuntimeError(f"card {card.pk} did not finish in 120 s: is the worker healthy?")
        time.sleep(0.005)
    return time.perf_counter() - start


def odds_wait(client, promotion, card, match, start):
    """Ask the card page's odds view (as the page polls it) until it answers the odds (HTTP 286); seconds since
    ``start``."""
    url = f"/p/{promotion.slug}/cards/{card.pk}/matches/{match.pk}/odds/"
    while client.get(url, HTTP_HX_REQUEST="true", HTTP_HOST="127.0.0.1").status_code != 286:
        if time.perf_counter() - start > 120:
            raise RuntimeError(f"no odds for match {match.pk} in 120 s: is the worker healthy?")
        time.sleep(0.02)
    return time.perf_counter() - start


def odds_after_an_aired_card(runs=3, matches=15):
    """A card of ``matches`` ARM singles aired at instant pace queues their chance-to-win lines for the odds
    worker; a match booked right after has a promoter waiting for its odds: seconds from booking to odds shown."""
    if not full_mode():
        return {"skipped": "needs Postgres and Redis (full mode)"}
    from config.celery_app import app, lines_queue
    from matches.booking_services import card_create
    from promotion.services import promotion_create

    user, client = bench_promoter()
    stamp = int(time.time())
    promotion = promotion_create(user=user, name=f"Bench aired {stamp}", ruleset="arm", book_injured=True)
    wrestlers = bench_roster(promotion, "arm", matches * 2 + 2, "Bench Aired")
    workers = start_workers(stamp)
    try:
        times = []
        for run in range(runs):
            air_card(promotion, user, wrestlers[:-2], f"Bench aired card {run}")
            card = card_create(promotion=promotion, by=user, name=f"Bench next card {run}")
            start = time.perf_counter()
            match = book_singles(card, user, wrestlers[-2:])  # commits: the odds worker is asked
            times.append(odds_wait(client, promotion, card, match, start))
        times.sort()
        return {"p50": statistics.median(times), "max": times[-1], "runs": runs}
    finally:
        stop_workers(workers)
        with app.connection_for_write() as connection:
            connection.default_channel.queue_purge(lines_queue())  # the lines left: nobody replays a bench card
        promotion.delete()


def odds_shown(runs=10):
    """Booking a match to its odds shown: a match booked through the booking service, a real Celery worker playing
    its odds, and the card page's odds view asked (as the page polls it) until it answers them (HTTP 286)."""
    if not full_mode():
        return {"skipped": "needs Postgres and Redis (full mode)"}
    from matches.booking_services import card_create
    from promotion.services import promotion_create

    user, client = bench_promoter()
    stamp = int(time.time())
    workers = start_workers(stamp)
    promotions = []
    try:
        figures = {}
        for ruleset_id in ("arm", "hp-d6", "wildknight"):
            promotion = promotion_create(user=user, name=f"Bench odds {ruleset_id} {stamp}", ruleset=ruleset_id)
            promotions.append(promotion)
            wrestlers = bench_roster(promotion, ruleset_id, 2 * (runs + 1), "Bench Bettor")
            times = []
            for run in range(runs + 1):
                card = card_create(promotion=promotion, by=user, name=f"Bench odds card {run}")
                start = time.perf_counter()
                match = book_singles(card, user, wrestlers[2 * run : 2 * run + 2])  # commits: the worker is asked
                seconds = odds_wait(client, promotion, card, match, start)
                if run:  # the first run warms the worker up
                    times.append(seconds)
            times.sort()
            figures[ruleset_id] = {"p50": statistics.median(times), "max": times[-1], "runs": runs}
        return figures
    finally:
        stop_workers(workers)
        for promotion in promotions:
            promotion.delete()


def weekly_cycle(wrestlers=100_000, matches=100_000, runs=3):
    """Advance week over a generated league: the heal alone and the whole cycle (rolled back after each run)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import transaction

    from promotion import league
    from promotion.models import Promotion

    if settings.KAYFABE_MODE.embedded_database:
        return {"skipped": "needs Postgres (full mode)"}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=BASE_DIR, check=True)  # noqa: S603
    slug = f"bench-league-{wrestlers}"
    promotion = Promotion.objects.filter(slug=slug).first()
    if promotion is None:
        call_command("generate_league", wrestlers=wrestlers, matches=matches, seed=1, slug=slug)
        promotion = Promotion.objects.get(slug=slug)
    from django.db import connection

    heal, cycle = [], []
    for _ in range(runs):
        # Each run is rolled back, which leaves dead rows behind; vacuum so that every run starts alike.
        with connection.cursor() as cursor:
            for table in ("roster_injury", "roster_wrestler", "promotion_prestigeentry"):
                cursor.execute(f"VACUUM ANALYZE {table}")
        with transaction.atomic():
            start = time.perf_counter()
            league._returns(promotion, league._heal(promotion))
            heal.append(time.perf_counter() - start)
            transaction.set_rollback(True)
        with transaction.atomic():
            start = time.perf_counter()
            league.advance_week(promotion=promotion)
            cycle.append(time.perf_counter() - start)
            transaction.set_rollback(True)
    injured = promotion.wrestlers.filter(injuries__isnull=False).distinct().count()
    return {
        "heal": statistics.median(heal),
        "cycle": statistics.median(cycle),
        "wrestlers": wrestlers,
        "injured": injured,
    }


def _previous_rows(path):
    """(figure, line) of the table already in ``path``, in order."""
    if not path.exists():
        return []
    table = path.read_text().split(NOTES_MARKER, 1)[0]
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 4 and cells[0] not in ("figure", "---"):
            rows.append((cells[0], line))
    return rows


# The figures each group writes (by how they start): a group run again replaces all of its old rows, so that a row
# renamed or dropped by a new version of the bench does not linger.
GROUP_FIGURES = {
    "engine": ("engine speed", "ARM time per match"),
    "odds": ("odds",),
    "card": ("card latency",),
    "league": ("weekly cycle",),
    "sse": ("live viewers",),
    "pages": ("page under load", "pages under load"),
}


def write_table(rows, path, groups=tuple(GROUP_FIGURES)):
    today = time.strftime("%Y-%m-%d", time.gmtime())
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`bench/run.py`). Medians over repeated runs; these machines are noisy, so read",
        "the figures as orders of magnitude. Engine figures run on one pinned core.",
        "",
        f"Machine: {machine()}. Date: {today}.",
        "",
        "| figure | target | measured | verdict |",
        "|---|---|---|---|",
    ]
    fresh = {
        figure: f"| {figure} | {target} | {measured} | {'meets' if ok else 'misses' if ok is False else 'n/a'} |"
        for figure, target, measured, ok in rows
    }
    rerun = tuple(prefix for group in groups for prefix in GROUP_FIGURES[group])
    for figure, line in _previous_rows(path):  # a partial run (--only) keeps the other groups' last figures
        if figure in fresh:
            lines.append(fresh.pop(figure))
        elif not figure.startswith(rerun):
            lines.append(line)
    lines += fresh.values()
    lines += [
        "",
        "Per-ruleset detail and profiling scripts: `bench/rules_arm.py`, `bench/rules_hp_d6.py`,",
        "`bench/rules_wildknight.py`.",
        "",
        "Pages under load (`bench/pages.py`): a generated league of 10k wrestlers and 100k matches; Django's own ASGI",
        "handler under uvicorn with 2 workers (more: the notes); wrk on the same two cores, first flat out",
        f"({pages.FLAT_OUT_CONNECTIONS} connections: the capacity), then paced at random intervals to a little over",
        f"300 req/s ({pages.PACED_CONNECTIONS} connections; the run with the median p95 of {pages.PACED_RUNS}: the",
        "latency at the target rate). A stranger sends no cookie; a signed-in player sends his session and CSRF",
        "cookies. Every page is rendered on every request around its cached fragments (docs/caching.md), warm.",
        "",
    ]
    notes = ""
    if path.exists() and NOTES_MARKER in path.read_text():
        notes = path.read_text().split(NOTES_MARKER, 1)[1]  # people's notes below the marker survive a new run
    path.write_text("\n".join(lines) + "\n" + NOTES_MARKER + notes)


def prepare_database():
    """The development database, created and migrated as `make run` does (on a fresh machine it does not exist)."""
    for command in (["ensure_database"], ["migrate", "--no-input", "-v", "0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=BASE_DIR, check=True)  # noqa: S603


def main(argv=None):
    parser = argparse.ArgumentParser(description="Kayfabe benchmarks")
    parser.add_argument("--only", choices=["engine", "odds", "card", "league", "sse", "pages"])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--output", default=str(BASE_DIR / "docs" / "benchmarks.md"))
    args = parser.parse_args(argv)
    if args.only != "engine":
        prepare_database()
    rows = []
    if args.only in (None, "engine"):
        pin_one_core()
        for rid in ruleset_ids():
            r = engine_speed(rid, 1 if args.quick else 8)
            target = TARGETS.get(rid)
            rows.append(
                (
                    f"engine speed, {rid} singles, every event built (matches/s, one core)",
                    f">= {target:,}",
                    f"{r['per_s']:,.0f} (median {r['median_ms']:.2f} ms, {r['dice_per_match']} dice)",
                    r["per_s"] >= target if target else None,
                )
            )
            rows.append(
                (
                    f"engine speed, {rid} singles, result only (`outcome`, the odds path; matches/s, one core)",
                    f">= {target:,}",
                    f"{r['outcome_per_s']:,.0f}",
                    r["outcome_per_s"] >= target if target else None,
                )
            )
            if rid == "arm":
                rows.append(
                    (
                        "ARM time per match / bare random.Random for the same dice",
                        "<= 10",
                        f"{r['ratio_to_bare_dice']:.1f}",
                        r["ratio_to_bare_dice"] <= 10,
                    )
                )
            print(rows[-1], flush=True)
    if args.only in (None, "odds"):
        t = odds_time(100 if args.quick else 1000)
        rows.append(("odds, 1,000 simulated ARM matches (s)", "<= 1", f"{t:.2f}", t <= 1 if not args.quick else None))
        print(rows[-1], flush=True)
        r = odds_shown(3 if args.quick else 10)
        if "skipped" in r:
            rows.append(("odds, booking to shown (real worker)", "(no target)", r["skipped"], None))
        for ruleset_id, f in ({} if "skipped" in r else r).items():
            rows.append(
                (
                    f"odds, booking to shown, {ruleset_id} (200 simulations, real worker; the page polls every 2 s)",
                    "(no target)",
                    f"p50 {f['p50']:.2f} s, max {f['max']:.2f} s over {f['runs']} bookings",
                    None,
                )
            )
            print(rows[-1], flush=True)
        r = odds_after_an_aired_card(1 if args.quick else 3)
        if "skipped" not in r:
            rows.append(
                (
                    "odds, booking to shown, arm, right after a 15-match ARM card aired at instant pace (its 15 "
                    "chance-to-win lines queued for the same worker)",
                    "(no target)",
                    f"p50 {r['p50']:.2f} s, max {r['max']:.2f} s over {r['runs']} bookings",
                    None,
                )
            )
            print(rows[-1], flush=True)
    if args.only in (None, "card"):
        r = card_latency(5 if args.quick else 50)
        if "skipped" in r:
            rows.append(
                ("card latency, 15 matches at instant pace, go-live to last result", "p95 <= 1 s", r["skipped"], None)
            )
        else:
            rows.append(
                (
                    "card latency, 15 matches at instant pace, go-live to last result (real worker)",
                    "p95 <= 1 s",
                    f"p50 {r['p50']:.2f} s, p95 {r['p95']:.2f} s over {r['runs']} runs",
                    r["p95"] <= 1,
                )
            )
        print(rows[-1], flush=True)
    if args.only in (None, "league"):
        size = 10_000 if args.quick else 100_000
        r = weekly_cycle(wrestlers=size, matches=size)
        if "skipped" in r:
            rows.append(("weekly cycle: heal over 100k wrestlers", "<= 1 s", r["skipped"], None))
        else:
            rows.append(
                (
                    f"weekly cycle: heal over {r['wrestlers']:,} wrestlers ({r['injured']:,} injured)",
                    "<= 1 s",
                    f"{r['heal']:.2f} s",
                    r["heal"] <= 1 if not args.quick else None,
                )
            )
            rows.append(
                (
                    f"weekly cycle: whole advance_week (heal, rankings of 3 titles, notices, log), "
                    f"{r['wrestlers']:,} wrestlers",
                    "(no target)",
                    f"{r['cycle']:.2f} s",
                    None,
                )
            )
        print(rows[-1], flush=True)
    if args.only in (None, "sse"):
        viewers = 100 if args.quick else 1000
        out = subprocess.run(  # noqa: S603
            [sys.executable, str(BASE_DIR / "bench" / "sse_soak.py"), str(viewers)],
            cwd=BASE_DIR,
            capture_output=True,
            text=True,
            timeout=900,
        )
        try:
            r = json.loads(out.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            r = {"skipped": f"soak failed: {out.stderr.strip().splitlines()[-1:]}"}
        if "skipped" in r:
            rows.append(("live viewers: SSE soak", "1,000 viewers, p95 < 250 ms", r["skipped"], None))
        else:
            rows.append(
                (
                    f"live viewers: {r['viewers']:,} SSE viewers of one match on one ASGI worker "
                    "(load generator on the same 2 cores)",
                    "1,000 viewers; p95 < 250 ms",
                    f"{r['events_seen_by_all']}/{r['events']} events reached every viewer; p50 {r['p50_ms']} ms, "
                    f"p95 {r['p95_ms']} ms; {r['kb_per_viewer']} KB per viewer",
                    (r["p95_ms"] or 1e9) < 250 and r["events_seen_by_all"] == r["events"] if not args.quick else None,
                )
            )
        print(rows[-1], flush=True)
    if args.only in (None, "pages"):
        out = subprocess.run(  # noqa: S603
            [sys.executable, str(BASE_DIR / "bench" / "pages.py")],
            cwd=BASE_DIR,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
        if not lines or "skipped" in lines[0]:
            reason = lines[0]["skipped"] if lines else f"failed: {out.stderr.strip().splitlines()[-1:]}"
            rows.append(("pages under load", ">= 300 req/s, p95 < 50 ms", reason, None))
        for r in lines:
            if "page" in r:
                who = {"stranger": "a stranger without cookies", "player": "a signed-in player"}[r["visitor"]]
                rows.append(
                    (
                        f"page under load: {r['page']}, {who} (method below the table)",
                        ">= 300 req/s, p95 < 50 ms",
                        f"{r['rps']} req/s flat out (p95 {r['p95_ms']} ms); paced: {r['paced_rps']} req/s, p95 "
                        f"{r['paced_p95_ms']} ms; {r['errors'] + r['paced_errors']} errors (HTTP {r['status']}); "
                        f"one at a time {r['single_ms']} ms, {r['queries']} queries",
                        r["rps"] >= 300
                        and r["paced_rps"] >= 300
                        and r["paced_p95_ms"] < 50
                        and r["errors"] + r["paced_errors"] == 0,
                    )
                )
                print(rows[-1], flush=True)
    write_table(rows, Path(args.output), groups=(args.only,) if args.only else tuple(GROUP_FIGURES))
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
