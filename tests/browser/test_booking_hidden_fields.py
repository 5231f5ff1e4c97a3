"""Issue 18 item 5: a refused cage match, then the type switched to Singles: the hidden cage fields are ignored and
"Book match" works; every refusal is read beside the button. At 1280 and 390 px."""

import pytest
from playwright.sync_api import expect

from matches.booking_services import card_create
from matches.models import Card
from promotion.models import Role
from rules import get_ruleset, ruleset_ids
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory

from .test_booking import PASSWORD, pick


def cage_league(slug):
    ruleset = next(r for r in ruleset_ids() if "cage" in get_ruleset(r).match_kinds)
    promoter = UserFactory(username=f"cage_{slug[-3:]}")
    promotion = PromotionFactory(name=f"Cage Club {slug}", slug=slug, ruleset=ruleset, created_by=promoter)
    MembershipFactory(promotion=promotion, user=promoter, role=Role.OWNER)
    for name in ("Axel Adams", "Bruno Banks"):
        WrestlerFactory(promotion=promotion, ring_name=name)
    card = card_create(promotion=promotion, by=promoter, name="Steel City")
    return promoter, card


@pytest.mark.parametrize("width", [1280, 390])
def test_a_refused_cage_match_switched_to_singles_books(browser, live_url, width):
    promoter, card = cage_league(f"cage-club-{width}")
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill(promoter.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_url}/p/{card.promotion.slug}/cards/{card.pk}/edit/")

    page.locator("#id_kind").select_option("cage")
    pick(page, "side0_0", "Axel Adams")
    pick(page, "side1_0", "Bruno Banks")
    page.get_by_label("Cage height (feet)").fill("5000")
    page.get_by_role("button", name="Book match").click()
    refusal = page.locator("#booking-refusal")
    expect(refusal).to_contain_text("Cage height (feet): Ensure this value is less than or equal to 30.")
    # beside the button: right below it, on screen with it
    button = page.get_by_role("button", name="Book match").bounding_box()
    box = refusal.bounding_box()
    assert 0 <= box["y"] - (button["y"] + button["height"]) < 40

    page.locator("#id_kind").select_option("singles")
    expect(page.get_by_label("Cage height (feet)")).to_be_hidden()
    page.get_by_role("button", name="Book match").click()
    expect(page.locator("#booking-messages .success")).to_have_text("Match 1 booked.")
    expect(page.locator("#booking-refusal")).to_have_count(0)
    match = Card.objects.get(pk=card.pk).matches.get()
    assert match.kind == "singles" and match.cage_height_ft is None
    context.close()
