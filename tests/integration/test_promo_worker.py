"""A card with a promo segment, aired by a real Celery worker: the promo in its place in the running order, its
events exactly the engine's, no result in the record, and its Heat in the wrestler's next match."""

import pytest

from matches import booking_services as booking
from matches import services, worker
from matches.booking_services import MatchSpec
from matches.models import Card, CardStatus, MatchEvent
from promotion.models import PrestigeEntry
from rules import RandomDice
from tests.factories import WrestlerFactory, sheet_for
from tests.integration.test_live_worker import wait_for

pytestmark = pytest.mark.worker


def test_a_real_worker_airs_a_promo_and_carries_its_heat_into_the_next_match(celery_worker, personas):
    p = personas
    sheet = sheet_for("wildknight", "Motor Mouth")
    sheet["attributes"] = {**sheet["attributes"], "Presence": 5, "Flair": 5}  # against Df 1: always +1 Heat
    mouth = WrestlerFactory(promotion=p.promotion, ring_name="Motor Mouth", sheet=sheet)
    rival, other = (WrestlerFactory(promotion=p.promotion, ring_name=n) for n in ("Rex Rival", "Cy Cross"))
    card = booking.card_create(promotion=p.promotion, by=p.promoter, name="Worker Talk", pace=0.01)
    for spec in (
        MatchSpec(kind="promo", sides=[[rival.pk], [other.pk]]),  # dueling: what it carries is the engine's
        MatchSpec(kind="promo", sides=[[mouth.pk]], promo_df=1),
        MatchSpec(sides=[[rival.pk], [mouth.pk]]),
    ):
        booking.match_add(card=card, by=p.promoter, spec=spec)
    booking.card_mark_booked(card=card, by=p.promoter)
    services.card_go_live(card=card, by=p.promoter)
    wait_for(lambda: Card.objects.get(pk=card.pk).status == CardStatus.FINISHED, what="the card to finish")

    duel, single, match = card.matches.order_by("order")
    logs = {}
    for m in (duel, single, match):
        ruleset, setup = worker.frozen_setup(m)
        expected = list(ruleset.resolve(setup, RandomDice(m.seed), seed=m.seed))
        logs[m.pk] = list(MatchEvent.objects.filter(match=m).order_by("seq").values_list("data", flat=True))
        assert logs[m.pk] == expected, str(m)
    assert duel.finished <= single.started and single.finished <= match.started, "aired in the running order"
    carried = [logs[duel.pk][-1]["carry"][0], logs[single.pk][-1]["carry"][0]]  # Rex Rival is side A
    assert carried[1] == 1
    assert [s["heat"] for s in logs[match.pk][0]["state"]] == carried
    assert [(m.winner_side, m.method) for m in (duel, single)] == [(None, "promo"), (None, "promo")]
    assert not PrestigeEntry.objects.filter(match__in=[duel, single]).exists()
    assert PrestigeEntry.objects.filter(match=match).count() == 2
