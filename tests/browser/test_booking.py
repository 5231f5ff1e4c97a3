"""A promoter books a card in a real browser against the real ASGI server: five matches with a title match,
every refusal read beside the form, a reorder without reloading the page, and the public card page."""

import re

from playwright.sync_api import expect

from matches.models import Card
from promotion import titles
from promotion.models import Role
from roster.models import Wrestler
from rules import get_ruleset, ruleset_ids
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory

PASSWORD = "ring-rope-turnbuckle"
NAMES = [
    "Axel Adams",
    "Bruno Banks",
    "Cass Cutter",
    "Dora Diesel",
    "Eli Edge",
    "Fay Flame",
    "Gus Grip",
    "Hana Hook",
    "Ivo Iron",
    "Jax Jolt",
    "Kit Knox",
    "Lou Lariat",
    "Mo Mauler",
    "Nia Nitro",
]


def league():
    """A promotion on a ruleset with tag matches if any has them (else wildknight), a promoter, a roster with
    one injured wrestler, a referee, a world title held by Axel Adams and vacant tag belts."""
    with_tag = [r for r in ruleset_ids() if "tag" in get_ruleset(r).match_kinds]
    ruleset = with_tag[0] if with_tag else "wildknight"
    owner = UserFactory(username="olga_owner")
    promoter = UserFactory(username="pete_promoter")
    promotion = PromotionFactory(name="Browser Bash", slug="browser-bash", ruleset=ruleset, created_by=owner)
    promotion.current_week = 3
    promotion.save()
    MembershipFactory(promotion=promotion, user=owner, role=Role.OWNER)
    MembershipFactory(promotion=promotion, user=promoter, role=Role.PROMOTER)
    roster = {name: WrestlerFactory(promotion=promotion, ring_name=name) for name in NAMES}
    WrestlerFactory(promotion=promotion, ring_name="Iggy Injured", status="injured")
    WrestlerFactory(promotion=promotion, ring_name="Penny Pending", approval="pending")
    titles.referee_create(promotion=promotion, by=owner, name="Honest Earl")
    world = titles.title_create(promotion=promotion, by=owner, name="World Title")
    titles.title_award(title=world, by=owner, wrestler_ids=[roster["Axel Adams"].pk])
    titles.title_create(promotion=promotion, by=owner, name="Tag Belts", division="tag")
    return promotion, roster, ruleset


def log_in(page, live_url, username):
    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name=f"Log out {username}")).to_be_visible()


def pick(page, slot, name):
    page.locator(f"#id_{slot}").select_option(label=name)


def book(page, a, b, *, kind=None, title=None, partners=None):
    if kind:
        page.locator("#id_kind").select_option(kind)
    pick(page, "side0_0", a)
    pick(page, "side1_0", b)
    if partners:
        pick(page, "side0_1", partners[0])
        pick(page, "side1_1", partners[1])
    if title:
        page.locator("#id_title").select_option(label=title)
    page.get_by_role("button", name="Book match").click()


def lineup(page):
    return page.locator("#lineup > li .sides")


