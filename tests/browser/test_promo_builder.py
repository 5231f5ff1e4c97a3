"""A promoter of a wildknight promotion books a promo segment in the card builder of a real browser, moves it
before the wrestler's match, and reads the aired promo on its match page (at 1280 and 390 px)."""

import os
from pathlib import Path

from playwright.sync_api import expect

from matches import booking_services as booking
from matches import services
from matches.booking_services import MatchSpec
from matches.models import Card
from promotion.models import Role
from tests.browser.test_booking import log_in
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory, sheet_for

SHOTS = Path(os.environ.get("KAYFABE_SCREENSHOTS", "/tmp/kayfabe-shots"))  # noqa: S108 - test artefacts


def league():
    owner = UserFactory(username="olga_owner")
    promoter = UserFactory(username="pete_promoter")
    promotion = PromotionFactory(name="Mic Check", slug="mic-check", ruleset="wildknight", created_by=owner)
    MembershipFactory(promotion=promotion, user=owner, role=Role.OWNER)
    MembershipFactory(promotion=promotion, user=promoter, role=Role.PROMOTER)
    sheet = sheet_for("wildknight", "Motor Mouth")
    sheet["attributes"] = {**sheet["attributes"], "Presence": 5, "Flair": 5}
    mouth = WrestlerFactory(promotion=promotion, ring_name="Motor Mouth", sheet=sheet)
    rival = WrestlerFactory(promotion=promotion, ring_name="Rex Rival", alignment="heel")
    card = booking.card_create(promotion=promotion, by=promoter, name="Talk Show Tuesday")
    booking.match_add(card=card, by=promoter, spec=MatchSpec(sides=[[mouth.pk], [rival.pk]]))
    return promotion, promoter, card, mouth


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)


def test_a_promoter_books_a_promo_segment_before_the_wrestlers_match(page, live_url):
    promotion, promoter, card, mouth = league()
    log_in(page, live_url, "pete_promoter")
    page.goto(f"{live_url}/p/{promotion.slug}/cards/{card.pk}/edit/")
    page.evaluate("window.stillHere = true")

    # The builder offers a promo segment; choosing it shows the promo's Difficulty and hides the match stipulations.
    kind = page.locator("#id_kind")
    expect(kind.locator("option", has_text="Promo segment")).to_have_count(1)
    expect(page.get_by_label("Difficulty (single promo)")).to_be_hidden()
    kind.select_option("promo")
    expect(page.get_by_label("Difficulty (single promo)")).to_be_visible()
    expect(page.get_by_label("Referee")).to_be_hidden()
    expect(page.locator("#id_title")).to_be_hidden()
    page.locator("#id_side0_0").select_option(label="Motor Mouth")
    page.get_by_label("Difficulty (single promo)").fill("1")
    shoot(page, "promo-form")
    page.get_by_role("button", name="Book match").click()
    expect(page.locator("#booking-messages .success")).to_have_text("Promo 2 booked.")
    expect(page.locator("#booking-messages .warning")).to_contain_text(
        "Move the promo before match 1: its Heat carries only into a later match."
    )
    items = page.locator("#lineup > li")
    expect(items).to_have_count(2)
    expect(items.nth(1)).to_contain_text("Promo segment · Difficulty 1")
    expect(items.nth(1).locator(".sides")).to_have_text("Motor Mouth")  # one side: no "vs."
    shoot(page, "promo-builder")

    # In the running order: the promo moves up before his match.
    page.get_by_role("button", name="Up (match 2)").click()
    expect(items.nth(0)).to_contain_text("Promo segment")
    expect(items.nth(1)).to_contain_text("Singles match")
    assert page.evaluate("window.stillHere") is True, "the builder never reloaded the page"

    # Booked, live, aired (the worker's card_run, here in the test process): the match page shows the promo.
    booking.card_mark_booked(card=card, by=promoter)
    services.card_go_live(card=card, by=promoter)
    assert services.card_run(card.pk, sleep=lambda s: None) == "done"
    segment, match = Card.objects.get(pk=card.pk).matches.order_by("order")
    assert match.setup["stipulation"]["starting_heat"] == [1, 0]
    page.goto(f"{live_url}{segment.get_absolute_url()}")
    expect(page.locator("#log")).to_contain_text("Motor Mouth grabs the microphone")
    expect(page.locator("#result")).to_contain_text("+1 Heat")
    expect(page.locator("#result")).to_contain_text("A promo segment: no winner or loser in the record")
    expect(page.get_by_role("heading", name="How it was won")).to_have_count(0)
    shoot(page, "promo-aired")
    page.goto(f"{live_url}{match.get_absolute_url()}")
    expect(page.locator("#event-0")).to_be_visible()
    page.goto(f"{live_url}/p/{promotion.slug}/cards/{card.pk}/")
    expect(page.locator("#lineup > li").first).to_contain_text("Promo segment")
    expect(page.locator("#lineup > li").first.locator(".odds")).to_have_count(0)
    shoot(page, "promo-card")
