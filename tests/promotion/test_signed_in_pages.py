"""A signed-in visitor's page follows every write to his membership, the promotion and his notices on his
very next page (his unread count is kept in the cache: promotion/notices.py)."""

import pytest
from django.test import Client

from promotion import notices, services
from promotion.models import Notice
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_a_member_removed_from_a_private_promotion_loses_its_pages_at_once(private_personas):
    viewer = signed_in(private_personas.viewer)
    url = f"/p/{private_personas.promotion.slug}/roster/"
    assert viewer.get(url).status_code == 200
    membership = services.membership_for(private_personas.promotion, private_personas.viewer)
    services.membership_remove(membership=membership, by=private_personas.owner)
    assert viewer.get(url).status_code == 404


def test_a_promotion_made_private_closes_to_outsiders_at_once(personas):
    outsider = signed_in(personas.outsider)
    url = f"/p/{personas.promotion.slug}/league/"
    assert outsider.get(url).status_code == 200
    assert outsider.get(url).status_code == 200
    services.promotion_update(promotion=personas.promotion, by=personas.owner, is_public=False)
    assert outsider.get(url).status_code == 404


def test_a_new_role_shows_its_controls_on_the_next_page(personas):
    player = signed_in(personas.player)
    url = personas.wrestler.get_absolute_url()
    assert "Set status" not in player.get(url).content.decode()
    assert "Set status" not in player.get(url).content.decode()
    membership = services.membership_for(personas.promotion, personas.player)
    services.membership_set_role(membership=membership, by=personas.owner, role="promoter")
    assert "Set status" in player.get(url).content.decode()


def unread_badge(client, url):
    html = client.get(url).content.decode()
    start = html.find('<span class="badge">')
    return None if start < 0 else html[start + len('<span class="badge">') : html.index("</span>", start)]


def test_the_unread_count_follows_new_notices_and_reading_them(personas):
    player = signed_in(personas.player)
    url = f"/p/{personas.promotion.slug}/roster/"
    assert unread_badge(player, url) is None
    assert unread_badge(player, url) is None  # now kept
    notices.notify(
        [Notice(user=personas.player, promotion=personas.promotion, week=1, text=f"Note {n}") for n in range(3)]
        + [Notice(user=personas.other_player, promotion=personas.promotion, week=1, text="Not Paula's")]
    )
    assert unread_badge(player, url) == "3"
    assert unread_badge(signed_in(personas.other_player), url) == "1"
    assert player.post("/notices/").status_code == 302
    assert unread_badge(player, url) is None
    assert unread_badge(signed_in(personas.other_player), url) == "1", "reading one's notices leaves others' alone"


def test_a_count_kept_before_a_commit_is_forgotten_after_it(personas, django_capture_on_commit_callbacks):
    """A page counting the old rows between the notices' insert and their commit keeps a wrong count; the second
    forgetting, after commit, clears it."""
    player = signed_in(personas.player)
    url = f"/p/{personas.promotion.slug}/roster/"
    with django_capture_on_commit_callbacks(execute=True):
        notices.notify([Notice(user=personas.player, promotion=personas.promotion, week=1, text="Fresh")])
        notices.cache.set(notices._unread_key(personas.player.pk), 0)  # a reader who counted before the commit
    assert unread_badge(player, url) == "1"


def test_strangers_and_new_users_see_no_unread_count(personas):
    assert unread_badge(Client(), f"/p/{personas.promotion.slug}/roster/") is None
    assert unread_badge(signed_in(UserFactory(username="nina_new")), "/") is None


def menu(client, url):
    html = client.get(url).content.decode()
    start = html.index('<nav class="subnav"')
    return html[start : html.index("</nav>", start)]


def test_each_member_gets_the_menu_of_his_role_and_a_renamed_promotion_its_new_name(personas):
    url = f"/p/{personas.promotion.slug}/league/"
    owner, player, viewer = (signed_in(u) for u in (personas.owner, personas.player, personas.viewer))
    for _ in range(2):  # the second time from each process's memo of menus (promotion_tags._nav)
        assert "Members" in menu(owner, url) and "Settings" in menu(owner, url)
        assert "New wrestler" in menu(player, url) and "Members" not in menu(player, url)
        assert "New wrestler" not in menu(viewer, url) and "Settings" not in menu(viewer, url)
        assert "New wrestler" not in menu(Client(), url)
    services.promotion_update(promotion=personas.promotion, by=personas.owner, name="Persona <Deluxe>")
    assert 'aria-label="Persona &lt;Deluxe&gt;"' in menu(player, url)
