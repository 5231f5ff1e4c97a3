"""Issue 18, "Done means": one league week walked by each role in Chromium, at 1280 px and at 390 px.

A fresh player signs up and asks to join; the owner lets him in from the inbox; the player builds a wrestler with
three mistakes (every error at once, beside its field), corrects them and submits; the promoter approves from his
inbox (the player's Inbox counts the notice); the promoter books a paced card with a mistake (the refusal beside
"Book match"), then books it right; the player's wrestler gets hurt before the show (as a past match would, through
the service); Go live warns and the promoter confirms; the player watches his match live to the result (a real
worker); the owner ends the week; the player's dashboard and inbox show the result and the notices. No page on the
way scrolls sideways."""

import re

import pytest
from django.db.models import Sum
from playwright.sync_api import expect

from matches.models import Card, CardStatus, Match
from promotion.models import Notice
from roster.models import Injury, Wrestler
from roster.services import injury_add
from tests.browser.test_booking import book
from tests.browser.test_dashboard import WIDTHS, assert_no_sideways_scroll, log_in, new_page
from tests.browser.test_live import wait_for
from tests.browser.test_roster_flow import PASSWORD
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory

pytestmark = pytest.mark.worker

LEAGUE = "Weekday Warfare"
NEWBIE = "newbie_ned"
WRESTLER = "Ned Nails"
CARD = "Midweek Mayhem"


def seen(page):
    """What every page on the walk must be: readable without scrolling sideways (at 390 px too)."""
    page.wait_for_load_state("networkidle")
    assert_no_sideways_scroll(page)


def assert_beside(target, anchor, gap=60):
    """``target`` sits right below ``anchor`` (an error under its field, a refusal under its button)."""
    a, t = anchor.bounding_box(), target.bounding_box()
    assert a and t, "both are on the page"
    below = t["y"] - (a["y"] + a["height"])
    assert -2 <= below < gap, f"{below:.0f} px between {anchor} and {target}"


def inbox_count(page):
    link = page.get_by_role("banner").get_by_role("link", name=re.compile(r"^Inbox"))
    text = link.inner_text()
    return int(m.group(1)) if (m := re.search(r"(\d+)", text)) else 0


@pytest.fixture
def league(transactional_db):
    """An ARM promotion that lets its promoter book injured wrestlers (so that Go live asks him), an owner, a
    promoter and three approved house wrestlers."""
    owner = UserFactory(username="olive_owner")
    promoter = UserFactory(username="pete_promoter")
    promotion = PromotionFactory(
        name=LEAGUE, slug="weekday-warfare", ruleset="arm", created_by=owner, book_injured=True
    )
    MembershipFactory(promotion=promotion, user=owner, role="owner")
    MembershipFactory(promotion=promotion, user=promoter, role="promoter")
    for name in ("Xavier Crush", "Yuri Yoke", "Zed Zero"):
        WrestlerFactory(promotion=promotion, ring_name=name)
    return promotion


