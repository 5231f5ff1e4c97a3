import subprocess
import sys

import pytest

from config.modes import ConfigurationError, cache_url, detect
from tests.conftest import BASE_DIR


def test_it_uses_the_database_url_when_given():
    mode = detect({"DATABASE_URL": "postgres://u@db.example:5432/league", "REDIS_URL": "redis://cache:6379/1"})
    assert mode.database_url == "postgres://u@db.example:5432/league"
    assert mode.broker_url == "redis://cache:6379/1"
    assert mode.name == "full"
    assert mode.describe() == "Kayfabe full mode: Postgres; Celery workers via Redis"


def test_it_falls_back_to_sqlite_and_in_process_tasks_when_forced_embedded(tmp_path):
    mode = detect({"KAYFABE_MODE": "embedded"}, sqlite_path=str(tmp_path / "k.sqlite3"))
    assert mode.database_url == f"sqlite:///{tmp_path / 'k.sqlite3'}"
    assert mode.broker_url is None
    assert mode.name == "embedded"
    assert "SQLite" in mode.describe() and "in-process" in mode.describe()


def test_it_finds_the_local_services_when_nothing_is_configured():
    # make test starts Postgres and Redis on 127.0.0.1, so detection must find both.
    mode = detect({})
    assert mode.database == "postgres"
    assert mode.broker_url == "redis://127.0.0.1:6379/0"


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("nonsense", "scheme must be one of"),
        ("mysql://root@localhost/db", "scheme must be one of"),
        ("postgres://u@host:port/db", "Port could not be cast"),
        ("postgres://u@host:5432/", "names no database"),
    ],
)
def test_it_rejects_a_malformed_database_url(url, reason):
    with pytest.raises(ConfigurationError, match=reason):
        detect({"DATABASE_URL": url})


def test_it_rejects_a_malformed_redis_url():
    with pytest.raises(ConfigurationError, match="REDIS_URL"):
        detect({"DATABASE_URL": "sqlite:///x.db", "REDIS_URL": "http://localhost:6379"})


def test_manage_py_reports_a_bad_database_url_in_one_line():
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=BASE_DIR,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": "postgres://u@host:port/db"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert lines == [
        "Kayfabe configuration error: DATABASE_URL 'postgres://u@host:port/db' is malformed: "
        "Port could not be cast to integer value as 'port'"
    ]
    assert "Traceback" not in result.stderr


def test_the_cache_gets_the_brokers_next_database_unless_told_otherwise():
    assert cache_url("redis://cache:6379/0", {}) == "redis://cache:6379/1"
    assert cache_url("redis://cache:6379", {}) == "redis://cache:6379/1"
    assert cache_url("redis://cache:6379/14", {"CACHE_URL": "redis://cache:6379/15"}) == "redis://cache:6379/15"
    assert cache_url("redis://a:6379/0", {"CACHE_URL": "redis://b:6379/0"}) == "redis://b:6379/0", "another server"


@pytest.mark.parametrize(
    ("environ", "reason"),
    [
        ({"CACHE_URL": "redis://cache:6379/0"}, "is the broker's database"),
        ({"CACHE_URL": "memcached://cache:11211"}, "CACHE_URL 'memcached://cache:11211' is malformed"),
        ({"CACHE_URL": "redis://cache:6379/cache"}, "its database must be a number"),
    ],
)
def test_a_cache_url_that_would_share_the_brokers_database_or_is_malformed_is_refused(environ, reason):
    with pytest.raises(ConfigurationError, match=reason):
        cache_url("redis://cache:6379/0", environ)
