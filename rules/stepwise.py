"""A match played decision by decision for the league (issue 20, items 2 and 3): the state between two decisions is
the setup, the seed and the decisions made so far, nothing else. :func:`play` replays the match from its seed with
those decisions (through :func:`rules.decisions.play`, the contract every ruleset keeps) and stops at the next
decision nobody has made yet, or at the final bell.

Replaying is deterministic: the same setup, seed and decisions give the same events, so the events up to a pending
decision are final (they are stored and shown), and a run stopped anywhere, in any process, goes on to the same
events. ``choices`` are the records of rules/decisions.py, as a league stores them:

- ``{"index": n, "side": s, "option": "<option id>"}``: a person's choice;
- ``{"index": n, "side": s, "auto": "timeout"}``: the side's tactics chose for this decision (the clock ran out);
- ``{"index": n, "side": s, "auto": "tactics"}``: the side's player handed this decision, and every later one of
  his side, to the tactics ("let the tactics play"): later decisions of his side are the tactics' own, silently.
"""

from dataclasses import dataclass

from rules import decisions

AUTO_TIMEOUT = "timeout"
AUTO_TACTICS = "tactics"


@dataclass(frozen=True)
class Step:
    """Where a match stands: every event so far, and the decision it waits for (None: the match is over)."""

    events: list
    decision: object = None  # rules.decisions.Decision

    @property
    def over(self):
        return self.decision is None


def play(ruleset, setup, seed, choices=()):
    """Replay the match from ``seed`` with ``choices`` for every side, up to the next decision nobody has made or to
    the end. Raises rules.decisions.IllegalChoice when a recorded choice is not legal."""
    if not ruleset.decisions:
        raise ValueError(f"{ruleset.name or ruleset.id} has no decision points")
    choices = list(choices)
    handed = {c["side"] for c in choices if c.get("auto") == AUTO_TACTICS}
    played = decisions.play(
        ruleset.id, setup, seed, choices, people=tuple(range(len(setup.sides))), handed_over=tuple(handed)
    )
    return Step(played.events, played.pending)


def chance(ruleset, option):
    """The chance (0 to 1) that ``option`` succeeds, as its check states it (``odds``) or the ruleset works it out;
    None when the rules cannot tell it alone."""
    check = option.check or {}
    if check.get("odds") is not None:
        return check["odds"]
    return ruleset.chance(check)
