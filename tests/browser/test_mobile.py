"""Issue 18 item 8 in a real browser at 390 px: no main page scrolls sideways (long names wrap), and the header's
"Log out" is on screen. The pages are those a member and a promoter use every week; the names are long on purpose."""

import pytest
from playwright.sync_api import expect

from matches import services
from promotion import titles
from tests.browser.test_dashboard import assert_no_sideways_scroll, log_in, new_page, shoot
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory, book_card

LONG = "Bartholomew-Maximilian Featherstonehaugh-Cholmondeley"


@pytest.fixture
def league(transactional_db):
    owner = UserFactory(username="olive_owner_with_a_rather_long_username")
    promotion = PromotionFactory(
        name="The Extraordinarily Long-Named Championship Wrestling Federation of Metroplex",
        slug="long-federation",
        created_by=owner,
    )
    MembershipFactory(promotion=promotion, user=owner, role="owner")
    title = titles.title_create(
        promotion=promotion, by=owner, name="Undisputed Intercontinental Heavyweight Championship"
    )
    done = book_card(promotion, owner, matches=2, name="Supercalifragilistic Spectacular Season Opener", title=title)
    services.card_go_live(card=done, by=owner)
    services.card_run(done.pk, sleep=lambda s: None)
    upcoming = book_card(promotion, owner, matches=1, name="Next Week's Card")
    long_one = WrestlerFactory(promotion=promotion, owner=owner, ring_name=LONG)
    return {
        "promotion": promotion,
        "done": done,
        "upcoming": upcoming,
        "match": done.matches.get(order=1),
        "long": long_one,
    }


def test_no_main_page_scrolls_sideways_at_390_px_and_log_out_is_on_screen(browser, live_url, league):
    page = new_page(browser, "phone")
    slug = league["promotion"].slug
    pages = [
        "/",
        "/p/",
        f"/p/{slug}/",
        f"/p/{slug}/roster/",
        league["long"].get_absolute_url(),
        f"/p/{slug}/cards/",
        league["done"].get_absolute_url(),
        league["upcoming"].get_absolute_url(),
        league["match"].get_absolute_url(),
        f"/p/{slug}/titles/",
        f"/p/{slug}/league/",
        f"/p/{slug}/results/",
        f"/p/{slug}/settings/",
        f"/p/{slug}/members/",
        "/notices/",
        "/no/such/page/",
    ]
    for path in pages[:2]:  # as a visitor first
        page.goto(live_url + path)
        assert_no_sideways_scroll(page)
    log_in(page, live_url, "olive_owner_with_a_rather_long_username")
    for path in pages:
        page.goto(live_url + path)
        page.wait_for_load_state("networkidle")
        assert_no_sideways_scroll(page)
        expect(page.get_by_role("button", name="Log out olive_owner_with_a_rather_long_username")).to_be_in_viewport()
    page.goto(live_url + "/no/such/page/")
    expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
    shoot(page, "not-found-390")
