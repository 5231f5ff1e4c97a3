"""Reachability of the database and the broker, for /healthz and its stream."""

from django.conf import settings
from django.db import connection


def database_ok():
    try:
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return True
    except Exception:  # noqa: BLE001 - any failure means unreachable
        return False


def broker_ok():
    mode = settings.KAYFABE_MODE
    if mode.in_process_tasks:
        return True  # embedded mode: tasks run in-process, there is no broker to reach
    import redis

    client = redis.Redis.from_url(mode.broker_url, socket_connect_timeout=1, socket_timeout=1)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()


def health():
    mode = settings.KAYFABE_MODE
    checks = {"database": database_ok(), "broker": broker_ok()}
    return {
        "status": "ok" if all(checks.values()) else "unavailable",
        "mode": mode.name,
        "database": {"ok": checks["database"], "engine": mode.database},
        "broker": {"ok": checks["broker"], "kind": "in-process" if mode.in_process_tasks else "redis"},
    }
