"""Issue 22 item 9: with the Content-Security-Policy on (scripts only from our static files), the pages still work
in Chromium and the browser reports no violation: HTMX, the card builder's drag script (static/js/builder.js) and
the live page's script all load from files."""

from pathlib import Path

from playwright.sync_api import expect

from matches.booking_services import card_create
from tests.browser.test_booking import PASSWORD
from tests.conftest import BASE_DIR
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, book_card

SHOTS = BASE_DIR / "var" / "screenshots"


def test_pages_run_under_the_policy_without_a_violation(page, live_url):
    owner = UserFactory(username="csp_owner")
    promotion = PromotionFactory(name="Policy Pro", slug="policy-pro", ruleset="arm", created_by=owner, is_public=True)
    MembershipFactory(promotion=promotion, user=owner, role="owner")
    booked = book_card(promotion, owner, matches=2, name="Policy Card")
    draft = card_create(promotion=promotion, by=owner, name="Policy Draft")
    violations = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: violations.append(str(e)))

    page.goto(live_url + "/accounts/login/")
    page.get_by_label("Username").fill("csp_owner")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out csp_owner")).to_be_visible()
    policy = page.request.get(live_url + "/").headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self';" in policy and "unsafe-inline" not in policy

    base = f"{live_url}/p/{promotion.slug}"
    match = booked.matches.order_by("order").first()
    SHOTS.mkdir(parents=True, exist_ok=True)
    for path in (
        "/",
        "/roster/",
        f"/cards/{booked.pk}/",
        f"/cards/{booked.pk}/edit/",
        f"/matches/{match.pk}/",
        "/dice/",
    ):
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(base + path)
            page.wait_for_load_state("networkidle")
            name = path.strip("/").replace("/", "-") or "promotion"
            page.screenshot(path=str(SHOTS / f"csp-{name}-{width}.png"), full_page=True)
    # HTMX runs (loaded from a file): the builder's picker search answers without a page load.
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base}/cards/{draft.pk}/edit/")
    assert page.evaluate("typeof window.htmx") == "object"
    scripts = page.evaluate("[...document.scripts].map(s => s.src)")
    assert any(Path(s).name.startswith("builder") for s in scripts), scripts
    # The sheet editor adds a row without eval (static/js/rows.js gives the new row's index).
    page.goto(f"{base}/roster/new/")
    add = page.locator("button.add-row").first
    rows = page.locator(f"#{add.get_attribute('data-row-list')} > *")
    before = rows.count()
    add.click()
    expect(rows).to_have_count(before + 1)
    assert violations == []
