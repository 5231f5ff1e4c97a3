"""The test harness: real Postgres (pytest-django), a real Celery worker against Redis, a real ASGI server
(uvicorn) and real Chromium (Playwright for Python driving Debian's /usr/bin/chromium)."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import redis

# Playwright's sync API keeps an event loop in the test thread; Django would then refuse ORM calls made
# by the test itself (never by the server, which runs in its own process without this flag).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

BASE_DIR = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def service_env(database_name):
    """Environment for a child process (server, worker) that must use the test database."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    env = dict(os.environ)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.test",
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{database_name}",
        REDIS_URL=settings.REDIS_URL,
        PYTHONUNBUFFERED="1",
    )
    return env


class ServiceProcess:
    """A child process we can start, kill -9 and restart (fault tests use that)."""

    def __init__(self, argv, env, log_path):
        self.argv, self.env, self.log_path = argv, env, log_path
        self.proc = None

    def start(self):
        log = open(self.log_path, "ab")  # noqa: SIM115 - closed with the process
        # A session of its own, so that kill() takes the worker's pool children down with it.
        self.proc = subprocess.Popen(  # noqa: S603
            self.argv, cwd=BASE_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        return self

    def kill(self):
        """SIGKILL the whole process group member we started (the fault: no clean shutdown)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)

    def log(self):
        return Path(self.log_path).read_text(errors="replace") if Path(self.log_path).exists() else ""


@pytest.fixture(scope="session")
def test_database_name(django_db_setup, django_db_blocker):
    from django.db import connection

    return connection.settings_dict["NAME"]


@pytest.fixture(scope="session")
def asgi_server(test_database_name, tmp_path_factory):
    """A real uvicorn serving config.asgi against the test database. Yields its base URL."""
    port = free_port()
    log = tmp_path_factory.mktemp("asgi") / "uvicorn.log"
    server = ServiceProcess(
        [str(BIN / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1", "--port", str(port)],
        service_env(test_database_name),
        log,
    ).start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code in (200, 503):
                break
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or server.proc.poll() is not None:
            server.stop()
            pytest.fail(f"uvicorn did not start:\n{server.log()[-3000:]}")
        time.sleep(0.2)
    yield url
    server.stop()


@pytest.fixture
def live_url(asgi_server, transactional_db):
    """The ASGI server's URL, for a test whose data must be committed so the server can see it."""
    return asgi_server


class CeleryWorker(ServiceProcess):
    def wait_ready(self, timeout=60):
        from config.celery_app import ping

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"celery worker exited:\n{self.log()[-3000:]}")
            try:
                return ping.apply_async(expires=5).get(timeout=5)
            except Exception:  # noqa: BLE001 - not up yet
                time.sleep(0.3)
        raise RuntimeError(f"celery worker not ready:\n{self.log()[-3000:]}")


def worker_command(name):
    """The `celery worker` command line of a test worker (prefork, concurrency 1) called ``name``, on this run's
    live, odds and lines queues, in that order of priority (one worker for all: the tests that measure who waits for
    whom stop and start its queues)."""
    from config.celery_app import background_queues, live_queue

    queues = f"{live_queue()},{background_queues()}"
    return [str(BIN / "celery"), "-A", "config", "worker", "-Q", queues, "-c", "1", "--loglevel", "INFO", "-n", name]


@pytest.fixture(scope="session")
def celery_worker_process(test_database_name, tmp_path_factory):
    """One real `celery worker` process (prefork, concurrency 1) for the whole session."""
    from config.celery_app import app

    app.control.purge()
    log = tmp_path_factory.mktemp("celery") / "worker.log"
    worker = CeleryWorker(
        worker_command(f"test-{os.getpid()}@%h"),
        service_env(test_database_name),
        log,
    ).start()
    worker.wait_ready()
    yield worker
    worker.stop()


