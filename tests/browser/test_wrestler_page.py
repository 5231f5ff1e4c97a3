"""The wrestler page of each ruleset in Chromium at 1280 and 390 px: readable (labels, not sheet keys), no sideways
scroll, a reasonable height. With SCREENSHOTS_DIR set, each page is saved there (docs/screenshots/)."""

import os
import re

import pytest
from playwright.sync_api import expect

from roster.services import injury_add
from tests.factories import PromotionFactory, WrestlerFactory, sheet_for

RULESETS = ("arm", "hp-d6", "wildknight")
WIDTHS = (1280, 390)
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\bFinisher (False|True)\b|\b(True|False)\b")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_wrestler_page_reads_like_a_card(browser, live_url, ruleset_id):
    promotion = PromotionFactory(ruleset=ruleset_id, is_public=True, slug=f"page-{ruleset_id}")
    wrestler = WrestlerFactory(
        promotion=promotion, ring_name="Card Reader", sheet=sheet_for(ruleset_id, "Card Reader", seed=3)
    )
    injury_add(wrestler=wrestler, body_part="leg", points=3)
    for width in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(live_url + wrestler.get_absolute_url())
        expect(page.get_by_role("heading", level=1)).to_have_text("Card Reader")
        if os.environ.get("SCREENSHOTS_DIR"):
            page.screenshot(
                path=os.path.join(os.environ["SCREENSHOTS_DIR"], f"wrestler-{ruleset_id}-{width}.png"), full_page=True
            )
        main = page.locator("main").inner_text()
        assert not RAW.search(main), RAW.search(main)
        assert "★ Finisher" in main
        assert "Leg: 3 points" in main and "Expected back in about" in main
        scroll_width, client_width, height = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth,"
            " document.documentElement.scrollHeight]"
        )
        assert scroll_width <= client_width, f"{width}px: the page scrolls sideways ({scroll_width} > {client_width})"
        assert height < (3000 if width == 1280 else 6000), f"{width}px: the page is {height}px tall"
        context.close()
