"""Issue 18 item 7 in Chromium at 1280 and 390 px: each contender's score breakdown on the league page, and a
wrestler on a losing run below those who won."""

import pytest
from playwright.sync_api import expect

from promotion.models import Title
from tests.factories import PromotionFactory, WrestlerFactory

from ..promotion.test_league import _result


@pytest.mark.parametrize("width", [1280, 390])
def test_the_league_page_shows_each_contenders_breakdown(browser, live_url, width):
    promotion = PromotionFactory(slug=f"contenders-{width}", is_public=True, current_week=2)
    Title.objects.create(promotion=promotion, name="World")
    star = WrestlerFactory(promotion=promotion, ring_name="Fading Star", prestige=500)
    rookie = WrestlerFactory(promotion=promotion, ring_name="Rising Rookie", prestige=100)
    steady = WrestlerFactory(promotion=promotion, ring_name="Steady Hand", prestige=200)
    cards = {}
    _result(cards, rookie, star, 0, "pinfall", 1)
    _result(cards, steady, star, 0, "submission", 2)
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(f"{live_url}/p/{promotion.slug}/league/")
    rows = page.locator("#title-" + str(Title.objects.get(promotion=promotion).pk) + " ~ table tbody tr")
    expect(rows.first).to_contain_text("Steady Hand")
    expect(rows.first).to_contain_text("Prestige 200 ÷ 20 = 10; 1 clean win × 15 = 15")
    expect(rows.nth(2)).to_contain_text("Fading Star")
    expect(rows.nth(2)).to_contain_text("2 losses × -10 = -20")
    wide = page.evaluate(
        "[...document.querySelectorAll('main *:not(.subnav, .subnav *)')].filter(e => e.getBoundingClientRect().right"
        " > document.documentElement.clientWidth + 1).slice(0, 6).map(e => e.tagName + '.' + e.className + ':'"
        " + Math.round(e.getBoundingClientRect().width) + ':' + e.textContent.slice(0, 20))"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= width, wide
    context.close()