def worker_consumes(consuming):
    """Start or stop the session worker's consumption of this run's queue. Between the tests that ask for the
    worker it consumes nothing: a task that another test enqueued (odds for a booked match, say) would otherwise
    read that test's rows while its teardown truncates them (a deadlock), or act on a later test's rows."""
    from config.celery_app import app, lines_queue, live_queue, odds_queue

    if consuming:
        app.control.purge()
    for queue in (live_queue(), odds_queue(), lines_queue()):  # the order of priority of worker_command
        consume(queue, consuming)


def session_worker_name():
    return f"test-{os.getpid()}@{socket.gethostname()}"


def consume(queue, consuming, worker=None):
    """Make the session worker (or ``worker``, a node name) start or stop consuming ``queue``."""
    from config.celery_app import app

    destination = [worker or session_worker_name()]
    command = app.control.add_consumer if consuming else app.control.cancel_consumer
    for _attempt in range(5):  # a worker busy on a long task answers late; a fault test may have restarted Redis
        try:
            if command(queue, destination=destination, reply=True, timeout=10):
                return
        except (OSError, redis.exceptions.ConnectionError):
            time.sleep(1)
    if consuming:
        raise RuntimeError(f"the test worker {destination[0]} did not answer the consumer control command")


@pytest.fixture
def celery_worker(celery_worker_process, transactional_db):
    """A real worker that sees what the test commits. Restarted if a test killed it."""
    if celery_worker_process.proc.poll() is not None:
        celery_worker_process.start().wait_ready()
    worker_consumes(True)
    yield celery_worker_process
    if celery_worker_process.proc.poll() is not None:
        celery_worker_process.start().wait_ready()
    worker_consumes(False)
    # A task that outlives its test would deadlock the truncation that follows. An odds task or a slice of a line
    # ends within seconds; a card still airing at its pace may take minutes, so after 15 s the worker is restarted.
    if not worker_goes_idle(timeout=15):
        celery_worker_process.kill()
        celery_worker_process.start().wait_ready()
        worker_consumes(False)


def worker_goes_idle(timeout):
    """Wait until the session worker holds no task (cancelling its consumers stops it fetching, not the task it is
    on: a test's last odds or win line would read rows while the teardown truncates them). False on timeout."""
    from config.celery_app import app

    inspector = app.control.inspect(destination=[session_worker_name()], timeout=2)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            active, reserved = inspector.active(), inspector.reserved()
        except (OSError, redis.exceptions.ConnectionError):
            active = reserved = None
        if active is not None and reserved is not None and not any(active.values()) and not any(reserved.values()):
            return True
        time.sleep(0.3)
    return False


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


def pytest_collection_modifyitems(config, items):
    """Browser tests last: Playwright's sync API leaves an event loop running in the main thread for the rest
    of the session, which async tests (pytest-asyncio) cannot share."""
    for item in items:
        if "tests/browser/" in item.nodeid or {"browser", "page"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


class Personas:
    """The fixed cast for permission tests: owner, promoter, a player who owns a wrestler, a player who does
    not, a viewer, an outsider (signed in, no membership) and anonymous."""

    def __init__(self, ruleset="wildknight", public=True):
        from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory

        self.owner = UserFactory(username="olive_owner")
        self.promotion = PromotionFactory(
            name="Persona Pro", slug="persona-pro", ruleset=ruleset, created_by=self.owner, is_public=public
        )
        MembershipFactory(promotion=self.promotion, user=self.owner, role="owner")
        self.promoter = MembershipFactory(
            promotion=self.promotion, user=UserFactory(username="pete_promoter"), role="promoter"
        ).user
        self.player = MembershipFactory(promotion=self.promotion, user=UserFactory(username="paula_player")).user
        self.other_player = MembershipFactory(promotion=self.promotion, user=UserFactory(username="otto_player")).user
        self.viewer = MembershipFactory(
            promotion=self.promotion, user=UserFactory(username="vera_viewer"), role="viewer"
        ).user
        self.outsider = UserFactory(username="oscar_outsider")
        self.wrestler = WrestlerFactory(promotion=self.promotion, owner=self.player, ring_name="Paula's Pride")


@pytest.fixture
def personas(db):
    return Personas()


@pytest.fixture
def private_personas(db):
    return Personas(public=False)
