"""Issue 18 item 1 in a real browser: the dashboard for a visitor and for a member, at 1280 px and 390 px, with no
sideways scroll on a phone. Writes the screenshots docs/screenshots/dashboard-*.png the README links."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from matches import services
from matches.models import CardStatus
from promotion import titles
from roster.services import injury_add
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory, book_card

PASSWORD = "ring-rope-turnbuckle"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def new_page(browser, width):
    w, h = WIDTHS[width]
    context = browser.new_context(viewport={"width": w, "height": h})
    context.set_default_timeout(10_000)
    return context.new_page()


def log_in(page, live_url, username):
    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name=f"Log out {username}")).to_be_in_viewport()


def assert_no_sideways_scroll(page):
    width = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    if width[0] > width[1]:  # name the widest elements that stick out, to say what to fix
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
                .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' '
                     + Math.round(e.getBoundingClientRect().right)).slice(-6)"""
        )
    else:
        wide = []
    assert width[0] <= width[1], f"{page.url} scrolls sideways: {width[0]} px wide in a {width[1]} px window: {wide}"


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def league(transactional_db):
    """A public promotion with a finished card (a title match among it), a live card and a player's wrestlers:
    one injured, one booked on the next card, one waiting for approval."""
    owner = UserFactory(username="olive_owner")
    player = UserFactory(username="paula_player")
    promotion = PromotionFactory(
        name="Saturday Night Slam", slug="saturday-night-slam", ruleset="wildknight", created_by=owner
    )
    MembershipFactory(promotion=promotion, user=owner, role="owner")
    MembershipFactory(promotion=promotion, user=player)
    title = titles.title_create(promotion=promotion, by=owner, name="Saturday Championship")
    done = book_card(promotion, owner, matches=3, name="Season Opener", title=title)
    titles.title_award(
        title=title, by=owner, wrestler_ids=[done.matches.get(order=1).participants.get(side=0).wrestler_id]
    )
    services.card_go_live(card=done, by=owner)
    assert services.card_run(done.pk, sleep=lambda s: None) == "done"
    live = book_card(promotion, owner, matches=1, name="Tonight's Brawl")
    live.status = CardStatus.LIVE
    live.save(update_fields=["status"])
    upcoming = book_card(promotion, owner, matches=2, name="Next Saturday")
    booked = upcoming.matches.get(order=1).participants.get(side=0).wrestler
    booked.owner = player
    booked.save(update_fields=["owner"])
    hurt = WrestlerFactory(promotion=promotion, owner=player, ring_name="Bruised Bartholomew Montgomery-Fitzgerald III")
    injury_add(wrestler=hurt, body_part=promotion.rules().injury_areas()[0][0], points=3)
    WrestlerFactory(promotion=promotion, owner=player, ring_name="Rookie Ron", approval="pending")
    return {"promotion": promotion, "booked": booked, "hurt": hurt}


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_visitor_reads_the_dashboard(browser, live_url, league, width):
    page = new_page(browser, width)
    page.goto(live_url + "/")
    expect(page.get_by_role("heading", name="Live now")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("{#")  # a template comment printed on every page once
    live = page.locator("section", has=page.get_by_role("heading", name="Live now"))
    expect(live.get_by_role("link", name="Tonight's Brawl")).to_be_visible()
    results = page.locator("section", has=page.get_by_role("heading", name="Latest results"))
    expect(results.get_by_role("listitem")).to_have_count(3)
    expect(results).to_contain_text("Season Opener, week 1")
    promotions = page.locator("section", has=page.get_by_role("heading", name="Promotions", exact=True))
    expect(promotions).to_contain_text("Saturday Night Slam")
    expect(promotions).to_contain_text("Next: Tonight's Brawl")
    expect(page.get_by_role("heading", name="Your wrestlers")).to_have_count(0)
    assert_no_sideways_scroll(page)
    shoot(page, f"dashboard-visitor-{WIDTHS[width][0]}")


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_player_reads_his_wrestlers_on_the_dashboard(browser, live_url, league, width):
    page = new_page(browser, width)
    log_in(page, live_url, "paula_player")
    page.goto(live_url + "/")
    mine = page.locator("section", has=page.get_by_role("heading", name="Your wrestlers"))
    hurt = mine.get_by_role("listitem").filter(has_text="Bruised Bartholomew")
    expect(hurt).to_contain_text("Injured")
    expect(hurt).to_contain_text("3 injury points")
    expect(hurt).to_contain_text("not booked")
    booked = mine.get_by_role("listitem").filter(has_text=league["booked"].ring_name)
    expect(booked).to_contain_text("next: match 1 of Next Saturday (week 1)")
    expect(mine.get_by_role("listitem").filter(has_text="Rookie Ron")).to_contain_text("Waiting for approval")
    booked.get_by_role("link", name="match 1 of Next Saturday").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Next Saturday")
    page.goto(live_url + "/")
    assert_no_sideways_scroll(page)
    shoot(page, f"dashboard-player-{WIDTHS[width][0]}")