def test_a_promoter_books_a_card(page, live_url, celery_worker):  # the worker works out the odds
    promotion, roster, ruleset = league()
    has_tag = "tag" in get_ruleset(ruleset).match_kinds
    log_in(page, live_url, "pete_promoter")

    # A new card from the Cards page; its week defaults to the promotion's current week.
    page.goto(f"{live_url}/p/{promotion.slug}/")
    page.get_by_role("navigation", name="Browser Bash").get_by_role("link", name="Cards").click()
    page.get_by_role("link", name="New card").click()
    expect(page.get_by_label("Week")).to_have_value("3")
    page.get_by_label("Name").fill("Saturday Slam")
    page.get_by_label("Venue").fill("The Armory")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Saturday Slam")
    page.evaluate("window.stillHere = true")  # gone if any step reloads the page

    # Match 1 through the type-ahead: typing a name picks the wrestler in the select.
    page.locator("#search_side0_0").fill("bruno")
    expect(page.locator("#id_side0_0")).to_have_value(str(roster["Bruno Banks"].pk))
    page.locator("#search_side1_0").fill("CASS")
    expect(page.locator("#id_side1_0")).to_have_value(str(roster["Cass Cutter"].pk))
    page.locator("#id_referee").select_option(label="Honest Earl")
    page.get_by_role("button", name="Book match").click()
    expect(page.locator("#booking-messages .success")).to_have_text("Match 1 booked.")
    expect(lineup(page)).to_have_count(1)

    # Matches 2 to 5, the world title on the line in the main event.
    book(page, "Dora Diesel", "Eli Edge")
    expect(page.locator("#booking-messages .success")).to_have_text("Match 2 booked.")
    book(page, "Fay Flame", "Gus Grip")
    expect(page.locator("#booking-messages .success")).to_have_text("Match 3 booked.")
    book(page, "Hana Hook", "Ivo Iron")
    expect(page.locator("#booking-messages .success")).to_have_text("Match 4 booked.")
    book(page, "Axel Adams", "Jax Jolt", title="World Title")
    expect(page.locator("#booking-messages .success")).to_have_text("Match 5 booked.")
    expect(lineup(page)).to_have_count(5)
    expect(page.locator("#lineup > li").nth(4)).to_contain_text("World Title on the line")

    # Every refusal is read beside the form, and nothing is booked.
    refusal = page.locator("#booking-messages .refusal")
    book(page, "Axel Adams", "Kit Knox")
    expect(refusal).to_contain_text("Axel Adams is already booked on this card (match 5).")
    book(page, "Kit Knox", "Iggy Injured (injured)")
    expect(refusal).to_contain_text("Iggy Injured is injured, and this promotion does not book injured wrestlers.")
    book(page, "Kit Knox", "Lou Lariat", title="World Title")
    expect(refusal).to_contain_text("The World Title is on the line, but the champion is not in the match.")
    book(page, "Kit Knox", "Lou Lariat", title="Tag Belts")
    expect(refusal).to_contain_text("The Tag Belts is a tag team title: it is only defended in tag matches.")
    if has_tag:
        book(page, "Kit Knox", "Lou Lariat", kind="tag", title="Tag Belts", partners=("Mo Mauler", "Nia Nitro"))
        expect(page.locator("#booking-messages .success")).to_have_text("Match 6 booked.")
    else:
        book(page, "Kit Knox", "Lou Lariat", kind="tag", title="", partners=("Mo Mauler", "Nia Nitro"))
        expect(refusal).to_contain_text("has no tag team matches (it has: singles)")
    expect(page.locator("#id_kind")).to_have_value("tag" if not has_tag else "singles")
    expected_count = 6 if has_tag else 5
    expect(lineup(page)).to_have_count(expected_count)

    card = Card.objects.get(name="Saturday Slam")
    assert card.matches.count() == expected_count

    # Reorder: the main event moves up to the top, match 1 goes down one.
    for n in (5, 4, 3, 2):
        page.get_by_role("button", name=f"Up (match {n})").click()
        expect(lineup(page).nth(n - 2)).to_contain_text("Axel Adams")  # wait for each swap
    expect(page.locator("#booking-messages .success")).to_have_text("Moved up.")
    page.get_by_role("button", name="Down (match 2)").click()
    expect(lineup(page).nth(2)).to_contain_text("Bruno Banks")
    # Drag: the last match onto the top of the first; the new order is saved (one POST of the whole order).
    items = page.locator("#lineup > li")
    # A screen tall enough to hold the whole line-up: the drag goes from the last match to the first in one move.
    page.set_viewport_size({"width": 1280, "height": 2400})
    last = lineup(page).nth(expected_count - 1).inner_text()
    items.nth(expected_count - 1).drag_to(items.nth(0), target_position={"x": 20, "y": 3})
    expect(page.locator("#booking-messages .success")).to_have_text("New order saved.")
    expect(lineup(page).first).to_have_text(last)
    order = [lineup(page).nth(i).inner_text() for i in range(expected_count)]
    assert order[1].startswith("Axel Adams") and order[2].startswith("Dora Diesel")
    assert page.evaluate("window.stillHere") is True, "the builder never reloaded the page"

    # Mark as booked: the public card page shows the line-up in the new order, with odds.
    page.get_by_role("button", name="Mark as booked").click()
    expect(page).to_have_url(re.compile(rf"/p/{promotion.slug}/cards/{card.pk}/$"))
    expect(page.get_by_text("Saturday Slam is booked.")).to_be_visible()
    expect(lineup(page)).to_have_count(expected_count)
    for i, text in enumerate(order):
        expect(lineup(page).nth(i)).to_have_text(text)
    expect(page.locator("#lineup > li").nth(1)).to_contain_text("World Title on the line")
    expect(page.locator("#lineup > li").nth(1).locator(".odds")).to_contain_text("Odds from 200 simulated matches")


