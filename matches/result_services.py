"""The final bell: a match's result applied once, with everything the league keeps of it (the winner and method, the
injuries the engine's final state shows, the Prestige and Fame ledger, a title changing hands or defended, the recap,
the contenders' snapshot and the players' notices), and the card finished with its last match.

Exactly once: the status moves ``running -> finished`` under a row lock in the same transaction as every write.
"""

import logging
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from matches import broadcast, segments, win_probability
from matches.models import Card, CardStatus, Match, MatchParticipant, MatchStatus
from matches.selectors import events_after
from matches.worker import frozen, pages_of_match_changed
from promotion import notices
from promotion.league import snapshot_after_match
from promotion.models import LedgerReason, PrestigeEntry, TitleReign
from roster.models import Wrestler
from roster.records import record
from roster.services import injury_add
from rules import Ruleset, get_ruleset
from rules.base import Event, Sheet

# One participant's ledger rows for a match: (reason, Prestige, Fame).
LedgerParts = list[tuple[str, int, int]]

log = logging.getLogger("kayfabe.live")

WIN_METHODS_CLEAN = {"pinfall", "submission", "knockout", "escape"}
WIN_METHODS_DQ = {"disqualification", "count-out"}


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
    pages_of_match_changed(match_id)
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
    sheets = [sheet for side in frozen(match)["sides"] for sheet in side]
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
    snapshot_after_match(match)
    notices.match_result(match, participants, new_champions=new_champions)
    _finish_card_if_done(match.card_id)
    transaction.on_commit(lambda: broadcast.publish_card(match.card_id))
    return True


def _recap(ruleset: Ruleset, match: Match, participants: list[MatchParticipant], winner: int | None) -> str:
    """The ruleset's recap of the stored events (final once the result event is), told with what the league knows:
    the title on the line, whether it changed hands, and the winner's streak of wins including this one."""
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
    changes_on_dq = bool(frozen(match)["stipulation"].get("titles_change_on_dq"))
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
