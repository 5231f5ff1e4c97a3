"""The moment users come for, in real browsers against the real ASGI server and a real Celery worker: a promoter
takes the demo card live at a fast pace, a fan watches the title match unfold, and the title page changes only
after the final bell. Then the fan walks from the finished match to the title page and the contender list."""

import re
import time

import pytest
from django.db.models import Max
from playwright.sync_api import expect

from matches import worker
from matches.booking_services import card_reorder
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
    # The result event streams as soon as it is stored; the league applies it in the worker's next transaction.
    wait_for(lambda: Match.objects.get(pk=title_match.pk).status == "finished", what="the result to be applied")
    finished = Match.objects.get(pk=title_match.pk)
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


def a_paced_match(ruleset_id="arm", rounds=(16, 28)):
    """A one-match card of ``ruleset_id`` taken live, whose seed gives a match of ``rounds`` rounds (the seed is
    fixed before the worker sees the card: go-live and the seed commit together), at a pace of about ten seconds
    for the match. Returns the match."""
    from django.db import transaction

    from matches import services
    from rules import RandomDice
    from tests.conftest import Personas
    from tests.factories import book_card

    league = Personas(ruleset=ruleset_id)
    card = book_card(league.promotion, league.promoter, matches=1, name="Paced")
    with transaction.atomic():  # the worker is enqueued on commit, with the seed below
        services.card_go_live(card=card, by=league.promoter)
        match = card.matches.select_related("card__promotion").get()
        ruleset, setup = worker.frozen_setup(match)
        for seed in range(500):
            last = list(ruleset.resolve(setup, RandomDice(seed), seed=seed))[-1]
            if rounds[0] <= last["rounds"] <= rounds[1]:
                break
        Match.objects.filter(pk=match.pk).update(seed=seed)
        Card.objects.filter(pk=card.pk).update(pace=round(10 / last["rounds"], 2))
    return match


AT_THE_BOTTOM = "log => log.scrollHeight - log.clientHeight - log.scrollTop <= 2"
OVERFLOWS = "log => log.scrollHeight > log.clientHeight + 40"


def newest_line_is_visible(page):
    return page.evaluate(
        """() => {
            const log = document.getElementById('log');
            const lines = [...log.querySelectorAll(':scope > li')];
            const newest = lines.reduce((a, b) => (+b.dataset.seq > +a.dataset.seq ? b : a));
            const box = log.getBoundingClientRect(), line = newest.getBoundingClientRect();
            return line.top >= box.top - 1 && line.bottom <= box.bottom + 1;
        }"""
    )


def seqs(page):
    return [int(s) for s in page.locator("#log > li").evaluate_all("els => els.map(e => e.dataset.seq)")]


