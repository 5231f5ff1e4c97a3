"""Faults with the real services, each at several points of a card drawn from a seeded RNG (the seed is in the test
id; KAYFABE_FAULT_SEED picks others): the worker killed with SIGKILL, only its pool child killed, the same task
delivered twice at once, Redis restarted mid-card while a browser streams the match, Redis down when the promoter
presses "Go live" (refused: rate limits fail closed). Postgres restarts are in test_faults_postgres.py.

After each, tests/integration/faultcheck.py proves the card ended as a clean run with the same seeds would have:
one result per match, gapless duplicate-free events identical to a clean resolve, the ledger, records, title
lineages and injuries recomputed from scratch; and a browser watching saw no server error."""

import os
import signal
import subprocess
import time

import pytest
from playwright.sync_api import expect

from matches import services
from matches.models import Card, CardStatus
from matches.tasks import run_card, sweep_stuck_cards
from tests.conftest import CeleryWorker, service_env, worker_command
from tests.integration.faultcheck import (
    BrowserWatch,
    assert_as_clean_run,
    book_title_card,
    fault_point,
    fault_points,
    finish_with_sweeps,
    league_before,
    stored_events,
    wait_for_events,
)
from tests.integration.test_live_worker import wait_for

pytestmark = [pytest.mark.worker, pytest.mark.fault, pytest.mark.browser]

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


def go_live(personas, pace, fraction, page, live_url):
    """A three-match card with a title on the line goes live, and a viewer opens the match the fault will strike in
    and the card. Returns the card, the league as it was before, the number of stored events at which to strike,
    the card's total, and the viewer."""
    card = book_title_card(personas, pace=pace)
    before = league_before(card)
    services.card_go_live(card=card, by=personas.promoter)
    k, match, total = fault_point(card, fraction)
    return card, before, k, total, BrowserWatch(page, live_url, card).open_match(match)


# --- the worker killed --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fraction", fault_points("worker-sigkill"))
def test_a_worker_killed_with_sigkill_mid_card_is_replaced_and_the_card_finishes_cleanly(
    celery_worker, live_url, page, personas, fraction
):
    card, before, k, total, viewer = go_live(personas, 0.1, fraction, page, live_url)
    wait_for_events(card, k)
    celery_worker.kill()  # SIGKILL to the worker and its pool: no clean shutdown, the task is never acknowledged
    killed_at = stored_events(card)
    assert killed_at < total, "the fault must strike while the card is still airing"
    celery_worker.start().wait_ready()
    finish_with_sweeps(card)  # beat's sweeper re-enqueues the card once the dead worker's lease has run out
    assert stored_events(card) > killed_at
    viewer.assert_saw_the_end()
    assert_as_clean_run(card, before)


def pool_children(pid):
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


@pytest.mark.parametrize("fraction", fault_points("pool-child-sigkill"))
def test_a_killed_pool_child_is_replaced_and_the_card_finishes(celery_worker, live_url, page, personas, fraction):
    card, before, k, total, viewer = go_live(personas, 0.1, fraction, page, live_url)
    wait_for_events(card, k)
    children = pool_children(celery_worker.proc.pid)
    assert children, "a prefork worker has a pool child"
    for child in children:
        os.kill(child, signal.SIGKILL)
    assert stored_events(card) < total, "the fault must strike while the card is still airing"
    finish_with_sweeps(card)
    assert celery_worker.proc.poll() is None, "the worker itself survived and replaced its child"
    viewer.assert_saw_the_end()
    assert_as_clean_run(card, before)


# --- the same task twice at once --------------------------------------------------------------------------------


@pytest.fixture
def second_worker(celery_worker, test_database_name, tmp_path):
    worker = CeleryWorker(
        worker_command(f"second-{os.getpid()}@%h"),
        service_env(test_database_name),
        tmp_path / "second.log",
    ).start()
    try:
        worker.wait_ready()
        yield worker
    finally:
        worker.stop()


@pytest.mark.parametrize("fraction", [pytest.param(0.0, id="at-go-live"), *fault_points("twice-delivered", n=2)])
def test_the_same_task_delivered_twice_at_once_runs_the_card_once(
    celery_worker, second_worker, live_url, page, personas, fraction
):
    card, before, k, total, viewer = go_live(personas, 0.05, fraction, page, live_url)  # the first delivery
    if fraction:
        wait_for_events(card, k)
        assert stored_events(card) < total
    # The same task again, twice at once: the idle worker takes one while the busy one is mid-match.
    run_card.delay(card.pk)
    run_card.delay(card.pk)
    finish_with_sweeps(card)
    viewer.assert_saw_the_end()
    assert_as_clean_run(card, before)


# --- Redis ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fraction", fault_points("redis-restart"))
def test_redis_restarted_mid_card_and_mid_stream(celery_worker, live_url, page, personas, fraction):
    card, before, k, total, viewer = go_live(personas, 0.1, fraction, page, live_url)
    wait_for_events(card, k)
    assert stored_events(card) < total, "the fault must strike while the card is still airing"
    try:
        stop_redis()
        viewer.arrive()
        assert viewer.arrived() == [[200, 200], [200, 200]]  # pages never need Redis
        time.sleep(1)
    finally:
        start_redis()
    finish_with_sweeps(card)
    viewer.assert_saw_the_end()
    assert_as_clean_run(card, before)


def test_redis_down_when_the_promoter_presses_go_live(celery_worker, live_url, page, personas):
    card = book_title_card(personas, pace=0.02)
    before = league_before(card)
    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill(personas.promoter.username)
    page.get_by_label("Password").fill("ring-rope-turnbuckle")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name=f"Log out {personas.promoter.username}")).to_be_visible()
    promoter = BrowserWatch(page, live_url, card).open_match(card.matches.order_by("order").first())
    try:
        stop_redis()
        started = time.monotonic()
        # Rate limits fail closed (docs/security.md): without its count the press is refused, never a 500.
        with promoter.card_page.expect_response(lambda r: r.url.endswith("/go-live/")) as answer:
            promoter.card_page.get_by_role("button", name="Go live").click()
        assert answer.value.status == 429
        expect(promoter.card_page.get_by_text("Too many requests")).to_be_visible()
        assert time.monotonic() - started < 10
        assert Card.objects.get(pk=card.pk).status == CardStatus.BOOKED, "refused: nothing changed"
    finally:
        start_redis()
    promoter.card_page.goto(live_url + card.get_absolute_url())
    promoter.card_page.get_by_role("button", name="Go live").click()  # pressed again once Redis is back
    expect(promoter.card_page.get_by_text(f"{card.name} is live!")).to_be_visible()
    finish_with_sweeps(card)
    assert sweep_stuck_cards() == []
    promoter.assert_saw_the_end()
    assert_as_clean_run(card, before)
