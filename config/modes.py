"""Full mode or embedded mode, decided once from the environment.

Full: Postgres (``DATABASE_URL``) and Redis (``REDIS_URL``) with Celery workers.
Embedded: with no ``DATABASE_URL`` and no Postgres on 127.0.0.1:5432, SQLite; with no ``REDIS_URL``
and no Redis on 127.0.0.1:6379, Celery runs tasks in-process. ``KAYFABE_MODE=embedded`` forces both.
"""

import os
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from django.core.exceptions import ImproperlyConfigured

DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/kayfabe"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DATABASE_SCHEMES = {"postgres", "postgresql", "pgsql", "sqlite"}
REDIS_SCHEMES = {"redis", "rediss"}


class ConfigurationError(ImproperlyConfigured):
    """Bad configuration from the environment, reported as one line."""


@dataclass(frozen=True)
class Mode:
    database_url: str
    broker_url: str | None  # None: tasks run in-process

    @property
    def database(self):
        return "sqlite" if self.database_url.startswith("sqlite") else "postgres"

    @property
    def embedded_database(self):
        return self.database == "sqlite"

    @property
    def in_process_tasks(self):
        return self.broker_url is None

    @property
    def name(self):
        return "full" if not (self.embedded_database or self.in_process_tasks) else "embedded"

    def describe(self):
        db = "SQLite (embedded)" if self.embedded_database else "Postgres"
        tasks = "Celery tasks in-process (no broker)" if self.in_process_tasks else "Celery workers via Redis"
        return f"Kayfabe {self.name} mode: {db}; {tasks}"


def reachable(host, port, timeout=0.3):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def check_database_url(url):
    parts = urlsplit(url)
    if parts.scheme not in DATABASE_SCHEMES:
        raise ConfigurationError(
            f"DATABASE_URL {url!r} is malformed: scheme must be one of {', '.join(sorted(DATABASE_SCHEMES))}"
        )
    if parts.scheme != "sqlite":
        try:
            parts.port  # noqa: B018 - raises ValueError on a bad port
        except ValueError as exc:
            raise ConfigurationError(f"DATABASE_URL {url!r} is malformed: {exc}") from None
        if not parts.hostname and not parts.path.strip("/"):
            raise ConfigurationError(f"DATABASE_URL {url!r} is malformed: it names no host and no database")
        if not parts.path.strip("/"):
            raise ConfigurationError(f"DATABASE_URL {url!r} is malformed: it names no database")
    return url


def check_redis_url(url, name="REDIS_URL"):
    parts = urlsplit(url)
    if parts.scheme not in REDIS_SCHEMES:
        raise ConfigurationError(f"{name} {url!r} is malformed: scheme must be redis:// or rediss://")
    try:
        parts.port  # noqa: B018
    except ValueError as exc:
        raise ConfigurationError(f"{name} {url!r} is malformed: {exc}") from None
    _database_number(url, name)
    return url


def _database_number(url, name):
    path = urlsplit(url).path.strip("/") or "0"
    if not path.isdigit():
        raise ConfigurationError(f"{name} {url!r} is malformed: its database must be a number, not {path!r}")
    return int(path)


def cache_url(broker_url, environ=None):
    """The Redis database of the cache: ``CACHE_URL``, or the broker's server with the next database number. Never
    the broker's own database: cache keys all expire and may be evicted, the broker's queues must not be."""
    environ = os.environ if environ is None else environ
    url = environ.get("CACHE_URL", "").strip()
    if url:
        check_redis_url(url, "CACHE_URL")
    else:
        parts = urlsplit(broker_url)
        database = (_database_number(broker_url, "REDIS_URL") + 1) % 16
        url = urlunsplit((parts.scheme, parts.netloc, f"/{database}", parts.query, parts.fragment))
    same_server = urlsplit(url).netloc == urlsplit(broker_url).netloc
    if same_server and _database_number(url, "CACHE_URL") == _database_number(broker_url, "REDIS_URL"):
        raise ConfigurationError(f"CACHE_URL {url!r} is the broker's database (REDIS_URL): give the cache its own")
    return url


def detect(environ=None, sqlite_path="db.sqlite3"):
    environ = os.environ if environ is None else environ
    forced_embedded = environ.get("KAYFABE_MODE", "").lower() == "embedded"
    url = environ.get("DATABASE_URL", "").strip()
    if url:
        database_url = check_database_url(url)
    elif not forced_embedded and reachable("127.0.0.1", 5432):
        database_url = DEFAULT_POSTGRES_URL
    else:
        database_url = f"sqlite:///{sqlite_path}"
    redis = environ.get("REDIS_URL", "").strip()
    if redis:
        broker_url = check_redis_url(redis)
    elif not forced_embedded and reachable("127.0.0.1", 6379):
        broker_url = DEFAULT_REDIS_URL
    else:
        broker_url = None
    return Mode(database_url=database_url, broker_url=broker_url)


def checkout_name(base_dir):
    """The name of a checkout's folder as a database and queue name: ``/work/wt-week-home`` -> ``wt_week_home``."""
    name = "".join(ch if ch.isalnum() else "_" for ch in os.path.basename(os.path.normpath(str(base_dir))).lower())
    return name.strip("_")[:40] or "main"


def with_database(url, name):
    """``url`` naming the database ``name`` instead of its own."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def shown_url(url):
    """A database or Redis URL to print: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
