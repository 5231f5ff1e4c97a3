"""What a worker does with any match it holds, whether the tactics play it (``services.match_run``) or its players
do (``interactive.match_run``): claim it, read the setup frozen at go-live, write its events once, and ride out a
database outage between those steps.

Exactly once (../shared/DESIGN.md): a match is claimed with a compare-and-swap on its status and lease; events are
unique on (match, seq) and writing one again is a no-op; so a resumed run regenerates the same events and stores
only those after the last stored one.
"""

import json
import logging
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, cast

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone

from config.unavailable import drop_dead_connections
from matches import broadcast
from matches.models import Match, MatchEvent, MatchStatus
from promotion.pages import pages_changed
from rules import MatchSetup, Ruleset, get_ruleset
from rules.base import Event

Sleep = Callable[[float], Any]

log = logging.getLogger("kayfabe.live")

# What a query raises while Postgres restarts or fails over: the server cut the session, the socket is closed,
# or the pool found no live connection in time.
DATABASE_DOWN = (OperationalError, InterfaceError)


def lease_seconds() -> int:
    return getattr(settings, "KAYFABE_MATCH_LEASE_SECONDS", 60)


def outage_seconds() -> int:
    return getattr(settings, "KAYFABE_DB_OUTAGE_SECONDS", 120)


def through_outage(step: Callable[..., Any], *args: Any, pause: Sleep = time.sleep, **kwargs: Any) -> Any:
    """Run one database step of a claimed match; while the database is unreachable, give the broken connection
    back and try again (0.2 s, doubling to 2 s between tries) until it answers, for at most
    ``KAYFABE_DB_OUTAGE_SECONDS``. Every step is safe to repeat: events are written with ON CONFLICT DO NOTHING, a
    lease renewal is idempotent, and the result is applied by one status transition. Without this a Postgres
    restart would fail the task and leave the match to the sweeper, a lease and a beat later."""
    deadline = time.monotonic() + outage_seconds()
    delay = 0.2
    while True:
        try:
            return step(*args, **kwargs)
        except DATABASE_DOWN:
            if time.monotonic() + delay > deadline:
                raise
            log.warning(
                "database unavailable in %s; trying again in %.1f s",
                getattr(step, "__name__", step),
                delay,
                exc_info=True,
            )
            if not connection.in_atomic_block:
                connection.close()  # the pool drops a broken connection and lends a checked one next time
                drop_dead_connections()
            pause(delay)
            delay = min(delay * 2, 2.0)


# --- the setup frozen at go-live ---------------------------------------------------------------------------


def frozen(match: Match) -> dict[str, Any]:
    """The setup go-live fixed (``sides``, ``kind``, ``stipulation``); a match past go-live always has one."""
    return cast(dict[str, Any], match.setup)


def frozen_setup(match: Match) -> tuple[Ruleset, MatchSetup]:
    """The ruleset and the engine's setup of a match that went live (``match`` with ``card__promotion``)."""
    data = frozen(match)
    ruleset = get_ruleset(match.card.promotion.ruleset)
    sides = tuple(tuple(side) for side in data["sides"])
    return ruleset, MatchSetup(sides=sides, kind=data["kind"], stipulation=dict(data["stipulation"]))


# --- the lease ---------------------------------------------------------------------------------------------


def pages_of_match_changed(match_id: int) -> None:
    """The first write of a worker's transaction on a match: its promotion's pages change (promotion.pages)."""
    promotion_id = Match.objects.filter(pk=match_id).values_list("card__promotion_id", flat=True).first()
    if promotion_id is not None:
        pages_changed(promotion_id)


@transaction.atomic
def match_claim(match_id: int) -> bool:
    """Claim a match for this worker (compare-and-swap): True when we may run it now. A scheduled match, or a
    running one whose lease ran out (its worker died, or its players' decision is due); the time it first started
    is kept. Its card's page shows it live from then on."""
    pages_of_match_changed(match_id)
    now = timezone.now()
    until = now + timedelta(seconds=lease_seconds())
    claimed = Match.objects.filter(
        Q(status=MatchStatus.SCHEDULED) | Q(status=MatchStatus.RUNNING, lease_until__lt=now), pk=match_id
    ).update(status=MatchStatus.RUNNING, lease_until=until, started=Coalesce("started", now))
    return claimed == 1


def lease_renew(match_id: int) -> None:
    Match.objects.filter(pk=match_id, status=MatchStatus.RUNNING).update(
        lease_until=timezone.now() + timedelta(seconds=lease_seconds())
    )


# --- the events --------------------------------------------------------------------------------------------


def last_stored(match_id: int) -> int:
    """The seq of the last stored event of the match, -1 when none is."""
    last = MatchEvent.objects.filter(match_id=match_id).order_by("-seq").values_list("seq", flat=True).first()
    return -1 if last is None else last


INSERT_EVENTS = (
    "INSERT INTO matches_matchevent (match_id, seq, type, round, data, created) VALUES {} "
    "ON CONFLICT (match_id, seq) DO NOTHING"
)
EVENT_ROW = "(%s, %s, %s, %s, %s::jsonb, %s)"


def events_store(match_id: int, events: list[Event], publish: bool = True) -> None:
    """Store events; one already stored (same match and seq) is skipped, so writing twice is a no-op. ``publish``:
    wake the pages now (an interactive match wakes them once its next decision is recorded too)."""
    if not events:
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            now = timezone.now()
            with connection.cursor() as cursor:
                # Events can always be regenerated from the seed, so they need not wait for the disk: a crash
                # of the database loses at most the last few, and the resumed run writes them again.
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
                # One multi-row INSERT with the JSON as text: several times cheaper than bulk_create's array
                # parameters for documents this size (see docs/benchmarks.md).
                params: list[Any] = []
                for e in events:
                    params += [match_id, e["seq"], e["type"], e["round"], json.dumps(e, ensure_ascii=False), now]
                cursor.execute(INSERT_EVENTS.format(", ".join([EVENT_ROW] * len(events))), params)
        else:
            MatchEvent.objects.bulk_create(
                [MatchEvent(match_id=match_id, seq=e["seq"], type=e["type"], round=e["round"], data=e) for e in events],
                ignore_conflicts=True,
            )
    if publish:
        broadcast.publish_match(match_id, events[-1]["seq"])