@pytest.mark.parametrize("width", list(WIDTHS))
def test_each_role_walks_through_the_week(browser, live_url, celery_worker, league, width):
    # --- The player signs up and asks to join. ------------------------------------------------------------------
    player = new_page(browser, width)
    player.goto(live_url + "/")
    seen(player)
    player.get_by_role("link", name="Sign up").first.click()
    seen(player)
    player.get_by_label("Username").fill(NEWBIE)
    player.get_by_label("Email").fill("ned@example.com")
    player.get_by_label("Password", exact=True).fill(PASSWORD)
    player.get_by_label("Password confirmation").fill(PASSWORD)
    player.get_by_role("button", name="Create account").click()
    expect(player.get_by_text(f"Welcome to Kayfabe, {NEWBIE}.")).to_be_visible()
    seen(player)
    player.get_by_role("link", name=LEAGUE).first.click()
    player.get_by_role("button", name="Ask to join").click()
    expect(player.get_by_role("status")).to_contain_text(f"You asked to join {LEAGUE}. An owner will answer.")
    seen(player)

    # --- The owner lets him in from his inbox. ------------------------------------------------------------------
    owner = new_page(browser, width)
    log_in(owner, live_url, "olive_owner")
    owner.get_by_role("link", name=re.compile(r"^Inbox")).click()
    todo = owner.locator("section", has=owner.get_by_role("heading", name="To do"))
    request = todo.get_by_role("listitem").filter(has_text=f"{NEWBIE} asks to join.")
    seen(owner)
    request.get_by_role("link", name="Answer").click()
    owner.get_by_role("button", name=f"Approve {NEWBIE}").click()
    expect(owner.get_by_role("status")).to_contain_text(f"{NEWBIE} joined.")
    seen(owner)

    # --- The player builds a wrestler: three mistakes, every error at once beside its field, then right. -------
    player.reload()
    assert inbox_count(player) == 1  # "You are in"
    player.get_by_role("link", name="Roster").first.click()
    seen(player)
    player.get_by_role("link", name="New wrestler").click()
    player.get_by_label("Start from").select_option("example")
    player.get_by_role("button", name="Start over from it").click()
    seen(player)
    tec, weight = player.locator("#id_sheet_attributes_TEC"), player.locator("#id_sheet_weight")
    good_tec, good_weight = tec.input_value(), weight.input_value()
    tec.fill("25")
    weight.fill("50")  # and no name
    player.get_by_role("button", name="Save wrestler").click()
    expect(player.locator("#form-errors")).to_contain_text("This wrestler was not saved")
    errors = {
        "#id_sheet_name": "is required",
        "#id_sheet_attributes_TEC": "must be between 3 and 18, got 25",
        "#id_sheet_weight": "50",
    }
    for field, message in errors.items():
        error = player.locator(f"{field}_error")
        expect(error).to_contain_text(message)
        expect(player.locator(field)).to_have_attribute("aria-describedby", f"{field[1:]}_error")
        # under its field, in the field's own block (its range line may sit between them)
        assert player.locator(field).evaluate(f"i => i.parentElement.contains(document.querySelector('{field}_error'))")
        assert_beside(error, player.locator(field), gap=120)
    seen(player)
    player.locator("#id_sheet_name").fill(WRESTLER)
    tec.fill(good_tec)
    weight.fill(good_weight)
    player.get_by_role("button", name="Save wrestler").click()
    expect(player.get_by_role("status")).to_contain_text(f"{WRESTLER} created. It waits for a promoter's approval.")
    expect(player.get_by_role("heading", level=1)).to_have_text(WRESTLER)
    seen(player)

    # --- The promoter finds it in his inbox and approves it; the player is told. -------------------------------
    promoter = new_page(browser, width)
    log_in(promoter, live_url, "pete_promoter")
    assert inbox_count(promoter) == 1
    promoter.get_by_role("link", name=re.compile(r"^Inbox")).click()
    todo = promoter.locator("section", has=promoter.get_by_role("heading", name="To do"))
    expect(todo).to_contain_text(f"{WRESTLER} ({NEWBIE}) waits for approval.")
    seen(promoter)
    todo.get_by_role("listitem").filter(has_text=WRESTLER).get_by_role("link", name="Review").click()
    expect(promoter.get_by_role("button", name="Approve")).to_be_in_viewport()
    seen(promoter)
    promoter.get_by_role("button", name="Approve").click()
    expect(promoter.get_by_role("status")).to_contain_text(f"{WRESTLER} approved.")
    expect(todo).not_to_contain_text(WRESTLER)

    player.reload()
    expect(player.get_by_text("Waiting for approval")).to_have_count(0)
    assert inbox_count(player) == 2  # in, and approved
    player.get_by_role("link", name=re.compile(r"^Inbox")).click()
    notices = player.locator("section", has=player.get_by_role("heading", name="Notices"))
    expect(notices).to_contain_text(f"You are in: {LEAGUE} accepted you as player.")
    expect(notices).to_contain_text(f"Your wrestler {WRESTLER} was approved: he can be booked.")
    seen(player)

    # --- The promoter books a paced card: a mistake refused beside the button, then the right match. -----------
    promoter.goto(f"{live_url}/p/{league.slug}/cards/new/")
    promoter.get_by_label("Name").fill(CARD)
    promoter.get_by_label("Pace (seconds per round)").fill("0.5")
    promoter.get_by_role("button", name="Save").click()
    expect(promoter.get_by_role("heading", level=1)).to_contain_text(CARD)
    seen(promoter)
    book(promoter, WRESTLER, "Xavier Crush")
    expect(promoter.locator("#booking-messages .success")).to_have_text("Match 1 booked.")
    book(promoter, "Yuri Yoke", "Xavier Crush")  # Xavier is in match 1 already
    refusal = promoter.locator("#booking-refusal")
    expect(refusal).to_contain_text("Xavier Crush is already booked on this card (match 1).")
    assert_beside(refusal, promoter.get_by_role("button", name="Book match"))
    seen(promoter)
    book(promoter, "Yuri Yoke", "Zed Zero")
    expect(promoter.locator("#booking-messages .success")).to_have_text("Match 2 booked.")
    expect(promoter.locator("#booking-refusal")).to_have_count(0)
    promoter.get_by_role("button", name="Mark as booked").click()
    expect(promoter.get_by_text(f"{CARD} is booked.")).to_be_visible()

    # --- Hurt before the show (as a past match would), Go live warns; the promoter confirms. -------------------
    ned = Wrestler.objects.get(ring_name=WRESTLER)
    injury_add(wrestler=ned, body_part=league.rules().injury_areas()[0][0], points=2)
    promoter.reload()
    panel = promoter.locator("form.go-live")
    expect(panel).to_contain_text(f"Match 1: {WRESTLER} is injured.")
    expect(panel.get_by_role("link", name="Replace")).to_be_visible()
    expect(promoter.get_by_role("button", name="Go live", exact=True)).to_have_count(0)
    seen(promoter)
    promoter.get_by_role("button", name="Confirm and go live").click()
    expect(promoter.get_by_role("status")).to_contain_text(f"{CARD} is live!")

    # --- The player watches his match live to the result. -------------------------------------------------------
    card = Card.objects.get(name=CARD)
    match = card.matches.get(order=1)
    wait_for(lambda: Match.objects.get(pk=match.pk).status != "scheduled", what="match 1 to start")
    player.goto(live_url + match.get_absolute_url())
    # On a slow machine a short match can be over before the page opens: then the page must say so at once.
    status = player.locator("#match-status")
    expect(status).to_have_text(re.compile(r"Live now\.|Finished\."))
    if "Live now." in status.inner_text():
        expect(player.locator("#log > li").first).to_be_visible()
    else:
        assert Match.objects.get(pk=match.pk).status == "finished", "the page says Finished. before the result"
    seen(player)
    expect(player.locator("#match-status")).to_have_text("Finished.", timeout=60_000)
    wait_for(lambda: Match.objects.get(pk=match.pk).status == "finished", what="the result to be applied")
    match.refresh_from_db()
    expect(player.locator("#result")).to_contain_text(match.result_text)
    seen(player)

    # --- The owner ends the week once the card is over. ----------------------------------------------------------
    wait_for(lambda: Card.objects.get(pk=card.pk).status == CardStatus.FINISHED, what="the card to finish")
    owner.goto(f"{live_url}/p/{league.slug}/league/")
    seen(owner)
    owner.get_by_role("button", name="End week 1").click()
    expect(owner.get_by_role("status")).to_contain_text("Week 1 is over:")
    seen(owner)

    # --- The player's dashboard and inbox tell him what happened. -----------------------------------------------
    ned.refresh_from_db()
    player.goto(live_url + "/")
    seen(player)
    mine = player.locator("section", has=player.get_by_role("heading", name="Your wrestlers"))
    row = mine.get_by_role("listitem").filter(has_text=WRESTLER)
    expect(row).to_contain_text(ned.get_status_display())
    points = Injury.objects.filter(wrestler=ned).aggregate(n=Sum("points"))["n"]
    if points:
        expect(row).to_contain_text(f"{points} injury point")
    expect(row).to_contain_text("not booked")
    results = player.locator("section", has=player.get_by_role("heading", name="Latest results"))
    expect(results).to_contain_text(match.result_text)
    texts = list(Notice.objects.filter(user__username=NEWBIE, read=False).order_by("pk").values_list("text", flat=True))
    unread = len(texts)
    back = ned.status == "active"  # fully healed: one more notice
    # in, approved, booked, result, healed (and back); no title here, so no ranking moves
    assert unread == 5 + back, texts
    expect(player.locator("section", has=player.get_by_role("heading", name="Waiting for you"))).to_contain_text(
        f"{unread} unread notice"
    )
    assert inbox_count(player) == unread
    player.get_by_role("link", name=re.compile(r"^Inbox")).click()
    notices = player.locator("section", has=player.get_by_role("heading", name="Notices"))
    expect(notices.locator("li.unread")).to_have_count(unread)
    expect(notices).to_contain_text(f"Booked on {CARD}, week 1: {WRESTLER} (match 1).")
    expect(notices).to_contain_text(f"Result, {CARD}: {match.result_text}")
    left = f"{points} injury points? left" if points else "fully healed"
    expect(notices).to_contain_text(re.compile(rf"{WRESTLER} healed \d+ injury points? in week 1: {left}\."))
    if back:
        expect(notices).to_contain_text(f"{WRESTLER} is active again after week 1.")
    seen(player)
    notices.get_by_role("link", name=f"Result, {CARD}", exact=False).click()
    expect(player.locator("#result")).to_contain_text(match.result_text)
    assert inbox_count(player) == unread - 1
    seen(player)
    for page in (player, owner, promoter):
        page.context.close()
