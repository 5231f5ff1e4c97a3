"""The live pipeline: going live, resolving a match exactly once, applying its result at the final bell.

Exactly once (../shared/DESIGN.md): the seed and the setup are frozen when the card goes live; events are unique
on (match, seq) and re-inserting one is a no-op; a match is claimed with a compare-and-swap on its status and
lease; a resumed run regenerates the same events and continues after the last stored one; the result is applied
under a row lock by the one status transition ``running -> finished``.
"""

import json
import logging
import secrets
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, cast

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from config.unavailable import drop_dead_connections
from matches import broadcast, segments, win_probability
from matches.booking_selectors import card_cautions, cautions_digest
from matches.booking_services import BOOKERS_ONLY, BookingRefused, card_problems, match_setup
from matches.models import Card, CardStatus, Match, MatchEvent, MatchParticipant, MatchStatus
from promotion import notices
from promotion.models import LedgerReason, PrestigeEntry, Role, TitleReign
from promotion.pages import pages_changed
from promotion.permissions import require
from promotion.services import Actor
from roster.models import Wrestler
from roster.services import injury_add
from rules import MatchSetup, RandomDice, Ruleset, get_ruleset
from rules.base import Event, Sheet

Sleep = Callable[[float], Any]
# One participant's ledger rows for a match: (reason, Prestige, Fame).
LedgerParts = list[tuple[str, int, int]]

log = logging.getLogger("kayfabe.live")

EVENT_BATCH = 500  # at instant pace, events are written in batches this large
WIN_METHODS_CLEAN = {"pinfall", "submission", "knockout", "escape"}
WIN_METHODS_DQ = {"disqualification", "count-out"}


def lease_seconds() -> int:
    return getattr(settings, "KAYFABE_MATCH_LEASE_SECONDS", 60)


# What a query raises while Postgres restarts or fails over: the server cut the session, the socket is closed,
# or the pool found no live connection in time.
DATABASE_DOWN = (OperationalError, InterfaceError)


def outage_seconds() -> int:
    return getattr(settings, "KAYFABE_DB_OUTAGE_SECONDS", 120)


def _through_outage(step: Callable[..., Any], *args: Any, pause: Sleep = time.sleep, **kwargs: Any) -> Any:
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


def enqueue_card(card_id: int) -> None:
    """Hand the card to a worker; in embedded mode (no broker) run it in a background thread of this process."""
    from matches.tasks import run_card

    if not settings.CELERY_TASK_ALWAYS_EAGER:
        try:
            run_card.delay(card_id)
        except Exception:  # noqa: BLE001 - the broker is down: the card is live and the sweeper will enqueue it
            log.warning("could not enqueue card %s; the sweeper will pick it up", card_id, exc_info=True)
        return
    import threading

    from django.db import close_old_connections

    def work() -> None:
        try:
            card_run(card_id)
        except Exception:
            log.exception("card %s failed in-process", card_id)
        finally:
            close_old_connections()

    threading.Thread(target=work, name=f"kayfabe-card-{card_id}", daemon=True).start()


def _frozen(match: Match) -> dict[str, Any]:
    """The setup go-live fixed (``sides``, ``kind``, ``stipulation``); a match past go-live always has one."""
    return cast(dict[str, Any], match.setup)


def frozen_setup(match: Match) -> tuple[Ruleset, MatchSetup]:
    data = _frozen(match)
    ruleset = get_ruleset(match.card.promotion.ruleset)
    sides = tuple(tuple(side) for side in data["sides"])
    return ruleset, MatchSetup(sides=sides, kind=data["kind"], stipulation=dict(data["stipulation"]))


# --- claiming -------------------------------------------------------------------------------------


def _pages_of_match_changed(match_id: int) -> None:
    """The first write of a worker's transaction on a match: its promotion's pages change (promotion.pages)."""
    promotion_id = Match.objects.filter(pk=match_id).values_list("card__promotion_id", flat=True).first()
    if promotion_id is not None:
        pages_changed(promotion_id)


@transaction.atomic
def match_claim(match_id: int) -> bool:
    """Claim a match for this worker (compare-and-swap). True when we may run it now (its card's page shows it
    live from then on)."""
    _pages_of_match_changed(match_id)
    now = timezone.now()
    until = now + timedelta(seconds=lease_seconds())
    claimed = Match.objects.filter(
        Q(status=MatchStatus.SCHEDULED) | Q(status=MatchStatus.RUNNING, lease_until__lt=now), pk=match_id
    ).update(status=MatchStatus.RUNNING, lease_until=until, started=now)
    return claimed == 1


def _renew_lease(match_id: int) -> None:
    Match.objects.filter(pk=match_id, status=MatchStatus.RUNNING).update(
        lease_until=timezone.now() + timedelta(seconds=lease_seconds())
    )


# --- running ---------------------------------------------------------------------------------------


