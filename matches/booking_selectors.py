"""Reads for cards and the card builder: line-ups, the wrestler picker, the promotion's front page, and what
"Go live" asks the promoter to confirm."""

import hashlib
from dataclasses import dataclass

from django.db.models import F, Prefetch, Q

from matches.models import SEGMENT_KINDS, Card, CardStatus, Match, MatchParticipant, MatchStatus
from roster.models import Approval, Wrestler, WrestlerStatus

PICKER_LIMIT = 30


def cards_of(promotion, *, include_drafts):
    qs = Card.objects.filter(promotion=promotion)
    if not include_drafts:
        qs = qs.exclude(status=CardStatus.DRAFT)
    return qs.order_by("-week", "-pk")


def lineup(card):
    """The card's matches in order, with sides, referee and title loaded."""
    participants = (
        MatchParticipant.objects.select_related("wrestler", "wrestler__promotion")
        .defer("wrestler__sheet", "wrestler__bio")  # a line-up shows names
        .order_by("side", "slot")
    )
    return list(
        Match.objects.filter(card=card)
        .select_related("referee", "title", "title__promotion", "card", "card__promotion")
        .defer("setup")
        .prefetch_related(Prefetch("participants", queryset=participants))
        .order_by("order")
    )


def sides_of(match):
    """[[wrestler, ...], [wrestler, ...]] from the prefetched participants."""
    sides = [[], []]
    for p in match.participants.all():
        while len(sides) <= p.side:
            sides.append([])
        sides[p.side].append(p.wrestler)
    if match.is_segment:
        sides = [side for side in sides if side]  # a single promo has one side
    return sides


def bookable_wrestlers(promotion, *, q="", limit=None):
    """Approved wrestlers who are not retired (injured and suspended ones are listed; booking says why not)."""
    qs = Wrestler.objects.filter(promotion=promotion, approval=Approval.APPROVED).exclude(status=WrestlerStatus.RETIRED)
    if q:
        qs = qs.filter(Q(ring_name__icontains=q) | Q(hometown__icontains=q))
    qs = qs.order_by("ring_name")
    return list(qs[:limit] if limit else qs)


def next_card(promotion):
    return (
        Card.objects.filter(promotion=promotion, status__in=[CardStatus.BOOKED, CardStatus.LIVE])
        .order_by("week", "pk")
        .first()
    )


def recent_results(promotion, *, limit=5):
    """Finished matches with a result; never a match whose result has not aired (card and match unfinished).
    Segments (promos) are no results: nobody wins one."""
    participants = MatchParticipant.objects.select_related("wrestler").order_by("side", "slot")
    return list(
        Match.objects.filter(card__promotion=promotion)
        .exclude(method="")
        .exclude(kind__in=SEGMENT_KINDS)
        .filter(Q(card__status=CardStatus.FINISHED) | Q(status=MatchStatus.FINISHED))
        .select_related("card", "title")
        .prefetch_related(Prefetch("participants", queryset=participants))
        .order_by(F("finished").desc(nulls_last=True), "-card__week", "-order")[:limit]
    )


@dataclass(frozen=True)
class CardCaution:
    """A match of a card the booking rules allow but the promoter should confirm before it airs: a wrestler
    injured (in a promotion that books injured wrestlers) or booked on another card of the same week."""

    match_id: int
    order: int
    wrestler_id: int
    message: str

    def __str__(self):
        return f"Match {self.order}: {self.message}"


def card_cautions(card):
    """What "Go live" asks the promoter to confirm, as the roster stands now (the refusals are
    ``matches.booking_services.card_problems``): injured wrestlers the promotion lets him book, and wrestlers booked on
    another card of the same week that has not finished."""
    participants = list(
        MatchParticipant.objects.filter(card=card)
        .select_related("wrestler", "match")
        .only("wrestler__ring_name", "wrestler__status", "match__order", "match_id", "segment")
        .order_by("match__order", "side", "slot")
    )
    cautions = []
    if card.promotion.book_injured:
        for p in participants:
            if p.wrestler.status == WrestlerStatus.INJURED:
                cautions.append(
                    CardCaution(p.match_id, p.match.order, p.wrestler_id, f"{p.wrestler.ring_name} is injured.")
                )
    elsewhere = {}
    others = (
        MatchParticipant.objects.filter(
            wrestler_id__in=[p.wrestler_id for p in participants if not p.segment],
            segment=False,
            card__promotion_id=card.promotion_id,
            card__week=card.week,
        )
        .exclude(card=card)
        .exclude(card__status=CardStatus.FINISHED)
        .select_related("card")
        .order_by("card_id")
    )
    for other in others:
        elsewhere.setdefault(other.wrestler_id, other.card)
    for p in participants:
        if not p.segment and p.wrestler_id in elsewhere:
            other = elsewhere[p.wrestler_id]
            cautions.append(
                CardCaution(
                    p.match_id,
                    p.match.order,
                    p.wrestler_id,
                    f"{p.wrestler.ring_name} is also booked on {other.name} this week.",
                )
            )
    return sorted(cautions, key=lambda c: (c.order, c.message))


def cautions_digest(cautions):
    """A short fingerprint of what the promoter confirmed: "Go live" asks again when the cautions changed."""
    text = "\n".join(str(c) for c in cautions)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
