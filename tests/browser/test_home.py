from django.contrib.auth import get_user_model


def test_a_visitor_sees_the_home_page_and_can_log_in(page, live_url):
    get_user_model().objects.create_user("lou", password="thesz-belt-1947")
    page.goto(live_url + "/")
    assert page.title() == "Home · Kayfabe"
    assert page.get_by_role("heading", level=1).inner_text() == "Kayfabe"
    assert page.get_by_role("navigation", name="Main").is_visible()
    assert page.get_by_role("main").is_visible()
    assert page.get_by_role("heading", name="Three rulebooks").is_visible()
    # The stylesheet is served locally (whitenoise): the header is dark, not unstyled.
    assert page.eval_on_selector(".site-header", "e => getComputedStyle(e).backgroundColor") == "rgb(29, 31, 36)"
    # htmx loaded from our own server.
    assert page.evaluate("typeof htmx") == "object"

    page.get_by_role("link", name="Log in", exact=True).first.click()
    page.get_by_label("Username").fill("lou")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Log in").click()
    assert "Please enter a correct username and password" in page.get_by_role("alert").first.inner_text()
    page.get_by_label("Password").fill("thesz-belt-1947")
    page.get_by_role("button", name="Log in").click()
    assert page.get_by_role("button", name="Log out lou").is_visible()
