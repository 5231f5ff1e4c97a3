"""Faults in the middle of a match the players play (issue 20 item 3), with the real worker, Redis, Postgres, a real
uvicorn and Chromium: the worker killed with SIGKILL right after a choice, the web server killed and started again
while both players are on the page, and a decision nobody makes timed out by the countdown task alone (no sweeper).

After each: the match is finished once; every decision was made once (one row per index, none lost: each one made
before the fault is in the log); the stored events are gapless and identical to a clean replay of the seed with the
decisions made; the ledger is written once."""

import contextlib
import json
import time

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from matches import interactive, services, worker
from matches.models import Match, MatchDecision, MatchEvent
from matches.tasks import sweep_stuck_cards
from promotion.models import PrestigeEntry
from rules import stepwise
from tests.browser.test_interactive import log_in, play_to_the_end
from tests.conftest import BIN, ServiceProcess, free_port, service_env
from tests.integration.test_live_worker import wait_for
from tests.matches.interactive_helpers import interactive_card, league

pytestmark = [pytest.mark.worker, pytest.mark.fault]


def assert_clean(match):
    match = Match.objects.select_related("card__promotion").get(pk=match.pk)
    assert match.status == "finished"
    rows = list(MatchDecision.objects.filter(match=match).order_by("index"))
    assert len({r.index for r in rows}) == len(rows) and all(r.made for r in rows)
    ruleset, setup = worker.frozen_setup(match)
    step = stepwise.play(ruleset, setup, match.seed, [r.as_choice() for r in rows])
    assert step.over
    stored = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    assert [e["seq"] for e in stored] == list(range(len(stored)))
    assert stored == json.loads(json.dumps(step.events))
    noted = {e["decision"] for e in stored if e["type"] == "decision"}
    handed = {
        s: min(r.index for r in rows if r.side == s and r.auto == "tactics")
        for s in {r.side for r in rows}
        if any(r.side == s and r.auto == "tactics" for r in rows)
    }
    for r in rows:  # every decision made is in the log (after a hand-over the tactics choose quietly)
        assert r.index in noted or r.index > handed.get(r.side, 10**9)
    result = stored[-1]
    assert (match.method, match.rounds) == (result["method"], result["rounds"])
    entries = PrestigeEntry.objects.filter(match=match)
    assert entries.count() == len({(e.wrestler_id, e.reason) for e in entries})  # nothing applied twice


def pick(d):
    """An option that keeps the match going a while (not a bump of the referee, a quick disqualification)."""
    fair = [o["id"] for o in d.options if not o["id"].startswith("referee")]
    return fair[d.index % len(fair)]


def choose_until_over(lg, match, timeout=180, after_each=None):
    """Both players make each decision as it comes (through the services, as the web does), running the sweeper as
    beat would whenever the card is stuck."""
    deadline = time.monotonic() + timeout
    made = 0
    while Match.objects.get(pk=match.pk).status != "finished":
        assert time.monotonic() < deadline, f"the match did not end ({made} decisions made)"
        d = interactive.current_decision(match)
        if d is not None:
            player = lg.red if d.side == 0 else lg.blue
            try:
                interactive.decision_make(match=match, by=player, index=d.index, option=pick(d))
            except interactive.DecisionRefused:
                continue  # timed out meanwhile
            made += 1
            if after_each:
                after_each(made)
        elif services.stuck_cards():
            sweep_stuck_cards()
        time.sleep(0.05)
    return made


def test_a_worker_killed_right_after_a_choice_loses_no_decision(celery_worker, transactional_db):
    lg = league(slug="fault-kill")
    card, match = interactive_card(lg, minutes=1, seconds=120, before=1)
    wait_for(lambda: interactive.current_decision(match) is not None, what="the first decision")
    kills = []

    def kill_on_third(made):
        if made in (2, 5):  # the choice is committed and its task enqueued: the worker dies as it picks it up
            celery_worker.kill()
            kills.append(MatchDecision.objects.filter(match=match, made__isnull=False).count())
            celery_worker.start().wait_ready()

    choose_until_over(lg, match, after_each=kill_on_third)
    assert len(kills) == 2
    assert_clean(match)