def match_run(match_id: int, *, sleep: Sleep = time.sleep) -> str:
    """Resolve one match: regenerate its events from the frozen seed, store the ones not stored yet at the
    card's pace, publish a wake-up for each, and apply the result at the final bell. Safe to call any number
    of times, concurrently or after a crash: it resumes after the last stored event."""
    match = Match.objects.select_related("card", "card__promotion").get(pk=match_id)
    if match.status == MatchStatus.FINISHED:
        return "finished"
    if match.interactive:  # played by its players, decision by decision (docs/interactive.md)
        from matches import interactive

        return interactive.match_run(match)
    if not match_claim(match_id):
        return "busy"  # another worker holds a valid lease
    ruleset, setup = frozen_setup(match)
    stored = _through_outage(_last_stored, match_id)
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
            _through_outage(_flush, match_id, pending)
            pending = []
            _paced_wait(match_id, max(0.0, pace * (event["round"] - previous_round) - chances.take_spent()), sleep)
            last_renew = time.monotonic()
        previous_round = event["round"]
        pending.append(event)
        if len(pending) >= EVENT_BATCH or pace:
            _through_outage(_flush, match_id, pending)
            pending = []
        if time.monotonic() - last_renew > lease_seconds() / 3:
            _through_outage(_renew_lease, match_id)
            last_renew = time.monotonic()
    _through_outage(_flush, match_id, pending)
    _through_outage(match_apply_result, match_id=match_id, result=result)
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
        _through_outage(_renew_lease, match_id)


def _last_stored(match_id: int) -> int:
    """The seq of the last stored event of the match, -1 when none is."""
    last = MatchEvent.objects.filter(match_id=match_id).order_by("-seq").values_list("seq", flat=True).first()
    return -1 if last is None else last


INSERT_EVENTS = (
    "INSERT INTO matches_matchevent (match_id, seq, type, round, data, created) VALUES {} "
    "ON CONFLICT (match_id, seq) DO NOTHING"
)
EVENT_ROW = "(%s, %s, %s, %s, %s::jsonb, %s)"


def _flush(match_id: int, events: list[Event], publish: bool = True) -> None:
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


# --- the final bell --------------------------------------------------------------------------------


def _new_injuries(ruleset: Ruleset, before: Sheet, after: dict[str, Any]) -> dict[str, int]:
    """Injury points gained in the match, by the ruleset's injury areas (``before``/``after``: the wrestler's sheet
    as frozen at go-live and his state in the result event). An area the ruleset does not list is left out."""
    areas = {key for key, _label in ruleset.injury_areas()}
    gained: dict[str, int] = {}
    for area, points in ruleset.injuries_gained(before, after).items():
        if area in areas and points > 0:
            gained[area] = points
        else:
            log.warning("ruleset %s gave %r injury points on %r, not one of its areas", ruleset.id, points, area)
    return gained


def _ledger_changes(
    ruleset: Ruleset, result: Event, participants: list[MatchParticipant], names: list[str], winner: int | None
) -> list[LedgerParts]:
    """[(reason, Prestige, Fame), ...] per participant. The result itself: +10 a clean win, +5 a win by DQ or
    count-out, -10 a loss, 0 a draw, with Fame +10/+5/+5. When the engine computes Prestige itself
    (``Ruleset.prestige_parts``; ARM: heat, flair spot bonuses, engineered-result penalties), its result part takes
    the place of the table's and each other part becomes its own ledger entry. See docs/league.md."""
    method = result["method"]
    engine = ruleset.prestige_parts(result)
    changes: list[LedgerParts] = []
    for participant, name in zip(participants, names):
        if winner is None:
            main = (LedgerReason.DRAW, 0, 5)
        elif participant.side == winner:
            main = (
                LedgerReason.DQ_WIN if method in WIN_METHODS_DQ else LedgerReason.WIN,
                5 if method in WIN_METHODS_DQ else 10,
                10,
            )
        else:
            main = (LedgerReason.LOSS, -10, 5)
        own = engine.get((participant.side, name))
        if own is None:
            changes.append([main])
            continue
        parts: LedgerParts = []
        for reason, amount in own:
            if reason == "result":
                parts.append((main[0], amount, main[2]))
            elif reason in LedgerReason.values:
                parts.append((LedgerReason(reason), amount, 0))
            else:  # a reason the league has no row for: kept, as an adjustment
                log.warning("ruleset %s gave an unknown Prestige reason %r", ruleset.id, reason)
                parts.append((LedgerReason.ADJUSTMENT, amount, 0))
        changes.append(parts)
    return changes


