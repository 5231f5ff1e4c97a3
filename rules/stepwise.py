"""A match played decision by decision (issue 20, items 2 and 3): the state between two decisions is the setup, the
seed and the decisions made so far, nothing else. :func:`play` replays the match from its seed with those
decisions and stops at the next one nobody has made yet, or at the final bell.

Replaying is deterministic: the same setup, seed and decisions give the same events, so the events up to a pending
decision are final (they are stored and shown), and a run stopped anywhere, in any process, goes on to the same
events. ``choices`` are plain dicts, as a league stores them:

- ``{"index": n, "side": s, "option": "maneuver:Body Slam"}``: a person's choice;
- ``{"index": n, "side": s, "auto": "timeout"}``: the side's tactics chose for this decision (the clock ran out);
- ``{"index": n, "side": s, "auto": "tactics"}``: the side's player handed this decision, and every later one of
  his side, to the tactics ("let the tactics play").

The log notes each decision made (the engine's ``decision`` event); decisions of a side handed to its tactics after
the hand-over are the tactics' own and leave no note, as in an automatic match.
"""

from dataclasses import dataclass

from rules.decisions import AwaitingDecision, ReplayChooser
from rules.dice import RandomDice

AUTO_TIMEOUT = "timeout"
AUTO_TACTICS = "tactics"


class LeagueChooser(ReplayChooser):
    """One side's recorded decisions; after a hand-over (``auto: "tactics"``) the side plays its tactics."""

    def __init__(self, choices, side):
        super().__init__(choices, side=side)
        handed = [c["index"] for c in self.choices.values() if c.get("auto") == AUTO_TACTICS]
        self.handed_at = min(handed) if handed else None

    def choose(self, match, decision_index, kind, side, build, default):
        if self.handed_at is not None and decision_index > self.handed_at:
            return default()
        try:
            return super().choose(match, decision_index, kind, side, build, default)
        except AwaitingDecision as stop:
            # the events of the round so far are final too: the rest of the round waits for this decision
            stop.events = list(getattr(match, "events", ()))
            raise


@dataclass(frozen=True)
class Step:
    """Where a match stands: every event so far, and the decision it waits for (None: the match is over)."""

    events: list
    decision: object = None  # rules.decisions.Decision

    @property
    def over(self):
        return self.decision is None


def play(ruleset, setup, seed, choices=()):
    """Replay the match from ``seed`` with ``choices`` (see the module) for every side, up to the next decision
    nobody has made or to the end. Raises rules.decisions.IllegalChoice when a recorded choice is not legal."""
    if not ruleset.decisions:
        raise ValueError(f"{ruleset.name or ruleset.id} has no decision points")
    choices = list(choices)
    choosers = {side: LeagueChooser(choices, side) for side in range(len(setup.sides))}
    events = []
    try:
        for event in ruleset.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers):
            events.append(event)
    except AwaitingDecision as stop:
        return Step(events + getattr(stop, "events", []), stop.decision)
    return Step(events, None)
