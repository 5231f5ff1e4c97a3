"""The busy pages change right after every kind of write, for visitors with and without cookies, and nobody is
ever shown another visitor's controls or CSRF token. (They guarded the page cache; they guard any cache to come.)"""

import re

import pytest
from django.test import Client
from django.utils.html import escape

from matches import booking_services as booking
from matches import services as live
from matches.booking_services import MatchSpec
from matches.models import Card
from promotion import titles
from promotion.league import advance_week
from promotion.services import account_delete
from roster import services as roster_services
from tests.factories import WrestlerFactory, book_card, sheet_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def visitors():
    """A stranger without cookies and a visitor with a cookie."""
    stranger = Client()
    regular = Client()
    regular.cookies["seen"] = "1"
    return stranger, regular


def pages(personas, card=None, title=None, wrestler=None):
    base = f"/p/{personas.promotion.slug}"
    urls = [f"{base}/roster/", f"{base}/league/"]
    if card:
        urls.append(card.get_absolute_url())
    if title:
        urls.append(title.get_absolute_url())
    if wrestler:
        urls.append(wrestler.get_absolute_url())
    return urls


def read(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def no_result(league_page):
    """The contenders whose score breakdown is their Prestige alone: no recent result."""
    import re

    return re.findall(r'class="score-parts"><span class="score-part">Prestige [^<]*</span></td>', league_page)


def test_a_result_shows_at_once_on_the_card_wrestler_roster_and_contender_pages(
    personas, visitors, django_capture_on_commit_callbacks
):
    title = titles.title_create(promotion=personas.promotion, by=personas.owner, name="Cache Belt")
    card = book_card(personas.promotion, personas.promoter, matches=1)
    match = card.matches.get()
    a, b = (p.wrestler for p in match.participants.order_by("side"))
    before = {}
    for client in visitors:
        for url in pages(personas, card=card, title=title, wrestler=a):
            before[client, url] = read(client, url)
        assert "No matches yet." in read(client, a.get_absolute_url())
    live.card_go_live(card=card, by=personas.promoter)
    with django_capture_on_commit_callbacks(execute=True):
        live.card_run(card.pk)
    match.refresh_from_db()
    winner_side = match.winner_side
    a.refresh_from_db()
    for client in visitors:
        card_page = read(client, card.get_absolute_url())
        assert escape(match.result_text) in card_page, "the card page shows the result"
        wrestler_page = read(client, a.get_absolute_url())
        assert "No matches yet." not in wrestler_page and f"vs {b.ring_name}" in wrestler_page
        record = "1–0–0" if winner_side == 0 else "0–0–1" if winner_side is None else "0–1–0"
        assert record in wrestler_page
        roster = read(client, f"/p/{personas.promotion.slug}/roster/")
        assert f"<td>{a.fame}</td>" in roster, "the roster shows the Fame the result gave"
        contenders = read(client, f"/p/{personas.promotion.slug}/league/")
        assert len(no_result(before[client, pages(personas)[1]])) == 3, "nobody had a recent result"
        assert len(no_result(contenders)) == 1, "the two who wrestled have one now (or are injured)"


def test_an_edited_wrestler_shows_on_the_roster_his_page_and_the_card(personas, visitors):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    wrestler = card.matches.get().participants.get(side=0).wrestler
    for client in visitors:
        read(client, card.get_absolute_url())
        read(client, f"/p/{personas.promotion.slug}/roster/")
        read(client, wrestler.get_absolute_url())
    sheet = sheet_for(personas.promotion.ruleset, "Renamed Rex", alignment=wrestler.alignment)
    roster_services.wrestler_update(wrestler=wrestler, by=personas.owner, sheet=sheet, hometown="Cachetown")
    roster_services.injury_add(wrestler=wrestler, body_part="arm", points=3)
    for client in visitors:
        assert "Renamed Rex" in read(client, card.get_absolute_url())
        roster = read(client, f"/p/{personas.promotion.slug}/roster/")
        assert "Renamed Rex" in roster and "3 injury pts" in roster
        page = read(client, wrestler.get_absolute_url())
        assert "from Cachetown" in page and "Arm: 3 points" in page and "Renamed Rex" in page


def test_a_title_change_shows_on_the_title_and_contender_pages(personas, visitors):
    champ = WrestlerFactory(promotion=personas.promotion, ring_name="Cached Champ", prestige=500)
    title = titles.title_create(promotion=personas.promotion, by=personas.owner, name="Cache Title")
    titles.title_award(title=title, by=personas.owner, wrestler_ids=[champ.pk])
    league = f"/p/{personas.promotion.slug}/league/"
    for client in visitors:
        assert "Cached Champ" in read(client, title.get_absolute_url())
        assert "Cached Champ" not in read(client, league), "a champion is no contender"
    titles.title_vacate(title=title, by=personas.owner, reason="Injured")
    for client in visitors:
        page = read(client, title.get_absolute_url())
        assert "Vacant." in page and "vacated: Injured" in page
        assert "Cached Champ" in read(client, league), "the former champion is ranked again"
    owner = Client()
    owner.force_login(personas.owner)
    assert owner.post(f"{title.get_absolute_url()}retire/", {"reason": "Rebranded"}).status_code == 302
    for client in visitors:
        assert "Cache Title</a> contenders" not in read(client, league), "a retired title has no contenders"


def test_advancing_the_week_shows_healing_on_the_roster_and_the_league_log(personas, visitors):
    wrestler = personas.wrestler
    roster_services.injury_add(wrestler=wrestler, body_part="leg", points=1)
    league = f"/p/{personas.promotion.slug}/league/"
    for client in visitors:
        assert "1 injury pts" in read(client, f"/p/{personas.promotion.slug}/roster/")
        assert "No week has ended yet." in read(client, league)
    advance_week(promotion=personas.promotion, by=personas.owner)
    for client in visitors:
        assert "injury pts" not in read(client, f"/p/{personas.promotion.slug}/roster/"), "healed in the week"
        page = read(client, league)
        assert "Week 1</a>: 1 healed" in page and "Week 2." in page


def test_a_card_page_follows_a_reorder_and_a_match_starting(personas, visitors):
    card = book_card(personas.promotion, personas.promoter, matches=2)
    first, second = card.matches.order_by("order")
    names = [m.participants.get(side=0).wrestler.ring_name for m in (first, second)]
    for client in visitors:
        page = read(client, card.get_absolute_url())
        assert page.index(names[0]) < page.index(names[1])
    booking.card_reorder(card=card, by=personas.promoter, ordered_ids=[second.pk, first.pk])
    for client in visitors:
        page = read(client, card.get_absolute_url())
        assert page.index(names[1]) < page.index(names[0]), "the new order"
        assert "Live now" not in page
    Card.objects.filter(pk=card.pk).update(status="live")
    for client in visitors:
        assert "Live now" not in read(client, card.get_absolute_url())
    assert live.match_claim(second.pk)
    for client in visitors:
        assert "Live now: watch it" in read(client, card.get_absolute_url())


def test_nobody_sees_a_promoters_controls_or_token(personas, visitors):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    title = titles.title_create(promotion=personas.promotion, by=personas.owner, name="Guarded Belt")
    urls = {
        "card": card.get_absolute_url(),
        "title": title.get_absolute_url(),
        "wrestler": personas.wrestler.get_absolute_url(),
    }
    controls = {"card": "Go live", "title": "Retire the title", "wrestler": "Set status"}
    boss = Client()
    boss.force_login(personas.owner)
    player = Client()
    player.force_login(personas.player)
    for page, url in urls.items():
        seen = read(boss, url)
        assert controls[page] in seen and "olive_owner" in seen
        token = re.search(r'"X-CSRFToken": "([^"]+)"', seen).group(1)
        for client in (player, *visitors):
            other = read(client, url)
            assert controls[page] not in other, f"{page}: the owner's controls leaked"
            assert token not in other and "olive_owner" not in other
        assert "paula_player" in read(player, url), "each visitor's own menu"


def test_a_private_promotion_stays_private_for_strangers(private_personas, visitors):
    stranger, regular = visitors
    member = Client()
    member.force_login(private_personas.viewer)
    url = f"/p/{private_personas.promotion.slug}/roster/"
    assert member.get(url).status_code == 200
    assert stranger.get(url).status_code == 404 and regular.get(url).status_code == 404


def test_a_new_match_on_a_draft_card_shows_to_bookers(personas):
    a, b = (WrestlerFactory(promotion=personas.promotion, ring_name=f"Draftee {n}") for n in "AB")
    card = booking.card_create(promotion=personas.promotion, by=personas.promoter, name="Draft Night")
    promoter = Client()
    promoter.force_login(personas.promoter)
    assert "No matches booked yet." in read(promoter, card.get_absolute_url())
    booking.match_add(card=card, by=personas.promoter, spec=MatchSpec(sides=[[a.pk], [b.pk]]))
    page = read(promoter, card.get_absolute_url())
    assert "Draftee A" in page and "Draftee B" in page
    assert Client().get(card.get_absolute_url()).status_code == 404, "a draft is no page for strangers"


def test_a_deleted_player_leaves_his_wrestler_to_the_house_on_the_roster(personas, visitors):
    url = f"/p/{personas.promotion.slug}/roster/"
    for client in visitors:
        assert "paula_player" in read(client, url)
    account_delete(user=personas.player)  # what the admin's delete does (promotion/admin.py)
    for client in visitors:
        roster = read(client, url)
        assert "paula_player" not in roster and "<td>house</td>" in roster


def test_a_player_deleted_in_the_admin_leaves_the_roster_at_once(personas, visitors, django_user_model):
    url = f"/p/{personas.promotion.slug}/roster/"
    for client in visitors:
        assert "paula_player" in read(client, url)
    admin = Client()
    admin.force_login(django_user_model.objects.create_superuser("root-admin", "root@example.com", "x-long-password"))
    response = admin.post(f"/admin/auth/user/{personas.player.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not django_user_model.objects.filter(pk=personas.player.pk).exists()
    for client in visitors:
        roster = read(client, url)
        assert "paula_player" not in roster and "<td>house</td>" in roster


def test_a_player_renamed_in_the_admin_shows_on_the_roster_at_once(personas, visitors):
    url = f"/p/{personas.promotion.slug}/roster/"
    for client in visitors:
        assert "paula_player" in read(client, url)
    from promotion.services import account_save

    personas.player.username = "paula_renamed"
    account_save(user=personas.player)  # what the admin's user form does (promotion/admin.py)
    for client in visitors:
        roster = read(client, url)
        assert "paula_renamed" in roster and "paula_player" not in roster
