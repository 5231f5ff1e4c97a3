"""Every booking, referee and title view, for every persona: who may see and who may change what."""

import pytest

from matches import booking_services as booking
from matches.booking_services import MatchSpec
from matches.models import Card, Match, MatchParticipant
from promotion import titles
from promotion.models import Referee, Title, TitleReign
from tests.factories import WrestlerFactory

pytestmark = pytest.mark.django_db

PERSONAS = ["owner", "promoter", "player", "other_player", "viewer", "outsider", "anonymous"]
LOGIN = "login"


def build(p):
    """A booked card with two matches, a draft card with one, a referee, a held title and a vacant one."""
    w = [WrestlerFactory(promotion=p.promotion, ring_name=f"Worker {n}") for n in range(10)]
    p.roster = w
    p.referee = titles.referee_create(promotion=p.promotion, by=p.owner, name="Earl")
    p.title = titles.title_create(promotion=p.promotion, by=p.owner, name="World Title")
    titles.title_award(title=p.title, by=p.owner, wrestler_ids=[w[0].pk])
    p.vacant = titles.title_create(promotion=p.promotion, by=p.owner, name="Vacant Title")
    p.card = booking.card_create(promotion=p.promotion, by=p.owner, name="Booked Card")
    p.match, _ = booking.match_add(card=p.card, by=p.owner, spec=MatchSpec(sides=[[w[0].pk], [w[1].pk]]))
    p.match2, _ = booking.match_add(card=p.card, by=p.owner, spec=MatchSpec(sides=[[w[2].pk], [w[3].pk]]))
    booking.card_mark_booked(card=p.card, by=p.owner)
    p.draft = booking.card_create(promotion=p.promotion, by=p.owner, name="Draft Card")
    p.draft_match, _ = booking.match_add(card=p.draft, by=p.owner, spec=MatchSpec(sides=[[w[4].pk], [w[5].pk]]))
    return p


@pytest.fixture
def league(personas):
    return build(personas)


@pytest.fixture
def private_league(private_personas):
    return build(private_personas)


def get_url(p, name):
    s = p.promotion.slug
    return {
        "cards": f"/p/{s}/cards/",
        "card": f"/p/{s}/cards/{p.card.pk}/",
        "draft-card": f"/p/{s}/cards/{p.draft.pk}/",
        "odds": f"/p/{s}/cards/{p.card.pk}/matches/{p.match.pk}/odds/",
        "card-create": f"/p/{s}/cards/new/",
        "card-edit": f"/p/{s}/cards/{p.draft.pk}/edit/",
        "match-edit": f"/p/{s}/cards/{p.draft.pk}/matches/{p.draft_match.pk}/edit/",
        "wrestler-search": f"/p/{s}/cards/wrestlers/?q=Work&slot=side0_0",
        "referees": f"/p/{s}/referees/",
        "referee-edit": f"/p/{s}/referees/{p.referee.pk}/edit/",
        "titles": f"/p/{s}/titles/",
        "title": f"/p/{s}/titles/{p.title.pk}/",
        "title-edit": f"/p/{s}/titles/{p.title.pk}/edit/",
        "promotion": f"/p/{s}/",
    }[name]


def post_for(p, name):
    s, w = p.promotion.slug, p.roster
    card, draft = f"/p/{s}/cards/{p.card.pk}", f"/p/{s}/cards/{p.draft.pk}"
    return {
        "card-create": (f"/p/{s}/cards/new/", {"name": "New Card", "week": "2", "venue": "", "pace": "0"}),
        "card-edit": (f"{draft}/edit/", {"name": "Renamed", "week": "3", "venue": "Hall", "pace": "2"}),
        "match-add": (f"{draft}/matches/add/", {"kind": "singles", "side0_0": w[6].pk, "side1_0": w[7].pk}),
        "match-edit": (
            f"{draft}/matches/{p.draft_match.pk}/edit/",
            {"kind": "singles", "side0_0": w[4].pk, "side1_0": w[8].pk, "no_dq": "on"},
        ),
        "match-move": (f"{card}/matches/{p.match.pk}/move/", {"direction": "down"}),
        "match-remove": (f"{card}/matches/{p.match2.pk}/remove/", {}),
        "card-reorder": (f"{card}/reorder/", {"order": f"{p.match2.pk},{p.match.pk}"}),
        "card-book": (f"{draft}/book/", {}),
        "referee-create": (f"/p/{s}/referees/new/", {"name": "Sam", "skill": "10", "sav": "9", "warning_limit": "3"}),
        "referee-edit": (
            f"/p/{s}/referees/{p.referee.pk}/edit/",
            {"name": "Earl II", "skill": "11", "sav": "9", "warning_limit": "3"},
        ),
        "title-create": (f"/p/{s}/titles/new/", {"name": "TV Title", "division": "singles", "is_active": "on"}),
        "title-edit": (f"/p/{s}/titles/{p.title.pk}/edit/", {"name": "Big Gold", "division": "singles"}),
        "title-vacate": (f"/p/{s}/titles/{p.title.pk}/vacate/", {"reason": "Stripped"}),
        "title-award": (f"/p/{s}/titles/{p.vacant.pk}/award/", {"first": w[9].pk}),
    }[name]


def client_as(client, p, persona):
    if persona != "anonymous":
        client.force_login(getattr(p, persona))
    return client


