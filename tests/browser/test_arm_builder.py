"""The ARM builder in a real browser: add an arsenal row with HTMX, remove one, and watch the entry's numbers."""

import re

from playwright.sync_api import expect

from tests.conftest import Personas

from .test_roster_flow import log_in


def test_a_player_adds_an_arsenal_entry_and_sees_its_level_damage_and_skill(browser, live_url):
    p = Personas(ruleset="arm")
    page = log_in(browser, live_url, p.player.username)
    page.goto(f"{live_url}/p/{p.promotion.slug}/roster/new/")
    expect(page.locator('textarea[name="sheet.json"]')).to_have_count(0)
    # The form starts blank; the player starts from the rules' example instead.
    expect(page.locator("#id_sheet_name")).to_have_value("")
    page.get_by_label("Start from").select_option("example")
    page.get_by_role("button", name="Start over from it").click()
    page.locator("#id_sheet_name").fill("Browser Steel")
    # Rick Steel's BRA arsenal is full (5 slots): drop the Kick, add a Flying Elbow Drop.
    page.locator('input[name="sheet.arsenal.2.__delete"]').check()
    page.get_by_role("button", name="Add arsenal entry").click()
    expect(page.locator("#id_sheet_arsenal_16_maneuver")).to_be_visible()
    page.locator("#id_sheet_arsenal_16_maneuver").select_option("Elbow Drop")
    page.locator('input[name="sheet.arsenal.16.flags"][value="Flying"]').check()
    page.locator("#id_sheet_arsenal_16_name").fill("Top Rope Elbow")
    # BRA L1 + Flying = Level 2; damage 3 + WDB 2 (245 lb); Skill BRA 11
    entry = page.locator("#derived li", has_text="Top Rope Elbow")
    expect(entry).to_contain_text(re.compile(r"Level\s*2\s*Damage\s*5\s*Skill\s*11"))
    expect(page.locator("#derived")).not_to_contain_text("agi_bonus")
    page.get_by_role("button", name="Save wrestler").click()
    expect(page.get_by_text("Browser Steel created.")).to_be_visible()
    expect(page.get_by_text("Top Rope Elbow").first).to_be_visible()
