"""SSE soak (not a test): N concurrent viewers of one live match on one ASGI worker (loopback only, bounded).

For every event of the match: the time from its row's ``created`` stamp (taken by the process that writes it, just
before the INSERT) to the moment the last viewer receives it, on the same wall clock (one machine). Also the
server's memory per viewer (RSS delta / N), and the CPU seconds spent by the server and by the load generator.

The load generator is one asyncio process (uvloop when installed) with raw ``asyncio.Protocol`` connections: one
callback per read, a regex over complete frames, no HTTP client library. The match is played by a separate process
(``--run-match``), so it competes with neither.

Two placements, each with its own server and match:

- ``shared``: server, load generator and match writer float over both cores (the figure in ``docs/benchmarks.md``);
- ``pinned``: the server alone on core 0 (``taskset``), load generator and writer on core 1. Postgres and Redis float.

Bounded: every phase has a deadline, the viewers stop at the match's ``end`` event, the server is stopped at the end.
Prints one JSON line (the ``shared`` figures at the top level, the ``pinned`` ones under ``"pinned"``).

    python bench/sse_soak.py [VIEWERS] [--pace 0.2] [--placement shared|pinned|both] [--app-dir DIR]
"""

import argparse
import asyncio
import json
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BASE_DIR))

HOST = "127.0.0.1"
SEED = 20261130  # an ARM singles of 80-odd events
CONNECT_AT_ONCE = 100  # connections opened concurrently while the viewers join


# The server under cProfile, from SIGUSR1 (sent when the match starts: the broadcast only, not the joins) to
# SIGTERM (uvicorn re-raises it after its graceful shutdown, with the handler it found: this one).
PROFILED_UVICORN = """
import cProfile, signal, sys
from uvicorn.main import main
profile, out = cProfile.Profile(), sys.argv[1]
def stop(*_):
    profile.disable()
    profile.dump_stats(out)
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
sys.argv = ["uvicorn", *sys.argv[2:]]
main()
"""


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def rss_kb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    """(user, system) CPU time of a process, in seconds (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def own_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


def cpu_since(now, then):
    return {"user": round(now[0] - then[0], 2), "system": round(now[1] - then[1], 2)}


def percentile(values, q):
    values = sorted(values)
    return values[max(0, round(q * len(values)) - 1)] if values else None


def ms(seconds):
    return None if seconds is None else round(1000 * seconds, 1)


class Viewer(asyncio.Protocol):
    """One SSE viewer on a raw connection: de-chunks the body and records (seq, arrival time) of each line."""

    def __init__(self, request, ready, done):
        self.request, self.ready, self.done = request, ready, done
        self.head = b""
        self.raw = b""
        self.left = 0  # bytes left in the current chunk, its trailing CRLF included
        self.text = b""
        self.seen = []  # (seq, time.time()) for every `event: line` received
        self.ended = False
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data):
        now = time.time()
        if self.head is not None:
            self.head += data
            end = self.head.find(b"\r\n\r\n")
            if end < 0:
                return
            head, data, self.head = self.head[:end], self.head[end + 4 :], None
            if not head.startswith(b"HTTP/1.1 200") or b"transfer-encoding: chunked" not in head.lower():
                self._finish(RuntimeError(f"unexpected response: {head[:200]!r}"))
                return
            self.ready.set_result(None)
        text = self.text + self._dechunk(data) if self.text else self._dechunk(data)
        if text.endswith(b"\n\n"):  # the usual case: the read ends on a frame boundary
            frames, self.text = text[:-2], b""
        else:
            cut = text.rfind(b"\n\n")
            if cut < 0:
                self.text = text
                return
            frames, self.text = text[:cut], text[cut + 2 :]
        # One split per read and a prefix test per frame: the client must stay cheap next to the server.
        for frame in frames.split(b"\n\n"):
            if frame[:4] == b"id: ":
                self.seen.append((int(frame[4 : frame.index(b"\n")]), now))
            elif frame[:11] == b"event: end\n":
                self.ended = True
        if self.ended:
            self._finish(None)

    def _dechunk(self, data):
        raw, pos, out = self.raw + data, 0, []
        while pos < len(raw):
            if self.left == 0:
                eol = raw.find(b"\r\n", pos)
                if eol < 0:
                    break
                size = int(raw[pos:eol].split(b";")[0], 16)
                pos = eol + 2
                if size == 0:
                    break
                self.left = size + 2
            take = min(self.left, len(raw) - pos)
            payload = min(take, self.left - 2)
            if payload > 0:
                out.append(raw[pos : pos + payload])
            self.left -= take
            pos += take
        self.raw = raw[pos:]
        return b"".join(out)

    def _finish(self, error):
        if not self.ready.done():
            self.ready.set_exception(error or RuntimeError("closed before the response"))
        if not self.done.done():
            self.done.set_exception(error) if error else self.done.set_result(None)
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc):
        self._finish(None if self.ended else exc or RuntimeError("stream closed before the end event"))


async def soak(port, path, viewers, start_match, deadline_s):
    loop = asyncio.get_running_loop()
    request = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode()
    protocols, readies, dones = [], [], []
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)

    async def join():
        async with gate:
            ready, done = loop.create_future(), loop.create_future()
            protocol = Viewer(request, ready, done)
            protocols.append(protocol)
            readies.append(ready)
            dones.append(done)
            await loop.create_connection(lambda: protocol, HOST, port)
            await ready

    started = time.time()
    await asyncio.wait_for(asyncio.gather(*(join() for _ in range(viewers))), 120)
    joined = time.time() - started
    await asyncio.sleep(1)
    marks = start_match()
    results = await asyncio.wait_for(asyncio.gather(*dones, return_exceptions=True), deadline_s)
    errors = [repr(r) for r in results if isinstance(r, BaseException)]
    return protocols, errors, joined, marks


def setup_match(pace):
    from django.contrib.auth import get_user_model

    from matches.booking_services import MatchSpec, card_create, card_mark_booked, match_add
    from matches.models import Match
    from matches.services import card_go_live
    from promotion.services import promotion_create
    from roster.models import Wrestler
    from rules import get_ruleset

    user, _ = get_user_model().objects.get_or_create(username="bench-soak")
    promotion = promotion_create(user=user, name=f"Soak {time.time_ns()}", ruleset="arm")
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

    with mock.patch("matches.services.enqueue_card"):  # this script plays the match itself (--run-match)
        card_go_live(card=card, by=user)
    Match.objects.filter(pk=match.pk).update(seed=SEED)  # the same match every run, to compare runs
    return promotion, match


def service_starts():
    """When Postgres and Redis started: other work on this machine may restart them in the middle of a run, and
    such a run's latencies measure the recovery (keep-alive or reconnection), not the fan-out."""
    import redis
    from django.conf import settings
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_postmaster_start_time()")
        postgres = cursor.fetchone()[0].isoformat()
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        return {"postgres": postgres, "redis": client.info("server")["run_id"]}
    finally:
        client.close()


