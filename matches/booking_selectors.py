"""Reads for cards and the card builder: line-ups, the wrestler picker, odds, the promotion's front page."""

import hashlib
import json
import logging

from django.core.cache import cache
from django.db.models import F, Prefetch, Q

from config import pagecache
from matches.booking import match_setup
from matches.models import SEGMENT_KINDS, Card, CardStatus, Match, MatchParticipant, MatchStatus
from roster.models import Approval, Wrestler, WrestlerStatus

log = logging.getLogger(__name__)

ODDS_SIMS = 200
ODDS_SEED = 7
ODDS_TTL = 60 * 60 * 24
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
        .defer("wrestler__sheet", "wrestler__bio")  # a line-up shows names; odds read the sheets themselves
        .order_by("side", "slot")
    )
    return list(
        Match.objects.filter(card=card)
        .select_related("referee", "title", "title__promotion", "card", "card__promotion")
        .defer("setup")
        .prefetch_related(Prefetch("participants", queryset=participants))
        .order_by("order")
    )


def lineup_state(card):
    """Each match's id, place and status: what changes on a card still to air without a model signal."""
    return list(Match.objects.filter(card=card).order_by("order").values_list("pk", "order", "status"))


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


# --- odds ---------------------------------------------------------------------------------------


def _setup_key(ruleset_id, setup):
    payload = json.dumps(
        {"ruleset": ruleset_id, "sides": setup.sides, "kind": setup.kind, "stipulation": setup.stipulation},
        sort_keys=True,
        default=str,
    )
    return "kayfabe:odds:v1:" + hashlib.sha256(payload.encode()).hexdigest()


def odds_summary(counts, names, sims):
    """Turn ``rules.cli.odds`` counts into rows: [{"who", "pct", "methods"}], draws last."""
    rows = []
    for side, who in enumerate(names):
        methods = {m: n for (w, m), n in counts.items() if w == side}
        rows.append(
            {
                "who": who,
                "pct": round(100 * sum(methods.values()) / sims),
                "methods": [(m, round(100 * n / sims)) for m, n in sorted(methods.items(), key=lambda kv: -kv[1])],
            }
        )
    draws = sum(n for (w, _), n in counts.items() if w is None)
    if draws:
        rows.append({"who": "Draw", "pct": round(100 * draws / sims), "methods": []})
    return rows


def forget_odds(match):
    """Drop the cached odds of a match (tests; never needed in the app, where a changed setup is a new key)."""
    ruleset, setup = match_setup(match)
    cache.delete(_setup_key(ruleset.id, setup))


def match_odds(match, *, compute=True):
    """Odds for a scheduled match from ``ODDS_SIMS`` simulations, cached by a hash of the engine's setup.

    Returns None when there are no odds to show (the match has started, or the engine cannot set it up), or
    when ``compute`` is False and nothing is cached yet."""
    if match.status != MatchStatus.SCHEDULED or match.is_segment:  # a promo has no winner to bet on
        return None
    from rules import RulesError
    from rules.cli import odds

    try:
        ruleset, setup = match_setup(match)
    except (RulesError, ValueError, TypeError, KeyError):
        return None
    key = _setup_key(ruleset.id, setup)
    cached = cache.get(key)
    if cached is not None or not compute:
        return cached
    try:
        counts = odds(ruleset, setup, ODDS_SIMS, ODDS_SEED)
    except (RulesError, ValueError, TypeError, KeyError):
        log.exception("odds failed for match %s", match.pk)
        return None
    names = [" & ".join(w.get("name", "?") for w in side) for side in setup.sides]
    rows = odds_summary(counts, names, ODDS_SIMS)
    cache.set(key, rows, ODDS_TTL)
    pagecache.bump(match.card.promotion_id)  # the card page shows these odds from now on
    return rows
