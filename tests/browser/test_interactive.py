"""Two players play a short match in two browsers, each calling his own wrestler's moves, while a fan watches the
same live stream in a third; against the real ASGI server, a real Celery worker and Chromium (issue 20)."""

import os
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from matches import services
from matches.models import Match, MatchDecision, MatchEvent
from matches.tasks import sweep_stuck_cards
from tests.matches.interactive_helpers import interactive_card, league

pytestmark = pytest.mark.worker
PASSWORD = "ring-rope-turnbuckle"  # tests.factories.UserFactory


def log_in(browser, live_url, username, width=1280, height=900):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name=f"Log out {username}")).to_be_visible()
    return page


def finished(match):
    return Match.objects.get(pk=match.pk).status == "finished"


def shoot(page, name):
    """Screenshots for a person to look at (SCREENSHOTS_DIR=dir, as the other browser tests)."""
    folder = os.environ.get("SCREENSHOTS_DIR")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=False)


def play_to_the_end(players, match, timeout=240, sweep=False):
    """Each player clicks an option whenever his call is on the page, until the bell. Returns the clicks per player.
    ``sweep``: run the sweeper as beat would whenever the card is stuck (fault tests)."""
    clicks = dict.fromkeys(players, 0)
    deadline = time.monotonic() + timeout
    first = True
    while not finished(match):
        assert time.monotonic() < deadline, f"the match did not end: {clicks}"
        for name, page in players.items():
            options = page.locator("#decision button.option")
            n = options.count()
            if n == 0:
                continue
            try:
                button = options.nth((clicks[name] * 7 + 3) % n)
                if first:
                    button.dblclick(timeout=2000)  # a double click makes one decision
                    first = False
                else:
                    button.click(timeout=2000)
                clicks[name] += 1
            except PlaywrightError:
                pass  # the panel changed under the click (the other player, or the next decision)
        if sweep and services.stuck_cards():
            sweep_stuck_cards()
        time.sleep(0.05)
    return clicks


@pytest.mark.parametrize("ruleset", ["arm", "hp-d6"])
def test_two_players_play_a_match_to_the_end_while_a_fan_watches(browser, live_url, celery_worker, ruleset):
    lg = league(ruleset, slug=f"browser-calls-{ruleset}")
    card, match = interactive_card(lg, minutes=1, seconds=60, live=False)
    narrow = {"width": 390, "height": 844}  # one player on a phone: blue in the one match, red in the other
    red = log_in(browser, live_url, lg.red.username, **(narrow if ruleset != "arm" else {}))
    blue = log_in(browser, live_url, lg.blue.username, **(narrow if ruleset == "arm" else {}))
    fan = log_in(browser, live_url, lg.viewer.username)
    services.card_go_live(card=card, by=lg.promoter)
    deadline = time.monotonic() + 60
    while not MatchDecision.objects.filter(match=match).exists():
        assert time.monotonic() < deadline, "the worker never reached the first decision"
        time.sleep(0.1)
    for page in (red, blue, fan):
        page.goto(f"{live_url}{match.get_absolute_url()}")

    # one of the two has the call; the other sees whose turn it is; the fan sees neither
    first = MatchDecision.objects.filter(match=match).order_by("index").first()
    caller, other = (red, blue) if first.side == 0 else (blue, red)
    expect(caller.get_by_text("Your call:")).to_be_visible()
    expect(caller.locator("#decision .countdown")).to_contain_text("s left")
    expect(other.locator("#decision")).to_contain_text(f"{first.wrestler}'s decision")
    expect(fan.locator("#decision")).to_have_count(0)
    shoot(caller, f"{ruleset}-decision")
    shoot(other, f"{ruleset}-waiting")

    clicks = play_to_the_end({"red": red, "blue": blue}, match)
    assert clicks["red"] >= 1 and clicks["blue"] >= 1, clicks

    made = MatchDecision.objects.filter(match=match)
    assert made.filter(made__isnull=True).count() == 0
    assert made.filter(chosen_by=lg.red).exists() and made.filter(chosen_by=lg.blue).exists()
    assert made.get(index=first.index).chosen_by_id in (lg.red.pk, lg.blue.pk)  # the double click counted once
    # the fan saw the same match, line for line, to the result
    expect(fan.locator("#result")).not_to_be_empty(timeout=30_000)
    lines = MatchEvent.objects.filter(match=match).count()
    expect(fan.locator("#log > li")).to_have_count(lines)
    decision_lines = MatchEvent.objects.filter(match=match, type="decision").count()
    assert decision_lines >= clicks["red"] // 2
    for page in (red, blue):
        expect(page.locator("#result")).not_to_be_empty()
    assert not fan.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    for page in (red, blue):  # one is 390 px wide: no sideways scroll
        assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def test_a_promoter_books_a_match_the_players_play(browser, live_url):
    lg = league(slug="browser-booking")
    from matches.booking_services import card_create

    card = card_create(promotion=lg.promotion, by=lg.promoter, name="Calls Night")
    page = log_in(browser, live_url, lg.promoter.username)
    page.goto(f"{live_url}/p/{lg.promotion.slug}/cards/{card.pk}/edit/")
    page.locator("#id_side0_0").select_option(label="Red Rocket")
    page.locator("#id_side1_0").select_option(label="Blue Thunder")
    page.get_by_label("Played by the players").check()
    page.get_by_role("button", name="Book match").click()
    expect(page.locator("#lineup")).to_contain_text("played by the players")
    page.get_by_label("Seconds per decision").fill("5")
    page.get_by_role("button", name="Save card details").click()
    expect(page.get_by_text("Ensure this value is greater than or equal to 10.")).to_be_visible()
    page.get_by_label("Seconds per decision").fill("45")
    page.get_by_role("button", name="Save card details").click()
    expect(page.get_by_text("Card details saved.")).to_be_visible()
    shoot(page, "builder")
    match = card.matches.get()
    assert match.interactive
    card.refresh_from_db()
    assert card.decision_seconds == 45
