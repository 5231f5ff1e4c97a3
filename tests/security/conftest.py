"""Fixtures of the security suites: a uvicorn started exactly as docker-compose.yml starts the web service, and the
counts each suite reports for docs/security.md (written to var/security-last-run.json at the end of the run)."""

import itertools
import json
import re
import time
from collections import Counter

import httpx
import pytest
import yaml

from tests.conftest import BASE_DIR, BIN, ServiceProcess, free_port, service_env

COMPOSE = BASE_DIR / "docker-compose.yml"
REPORT = BASE_DIR / "var" / "security-last-run.json"
COUNTS = Counter()

_addresses = itertools.count(2)


def fresh_address():
    """A loopback address of its own (127.0.0.0/8 is all loopback on Linux), so a test's rate-limit counts in the
    shared Redis never meet another's."""
    n = next(_addresses) + (int(time.time()) % 200) * 250
    return f"127.{60 + n // 62500 % 100}.{n // 250 % 250}.{n % 250 + 2}"


def compose():
    return yaml.safe_load(COMPOSE.read_text())


def compose_default(value):
    """``${NAME:-default}`` -> ``default`` (what compose uses when NAME is not set)."""
    return re.sub(r"\$\{[A-Z_]+:-([^}]*)\}", r"\1", str(value))


def web_command(host, port):
    """The web service's command from docker-compose.yml, with our host and port."""
    argv = list(compose()["services"]["web"]["command"])
    argv[argv.index("--host") + 1] = host
    argv[argv.index("--port") + 1] = str(port)
    argv[0] = str(BIN / argv[0])
    return argv


def web_environment():
    """The web service's environment as compose sets it without a .env file (the settings module aside: the tests
    use the test settings, against the test database)."""
    env = compose()["x-app"]["environment"]
    keep = ("FORWARDED_ALLOW_IPS", "MAX_REQUEST_BYTES")
    return {k: compose_default(env[k]) for k in keep if k in env} | {"ALLOWED_HOSTS": "127.0.0.2"}


@pytest.fixture(scope="session")
def compose_server(test_database_name, tmp_path_factory):
    """uvicorn as compose runs it (same flags and proxy settings), on 127.0.0.2, with log-in limits of 5 a minute per
    address and 8 an hour per account and 3 streams per client. Clients connect from other loopback addresses,
    as a client on the internet reaches the published port: not from the container's own 127.0.0.1."""
    port = free_port()
    env = service_env(test_database_name)
    env.update(web_environment())
    env.update(RATELIMIT_LOGIN="5/m", RATELIMIT_LOGIN_ACCOUNT="8/h", STREAMS_PER_CLIENT="3")
    log = tmp_path_factory.mktemp("compose-web") / "uvicorn.log"
    server = ServiceProcess(web_command("127.0.0.2", port), env, log).start()
    url = f"http://127.0.0.2:{port}"
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
    server.url, server.port = url, port
    yield server
    server.stop()


def client_from(address, **kwargs):
    """An httpx client whose connections come from ``address``."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10, **kwargs)


@pytest.fixture(scope="session", autouse=True)
def security_report():
    yield COUNTS
    if COUNTS:
        REPORT.parent.mkdir(exist_ok=True)
        previous = json.loads(REPORT.read_text()) if REPORT.exists() else {}
        previous.update(COUNTS)
        previous["written"] = time.strftime("%Y-%m-%d %H:%M")
        REPORT.write_text(json.dumps(previous, indent=2, sort_keys=True) + "\n")