def test_a_title_match_without_the_champion_and_an_unapproved_wrestler_are_refused(page, live_url):
    promotion, roster, _ = league()
    log_in(page, live_url, "pete_promoter")
    page.goto(f"{live_url}/p/{promotion.slug}/cards/new/")
    page.get_by_label("Name").fill("Tuesday Tussle")
    page.get_by_role("button", name="Save").click()
    page.evaluate("window.stillHere = true")
    book(page, "Kit Knox", "Lou Lariat", title="World Title")
    expect(page.locator("#booking-messages .refusal")).to_contain_text(
        "The World Title is on the line, but the champion is not in the match."
    )
    # An unapproved wrestler is not offered; forcing its id into the form still gets a clear refusal.
    expect(page.locator("#id_side0_0 option", has_text="Penny Pending")).to_have_count(0)
    pending = Wrestler.objects.get(ring_name="Penny Pending")
    page.locator("#id_side0_0").evaluate(
        "(select, pk) => { const o = new Option('Penny Pending', pk); select.add(o); select.value = pk; }",
        str(pending.pk),
    )
    pick(page, "side1_0", "Lou Lariat")
    page.locator("#id_title").select_option(label="No title on the line")
    page.get_by_role("button", name="Book match").click()
    expect(page.locator("#booking-messages .refusal")).to_contain_text("Penny Pending is not approved yet.")
    assert page.evaluate("window.stillHere") is True
    assert not Card.objects.get(name="Tuesday Tussle").matches.exists()


def test_a_promoter_edits_and_removes_matches_without_reloading(page, live_url):
    promotion, roster, _ = league()
    log_in(page, live_url, "pete_promoter")
    page.goto(f"{live_url}/p/{promotion.slug}/cards/new/")
    page.get_by_label("Name").fill("Wednesday Warfare")
    page.get_by_role("button", name="Save").click()
    page.evaluate("window.stillHere = true")
    notice = page.locator("#booking-messages .success")
    book(page, "Bruno Banks", "Cass Cutter")
    expect(notice).to_have_text("Match 1 booked.")
    book(page, "Dora Diesel", "Eli Edge")
    expect(notice).to_have_text("Match 2 booked.")

    # Edit match 2: swap a wrestler and make it no-DQ.
    page.get_by_role("link", name="Edit (match 2)").click()
    expect(page.get_by_role("heading", name="Edit match 2")).to_be_visible()
    expect(page.locator("#id_side0_0")).to_have_value(str(roster["Dora Diesel"].pk))
    pick(page, "side1_0", "Fay Flame")
    page.get_by_label("No disqualification").check()
    page.get_by_role("button", name="Save match 2").click()
    expect(notice).to_have_text("Match 2 updated.")
    expect(lineup(page).nth(1)).to_have_text("Dora Diesel vs. Fay Flame")
    expect(page.locator("#lineup > li").nth(1)).to_contain_text("no disqualification")

    # Remove match 1 (after confirming): the other becomes match 1.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Remove (match 1)").click()
    expect(notice).to_have_text("Match 1 removed.")
    expect(lineup(page)).to_have_count(1)
    expect(lineup(page).first).to_have_text("Dora Diesel vs. Fay Flame")
    assert page.evaluate("window.stillHere") is True
    card = Card.objects.get(name="Wednesday Warfare")
    assert list(card.matches.values_list("order", flat=True)) == [1]


def test_without_javascript_the_builder_still_books_and_refuses(browser, live_url):
    promotion, _, _ = league()
    context = browser.new_context(java_script_enabled=False)
    context.set_default_timeout(10_000)
    page = context.new_page()
    log_in(page, live_url, "pete_promoter")
    page.goto(f"{live_url}/p/{promotion.slug}/cards/new/")
    page.get_by_label("Name").fill("Offline Night")
    page.get_by_role("button", name="Save").click()
    book(page, "Bruno Banks", "Cass Cutter")
    expect(page.get_by_text("Match 1 booked.")).to_be_visible()
    book(page, "Bruno Banks", "Dora Diesel")
    expect(page.locator("#booking-messages .refusal")).to_contain_text("Bruno Banks is already booked on this card")
    page.get_by_role("button", name="Mark as booked").click()
    expect(page.get_by_text("Offline Night is booked.")).to_be_visible()
    expect(lineup(page)).to_have_count(1)
    context.close()
