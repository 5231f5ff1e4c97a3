"""Segments on a card (promos, for rulesets with ``segment_kinds``): what one carries into a wrestler's next match
on the same card, and its result, which is no match result.

A segment's outcome is fixed by its frozen setup and seed like a match's, so when the card goes live the league
plays each segment once in memory (a few dice) to learn what it will carry (``carry`` in its result event), and
freezes that into the setup of the wrestler's next match on the card (``Ruleset.carry_in``: e.g. a
``starting_heat``). Nothing is shown early: pages read only stored events, and the worker stores the segment's
events, identical to these, when it airs. What a segment earned and nobody used by the end of the card is lost.
"""

from django.utils import timezone

from matches.models import MatchStatus
from rules import RandomDice


class CardCarry:
    """Walks a card in running order at go-live: what each wrestler holds from a segment until his next match."""

    def __init__(self):
        self.held = {}  # wrestler id -> the carry value of his side in his segment's result

    def into(self, match):
        """For a match: one list per side of what each wrestler brings in (None: nothing), taken off what he
        holds; None when nobody brings anything (and for a segment)."""
        if match.is_segment or not self.held:
            return None
        carried = [[], []]
        for p in match.participants.order_by("side", "slot"):
            while len(carried) <= p.side:
                carried.append([])
            carried[p.side].append(self.held.pop(p.wrestler_id, None))
        return carried if any(v is not None for side in carried for v in side) else None

    def after(self, match, ruleset, setup):
        """For a segment: play it from its frozen seed and keep what it carries for each of its wrestlers."""
        if not match.is_segment:
            return
        result = ruleset.outcome(setup, RandomDice(match.seed), seed=match.seed)
        carry = result.get("carry") or []
        for p in match.participants.all():
            if p.side < len(carry):
                self.held[p.wrestler_id] = carry[p.side]


def apply_segment_result(match, result):
    """The end of a segment (the caller holds the row lock and saves): finished, its sentence and method, and
    nothing else. No winner (a dueling promo's upper hand is in its result event, not the record), no ledger,
    injuries, title or contender snapshot."""
    match.status = MatchStatus.FINISHED
    match.winner_side = None
    match.method = result["method"]
    match.rounds = result["rounds"]
    match.result_text = result["text"][:300]
    match.finished = timezone.now()
    match.lease_until = None
