"""Issue 18 item 6 in a real browser, at 1280 px and 390 px: a wrestler hurt after the card was booked. The
promoter is warned on the card page, can open the match to replace him, and goes live only by confirming."""

import pytest
from playwright.sync_api import expect

from roster.services import injury_add
from tests.browser.test_dashboard import WIDTHS, assert_no_sideways_scroll, log_in, new_page, shoot
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, book_card


@pytest.fixture
def card(transactional_db):
    owner = UserFactory(username="olive_owner")
    promotion = PromotionFactory(
        name="Saturday Night Slam", slug="saturday-night-slam", created_by=owner, book_injured=True
    )
    MembershipFactory(promotion=promotion, user=owner, role="owner")
    card = book_card(promotion, owner, matches=2, name="Fight Night")
    hurt = card.matches.get(order=2).participants.get(side=0).wrestler
    injury_add(wrestler=hurt, body_part=promotion.rules().injury_areas()[0][0], points=2)
    card.hurt = hurt
    return card


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_go_live_with_an_injured_wrestler_warns_and_asks_to_confirm_or_replace(browser, live_url, card, width):
    page = new_page(browser, width)
    log_in(page, live_url, "olive_owner")
    page.goto(live_url + card.get_absolute_url())
    panel = page.locator("form.go-live")
    expect(panel).to_contain_text(f"Match 2: {card.hurt.ring_name} is injured.")
    expect(page.get_by_role("button", name="Go live", exact=True)).to_have_count(0)
    assert_no_sideways_scroll(page)
    shoot(page, f"go-live-warning-{WIDTHS[width][0]}")

    panel.get_by_role("link", name="Replace").click()
    expect(page).to_have_url(live_url + card.get_absolute_url() + f"matches/{card.matches.get(order=2).pk}/edit/")
    page.go_back()

    page.get_by_role("button", name="Confirm and go live").click()
    expect(page.get_by_role("status")).to_contain_text("Fight Night is live!")
    expect(page.locator("form.go-live")).to_have_count(0)
