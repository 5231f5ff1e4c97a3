"""Issue 18 item 2 in a real browser, at 1280 px and 390 px: a promoter's inbox lists what waits for him with
unread counts, he approves from the review page (decision first, changes since the last approval below), and
the player reads the decision in his inbox. Writes docs/screenshots/inbox-*.png and review-*.png."""

import pytest
from playwright.sync_api import expect

from promotion.services import membership_request
from roster import services as roster
from tests.browser.test_dashboard import WIDTHS, assert_no_sideways_scroll, log_in, new_page, shoot
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, sheet_for


@pytest.fixture
def waiting(transactional_db):
    owner = UserFactory(username="olive_owner")
    player = UserFactory(username="paula_player")
    promotion = PromotionFactory(name="Saturday Night Slam", slug="saturday-night-slam", created_by=owner)
    MembershipFactory(promotion=promotion, user=owner, role="owner")
    MembershipFactory(promotion=promotion, user=player)
    made = []
    for n, name in enumerate(["Ace Adams", "Bo Brown", "Cy Cole"]):
        sheet = sheet_for(promotion.ruleset, name, seed=n)
        made.append(roster.wrestler_create(promotion=promotion, by=player, sheet=sheet))
    roster.wrestler_review(wrestler=made[0], by=owner, approve=True)
    sheet = dict(made[0].sheet)
    sheet["attributes"] = {**sheet["attributes"], "Brawn": sheet["attributes"]["Brawn"] + 1}
    roster.wrestler_update(wrestler=made[0], by=player, sheet=sheet)  # back for review, with one change
    membership_request(promotion=promotion, user=UserFactory(username="newbie_nina"))
    return promotion


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_promoter_works_through_his_inbox_and_the_player_reads_the_decision(browser, live_url, waiting, width):
    page = new_page(browser, width)
    log_in(page, live_url, "olive_owner")
    inbox = page.get_by_role("link", name="Inbox")
    expect(inbox).to_contain_text("4")  # three submissions (one of them again) and a request, unread
    inbox.click()
    expect(page.get_by_role("heading", name="Inbox", level=1)).to_be_visible()
    todo = page.locator("section", has=page.get_by_role("heading", name="To do"))
    expect(todo.get_by_role("listitem")).to_have_count(4)
    expect(todo).to_contain_text("newbie_nina asks to join.")
    expect(page.get_by_role("heading", name="Notices")).to_contain_text("4 unread")
    assert_no_sideways_scroll(page)
    shoot(page, f"inbox-{WIDTHS[width][0]}")

    todo.get_by_role("listitem").filter(has_text="Ace Adams").get_by_role("link", name="Review").click()
    expect(page.get_by_role("heading", name="Review Ace Adams")).to_be_visible()
    # The decision is on the first screen, the change below it.
    expect(page.get_by_role("button", name="Approve")).to_be_in_viewport()
    row = page.get_by_role("row").filter(has_text="Attributes › Brawn")
    expect(row).to_have_count(1)
    assert_no_sideways_scroll(page)
    shoot(page, f"review-{WIDTHS[width][0]}")
    page.get_by_label("Note to the player").fill("One more Brawn is fine.")
    page.get_by_role("button", name="Approve").click()
    expect(page.get_by_role("status")).to_contain_text("Ace Adams approved.")
    expect(page.get_by_role("heading", name="Inbox", level=1)).to_be_visible()  # back to the inbox
    expect(todo.get_by_role("listitem")).to_have_count(3)
    bo = todo.get_by_role("listitem").filter(has_text="Bo Brown")
    bo.get_by_role("link", name="Review").click()
    page.get_by_label("Note to the player").fill("Pick a finisher you know.")
    page.get_by_role("button", name="Reject").click()
    expect(page.get_by_role("status")).to_contain_text("Bo Brown rejected.")

    player = new_page(browser, width)
    log_in(player, live_url, "paula_player")
    expect(player.get_by_role("link", name="Inbox")).to_contain_text("3")  # Ace approved twice, Bo rejected
    player.get_by_role("link", name="Inbox").click()
    notices = player.locator("section", has=player.get_by_role("heading", name="Notices"))
    expect(notices).to_contain_text(
        "Your wrestler Ace Adams was approved: he can be booked. Note: One more Brawn is fine."
    )
    expect(notices).to_contain_text("Your wrestler Bo Brown was rejected. Note: Pick a finisher you know.")
    notices.get_by_role("link", name="Your wrestler Bo Brown was rejected.", exact=False).click()
    expect(player.get_by_role("heading", name="Bo Brown", level=1)).to_be_visible()
    expect(player.get_by_role("link", name="Inbox")).to_contain_text("2")
    assert_no_sideways_scroll(player)