def status_of(response):
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return LOGIN
    return response.status_code


BOOKERS_ONLY = [200, 200, 403, 403, 403, 403, LOGIN]
EVERYONE = [200] * 7
PUBLIC_GET = {
    "promotion": EVERYONE,
    "cards": EVERYONE,
    "card": EVERYONE,
    "odds": EVERYONE,
    "draft-card": [200, 200, 404, 404, 404, 404, 404],  # a draft is the promoters' secret
    "card-create": BOOKERS_ONLY,
    "card-edit": BOOKERS_ONLY,
    "match-edit": BOOKERS_ONLY,
    "wrestler-search": BOOKERS_ONLY,
    "referees": EVERYONE,
    "referee-edit": BOOKERS_ONLY,
    "titles": EVERYONE,
    "title": EVERYONE,
    "title-edit": BOOKERS_ONLY,
}


@pytest.mark.parametrize("page", list(PUBLIC_GET))
@pytest.mark.parametrize("persona", PERSONAS)
def test_it_checks_who_may_open_each_page(client, league, page, persona):
    expected = PUBLIC_GET[page][PERSONAS.index(persona)]
    assert status_of(client_as(client, league, persona).get(get_url(league, page))) == expected


PRIVATE_GET = {page: [*codes[:5], 404, LOGIN if codes[6] == LOGIN else 404] for page, codes in PUBLIC_GET.items()}


@pytest.mark.parametrize("page", list(PRIVATE_GET))
@pytest.mark.parametrize("persona", PERSONAS)
def test_outsiders_get_404_for_a_private_promotion(client, private_league, page, persona):
    expected = PRIVATE_GET[page][PERSONAS.index(persona)]
    assert status_of(client_as(client, private_league, persona).get(get_url(private_league, page))) == expected


BOOKERS_POST = [302, 302, 403, 403, 403, 403, LOGIN]
OWNERS_POST = [302, 403, 403, 403, 403, 403, LOGIN]
PUBLIC_POST = {
    "card-create": BOOKERS_POST,
    "card-edit": BOOKERS_POST,
    "match-add": BOOKERS_POST,
    "match-edit": BOOKERS_POST,
    "match-move": BOOKERS_POST,
    "match-remove": BOOKERS_POST,
    "card-reorder": BOOKERS_POST,
    "card-book": BOOKERS_POST,
    "referee-create": BOOKERS_POST,
    "referee-edit": BOOKERS_POST,
    "title-create": BOOKERS_POST,
    "title-edit": BOOKERS_POST,
    "title-vacate": OWNERS_POST,
    "title-award": OWNERS_POST,
}


def snapshot():
    """Everything booking, referee and title views can change."""
    return (
        sorted(Card.objects.values_list("pk", "name", "week", "venue", "pace", "status")),
        sorted(Match.objects.values_list("pk", "card_id", "order", "kind", "no_dq", "title_id", "referee_id")),
        sorted(MatchParticipant.objects.values_list("match_id", "side", "slot", "wrestler_id")),
        sorted(Referee.objects.values_list("pk", "name", "skill", "sav", "warning_limit")),
        sorted(Title.objects.values_list("pk", "name", "division", "is_active", "defense_interval_weeks")),
        sorted(TitleReign.objects.values_list("pk", "title_id", "is_current", "end", "end_reason")),
    )


@pytest.mark.parametrize("action", list(PUBLIC_POST))
@pytest.mark.parametrize("persona", PERSONAS)
def test_it_checks_who_may_change_things(client, league, action, persona):
    url, data = post_for(league, action)
    before = snapshot()
    response = client_as(client, league, persona).post(url, data)
    expected = PUBLIC_POST[action][PERSONAS.index(persona)]
    assert status_of(response) == expected, response.content.decode()[:2000]
    if expected in (403, LOGIN):
        assert snapshot() == before, "a refused request must change nothing"
    else:
        assert snapshot() != before, "an allowed request does what it says"


@pytest.mark.parametrize("action", ["match-add", "match-move", "card-book", "title-award"])
@pytest.mark.parametrize("persona", ["outsider", "anonymous"])
def test_outsiders_cannot_even_find_a_private_promotion_to_post_to(client, private_league, action, persona):
    url, data = post_for(private_league, action)
    before = snapshot()
    response = client_as(client, private_league, persona).post(url, data)
    assert status_of(response) == (404 if persona == "outsider" else LOGIN)
    assert snapshot() == before


def test_a_draft_card_stays_off_the_promotion_page_and_the_card_list(client, league):
    client.force_login(league.player)
    assert "Draft Card" not in client.get(get_url(league, "cards")).content.decode()
    assert "Booked Card" in client.get(get_url(league, "promotion")).content.decode()
    client.force_login(league.promoter)
    assert "Draft Card" in client.get(get_url(league, "cards")).content.decode()


def test_a_live_card_is_read_only_in_the_browser(client, league):
    Card.objects.filter(pk=league.card.pk).update(status="live")
    client.force_login(league.owner)
    response = client.get(f"/p/{league.promotion.slug}/cards/{league.card.pk}/edit/")
    assert response.status_code == 302 and response["Location"] == league.card.get_absolute_url()
    before = snapshot()
    url, data = post_for(league, "match-move")
    response = client.post(url, data)
    assert response.status_code == 422
    assert "its line-up can no longer change" in response.content.decode()
    assert snapshot() == before
