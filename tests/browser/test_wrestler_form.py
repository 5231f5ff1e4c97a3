"""Issue 18 item 4 in Chromium at 1280 and 390 px: a wrestler built with three mistakes shows all three errors at
once, each beside its field; the budget line answers as the player types."""

import pytest
from playwright.sync_api import expect

from tests.conftest import Personas

from .test_roster_flow import PASSWORD


@pytest.mark.parametrize("width", [1280, 390])
def test_three_mistakes_show_at_once_and_the_budget_answers(browser, live_url, width):
    p = Personas(ruleset="arm")
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill(p.player.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_url}/p/{p.promotion.slug}/roster/new/?archetype=example")
    expect(page.locator("#budget")).to_have_text(
        "Talent: 45 of 50 spent (attributes 41, merits 3, training 1), 5 left."
    )
    page.locator("#id_sheet_attributes_STR").fill("16")  # over the Talent pool
    expect(page.locator("#budget")).to_contain_text("52 of 50 spent")
    expect(page.locator("#budget")).to_contain_text("2 over the pool")
    page.locator("#id_sheet_attributes_STR").fill("12")
    expect(page.locator("#budget")).to_contain_text("5 left")

    # Three mistakes: no name, an attribute out of range, a weight below the table (an over-long text: the view test).
    page.locator("#id_sheet_attributes_TEC").fill("25")
    page.locator("#id_sheet_weight").fill("50")
    page.get_by_role("button", name="Save wrestler").click()
    expect(page.locator("#form-errors")).to_contain_text("This wrestler was not saved")
    expect(page.locator("#id_sheet_name_error")).to_have_text("is required")
    expect(page.locator("#id_sheet_attributes_TEC_error")).to_have_text("must be between 3 and 18, got 25")
    expect(page.locator("#id_sheet_weight_error")).to_contain_text("50")
    width_now = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        "[...document.querySelectorAll('main *:not(.subnav, .subnav *)')].filter(e => e.getBoundingClientRect().right >"
        " document.documentElement.clientWidth + 1).slice(0, 6).map(e => e.tagName + '#' + e.id + '.' + e.className"
        " + ':' + Math.round(e.getBoundingClientRect().width))"
    )
    assert width_now <= width, wide
    context.close()
