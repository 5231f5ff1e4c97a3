"""Odds of a scheduled match: simulated matches of its setup, played by a worker and stored with the match.

Booking a match, or changing it, enqueues ``matches.compute_odds`` with the match's id once the booking commits
(``matches.booking_services``). The task plays ``SIMS`` matches of the setup the engine would play now
(``rules.odds``) and stores the rows in ``Match.odds`` with a digest of that setup. The card page shows stored odds
only while their digest is the setup's: a sheet edited, an injury healed or a house rule changed since makes them
stale, and the page asks for new ones (``odds_shown``: at most one request per match and setup every
``REQUEST_SECONDS``, which also covers a task lost while the broker was down). Odds that are current are in the
card's line-up, which then does not poll for them (``odds_ready``). In embedded mode
(``CELERY_TASK_ALWAYS_EAGER``) the task runs in the process that enqueues it.
"""

import hashlib
import json
import logging
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction

import rules
from matches.booking_services import match_setup
from matches.models import CardStatus, Match, MatchStatus
from matches.tasks import compute_odds
from promotion.pages import FRAGMENT_SECONDS, pages_changed

log = logging.getLogger(__name__)

SIMS = 200
SEED = 7
REQUEST_SECONDS = 60
SETUP_REFUSED = (rules.RulesError, ValueError, TypeError, KeyError)  # what match_setup raises for a setup it refuses


@dataclass(frozen=True)
class Shown:
    """What the card page shows for a match's odds: ``ready`` with ``rows``, ``pending``, or ``none`` (the bell
    has rung, or the engine refuses the setup)."""

    state: str
    rows: tuple = ()
    sims: int = SIMS


NONE = Shown("none")
PENDING = Shown("pending")


def setup_digest(ruleset_id, setup):
    payload = json.dumps(
        {"ruleset": ruleset_id, "sides": setup.sides, "kind": setup.kind, "stipulation": setup.stipulation},
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def odds_rows(counts, names, sims):
    """``rules.odds`` counts as rows: ``[{"who", "pct", "methods": [[method, pct], ...]}]``, draws last."""
    rows = []
    for side, who in enumerate(names):
        methods = {m: n for (w, m), n in counts.items() if w == side}
        rows.append(
            {
                "who": who,
                "pct": round(100 * sum(methods.values()) / sims),
                "methods": [[m, round(100 * n / sims)] for m, n in sorted(methods.items(), key=lambda kv: -kv[1])],
            }
        )
    draws = sum(n for (w, _), n in counts.items() if w is None)
    if draws:
        rows.append({"who": "Draw", "pct": round(100 * draws / sims), "methods": []})
    return rows


def _current(match):
    """``(ruleset, setup, digest)`` of the match as the engine would play it now, or None if it refuses it."""
    try:
        ruleset, setup = match_setup(match)
    except SETUP_REFUSED:
        return None
    return ruleset, setup, setup_digest(ruleset.id, setup)


def _matching(stored, digest):
    return isinstance(stored, dict) and stored.get("key") == digest


def current_digest(match):
    """The digest of ``match``'s setup as the engine would play it now, '' if the engine refuses it (``match`` with
    ``card__promotion`` and ``referee``). Kept in the cache for the promotion's pages version, which every write
    that can change a setup bumps (a sheet, an injury, a referee, a house rule, the booking: docs/caching.md), so
    the card's line-up and its odds polls build the setup once a version, not once a request."""
    key = f"kayfabe:odds:digest:{match.card.promotion.pages_key}:{match.pk}"
    digest = cache.get(key)
    if digest is None:
        current = _current(match)
        digest = current[2] if current else ""
        cache.set(key, digest, FRAGMENT_SECONDS)
    return digest


def odds_ready(match):
    """The stored odds of ``match`` are those of its setup now: the card shows them without asking again."""
    if match.status != MatchStatus.SCHEDULED or match.is_segment or not match.odds:
        return False
    return _matching(match.odds, current_digest(match))


def _wanted(match):
    """Odds are worked out for a match still to be aired on a card not live yet: once the card is live, its
    matches are about to be played (odds stored before then are still shown). A segment has none."""
    if match.is_segment:  # a promo segment has no winner to bet on
        return False
    return match.status == MatchStatus.SCHEDULED and match.card.status in (CardStatus.DRAFT, CardStatus.BOOKED)


def odds_compute(*, match_id):
    """The task's work: play the simulations for the match's current setup and store their rows. Safe to run twice
    (odds already stored for this setup are kept). Returns the digest stored, or None."""
    match = Match.objects.select_related("card__promotion", "referee").filter(pk=match_id).first()
    if match is None or not _wanted(match):
        return None
    current = _current(match)
    if current is None or _matching(match.odds, current[2]):
        return None
    ruleset, setup, digest = current
    try:
        counts = rules.odds(ruleset.id, setup, sims=SIMS, seed=SEED)
    except SETUP_REFUSED:
        log.exception("odds failed for match %s", match_id)
        return None
    names = [" & ".join(w.get("name", "?") for w in side) for side in setup.sides]
    with transaction.atomic():
        pages_changed(match.card.promotion_id)  # the card page shows stored odds; the first write (promotion.pages)
        match = (
            Match.objects.select_for_update(of=("self",)).select_related("card__promotion", "referee").get(pk=match_id)
        )
        now = _current(match) if _wanted(match) else None
        if now is None or now[2] != digest:
            return None  # changed while the simulations ran: that change's own task stores its odds
        match.odds = {"key": digest, "sims": SIMS, "rows": odds_rows(counts, names, SIMS)}
        match.save(update_fields=["odds"])
    return digest


def odds_request(*, match_id, digest):
    """Enqueue the odds of a match whose stored odds are missing or stale, at most once per ``REQUEST_SECONDS`` for
    one setup (every viewer of the card polls)."""
    if not cache.add(f"kayfabe:odds:requested:{match_id}:{digest}", 1, REQUEST_SECONDS):
        return  # asked already (or the cache is unreachable, and with it the broker)
    try:
        compute_odds.delay(match_id)
    except Exception:  # noqa: BLE001 - the broker is down: the page asks again after REQUEST_SECONDS
        log.warning("could not enqueue the odds of match %s", match_id, exc_info=True)


def odds_shown(match):
    """What the card page shows of ``match``'s odds now (``match`` with ``card__promotion`` and ``referee``)."""
    if match.status != MatchStatus.SCHEDULED or match.is_segment:
        return NONE
    digest = current_digest(match)
    if not digest:
        return NONE
    if not _matching(match.odds, digest) and not _wanted(match):
        return NONE
    if not _matching(match.odds, digest):
        odds_request(match_id=match.pk, digest=digest)
        match.refresh_from_db(fields=["odds"])  # embedded mode computed them just now
        if not _matching(match.odds, digest):
            return PENDING
    return Shown("ready", tuple(match.odds["rows"]), match.odds["sims"])
