"""The moment users come for, in real browsers against the real ASGI server and a real Celery worker: a promoter
takes the demo card live at a fast pace, a fan watches the title match unfold, and the title page changes only
after the final bell. Then the fan walks from the finished match to the title page and the contender list."""

import time

import pytest
from django.db.models import Max
from playwright.sync_api import expect

from matches.booking import card_reorder
from matches.models import Card, Match, MatchEvent
from promotion.demo import DEMO_PASSWORD, load_demo
from promotion.models import TitleReign

pytestmark = pytest.mark.worker


def log_in(browser, live_url, username):
    context = browser.new_context()
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name=f"Log out {username}")).to_be_visible()
    return page


def wait_for(predicate, timeout=90, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def current_reign(title):
    reign = TitleReign.objects.get(title=title, is_current=True)
    return reign.number, sorted(reign.holders.values_list("ring_name", flat=True)), reign.defenses


def test_a_card_goes_live_and_a_fan_watches_the_title_match(browser, live_url, celery_worker, settings):
    settings.DEBUG = True
    load_demo()
    card = Card.objects.get(promotion__slug="rma")
    title_match = card.matches.exclude(title=None).filter(kind="singles").order_by("-order").first()
    # Air the world title match first, at a pace that lets the fan see it unfold: the seed is drawn at go-live, and
    # one match in twenty lasts 7 rounds or fewer (5 at least), so at 0.8 s a round even the shortest runs 4 s.
    order = [title_match.pk, *card.matches.exclude(pk=title_match.pk).order_by("order").values_list("pk", flat=True)]
    card_reorder(card=card, by=card.promotion.created_by, ordered_ids=order)
    Card.objects.filter(pk=card.pk).update(pace=0.8)
    title = title_match.title
    before = current_reign(title)

    promoter = log_in(browser, live_url, "promoter")
    promoter.goto(f"{live_url}{card.get_absolute_url()}")
    fan = log_in(browser, live_url, "player1")
    fan.goto(f"{live_url}{title_match.get_absolute_url()}")
    expect(fan.get_by_text("This match has not started yet.")).to_be_visible()

    promoter.get_by_role("button", name="Go live").click()
    expect(promoter.get_by_text(f"{card.name} is live!")).to_be_visible()

    # The fan's page is a live page once the match runs: lines arrive over SSE while it is still running.
    wait_for(lambda: Match.objects.get(pk=title_match.pk).status == "running", what="the match to start")
    fan.goto(f"{live_url}{title_match.get_absolute_url()}")
    log = fan.locator("#log > li")
    wait_for(lambda: log.count() >= 3, what="three lines")

    # Before the bell the title page shows the reign as it was (read while the match is still running).
    viewer = fan.context.new_page()
    viewer.goto(f"{live_url}{title.get_absolute_url()}")
    champion_before = viewer.locator(".champion").inner_text()
    assert Match.objects.get(pk=title_match.pk).status == "running", "the page above was served before the bell"
    for name in before[1]:
        assert name in champion_before
    assert current_reign(title) == before

    seen = log.count()
    first_board = fan.locator("#scoreboard").inner_text()
    wait_for(lambda: log.count() > seen + 3, what="more lines")
    assert Match.objects.get(pk=title_match.pk).status == "running", "lines must arrive before the final bell"
    expect(fan.locator("#result")).to_be_empty()
    assert fan.locator("#scoreboard").inner_text() != first_board

    # The result arrives on the fan's page, and the log is complete, in order, without duplicates.
    expect(fan.locator("#result")).to_contain_text("Result", timeout=90_000)
    finished = Match.objects.get(pk=title_match.pk)
    assert finished.status == "finished"
    seqs = [int(s) for s in fan.locator("#log > li").evaluate_all("els => els.map(e => e.dataset.seq)")]
    last = MatchEvent.objects.filter(match=finished).aggregate(m=Max("seq"))["m"]
    assert seqs == list(range(last + 1))

    # After the bell the title page tells the truth: a new champion, or one more defense.
    viewer.reload()
    after = current_reign(title)
    champion_after = viewer.locator(".champion").inner_text()
    if finished.title_changed:
        assert after[0] == before[0] + 1
        for name in after[1]:
            assert name in champion_after
    else:
        assert after[1] == before[1]
        assert after[2] >= before[2]
        assert f"{after[2]} defense" in champion_after

    # The fan walks from the finished match to the title page and on to the contender list.
    fan.reload()
    fan.get_by_role("link", name=title.name).first.click()
    expect(fan.get_by_role("heading", level=1)).to_have_text(title.name)
    fan.get_by_role("link", name="Contenders & weeks").click()
    expect(fan.get_by_role("heading", name=f"{title.name} contenders")).to_be_visible()
    for name in after[1]:
        expect(fan.locator(f"#title-{title.pk}").locator("..")).not_to_contain_text(name)  # champions are not ranked
    for page in (promoter, fan):
        page.context.close()
