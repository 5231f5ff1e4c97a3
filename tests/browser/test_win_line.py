"""The chance-to-win plot in a real browser (issue 21 item 2): a card airs at a pace on the real worker and ASGI
server; a fan on the match page sees the plot appear and move with the rounds, over the same SSE stream as the
play-by-play, and read 100 % for the winner at the final bell."""

import time

import pytest
from playwright.sync_api import expect

from matches import services
from matches.models import Match, WinChance
from tests.factories import book_card

pytestmark = pytest.mark.worker


def wait_for(predicate, timeout=90, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def points(page):
    svg = page.locator("#win-line svg")
    return int(svg.get_attribute("data-points")) if svg.count() else 0


def test_a_fan_sees_the_chance_to_win_appear_and_move_with_the_rounds(page, live_url, celery_worker, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1, pace=1.0, name="Line Card")
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "running", what="the match to start")

    page.goto(f"{live_url}{match.get_absolute_url()}")
    expect(page.get_by_role("heading", name="Chance to win")).to_be_visible()
    wait_for(lambda: points(page) >= 2, what="the plot to appear")
    first = points(page)
    first_caption = page.locator("#win-line figcaption").inner_text()
    assert "After round" in first_caption
    wait_for(lambda: points(page) > first, what="the plot to move")
    assert Match.objects.get(pk=match.pk).status == "running", "the plot must move while the match airs"
    assert page.locator("#win-line polyline").count() == 2

    expect(page.locator("#result")).to_contain_text("Result", timeout=90_000)
    expect(page.locator("#win-line figcaption")).to_contain_text("At the final bell.")
    expect(page.locator("#win-line figcaption")).to_contain_text("100 %")
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", what="the result to be applied")
    assert points(page) == WinChance.objects.filter(match=match).count()