@pytest.fixture
def web_server(test_database_name, tmp_path):
    """A uvicorn of this test's own, to kill and start again on the same port."""
    port = free_port()
    server = ServiceProcess(
        [str(BIN / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1", "--port", str(port)],
        service_env(test_database_name),
        tmp_path / "uvicorn.log",
    )
    url = f"http://127.0.0.1:{port}"

    def up():
        try:
            return httpx.get(f"{url}/healthz", timeout=2).status_code in (200, 503)
        except httpx.HTTPError:
            return False

    def start():
        server.start()
        wait_for(up, timeout=30, what="uvicorn to start")

    server.up, server.url, server.restart = up, url, start
    start()
    yield server
    server.stop()


def test_the_web_server_killed_and_started_again_mid_match(browser, web_server, celery_worker, transactional_db):
    lg = league(slug="fault-web")
    card, match = interactive_card(lg, minutes=1, seconds=120, live=False)
    url = web_server.url
    red, blue = log_in(browser, url, lg.red.username), log_in(browser, url, lg.blue.username)
    services.card_go_live(card=card, by=lg.promoter)
    wait_for(lambda: interactive.current_decision(match) is not None, what="the first decision")
    for page in (red, blue):
        page.goto(f"{url}{match.get_absolute_url()}")
    deadline = time.monotonic() + 60
    while MatchDecision.objects.filter(match=match, made__isnull=False).count() < 3:  # a few calls first
        assert time.monotonic() < deadline
        for page in (red, blue):
            options = page.locator("#decision button.option")
            if options.count():
                with contextlib.suppress(PlaywrightError):  # the panel changed under the click
                    options.first.click(timeout=2000)
        time.sleep(0.1)
    made_before = MatchDecision.objects.filter(match=match, made__isnull=False).count()
    web_server.kill()
    assert not web_server.up()
    web_server.restart()

    def pending_or_over():
        # a choice committed just before the kill may have died with its enqueue: beat's sweeper picks the match up
        if services.stuck_cards():
            sweep_stuck_cards()
        return interactive.current_decision(match) is not None or Match.objects.get(pk=match.pk).status == "finished"

    wait_for(pending_or_over, what="the pending decision")
    pending = interactive.current_decision(match)
    for page in (red, blue):
        page.goto(f"{url}{match.get_absolute_url()}")
    if pending is not None:  # the one whose call it is comes back to the same decision
        caller = red if pending.side == 0 else blue
        expect(caller.locator(f'#decision input[name="index"][value="{pending.index}"]')).to_have_count(1)
    play_to_the_end({"red": red, "blue": blue}, match, sweep=True)
    assert MatchDecision.objects.filter(match=match, made__isnull=False).count() >= made_before
    assert_clean(match)


def test_a_decision_nobody_makes_is_timed_out_by_the_countdown_task(celery_worker, transactional_db):
    lg = league(slug="fault-clock")
    card, match = interactive_card(lg, minutes=1, seconds=10)
    wait_for(lambda: interactive.current_decision(match) is not None, what="the first decision")
    first = interactive.current_decision(match)
    # no sweeper here: only the countdown task the worker set for the deadline
    wait_for(lambda: MatchDecision.objects.get(pk=first.pk).made is not None, timeout=30, what="the time-out")
    row = MatchDecision.objects.get(pk=first.pk)
    assert row.auto == "timeout" and row.made >= row.deadline
    wait_for(lambda: (interactive.current_decision(match) or first).index > first.index, what="the next decision")
    note = MatchEvent.objects.get(match=match, type="decision", data__decision=first.index)
    assert note.data["auto"] == "timeout"
    # the rest is handed to the tactics by both players; the match ends as the engine says
    for _ in range(2):
        d = interactive.current_decision(match)
        if d is None:
            break
        player = lg.red if d.side == 0 else lg.blue
        interactive.decision_make(match=match, by=player, index=d.index, hand_over=True)
        wait_for(
            lambda d=d: (
                interactive.current_decision(match) is None or interactive.current_decision(match).index > d.index
            ),
            what="the worker to move on",
        )
        wait_for(
            lambda: Match.objects.get(pk=match.pk).status == "finished" or interactive.current_decision(match),
            what="the next decision or the bell",
        )
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", what="the bell")
    assert_clean(match)
