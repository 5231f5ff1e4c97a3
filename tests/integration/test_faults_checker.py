"""The fault tests' checker (faultcheck.py) passes a clean run and catches each way a fault could leave it wrong:
a gap, a changed line, a result applied twice or to the wrong side, a title defense counted twice, an injury
added twice, a card left live."""

import pytest
from django.db.models import F

from matches import services
from matches.models import Card, Match, MatchEvent
from promotion.models import TitleReign
from roster.models import Injury, Wrestler
from tests.integration.faultcheck import assert_as_clean_run, book_title_card, league_before

pytestmark = [pytest.mark.django_db, pytest.mark.fault]


@pytest.fixture
def clean_card(personas):
    card = book_title_card(personas, pace=0)
    before = league_before(card)
    services.card_go_live(card=card, by=personas.promoter)  # the enqueue waits for a commit that never comes
    services.card_run(card.pk)
    return card, before


def test_it_passes_a_clean_run(clean_card):
    assert_as_clean_run(*clean_card)


def _first_match(card):
    return Match.objects.filter(card=card).order_by("order").first()


def _drop_an_event(card):
    MatchEvent.objects.filter(match=_first_match(card), seq=2).delete()


def _change_a_line(card):
    event = MatchEvent.objects.get(match=_first_match(card), seq=1)
    event.data = dict(event.data, text="Something else happened.")
    event.save()


def _apply_prestige_twice(card):
    wrestler = Wrestler.objects.filter(participations__match=_first_match(card)).first()
    Wrestler.objects.filter(pk=wrestler.pk).update(prestige=F("prestige") + 10, fame=F("fame") + 10)


def _flip_the_winner(card):
    match = _first_match(card)
    Match.objects.filter(pk=match.pk).update(winner_side=0 if match.winner_side is None else 1 - match.winner_side)


def _defend_twice(card):
    TitleReign.objects.filter(title=_first_match(card).title, is_current=True).update(defenses=F("defenses") + 1)


def _injure_twice(card):
    wrestler = Wrestler.objects.filter(participations__match__card=card).first()
    injury, _ = Injury.objects.get_or_create(wrestler=wrestler, body_part="head", defaults={"points": 0})
    Injury.objects.filter(pk=injury.pk).update(points=F("points") + 1)


def _leave_it_live(card):
    Card.objects.filter(pk=card.pk).update(status="live")


@pytest.mark.parametrize(
    "corrupt",
    [
        _drop_an_event,
        _change_a_line,
        _apply_prestige_twice,
        _flip_the_winner,
        _defend_twice,
        _injure_twice,
        _leave_it_live,
    ],
)
def test_it_catches_a_run_that_differs_from_a_clean_one(clean_card, corrupt):
    card, before = clean_card
    corrupt(card)
    with pytest.raises(AssertionError):
        assert_as_clean_run(card, before)