@transaction.atomic
def match_apply_result(*, match_id: int, result: Event | None) -> bool:
    """Apply the result once: the status moves running -> finished under a row lock, or nothing happens."""
    _pages_of_match_changed(match_id)
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("card", "card__promotion", "title")
        .get(pk=match_id)
    )
    if match.status != MatchStatus.RUNNING:
        return False
    if result is None:
        raise ValidationError("a match ended without a result event")
    if match.is_segment:  # a promo: no record, ledger, injuries, title or rankings (matches/segments.py)
        segments.apply_segment_result(match, result)
        match.save()
        _finish_card_if_done(match.card_id)
        transaction.on_commit(lambda: broadcast.publish_card(match.card_id))
        return True
    winner = result["winner"]
    ruleset = get_ruleset(match.card.promotion.ruleset)
    participants = list(match.participants.select_related("wrestler").order_by("side", "slot"))
    week = match.card.week
    match.status = MatchStatus.FINISHED
    match.winner_side = winner
    match.method = result["method"]
    match.rounds = result["rounds"]
    match.result_text = result["text"][:300]
    match.finished = timezone.now()
    match.lease_until = None

    # Injuries: what the engine's final state shows beyond what the wrestler brought in.
    sheets = [sheet for side in _frozen(match)["sides"] for sheet in side]
    final_states = result.get("state") or []
    for index, participant in enumerate(participants):
        if index >= len(final_states) or index >= len(sheets):
            break
        for part, points in _new_injuries(ruleset, sheets[index], final_states[index]).items():
            injury_add(wrestler=participant.wrestler, body_part=part, points=points)

    # Prestige and Fame ledger.
    names = [sheet.get("name") for sheet in sheets]
    entries = []
    for participant, parts in zip(participants, _ledger_changes(ruleset, result, participants, names, winner)):
        for reason, prestige, fame in parts:
            entries.append(
                PrestigeEntry(
                    wrestler=participant.wrestler, match=match, week=week, reason=reason, prestige=prestige, fame=fame
                )
            )
    entries += _apply_title(match, participants, winner, result, week)
    new_champions = [p.wrestler for p in participants if p.side == winner] if match.title_changed else []
    PrestigeEntry.objects.bulk_create(entries)
    for entry in entries:
        Wrestler.objects.filter(pk=entry.wrestler_id).update(
            prestige=F("prestige") + entry.prestige, fame=F("fame") + entry.fame
        )
    match.save()
    match.recap = _recap(ruleset, match, participants, winner)  # after the save: the streak counts this match
    match.save(update_fields=["recap"])
    from promotion.league import snapshot_after_match

    snapshot_after_match(match)
    notices.match_result(match, participants, new_champions=new_champions)
    _finish_card_if_done(match.card_id)
    transaction.on_commit(lambda: broadcast.publish_card(match.card_id))
    return True


def _recap(ruleset: Ruleset, match: Match, participants: list[MatchParticipant], winner: int | None) -> str:
    """The ruleset's recap of the stored events (final once the result event is), told with what the league knows:
    the title on the line, whether it changed hands, and the winner's streak of wins including this one."""
    from matches.selectors import events_after
    from roster.records import record

    streak = None
    if winner is not None:
        first = next(p.wrestler for p in participants if p.side == winner)
        current = record(first).streak  # the match is finished in this transaction, so it counts
        streak = int(current[1:]) if current.startswith("W") else None
    events = events_after(match.pk)
    recap = ruleset.recap(
        events,
        title=match.title.name if match.title else None,
        title_changed=bool(match.title_changed),
        streak=streak,
    )
    return win_probability.with_swing(recap, match.pk, events)


def _apply_title(
    match: Match, participants: list[MatchParticipant], winner: int | None, result: Event, week: int
) -> list[PrestigeEntry]:
    """Title changes by the rules: not on a DQ or count-out unless the stipulation says so."""
    title = match.title
    if title is None or winner is None:
        return []
    reign = TitleReign.objects.select_for_update().filter(title=title, is_current=True).first()
    champions = set(reign.holders.values_list("pk", flat=True)) if reign else set()
    winners = [p.wrestler for p in participants if p.side == winner]
    losers = [p.wrestler for p in participants if p.side != winner]
    dq = result["method"] in WIN_METHODS_DQ
    changes_on_dq = bool(_frozen(match)["stipulation"].get("titles_change_on_dq"))
    if reign and champions <= {w.pk for w in winners}:
        TitleReign.objects.filter(pk=reign.pk).update(defenses=F("defenses") + 1)
        return [
            PrestigeEntry(wrestler=w, match=match, week=week, reason=LedgerReason.TITLE_DEFENSE, prestige=5)
            for w in winners
        ]
    if dq and not changes_on_dq:
        return []
    entries = []
    number = 1
    if reign:
        reign.is_current = False
        reign.lost_match = match
        reign.ended_week = week
        reign.end = "lost"
        reign.save(update_fields=["is_current", "lost_match", "ended_week", "end"])
        number = reign.number + 1
        entries += [
            PrestigeEntry(wrestler=w, match=match, week=week, reason=LedgerReason.TITLE_LOSS, prestige=-10)
            for w in losers
            if w.pk in champions
        ]
    else:
        last = TitleReign.objects.filter(title=title).order_by("-number").first()
        number = last.number + 1 if last else 1
    new = TitleReign.objects.create(
        title=title, number=number, won_match=match, won_week=week, won_method=result["method"]
    )
    new.holders.set(winners)
    match.title_changed = True
    entries += [
        PrestigeEntry(wrestler=w, match=match, week=week, reason=LedgerReason.TITLE_WIN, prestige=20) for w in winners
    ]
    return entries


def _finish_card_if_done(card_id: int) -> None:
    if not Match.objects.filter(card_id=card_id).exclude(status=MatchStatus.FINISHED).exists():
        Card.objects.filter(pk=card_id, status=CardStatus.LIVE).update(
            status=CardStatus.FINISHED, finished=timezone.now()
        )


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
