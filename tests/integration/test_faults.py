"""Faults with the real services: a task delivered twice at once, a worker's pool child killed, Redis restarted
mid-card, Redis down when the card goes live. After each: the card finishes, one result per match, and every event
log is gapless, duplicate-free and identical to a clean run with the same seeds."""

import os
import signal
import subprocess
import time

import pytest

from matches import services
from matches.models import Card, CardStatus, MatchEvent
from matches.tasks import run_card, sweep_stuck_cards
from tests.conftest import BIN, CeleryWorker, service_env
from tests.factories import book_card
from tests.integration.test_live_worker import assert_clean_card, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.fault]

REDIS_START = [
    "redis-server",
    "--daemonize",
    "yes",
    "--bind",
    "127.0.0.1",
    "--port",
    "6379",
    "--save",
    "",
    "--appendonly",
    "no",
]


def redis_up():
    return (
        subprocess.run(["redis-cli", "-h", "127.0.0.1", "ping"], capture_output=True, text=True).stdout.strip()
        == "PONG"
    )


def stop_redis():
    subprocess.run(["redis-cli", "-h", "127.0.0.1", "shutdown", "nosave"], capture_output=True)
    wait_for(lambda: not redis_up(), timeout=20, what="Redis to stop")


def start_redis():
    subprocess.run(REDIS_START, check=True, capture_output=True)
    wait_for(redis_up, timeout=20, what="Redis to start")


def finish_with_sweeps(card, timeout=120):
    """Run the sweeper as beat would until the card is finished."""
    deadline = time.monotonic() + timeout
    while Card.objects.get(pk=card.pk).status != CardStatus.FINISHED:
        assert time.monotonic() < deadline, "the card did not finish"
        if services.stuck_cards():
            sweep_stuck_cards()
        time.sleep(0.5)


def test_the_same_task_delivered_twice_at_once_runs_the_card_once(
    celery_worker, personas, test_database_name, tmp_path
):
    second = CeleryWorker(
        [
            str(BIN / "celery"),
            "-A",
            "config",
            "worker",
            "-c",
            "1",
            "--loglevel",
            "INFO",
            "-n",
            f"second-{os.getpid()}@%h",
        ],
        service_env(test_database_name),
        tmp_path / "second.log",
    ).start()
    try:
        second.wait_ready()
        card = book_card(personas.promotion, personas.promoter, matches=3, pace=0.02)
        services.card_go_live(card=card, by=personas.promoter)  # the first delivery
        run_card.delay(card.pk)  # the same task again, at once: the second worker takes it
        finish_with_sweeps(card)
        assert_clean_card(card)
    finally:
        second.stop()


def pool_children(pid):
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def test_a_killed_pool_child_is_replaced_and_the_card_finishes(celery_worker, personas):
    card = book_card(personas.promotion, personas.promoter, matches=3, pace=0.05)
    services.card_go_live(card=card, by=personas.promoter)
    wait_for(lambda: MatchEvent.objects.filter(match__card=card).count() >= 10, what="events")
    children = pool_children(celery_worker.proc.pid)
    assert children, "a prefork worker has a pool child"
    for child in children:
        os.kill(child, signal.SIGKILL)
    finish_with_sweeps(card)
    assert celery_worker.proc.poll() is None, "the worker itself survived and replaced its child"
    assert_clean_card(card)


def test_redis_restarted_mid_card(celery_worker, personas):
    card = book_card(personas.promotion, personas.promoter, matches=3, pace=0.05)
    services.card_go_live(card=card, by=personas.promoter)
    wait_for(lambda: MatchEvent.objects.filter(match__card=card).count() >= 5, what="events")
    try:
        stop_redis()
        time.sleep(1)
    finally:
        start_redis()
    finish_with_sweeps(card)
    assert_clean_card(card)


def test_redis_down_when_the_card_goes_live(celery_worker, personas):
    card = book_card(personas.promotion, personas.promoter, matches=2)
    try:
        stop_redis()
        started = time.monotonic()
        card, went_live = services.card_go_live(card=card, by=personas.promoter)  # must not raise
        assert went_live
        assert time.monotonic() - started < 10
        assert Card.objects.get(pk=card.pk).status == CardStatus.LIVE
    finally:
        start_redis()
    finish_with_sweeps(card)
    assert_clean_card(card)
