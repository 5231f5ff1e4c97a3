"""What people do with promotions and rosters, in a real browser against the real ASGI server."""

import re

from playwright.sync_api import expect

from tests.factories import UserFactory

PASSWORD = "ring-rope-turnbuckle"


def log_in(browser, live_url, username):
    context = browser.new_context()
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name=f"Log out {username}")).to_be_visible()
    return page


def test_a_promoter_and_players_run_a_roster(browser, page, live_url):
    UserFactory(username="paula")
    UserFactory(username="otto")

    # Sign up and start a promotion.
    page.goto(live_url + "/")
    page.get_by_role("banner").get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("bookerbob")
    page.get_by_label("Email").fill("bob@example.com")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Welcome to Kayfabe, bookerbob.")).to_be_visible()
    page.get_by_role("link", name="Start a promotion").click()
    page.get_by_label("Name").fill("Wild Weekend Wrestling")
    page.get_by_label("Ruleset").select_option("wildknight")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Wild Weekend Wrestling")

    # Invite two players by username.
    page.get_by_role("link", name="Members").click()
    for name in ("paula", "otto"):
        page.get_by_label("Username").fill(name)
        page.get_by_role("button", name="Invite").click()
        expect(page.get_by_text(f"{name} invited as player.")).to_be_visible()

    # Paula accepts and builds a wrestler: first with a mistake, then fixed.
    paula = log_in(browser, live_url, "paula")
    paula.goto(live_url + "/p/")
    paula.get_by_role("button", name="Accept").click()
    expect(paula.get_by_text("Invitation to Wild Weekend Wrestling accepted.")).to_be_visible()
    paula.get_by_role("link", name="Wild Weekend Wrestling").first.click()
    paula.get_by_role("link", name="New wrestler").click()
    paula.get_by_label("Start from").select_option("example")
    paula.get_by_role("button", name="Start over from it").click()
    paula.get_by_label("Name", exact=True).first.fill("Paula Powerbomb")
    paula.get_by_label("Brawn").fill("8")
    # The derived values panel answers as she types.
    expect(paula.locator("#derived")).to_contain_text("attributes.Brawn: must be between -5 and 5, got 8")
    for move in ("Powerbomb", "Body Slam", "Clothesline"):
        paula.get_by_label(move, exact=True).check()
    paula.locator("#id_sheet_finisher_name").fill("Paula Driver")
    paula.locator("#id_sheet_finisher_maneuver").select_option("Powerbomb")
    paula.get_by_role("button", name="Save wrestler").click()
    expect(paula.locator("#id_sheet_attributes_Brawn_error")).to_have_text("must be between -5 and 5, got 8")
    paula.get_by_label("Brawn").fill("3")
    expect(paula.locator("#derived")).to_contain_text("Fatigue per -1 penalty")
    expect(paula.locator("#budget")).to_contain_text("Ability points:")
    paula.get_by_role("button", name="Save wrestler").click()
    expect(paula.get_by_text("Paula Powerbomb created. It waits for a promoter's approval.")).to_be_visible()
    expect(paula.get_by_role("heading", level=1)).to_have_text("Paula Powerbomb")
    expect(paula.get_by_text("Waiting for approval")).to_be_visible()
    wrestler_url = paula.url

    # The owner approves it from the wrestler page.
    page.goto(live_url + "/p/wild-weekend-wrestling/roster/")
    page.get_by_role("link", name="Paula Powerbomb").click()
    page.get_by_label("Note to the player").fill("Welcome aboard")
    page.get_by_role("button", name="Approve").click()
    expect(page.get_by_text("Paula Powerbomb approved.")).to_be_visible()
    paula.reload()
    expect(paula.get_by_text("Promoter's note: Welcome aboard")).to_be_visible()

    # Otto accepts his invitation but cannot edit Paula's wrestler.
    otto = log_in(browser, live_url, "otto")
    otto.goto(live_url + "/p/")
    otto.get_by_role("button", name="Accept").click()
    otto.goto(wrestler_url)
    expect(otto.get_by_role("link", name="Edit")).to_have_count(0)
    response = otto.goto(wrestler_url + "edit/")
    assert response.status == 403
    expect(paula.get_by_role("link", name="Edit")).to_be_visible()

    # The roster filters without a page load (HTMX), and the URL keeps the filter.
    page.goto(live_url + "/p/wild-weekend-wrestling/roster/")
    page.get_by_label("Search").fill("powerbomb")
    expect(page.locator("#results")).to_contain_text("1 wrestler")
    expect(page).to_have_url(re.compile(r"q=powerbomb"))
    for p in (paula, otto):
        p.context.close()
