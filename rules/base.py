"""What every ruleset shares: the match setup, the event log, and the Ruleset base class."""

from dataclasses import dataclass, field

from rules.errors import SetupError

RESULT_METHODS = (
    "pinfall",
    "submission",
    "knockout",
    "disqualification",
    "count-out",
    "escape",
    "draw",
    "no-contest",
)

# How the recap says a win was taken (the generic fallback of ``Ruleset.recap``).
RECAP_HOW = {
    "pinfall": "by pinfall",
    "submission": "by submission",
    "knockout": "by knockout",
    "disqualification": "by disqualification",
    "count-out": "by count-out",
    "escape": "by escaping the cage",
}


@dataclass(frozen=True)
class MatchSetup:
    """Who fights, and under which stipulation.

    ``sides`` is a tuple of sides; each side is a tuple of validated wrestler sheets (dicts).
    ``kind`` is ``singles``, ``tag`` or ``cage`` (a ruleset lists the kinds it supports).
    ``stipulation`` holds the rest: ``time_limit`` (seconds), ``no_dq``, ``titles_change_on_dq``,
    cage options, promotion house rules. Each ruleset documents the keys it reads.
    """

    sides: tuple
    kind: str = "singles"
    stipulation: dict = field(default_factory=dict)

    def option(self, key, default=None):
        return self.stipulation.get(key, default)


class EventLog:
    """Builds events with gapless ``seq``, the current ``round`` and ``clock`` and every pending roll.

    ``snapshot`` is a zero-argument callable returning the ``state`` list (one dict per wrestler).
    """

    def __init__(self, dice, snapshot, seed=None):
        self.dice = dice
        self.snapshot = snapshot
        self.seed = seed
        self.seq = 0
        self.round = 0
        self.clock = 0.0

    def emit(self, type, text, actor=None, target=None, **fields):
        seq = self.seq
        event = {
            "seq": seq,
            "round": self.round,
            "clock": round(self.clock, 1),
            "type": type,
            "actor": actor,
            "target": target,
            "rolls": self.dice.take_rolls(),
            "state": self.snapshot(),
            "text": text,
        }
        if seq == 0 and self.seed is not None:
            event["seed"] = self.seed
        if fields:
            event.update(fields)
        self.seq = seq + 1
        return event

    def result(self, winner, method, text, **fields):
        if method not in RESULT_METHODS:
            raise ValueError(f"unknown result method {method!r}")
        return self.emit("result", text, actor=winner, winner=winner, method=method, rounds=self.round, **fields)


class Ruleset:
    """Base class of a ruleset. Subclasses set ``id``/``name`` and implement the hooks below."""

    id = ""
    name = ""
    match_kinds = ("singles",)

    # --- the sheet -------------------------------------------------------------------------
    def sheet_spec(self):
        """Describe the sheet: attributes with ranges, derived values, other fields (a dict)."""
        raise NotImplementedError

    def validate_sheet(self, raw):
        """Return a normalized copy of ``raw`` or raise SheetError naming the field."""
        raise NotImplementedError

    def example_sheet(self, seed=None):
        """A canonical valid sheet without a seed; a random valid one with it."""
        raise NotImplementedError

    def derived(self, sheet):
        """Derived values of a validated sheet, for pages (e.g. Lift, Reach, StunTrack)."""
        return {}

    def maneuvers(self):
        """The ruleset's maneuver table as a list of dicts (empty when the ruleset has none)."""
        return []

    # --- matches ---------------------------------------------------------------------------
    def build_setup(self, sides, kind="singles", stipulation=None):
        """Validate every sheet and the kind; return a MatchSetup."""
        if kind not in self.match_kinds:
            raise SetupError(f"ruleset {self.id} has no {kind} matches (it has: {', '.join(self.match_kinds)})")
        if len(sides) < 2:
            raise SetupError("a match needs at least two sides")
        checked = []
        for s, side in enumerate(sides):
            if not side:
                raise SetupError(f"side {s + 1} has no wrestlers")
            checked.append(tuple(self.validate_sheet(sheet) for sheet in side))
        setup = MatchSetup(sides=tuple(checked), kind=kind, stipulation=dict(stipulation or {}))
        self.check_setup(setup)
        return setup

    def check_setup(self, setup):
        """Ruleset-specific setup checks (side sizes per kind, stipulation keys). Raise SetupError."""
        if setup.kind == "singles" and any(len(side) != 1 for side in setup.sides):
            raise SetupError("a singles match has one wrestler per side")

    def resolve(self, setup, dice, seed=None):
        """Yield the match's events; the last has ``type == "result"``."""
        raise NotImplementedError

    def recap(self, events):
        """A short paragraph on a finished match for its page and the export; "" while it has no result.

        ``events`` is the match's whole stored log (pure data: the same events give the same recap). This
        fallback reads only the result event and the names in its state: who won, how, in how many rounds, a tag
        team named by both wrestlers. A ruleset overrides it to call the match (turning point, near falls)."""
        result = events[-1] if events else None
        if not result or result.get("type") != "result":
            return ""
        sides = side_names(result.get("state"))
        winner = result.get("winner")
        rounds = result.get("rounds", result.get("round"))
        length = f"after {rounds} round{'' if rounds == 1 else 's'}" if rounds else "before the first round was out"
        if result.get("method") == "no-contest":
            return f"The match between {join_names(sides)} ended in no contest {length}."
        if not isinstance(winner, int) or not 0 <= winner < len(sides):
            return f"{join_names(sides)} fought to a draw {length}."
        losers = [name for side, name in enumerate(sides) if side != winner]
        how = RECAP_HOW.get(result.get("method"), f"by {result.get('method')}")
        return f"{sides[winner]} defeated {join_names(losers)} {how} {length}."

    def outcome(self, setup, dice, seed=None):
        """Play a match and return only its result event (used by odds)."""
        last = None
        for event in self.resolve(setup, dice, seed=seed):
            last = event
        return last


def side_names(state):
    """Each side's name from an event's state, in side order: one wrestler's name, or a team's wrestlers
    joined by "&" in the order the state lists them."""
    members = {}
    for index, wrestler in enumerate(state or []):
        side = wrestler.get("side", index)
        members.setdefault(side, []).append(wrestler.get("name") or f"Wrestler {index + 1}")
    return [" & ".join(members[side]) for side in sorted(members)]


def join_names(names):
    """ "A", "A and B", "A, B and C"."""
    names = list(names)
    if len(names) <= 2:
        return " and ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
