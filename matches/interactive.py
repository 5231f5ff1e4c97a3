"""Interactive matches: the wrestlers' players make the decisions the rules give them, in the browser (issue 20, items
2 and 3; docs/interactive.md).

The state of a match between two decisions is its frozen setup, its seed and the decisions made so far (rows of
MatchDecision). A worker advances the match by replaying it from the seed with those decisions
(rules.stepwise.play): it stores the events past those already stored, exactly as an automatic match does, then
either records the decision the engine stopped at (its options, its deadline) and lets go of the match, or at the
final bell applies the result once (result_services.match_apply_result). A player's choice is one compare-and-swap
on the pending decision's row; it gives the match back to the workers at once (its lease ends) and enqueues the
card.

While a decision waits, the match's lease runs to the decision's deadline: nobody works on it, and the sweeper
leaves it alone until then. At the deadline a countdown task (and, as a backstop, the sweeper) claims the match
and the side's tactics choose (``auto = "timeout"``): the claim and the choice are both compare-and-swaps, so a
click at the last moment and the time-out never both count.
"""

import time
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from matches import broadcast, win_probability
from matches.models import DecisionAuto, Match, MatchDecision, MatchParticipant, MatchStatus
from matches.result_services import match_apply_result
from matches.tasks import enqueue_card, enqueue_card_later
from matches.worker import events_store, frozen_setup, last_stored, lease_renew, match_claim, through_outage
from rules import stepwise

MAX_REPLAYS = 1000  # time-outs and hand-overs in one run; far beyond any match, a guard against a loop


class DecisionRefused(ValidationError):
    """A choice that cannot be taken now: ``status`` is the HTTP answer (409 stale, 422 not legal)."""

    def __init__(self, message, status=409):
        super().__init__(message)
        self.status = status


def supports(ruleset):
    """Whether a match of this ruleset can be played by its players (the ruleset has decision points)."""
    return bool(getattr(ruleset, "decisions", False))


# --- who plays which side ----------------------------------------------------------------------------------


def side_players(match):
    """side -> set of user ids who play it: the owners of the side's wrestlers (a tag team's players)."""
    players = {}
    for side, owner in MatchParticipant.objects.filter(match=match).values_list("side", "wrestler__owner_id"):
        players.setdefault(side, set())
        if owner is not None:
            players[side].add(owner)
    return players


def sides_of(user, match):
    """The sides ``user`` plays in ``match`` (empty for a viewer)."""
    if not user.is_authenticated:
        return set()
    return {side for side, users in side_players(match).items() if user.pk in users}


# --- the worker ---------------------------------------------------------------------------------------------


def _made(match_id):
    return [d.as_choice() for d in MatchDecision.objects.filter(match_id=match_id, made__isnull=False)]


def match_run(match):
    """Advance an interactive match as far as it goes without a person (services.match_run calls it): ``"done"``
    at the final bell, ``"waiting"`` at a decision a player has to make, ``"busy"`` when another worker holds it.
    Safe to call any number of times, concurrently or after a crash."""
    match_id = match.pk
    if not match_claim(match_id):
        return "busy"
    ruleset, setup = frozen_setup(match)
    for _ in range(MAX_REPLAYS):
        step = stepwise.play(ruleset, setup, match.seed, through_outage(_made, match_id))
        stored = through_outage(last_stored, match_id)
        new = [event for event in step.events if event["seq"] > stored]
        if step.over:
            through_outage(events_store, match_id, new)
            through_outage(match_apply_result, match_id=match_id, result=step.events[-1])
            win_probability.after_the_bell(match_id, 0)  # its line, worked out after the bell with its choices
            return "done"
        through_outage(events_store, match_id, new, publish=False)  # published once the decision is recorded
        last_seq = step.events[-1]["seq"] if step.events else -1
        outcome = through_outage(_at_decision, match, ruleset, step.decision, last_seq)
        if outcome != "again":
            return outcome
        through_outage(lease_renew, match_id)
    raise RuntimeError(f"match {match_id}: more than {MAX_REPLAYS} decisions made by time-out in one run")


@transaction.atomic
def _at_decision(match, ruleset, decision, last_seq):
    """The engine stopped at ``decision``: record it for its side's players (the match waits, its lease running to
    the deadline: ``"waiting"``), or make it now when nobody can (the time is up, or no player plays the side:
    ``"again"``, replay with it)."""
    locked = Match.objects.select_for_update().select_related("card").get(pk=match.pk)
    if locked.status != MatchStatus.RUNNING:
        return "done"  # another run reached the bell
    now = timezone.now()
    row = MatchDecision.objects.select_for_update().filter(match_id=match.pk, index=decision.index).first()
    if row is None:
        players = side_players(locked).get(decision.side)
        deadline = now + timedelta(seconds=locked.card.decision_seconds)
        try:
            with transaction.atomic():
                row = MatchDecision.objects.create(
                    match_id=match.pk,
                    index=decision.index,
                    side=decision.side,
                    kind=decision.kind,
                    wrestler=decision.wrestler[:60],
                    prompt=decision.prompt[:200],
                    options=[dict(o.to_json(), chance=stepwise.chance(ruleset, o)) for o in decision.options],
                    refused=[{"id": o.id, "label": o.label, "reason": o.refusal} for o in decision.refused],
                    after_seq=last_seq,
                    deadline=deadline,
                )
        except IntegrityError:
            return "again"  # another run recorded it first
        if not players:  # nobody plays this side (no owner): its tactics play, from here on
            _make(row, auto=DecisionAuto.TACTICS, now=now)
            return "again"
        _wait(locked, row)
        return "waiting"
    if row.made is not None:
        return "again"  # made while we replayed
    if row.deadline <= now:
        _make(row, auto=DecisionAuto.TIMEOUT, now=now)
        return "again"
    _wait(locked, row)  # a resumed run: the decision is still the players'
    return "waiting"


