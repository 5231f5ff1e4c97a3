"""League pages: contenders, advancing the week, week logs, results, dice, export, notices."""

import json

import pytest

from matches import services
from promotion.models import Notice, Title, TitleReign, WeekLog
from tests.factories import WrestlerFactory, book_card

pytestmark = pytest.mark.django_db

PERSONAS = ["owner", "promoter", "player", "viewer", "outsider", "anonymous"]


def as_persona(client, p, persona):
    if persona != "anonymous":
        client.force_login(getattr(p, persona))
    return client


@pytest.mark.parametrize("page", ["league/", "results/", "dice/", "export.json"])
@pytest.mark.parametrize("persona", PERSONAS)
def test_league_pages_are_public_for_public_promotions(client, personas, page, persona):
    assert as_persona(client, personas, persona).get(f"/p/{personas.promotion.slug}/{page}").status_code == 200


@pytest.mark.parametrize("page", ["league/", "results/", "dice/", "export.json"])
@pytest.mark.parametrize("persona", PERSONAS)
def test_league_pages_of_private_promotions_are_for_members(client, private_personas, page, persona):
    expected = 404 if persona in ("outsider", "anonymous") else 200
    response = as_persona(client, private_personas, persona).get(f"/p/{private_personas.promotion.slug}/{page}")
    assert response.status_code == expected


@pytest.mark.parametrize(
    ("persona", "expected"),
    [("owner", 302), ("promoter", 403), ("player", 403), ("viewer", 403), ("outsider", 403), ("anonymous", "login")],
)
def test_only_owners_end_the_week(client, personas, persona, expected):
    response = as_persona(client, personas, persona).post(
        f"/p/{personas.promotion.slug}/league/advance/", {"week": "1"}
    )
    if expected == "login":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == expected
    personas.promotion.refresh_from_db()
    assert personas.promotion.current_week == (2 if expected == 302 else 1)


def test_ending_a_week_twice_from_the_page_ends_it_once(client, personas):
    client.force_login(personas.owner)
    url = f"/p/{personas.promotion.slug}/league/advance/"
    assert client.post(url, {"week": "1"})["Location"] == f"/p/{personas.promotion.slug}/league/weeks/1/"
    response = client.post(url, {"week": "1"}, follow=True)
    assert "Week 1 has already ended" in response.content.decode()
    assert WeekLog.objects.filter(promotion=personas.promotion).count() == 1
    assert client.post(url, {"week": "soon"}).status_code == 302  # a bad value is a message, not a 500


def test_the_contender_page_writes_its_formula_and_ranks(client, personas, django_assert_max_num_queries):
    title = Title.objects.create(promotion=personas.promotion, name="World Heavyweight")
    for name in ("Tag Belts", "TV Title", "Cruiserweight"):  # more titles must not mean more queries
        Title.objects.create(promotion=personas.promotion, name=name, defense_interval_weeks=4)
    WrestlerFactory(promotion=personas.promotion, ring_name="Top Guy", prestige=300)
    with django_assert_max_num_queries(10):
        html = client.get(f"/p/{personas.promotion.slug}/league/").content.decode()
    assert "Score = Prestige ÷ 20 + 15 × clean wins + 5 × wins by DQ or count-out" in html
    assert "Prestige 300 ÷ 20 = 15" in html  # Top Guy's breakdown
    assert title.name in html and "Top Guy" in html


