"""Referee and title pages: lineage, vacate and award from the browser, and refusals shown as messages."""

import pytest

from promotion import titles
from promotion.models import TitleReign
from tests.factories import WrestlerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def title(personas):
    personas.champ = WrestlerFactory(promotion=personas.promotion, ring_name="Champ Champerson")
    t = titles.title_create(promotion=personas.promotion, by=personas.owner, name="World Title")
    titles.title_award(title=t, by=personas.owner, wrestler_ids=[personas.champ.pk])
    return t


def test_the_title_page_shows_the_champion_and_the_lineage(client, personas, title):
    body = client.get(title.get_absolute_url()).content.decode()
    assert "Champ Champerson" in body and "since week 1" in body
    assert "week 1, awarded" in body and "current" in body
    assert "Vacate the title" not in body, "anonymous users see no owner actions"


def test_an_owner_vacates_then_awards_from_the_title_page(client, personas, title):
    client.force_login(personas.owner)
    assert "Vacate the title" in client.get(title.get_absolute_url()).content.decode()
    response = client.post(f"{title.get_absolute_url()}vacate/", {"reason": "Left for Japan"}, follow=True)
    body = response.content.decode()
    assert "The World Title is vacant." in body and "vacated: Left for Japan" in body
    assert "Award the title" in body
    new = WrestlerFactory(promotion=personas.promotion, ring_name="New Blood")
    body = client.post(f"{title.get_absolute_url()}award/", {"first": new.pk}, follow=True).content.decode()
    assert "The World Title is awarded." in body
    reign = TitleReign.objects.get(title=title, is_current=True)
    assert (reign.number, list(reign.holders.values_list("ring_name", flat=True))) == (2, ["New Blood"])


def test_refused_title_actions_are_messages(client, personas, title):
    client.force_login(personas.owner)
    body = client.post(f"{title.get_absolute_url()}award/", {"first": personas.champ.pk}, follow=True)
    assert "has a champion: vacate it first" in body.content.decode()
    body = client.post(f"{title.get_absolute_url()}vacate/", {"reason": ""}, follow=True).content.decode()
    assert "Say why the title is vacated" in body
    assert TitleReign.objects.get(title=title).is_current


def test_promoters_hire_referees_and_duplicate_names_are_form_errors(client, personas):
    client.force_login(personas.promoter)
    url = f"/p/{personas.promotion.slug}/referees/new/"
    data = {"name": "Earl", "skill": "14", "sav": "12", "warning_limit": "3"}
    assert client.post(url, data).status_code == 302
    response = client.post(url, data)
    assert response.status_code == 422
    assert "A referee called &#x27;Earl&#x27; already exists" in response.content.decode()
    response = client.post(url, {**data, "name": "Zed", "skill": "25"})
    assert response.status_code == 422
    assert personas.promotion.referees.count() == 1


def test_a_title_with_history_keeps_its_division_in_the_edit_form(client, personas, title):
    client.force_login(personas.promoter)
    response = client.post(f"{title.get_absolute_url()}edit/", {"name": "World Title", "division": "tag"})
    assert response.status_code == 422
    assert "The division is fixed once the title has a history." in response.content.decode()


def test_the_lineage_counts_reigns_weeks_and_draws_a_timeline(client, personas):
    from promotion.models import Title, TitleReign
    from promotion.titles import lineage_table
    from tests.factories import WrestlerFactory

    p = personas.promotion
    p.current_week = 10
    p.save()
    title = Title.objects.create(promotion=p, name="Lineage Belt")
    ace = WrestlerFactory(promotion=p, ring_name="Ace Champion")
    bo = WrestlerFactory(promotion=p, ring_name="Bo Brief")
    for number, holder, won, ended, end, reason in [
        (1, ace, 1, 4, "lost", ""),
        (2, bo, 4, 6, "vacated", "injured knee"),
        (3, ace, 7, None, "", ""),
    ]:
        reign = TitleReign.objects.create(
            title=title,
            number=number,
            won_week=won,
            won_method="pinfall",
            ended_week=ended,
            end=end,
            end_reason=reason,
            is_current=ended is None,
        )
        reign.holders.set([holder])
    rows, span = lineage_table(title, 10)
    assert [(r["reign"].number, r["nth"], r["weeks"]) for r in rows] == [(3, 2, 3), (2, 1, 2), (1, 1, 3)]
    assert span == {"start": 1, "end": 10}
    assert [(r["x"], r["width"]) for r in rows] == [(66.67, 33.33), (33.33, 22.22), (0.0, 33.33)]
    html = client.get(title.get_absolute_url()).content.decode()
    assert "2nd reign" in html
    assert "vacated: injured knee" in html
    assert html.count('class="reign-bar') == 3


def test_an_owner_retires_a_title_with_a_reason(client, personas):
    from promotion.models import Title, TitleReign

    title = Title.objects.create(promotion=personas.promotion, name="Old Belt")
    TitleReign.objects.create(title=title, number=1, won_week=1, won_method="awarded").holders.set([personas.wrestler])
    client.force_login(personas.promoter)
    assert client.post(f"/p/{personas.promotion.slug}/titles/{title.pk}/retire/", {"reason": "x"}).status_code == 403
    client.force_login(personas.owner)
    client.post(f"/p/{personas.promotion.slug}/titles/{title.pk}/retire/", {"reason": ""})
    title.refresh_from_db()
    assert title.is_active  # no reason, no retirement
    client.post(f"/p/{personas.promotion.slug}/titles/{title.pk}/retire/", {"reason": "Merged into the World Title"})
    title.refresh_from_db()
    reign = TitleReign.objects.get(title=title)
    assert not title.is_active
    assert (reign.is_current, reign.end, reign.end_reason) == (False, "retired", "Merged into the World Title")
    html = client.get(title.get_absolute_url()).content.decode()
    assert "title retired: Merged into the World Title" in html