def _make(row, *, now, option="", auto="", by=None):
    """The one compare-and-swap that makes a decision: True when this call made it."""
    return (
        MatchDecision.objects.filter(pk=row.pk, made__isnull=True).update(
            option=option, auto=auto, chosen_by=by, made=now
        )
        == 1
    )


def _wait(match, row):
    """Let go of the match until the decision's deadline; wake the pages and set the clock's task, after commit."""
    Match.objects.filter(pk=match.pk).update(lease_until=row.deadline)
    card_id, match_id, seq = match.card_id, match.pk, row.after_seq
    seconds = max(0.0, (row.deadline - timezone.now()).total_seconds())
    transaction.on_commit(lambda: broadcast.publish_match(match_id, seq))
    transaction.on_commit(lambda: enqueue_card_later(card_id, seconds + 0.2))


# --- the players ---------------------------------------------------------------------------------------------


def current_decision(match):
    """The decision the match waits for, or None."""
    return MatchDecision.objects.filter(match=match, made__isnull=True).order_by("-index").first()


@transaction.atomic
def decision_make(*, match, by, index, option=None, hand_over=False):
    """``by`` makes decision ``index`` of ``match``: ``option`` (an option id), or ``hand_over`` (his side plays its
    tactics from this decision on). Returns ``(decision, made)``: ``made`` is False for a repeat of the choice
    already made (a double click, a replayed request), which changes nothing. Raises PermissionDenied (not his
    side, not his turn) or DecisionRefused (stale: 409; not a legal option: 422)."""
    match = Match.objects.select_for_update().select_related("card").get(pk=match.pk)
    if not match.interactive:
        raise DecisionRefused("This match is played by the tactics: nobody chooses in it.", 409)
    mine = sides_of(by, match)
    if not mine:
        raise PermissionDenied("Only the players of the wrestlers in this match choose in it.")
    row = MatchDecision.objects.select_for_update().filter(match=match, index=index).first()
    if row is None:
        raise DecisionRefused("That decision has not come up in this match.", 409)
    if row.side not in mine:
        raise PermissionDenied(f"It is {row.wrestler}'s decision, not yours.")
    wanted_option = "" if hand_over else (option or "")
    if row.made is not None:
        if row.chosen_by_id == by.pk and row.option == wanted_option and bool(hand_over) == (row.auto == "tactics"):
            return row, False  # the same request again: nothing changes
        raise DecisionRefused(f"{made_text(row)} That decision is made.", 409)
    if match.status != MatchStatus.RUNNING:
        raise DecisionRefused("The match is over.", 409)
    now = timezone.now()
    if row.deadline <= now:
        raise DecisionRefused("Time ran out: the tactics choose.", 409)
    if hand_over:
        _make(row, now=now, auto=DecisionAuto.TACTICS, by=by)
    else:
        legal = [o["id"] for o in row.options]
        refusal = next((o["reason"] for o in row.refused if o["id"] == wanted_option), None)
        if refusal is not None:
            raise DecisionRefused(f"The rules do not allow that now: {refusal}", 422)
        if wanted_option not in legal:
            raise DecisionRefused(
                f"{wanted_option or 'Nothing'!r} is not one of the choices here: {', '.join(legal)}.", 422
            )
        _make(row, now=now, option=wanted_option, by=by)
    # the match goes back to the workers now, not at the deadline
    Match.objects.filter(pk=match.pk, status=MatchStatus.RUNNING).update(lease_until=now)
    card_id = match.card_id
    transaction.on_commit(lambda: enqueue_card(card_id))
    row.refresh_from_db()
    return row, True


def made_text(row):
    if row.auto == DecisionAuto.TIMEOUT:
        return "The clock ran out and the tactics chose."
    if row.auto == DecisionAuto.TACTICS:
        return "The tactics play this side now."
    label = next((o["label"] for o in row.options if o["id"] == row.option), row.option)
    return f"{row.wrestler} chose {label}."


# --- what the page shows -----------------------------------------------------------------------------------


@dataclass
class Panel:
    """The decision panel of the match page for one user."""

    match: Match
    decision: MatchDecision | None
    mine: bool  # the user plays the side whose decision it is
    plays: bool  # the user plays a side of this match
    seconds_left: int
    handed: set  # sides whose player handed them to the tactics
    last: MatchDecision | None  # the user's last decision made (what he chose)

    @property
    def last_text(self):
        return made_text(self.last) if self.last is not None else ""


def panel(match, user):
    sides = sides_of(user, match)
    decision = current_decision(match) if match.status == MatchStatus.RUNNING else None
    seconds = 0
    if decision is not None:
        seconds = max(0, int((decision.deadline - timezone.now()).total_seconds()))
    handed = set(MatchDecision.objects.filter(match=match, auto=DecisionAuto.TACTICS).values_list("side", flat=True))
    last = None
    if sides:
        last = MatchDecision.objects.filter(match=match, side__in=sides, made__isnull=False).order_by("-index").first()
    return Panel(
        match=match,
        decision=decision,
        mine=decision is not None and decision.side in sides,
        plays=bool(sides),
        seconds_left=seconds,
        handed=handed,
        last=last,
    )


def wait_for_decision(match_id, after_index, timeout=10.0, pause=0.05):
    """For the benchmark and tests: the pending decision with an index above ``after_index`` (or None at the end)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        row = MatchDecision.objects.filter(match_id=match_id, made__isnull=True, index__gt=after_index).first()
        if row is not None:
            return row
        if Match.objects.filter(pk=match_id, status=MatchStatus.FINISHED).exists():
            return None
        time.sleep(pause)
    raise TimeoutError(f"no decision after {after_index} in match {match_id}")
