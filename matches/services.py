"""The live pipeline: going live, resolving a match exactly once, the card's matches in order.

Exactly once (../shared/DESIGN.md): the seed and the setup are frozen when the card goes live; a match is claimed,
its events written and a resumed run continued by ``matches.worker``; the result is applied once by
``matches.result_services``. A match its players play goes decision by decision (``matches.interactive``).
"""

import secrets
import time
from datetime import timedelta
from typing import Any, cast

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from matches import interactive, segments, win_probability
from matches.booking_selectors import card_cautions, cautions_digest
from matches.booking_services import BOOKERS_ONLY, BookingRefused, card_problems, match_setup
from matches.models import Card, CardStatus, Match, MatchStatus
from matches.result_services import match_apply_result
from matches.tasks import enqueue_card
from matches.worker import (
    Sleep,
    events_store,
    frozen_setup,
    last_stored,
    lease_renew,
    lease_seconds,
    match_claim,
    through_outage,
)
from promotion.models import Role
from promotion.pages import pages_changed
from promotion.permissions import require
from promotion.services import Actor
from rules import RandomDice
from rules.base import Event

EVENT_BATCH = 500  # at instant pace, events are written in batches this large


# --- going live ----------------------------------------------------------------------------------


class GoLiveUnconfirmed(ValidationError):
    """Going live needs the promoter's word on ``cautions`` (matches.booking_selectors.CardCaution): a wrestler
    injured or double-booked since the card was booked. He confirms with ``digest`` or replaces the wrestler."""

    def __init__(self, cautions: list[Any], digest: str) -> None:
        super().__init__([str(c) for c in cautions])
        self.cautions = cautions
        self.digest = digest


@transaction.atomic
def card_go_live(*, card: Card, by: Actor, confirmed: str = "") -> tuple[Card, bool]:
    """Lock the card, fix every match's seed and setup, and enqueue the card after commit. Only the first of
    several clicks (or promoters) does anything: the status moves from draft/booked to live once.

    A card the booking rules refuse now (``card_problems``) does not go live; one with cautions (an injured wrestler
    the promotion lets him book, a wrestler on another card this week) goes live only when ``confirmed`` is the
    digest of exactly those cautions (``cautions_digest``): one more since he looked, and he is asked again."""
    require(by, card.promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(card.promotion_id)
    card = Card.objects.select_for_update().select_related("promotion").get(pk=card.pk)
    if card.status in (CardStatus.LIVE, CardStatus.FINISHED):
        return card, False
    matches = list(
        card.matches.select_for_update(of=("self",)).select_related("card__promotion", "referee").order_by("order")
    )
    if not matches:
        raise BookingRefused("A card needs at least one match to go live.")
    problems = card_problems(card)  # the same checks as "Mark as booked": the roster may have changed since
    if problems:
        raise BookingRefused([f"{card.name} cannot go live: {problems[0]}", *map(str, problems[1:])])
    cautions = card_cautions(card)
    if cautions and confirmed != cautions_digest(cautions):
        raise GoLiveUnconfirmed(cautions, cautions_digest(cautions))
    carry = segments.CardCarry()  # what a promo earns goes into the wrestler's next match on the card
    for match in matches:
        try:
            ruleset, setup = match_setup(match, carried=carry.into(match))
        except ValueError as exc:  # rules.errors.RulesError: a sheet or setup the engine refuses
            raise BookingRefused(f"Match {match.order} cannot start: {exc}") from None
        match.seed = secrets.randbelow(2**31)
        match.setup = {
            "sides": [list(side) for side in setup.sides],
            "kind": setup.kind,
            "stipulation": setup.stipulation,
        }
        match.save(update_fields=["seed", "setup"])
        carry.after(match, ruleset, setup)
    card.status = CardStatus.LIVE
    card.went_live = timezone.now()
    card.save(update_fields=["status", "went_live"])
    transaction.on_commit(lambda: enqueue_card(card.pk))
    return card, True


# --- running ---------------------------------------------------------------------------------------


def match_run(match_id: int, *, sleep: Sleep = time.sleep) -> str:
    """Resolve one match: regenerate its events from the frozen seed, store the ones not stored yet at the
    card's pace, publish a wake-up for each, and apply the result at the final bell. Safe to call any number
    of times, concurrently or after a crash: it resumes after the last stored event."""
    match = Match.objects.select_related("card", "card__promotion").get(pk=match_id)
    if match.status == MatchStatus.FINISHED:
        return "finished"
    if match.interactive:  # played by its players, decision by decision (docs/interactive.md)
        return interactive.match_run(match)
    if not match_claim(match_id):
        return "busy"  # another worker holds a valid lease
    ruleset, setup = frozen_setup(match)
    stored = through_outage(last_stored, match_id)
    pace = match.card.pace
    pending: list[Event] = []
    previous_round, last_renew = None, time.monotonic()
    result = None
    seed = cast(int, match.seed)  # fixed at go-live
    chances = win_probability.LiveLine(match, ruleset, setup, stored=stored, pace=pace)
    for event in chances.stream(ruleset.resolve(setup, RandomDice(seed), seed=seed)):
        if event["type"] == "result":
            result = event
        if event["seq"] <= stored:
            previous_round = event["round"]
            continue
        if pace and previous_round is not None and event["round"] != previous_round:
            through_outage(events_store, match_id, pending)
            pending = []
            _paced_wait(match_id, max(0.0, pace * (event["round"] - previous_round) - chances.take_spent()), sleep)
            last_renew = time.monotonic()
        previous_round = event["round"]
        pending.append(event)
        if len(pending) >= EVENT_BATCH or pace:
            through_outage(events_store, match_id, pending)
            pending = []
        if time.monotonic() - last_renew > lease_seconds() / 3:
            through_outage(lease_renew, match_id)
            last_renew = time.monotonic()
    through_outage(events_store, match_id, pending)
    through_outage(match_apply_result, match_id=match_id, result=result)
    win_probability.after_the_bell(match_id, pace)
    return "done"


def _paced_wait(match_id: int, seconds: float, sleep: Sleep) -> None:
    """Wait out the broadcast pace between rounds, renewing the lease at least every third of it: a slow card (up
    to 60 s a round) must not look abandoned to the sweeper while its worker waits, or the match would run twice."""
    step = lease_seconds() / 3
    while seconds > 0:
        chunk = min(step, seconds)
        sleep(chunk)
        seconds -= chunk
        through_outage(lease_renew, match_id)


# --- the card --------------------------------------------------------------------------------------


def card_run(card_id: int, *, sleep: Sleep = time.sleep) -> str:
    """Run the card's matches in order. Stops (without error) when another worker holds the current match, or when
    it waits for a player's decision (an interactive match: the choice enqueues the card again)."""
    for match_id in Match.objects.filter(card_id=card_id).order_by("order").values_list("pk", flat=True):
        outcome = match_run(match_id, sleep=sleep)
        if outcome in ("busy", "waiting"):
            return outcome
    return "done"


def stuck_cards() -> list[int]:
    """Live cards whose work nobody holds: no match with a valid lease, some match unfinished, and live for
    longer than one lease (so a freshly enqueued card is left to its own task)."""
    now = timezone.now()
    grace = now - timedelta(seconds=lease_seconds())
    held = Match.objects.filter(status=MatchStatus.RUNNING, lease_until__gte=now).values("card_id")
    unfinished = Match.objects.exclude(status=MatchStatus.FINISHED).values("card_id")
    return list(
        Card.objects.filter(status=CardStatus.LIVE, went_live__lt=grace, pk__in=unfinished)
        .exclude(pk__in=held)
        .values_list("pk", flat=True)
    )