def test_a_finished_card_shows_in_results_and_in_the_export(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=2)
    services.card_go_live(card=card, by=personas.promoter)
    services.card_run(card.pk)
    html = client.get(f"/p/{personas.promotion.slug}/results/").content.decode()
    for match in card.matches.all():
        assert match.get_absolute_url() in html
    data = json.loads(client.get(f"/p/{personas.promotion.slug}/export.json").content)
    assert data["schema"] == 1
    assert data["promotion"]["slug"] == personas.promotion.slug
    exported = {m["id"]: m for m in data["matches"]}
    for match in card.matches.all():
        row = exported[match.pk]
        assert (row["method"], row["winner_side"], row["sides"]) == (
            match.method,
            match.winner_side,
            [[p.wrestler_id for p in match.participants.filter(side=s)] for s in (0, 1)],
        )
        winners = " & ".join(
            match.participants.filter(side=match.winner_side).values_list("wrestler__ring_name", flat=True)
        )
        assert row["recap"] == match.recap and row["recap"].startswith(winners), row["recap"]
    assert {w["id"] for w in data["wrestlers"]} >= {p.wrestler_id for p in card.participants.all()}


def test_the_export_command_writes_the_same_json(personas, tmp_path):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    TitleReign.objects.create(
        title=Title.objects.create(promotion=personas.promotion, name="T"), number=1, won_week=1, won_method="awarded"
    ).holders.set([personas.wrestler])
    out = tmp_path / "league.json"
    call_command("export_promotion", personas.promotion.slug, "-o", str(out))
    data = json.loads(out.read_text())
    assert data["reigns"][0]["holders"] == [personas.wrestler.pk]
    with pytest.raises(CommandError, match="slug: no promotion called 'nope'"):
        call_command("export_promotion", "nope")


def test_notices_are_listed_and_marked_read(client, personas):
    Notice.objects.create(user=personas.player, promotion=personas.promotion, week=1, text="Paula's Pride healed.")
    client.force_login(personas.player)
    html = client.get("/").content.decode()
    assert 'Inbox <span class="badge">1</span><span class="sr-only"> unread</span>' in html
    assert "Paula&#x27;s Pride healed." in client.get("/notices/").content.decode()
    client.post("/notices/")
    assert not Notice.objects.filter(user=personas.player, read=False).exists()


def test_overdue_title_defenses_are_flagged(client, personas):
    p = personas.promotion
    p.current_week = 9
    p.save()
    title = Title.objects.create(promotion=p, name="Dusty Belt", defense_interval_weeks=4)
    TitleReign.objects.create(title=title, number=1, won_week=2, won_method="awarded").holders.set([personas.wrestler])
    for url in (f"/p/{p.slug}/league/", f"/p/{p.slug}/"):
        html = client.get(url).content.decode()
        assert "Overdue title defenses" in html and "not defended for 7 weeks" in html, url
    from matches.booking_services import card_create

    card = card_create(promotion=p, by=personas.promoter, name="Next Show")
    client.force_login(personas.promoter)
    assert "not defended for 7 weeks" in client.get(f"/p/{p.slug}/cards/{card.pk}/edit/").content.decode()


def test_results_and_title_pages_stay_under_ten_queries(client, personas, django_assert_max_num_queries):
    card = book_card(personas.promotion, personas.promoter, matches=6)
    services.card_go_live(card=card, by=personas.promoter)
    services.card_run(card.pk)
    title = Title.objects.create(promotion=personas.promotion, name="Counted Belt")
    for n in range(1, 6):
        TitleReign.objects.create(
            title=title, number=n, won_week=n, won_method="pinfall", ended_week=n + 1, end="lost", is_current=False
        ).holders.set([personas.wrestler])
    for url in (f"/p/{personas.promotion.slug}/results/", title.get_absolute_url()):
        with django_assert_max_num_queries(10):
            assert client.get(url).status_code == 200


@pytest.mark.parametrize("ruleset", ["arm", "hp-d6", "wildknight"])
def test_the_league_page_says_how_often_matches_injure(client, ruleset):
    from tests.conftest import Personas

    p = Personas(ruleset=ruleset)
    html = client.get(f"/p/{p.promotion.slug}/league/").content.decode()
    if ruleset == "arm":
        assert "58% of wrestlers left the ring with at least one point" in html
        assert "about 1.6 weeks" in html
    else:
        assert "has no injury rule: a match injures nobody" in html
