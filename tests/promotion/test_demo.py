import pytest
from django.core.management import call_command

from matches.models import Card, CardStatus, Match, MatchParticipant
from matches.odds import odds_compute
from promotion.models import Promotion, Referee, Title, TitleReign
from roster.models import Wrestler
from rules import get_ruleset

pytestmark = pytest.mark.django_db


def test_the_demo_league_loads_twice_without_changing(settings):
    settings.DEBUG = True
    call_command("seed_demo")
    first = sorted(Wrestler.objects.values_list("promotion__slug", "ring_name", "sheet"))
    call_command("seed_demo")
    assert sorted(Wrestler.objects.values_list("promotion__slug", "ring_name", "sheet")) == first
    counts = {p.ruleset: p.wrestlers.count() for p in Promotion.objects.all()}
    assert counts == {"arm": 18, "hp-d6": 18, "wildknight": 18}  # 8 matches, a tag match among them


def test_every_demo_wrestler_is_a_valid_sheet_with_a_finisher(settings):
    settings.DEBUG = True
    call_command("seed_demo")
    for wrestler in Wrestler.objects.select_related("promotion"):
        ruleset = get_ruleset(wrestler.promotion.ruleset)
        assert ruleset.validate_sheet(wrestler.sheet)["name"] == wrestler.ring_name
        assert "finisher" in str(wrestler.sheet).lower(), wrestler.ring_name


def test_seed_demo_refuses_outside_debug(settings):
    from django.core.management.base import CommandError

    settings.DEBUG = False
    with pytest.raises(CommandError, match="--force"):
        call_command("seed_demo")


def _league_state():
    return (
        sorted(Referee.objects.values_list("promotion__slug", "name", "skill", "sav", "warning_limit")),
        sorted(Title.objects.values_list("promotion__slug", "name", "division")),
        sorted(TitleReign.objects.values_list("title__name", "number", "is_current", "holders__ring_name")),
        sorted(Match.objects.values_list("card__promotion__slug", "order", "kind", "title__name", "referee__name")),
        sorted(MatchParticipant.objects.values_list("match__order", "side", "slot", "wrestler__ring_name")),
    )


def test_the_demo_league_has_referees_titles_and_a_booked_card(settings):
    settings.DEBUG = True
    call_command("seed_demo")
    first = _league_state()
    call_command("seed_demo")
    assert _league_state() == first, "loading twice changes nothing"
    for promotion in Promotion.objects.all():
        kinds = get_ruleset(promotion.ruleset).match_kinds
        assert promotion.referees.count() == 3
        titles = {t.name: t for t in promotion.titles.all()}
        assert sorted(t.division for t in titles.values()) == ["singles", "singles", "tag"]
        for title in titles.values():
            reign = title.reigns.get(is_current=True)
            assert reign.won_method == "awarded"
            assert reign.holders.count() == (2 if title.division == "tag" else 1)
        card = Card.objects.get(promotion=promotion)
        assert card.status == CardStatus.BOOKED
        matches = list(card.matches.order_by("order"))
        assert [m.order for m in matches] == list(range(1, 9))
        assert any(m.title_id for m in matches), "a title match"
        assert ("tag" in kinds) == any(m.kind == "tag" for m in matches)
        assert ("cage" in kinds) == any(m.kind == "cage" for m in matches)
        for match in matches:
            if match.title_id:
                champions = set(match.title.reigns.get(is_current=True).holders.values_list("pk", flat=True))
                booked = set(match.participants.values_list("wrestler_id", flat=True))
                assert champions <= booked, "the champion defends"


def test_the_demo_card_has_tag_and_cage_matches_when_the_ruleset_has_them(settings, monkeypatch):
    settings.DEBUG = True
    ruleset = get_ruleset("arm")
    monkeypatch.setattr(type(ruleset), "match_kinds", ("singles", "tag", "cage"))
    call_command("seed_demo")
    card = Card.objects.get(promotion__ruleset="arm")
    kinds = sorted(card.matches.values_list("kind", flat=True))
    assert kinds.count("tag") == 1 and kinds.count("cage") == 1 and len(kinds) == 8
    tag_match = card.matches.get(kind="tag")
    assert tag_match.title.division == "tag"
    assert tag_match.participants.count() == 4


def test_every_demo_card_page_renders_with_odds_for_every_match(settings, client):
    settings.DEBUG = True
    call_command("seed_demo")
    for card in Card.objects.select_related("promotion"):
        assert client.get(card.get_absolute_url()).status_code == 200
        for match in card.matches.all():
            odds_compute(match_id=match.pk)  # what the worker does once the booking commits
            odds = client.get(f"{card.get_absolute_url()}matches/{match.pk}/odds/").content.decode()
            assert "Odds from 200 simulated matches" in odds, (card.promotion.ruleset, match.order)
        assert client.get(card.promotion.get_absolute_url()).status_code == 200