def test_the_live_page_follows_the_action_and_flips_at_the_final_bell(browser, live_url, celery_worker):
    match = a_paced_match()
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "running", what="the match to start")
    context = browser.new_context(viewport={"width": 1280, "height": 600})
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_url + match.get_absolute_url())
    expect(page.locator("#match-status")).to_have_text("Live now.")
    page.evaluate("window.kayfabeSamePage = true")  # gone if the page reloads
    log = page.locator("#log")
    assert log.get_attribute("aria-live") is None  # screen readers get the summary, not every line

    # New lines scroll into view as they arrive.
    wait_for(lambda: log.evaluate(OVERFLOWS), what="the log to overflow its box")
    count = log.locator("> li").count()
    wait_for(lambda: log.locator("> li").count() > count, what="a new line")
    assert log.evaluate(AT_THE_BOTTOM) and newest_line_is_visible(page)
    expect(page.locator("#live-summary")).to_have_text(re.compile(r"^\d+ new lines?\. Latest: .+"))

    # Scrolled up to read, the viewer stays where he is; a button counts the new lines and jumps down.
    log.hover()
    page.mouse.wheel(0, -5000)
    wait_for(lambda: log.evaluate("log => log.scrollTop") == 0, what="the log to scroll up")
    count = log.locator("> li").count()
    wait_for(lambda: log.locator("> li").count() > count, what="a new line")
    assert log.evaluate("log => log.scrollTop") == 0
    jump = page.locator("#new-lines")
    expect(jump).to_be_visible()
    expect(jump).to_have_text(re.compile(r"\d+ new lines?"))
    jump.click()
    expect(jump).to_be_hidden()
    assert log.evaluate(AT_THE_BOTTOM) and newest_line_is_visible(page)

    # Newest first: the log turns over and keeps the newest line on top as lines arrive.
    toggle = page.get_by_role("button", name="Newest first")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    count = log.locator("> li").count()
    wait_for(lambda: log.locator("> li").count() > count, what="a new line")
    shown = seqs(page)
    assert shown == sorted(shown, reverse=True) and log.evaluate("log => log.scrollTop") == 0

    # The final bell: status, result and recap arrive without a reload.
    expect(page.locator("#match-status")).to_have_text("Finished.", timeout=60_000)
    assert page.evaluate("window.kayfabeSamePage === true")
    expect(page.locator("#result")).to_contain_text("Result")
    expect(page.get_by_text("Live now.")).to_have_count(0)
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", what="the result to be applied")
    finished = Match.objects.get(pk=match.pk)
    expect(page.locator("#recap")).to_have_text(finished.recap)
    expect(page.locator("#result")).to_contain_text(finished.result_text)
    expect(page.locator("#live-summary")).to_have_text(re.compile(r"^Finished\. "))
    last = MatchEvent.objects.filter(match=finished).aggregate(m=Max("seq"))["m"]
    assert sorted(seqs(page)) == list(range(last + 1))  # every line once, none missing
    assert seqs(page)[0] == last and "event-result" in log.locator("> li").first.get_attribute("class")

    # Newest first is remembered in this browser; turned off, the log reads from the opening bell.
    page.reload()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert seqs(page)[0] == last
    toggle.click()
    assert seqs(page) == list(range(last + 1))
    context.close()

    # A finished match shows its result and recap on the first screen, on a laptop and on a phone.
    for width, height in ((1280, 800), (390, 844)):
        viewer = browser.new_context(viewport={"width": width, "height": height})
        screen = viewer.new_page()
        screen.goto(live_url + finished.get_absolute_url())
        for part in ("#result .result-text", "#recap"):
            box = screen.locator(part).bounding_box()
            assert box and box["y"] + box["height"] <= height, f"{part} is below the first screen at {width}px"
        expect(screen.locator("#recap")).to_have_text(finished.recap)
        viewer.close()


ADD_LINES = """lines => {
  const added = document.createDocumentFragment();
  for (const [seq, folded, text] of lines) {
    const li = document.createElement("li");
    li.className = "event event-attack" + (folded ? " folded" : "");
    li.dataset.seq = seq;
    li.hidden = folded;
    li.innerHTML = '<span class="text"></span>';
    li.querySelector(".text").textContent = text;
    added.appendChild(li);
  }
  document.getElementById("log").appendChild(added);  // one mutation, as one htmx swap
}"""


def test_a_line_the_commentary_folded_is_neither_counted_nor_read_out_as_the_latest(browser, live_url):
    """The summary screen readers hear ("3 new lines. Latest: ...") names the newest line with words of its own. A
    line the commentary folded into the next one has none (only its dice, or nothing shown): it is not counted and
    never stands as the latest, which read "Latest: " with nothing after it."""
    from tests.conftest import Personas
    from tests.factories import book_card

    league = Personas(ruleset="arm")
    match = book_card(league.promotion, league.promoter, matches=1, name="Quiet").matches.get()
    page = browser.new_page()
    page.goto(live_url + match.get_absolute_url())
    summary = page.locator("#live-summary")
    page.evaluate(ADD_LINES, [[9001, True, ""]])
    page.wait_for_timeout(500)  # the first summary is spoken at once
    expect(summary).to_have_text("")
    page.evaluate(ADD_LINES, [[9002, False, "Steel hits a Body Slam."], [9003, True, ""]])
    expect(summary).to_have_text("1 new line. Latest: Steel hits a Body Slam.")
    page.close()
