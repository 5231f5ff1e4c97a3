"""`make run`: prepare the database, load the demo league, start the web server (and two Celery workers, live and
odds, and beat when a broker is reachable), print the URL and the logins. Ctrl-C stops everything it started."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def manage(*args):
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=BASE_DIR)  # noqa: S603
    if result.returncode != 0:
        sys.exit(result.returncode)


def task_queues():
    """The live worker's queue and the odds worker's (odds, then lines), as the settings (with this checkout's
    environment) give them."""
    import django

    django.setup()
    from config.celery_app import background_queues, live_queue

    return {"live": live_queue(), "odds": background_queues()}


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    from config.modes import ConfigurationError, checkout_name, detect, shown_url, with_database

    try:
        mode = detect(sqlite_path=os.environ.get("SQLITE_PATH", str(BASE_DIR / "var" / "kayfabe.sqlite3")))
    except ConfigurationError as exc:
        sys.stderr.write(f"Kayfabe configuration error: {exc}\n")
        sys.exit(2)
    # Two checkouts on one machine must not share a league (nor a task queue: one's worker would play the other's
    # matches against the wrong database). Unless DATABASE_URL says otherwise, the Postgres database, the Celery
    # queue, the cache's keys and the live channels are named after the checkout's folder; SQLite is in its var/.
    checkout = checkout_name(BASE_DIR)
    os.environ.setdefault("KAYFABE_INSTANCE", checkout)
    database_url = mode.database_url
    if "DATABASE_URL" not in os.environ and not mode.embedded_database:
        database_url = with_database(database_url, f"kayfabe_{checkout}")
    # Pin the mode for every child so that web, worker and beat agree.
    os.environ.setdefault("DATABASE_URL", database_url)
    if mode.broker_url:
        os.environ.setdefault("REDIS_URL", mode.broker_url)
    else:
        os.environ["KAYFABE_MODE"] = "embedded"
    (BASE_DIR / "var").mkdir(exist_ok=True)

    manage("ensure_database")
    manage("migrate", "--no-input", "-v", "0")
    manage("collectstatic", "--no-input", "-v", "0")
    manage("seed_demo")

    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    children = [
        subprocess.Popen(  # noqa: S603
            [
                str(BIN / "uvicorn"),
                "config.asgi:application",
                "--host",
                host,
                "--port",
                port,
                "--log-level",
                "warning",
            ],
            cwd=BASE_DIR,
        )
    ]
    if mode.broker_url:
        celery = str(BIN / "celery")
        queues = task_queues()
        # Two workers: the live cards' (two at once), and one for the odds and chance-to-win lines, so that a card
        # going live never waits behind the odds that booking it enqueued (docs/live.md, "Queues").
        for role, queue, concurrency in (("live", queues["live"], "2"), ("odds", queues["odds"], "1")):
            children.append(
                subprocess.Popen(  # noqa: S603
                    [
                        celery,
                        "-A",
                        "config",
                        "worker",
                        "-Q",
                        queue,
                        "-c",
                        concurrency,
                        "-n",
                        f"{role}-{os.environ['KAYFABE_INSTANCE']}@%h",
                    ]
                    + ["--loglevel", "WARNING"],
                    cwd=BASE_DIR,
                )
            )
        children.append(
            subprocess.Popen(  # noqa: S603
                [celery, "-A", "config", "beat", "--loglevel", "WARNING", "-s", str(BASE_DIR / "var" / "celerybeat")],
                cwd=BASE_DIR,
            )
        )
    print(f"\n{mode.describe()}", flush=True)
    print(f"Database: {shown_url(os.environ['DATABASE_URL'])} (this checkout's: {BASE_DIR})", flush=True)
    if mode.broker_url:
        broker = shown_url(mode.broker_url)
        print(f"Task queues: {queues['live']} (live) and {queues['odds']} (odds, lines) on {broker}", flush=True)
    print(f"Kayfabe is running at http://{host}:{port}/   (Ctrl-C stops it)\n", flush=True)

    def stop(*_):
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 10
        for child in children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
        sys.exit(0)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    while True:
        for child in children:
            if child.poll() is not None:
                print(f"A Kayfabe process exited ({' '.join(child.args[:3])}); stopping.", file=sys.stderr)
                stop()
        time.sleep(0.5)


if __name__ == "__main__":
    main()