def with_db_retry(read):
    """A read after the run, once more on a fresh connection if Postgres restarted under the old one."""
    from django.db import OperationalError, connection

    try:
        return read()
    except OperationalError:
        connection.close()
        return read()


def wait_http(port, server, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("uvicorn exited")
        try:
            with socket.create_connection((HOST, port), timeout=2) as s:
                s.sendall(f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
                if s.recv(12).startswith(b"HTTP/1.1"):
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("uvicorn did not answer")


def one_run(viewers, pace, placement, app_dir, uvicorn_args, profile=None):
    from matches.models import MatchEvent

    promotion, match = setup_match(pace)
    services = service_starts()
    port = free_port()
    server_cmd = [str(Path(sys.executable).parent / "uvicorn"), "config.asgi:application", "--host", HOST]
    if profile:
        server_cmd = [sys.executable, "-c", PROFILED_UVICORN, f"{profile}.{placement}", *server_cmd[1:]]
    server_cmd += ["--port", str(port), "--log-level", "warning", "--backlog", str(2 * viewers), *uvicorn_args]
    client_cpus = os.sched_getaffinity(0)
    if placement == "pinned":
        server_cmd = [shutil.which("taskset"), "-c", "0", *server_cmd]
        os.sched_setaffinity(0, {1})  # the load generator and (inherited) the match writer on core 1
    # As deployed: DEBUG off (with it on, Django keeps every query of every connection in memory and logs SQL).
    # Every simulated viewer connects from this machine: lift the per-address stream cap (config/limits.py) above them.
    env = {**os.environ, "DEBUG": "false", "STREAMS_PER_CLIENT": str(viewers + 100)}
    server = subprocess.Popen(server_cmd, cwd=app_dir, env=env, start_new_session=True)  # noqa: S603
    try:
        wait_http(port, server)
        time.sleep(0.5)
        before = rss_kb(server.pid)
        peak = {"rss": before}
        runner = {}

        def start_match():
            runner["proc"] = subprocess.Popen(  # noqa: S603
                [sys.executable, __file__, "--run-match", str(match.pk)], cwd=BASE_DIR, env=env
            )
            if profile:
                server.send_signal(signal.SIGUSR1)
            return {
                "server_cpu": cpu_seconds(server.pid),
                "client_cpu": own_cpu_seconds(),
                "at": time.time(),
                "rss": rss_kb(server.pid),
            }

        async def watch_memory():
            while True:
                peak["rss"] = max(peak["rss"], rss_kb(server.pid))
                await asyncio.sleep(0.2)

        async def run():
            mem = asyncio.create_task(watch_memory())
            try:
                path = f"/p/{promotion.slug}/matches/{match.pk}/stream?after=-1"
                out = await soak(port, path, viewers, start_match, deadline_s=300)
                return out
            finally:
                mem.cancel()

        protocols, errors, joined, marks = _run_loop(run())
        ended = time.time()
        server_cpu = cpu_since(cpu_seconds(server.pid), marks["server_cpu"])
        client_cpu = cpu_since(own_cpu_seconds(), marks["client_cpu"])
        runner["proc"].wait(timeout=120)
        rows = with_db_retry(lambda: list(MatchEvent.objects.filter(match=match).values_list("seq", "created")))
        stored = {seq: created.timestamp() for seq, created in rows}
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        os.sched_setaffinity(0, client_cpus)
    last, first, every = {}, {}, []
    complete_viewers = 0
    for p in protocols:
        seqs = [seq for seq, _ in p.seen]
        complete_viewers += seqs == sorted(stored)  # every line, in order, once
        for seq, at in p.seen:
            last[seq] = max(last.get(seq, 0), at)
            first[seq] = min(first.get(seq, at), at)
            every.append(at - stored[seq])
    restarted = [name for name, started in with_db_retry(service_starts).items() if started != services[name]]
    counts = {}
    for p in protocols:
        for seq, _ in p.seen:
            counts[seq] = counts.get(seq, 0) + 1
    reached = [seq for seq in stored if counts.get(seq, 0) >= viewers]
    to_all = [last[seq] - stored[seq] for seq in reached]
    to_first = [first[seq] - stored[seq] for seq in stored if seq in first]
    with_db_retry(promotion.delete)
    return {
        "placement": placement,
        "load_average": round(os.getloadavg()[0], 1),  # the machine is shared: read figures against this
        "viewers": viewers,
        "events": len(stored),
        "events_seen_by_all": len(reached),
        "viewers_with_every_line_in_order": complete_viewers,
        "errors": errors[:3],
        "services_restarted": restarted,
        "p50_ms": ms(statistics.median(to_all)) if to_all else None,
        "p95_ms": ms(percentile(to_all, 0.95)),
        "max_ms": ms(max(to_all)) if to_all else None,
        "first_viewer_p50_ms": ms(statistics.median(to_first)) if to_first else None,
        "receipt_p50_ms": ms(statistics.median(every)) if every else None,
        "receipt_p95_ms": ms(percentile(every, 0.95)),
        "rss_before_mb": round(before / 1024, 1),
        "rss_peak_mb": round(peak["rss"] / 1024, 1),
        "kb_per_viewer": round((peak["rss"] - before) / viewers, 1),
        "kb_per_viewer_joined": round((marks["rss"] - before) / viewers, 1),
        "server_cpu_s": server_cpu,
        "client_cpu_s": client_cpu,
        "broadcast_s": round(ended - marks["at"], 1),
        "join_s": round(joined, 1),
    }


def _run_loop(coro):
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def run_match(match_id):
    from django.db import connection

    from matches.services import match_run

    try:
        match_run(match_id)
    finally:
        connection.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("viewers", nargs="?", type=int, default=1000)
    parser.add_argument("--pace", type=float, default=0.2, help="seconds per round of the match")
    parser.add_argument("--placement", choices=["shared", "pinned", "both"], default="both")
    parser.add_argument("--app-dir", default=str(BASE_DIR), help="serve this checkout (to compare two versions)")
    parser.add_argument("--uvicorn-args", default="", help='more uvicorn options, e.g. "--http h11 --loop asyncio"')
    parser.add_argument("--profile", help="run the server under cProfile, writing FILE.<placement>")
    parser.add_argument("--run-match", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    if args.run_match:
        run_match(args.run_match)
        return
    from django.conf import settings

    if settings.REDIS_URL is None or settings.KAYFABE_MODE.embedded_database:
        print(json.dumps({"skipped": "needs Postgres and Redis"}))
        return
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=BASE_DIR, check=True)  # noqa: S603
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * args.viewers + 256)), hard))
    placements = ["shared", "pinned"] if args.placement == "both" else [args.placement]
    if len(os.sched_getaffinity(0)) < 2:
        placements = [p for p in placements if p != "pinned"]
    results = [
        one_run(args.viewers, args.pace, p, args.app_dir, args.uvicorn_args.split(), args.profile) for p in placements
    ]
    out = dict(results[0])
    for r in results[1:]:
        out[r["placement"]] = r
    print(json.dumps(out))


if __name__ == "__main__":
    main()
