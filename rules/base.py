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
    # Segments outside a match that the ruleset plays (wildknight: "promo"). A league books them on a card like
    # matches (``build_setup(..., kind=...)`` and ``resolve`` take them) but keeps no win or loss for them; what a
    # segment earns a wrestler is the ``carry`` of its result event, one value per side (see ``carry_in``).
    segment_kinds = ()

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

    def carry_in(self, stipulation, carried):
        """The stipulation of a match whose wrestlers bring in what segments earlier on the card earned them.

        ``carried`` has one list per side, one entry per wrestler: the ``carry`` value of his side in his segment's
        result event, or None. Returns a new stipulation; by default nothing carries."""
        return dict(stipulation)

    def outcome(self, setup, dice, seed=None):
        """Play a match and return only its result event (used by odds)."""
        last = None
        for event in self.resolve(setup, dice, seed=seed):
            last = event
        return last
