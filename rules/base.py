"""What every ruleset shares: the match setup, the event log, house rules, and the Ruleset base class."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.dice import Dice
from rules.errors import HouseRuleError, SetupError, SheetError

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


# The parts a wrestler's change of Prestige may be made of, in the league's words (the league keeps one ledger row
# per part): "result" is the win, loss or draw itself; the others are what an engine may add to it.
PRESTIGE_REASONS = ("result", "heat", "flair", "engineered", "adjustment")

# The body areas the league keeps injury points on when a ruleset names none of its own: (key, label).
BODY_AREAS = (
    ("head", "Head"),
    ("neck", "Neck"),
    ("body", "Ribs/Body"),
    ("back", "Back"),
    ("arm", "Arm"),
    ("leg", "Leg"),
)

HOUSE_RULE_TYPES = ("boolean", "integer", "choice", "list")

# A validated wrestler sheet, one event of a match log, a wrestler's state in an event: plain JSON objects.
Sheet = dict[str, Any]
Event = dict[str, Any]


@dataclass(frozen=True)
class HouseRule:
    """One option a promotion sets for every match it books, as its settings page shows it.

    ``type`` is ``boolean``, ``integer`` (from ``min`` to ``max``), ``choice`` (one value of ``choices``) or
    ``list`` (any values of ``choices``, each once, kept in the order of ``choices``). ``choices`` holds
    ``(value, label)`` pairs; ``default`` is what a new promotion starts with; ``help`` is one line for the form.
    """

    name: str
    label: str
    type: str
    default: Any
    help: str = ""
    choices: tuple = ()
    min: int | None = None
    max: int | None = None

    def __post_init__(self) -> None:
        if self.type not in HOUSE_RULE_TYPES:
            raise ValueError(f"house rule {self.name}: type must be one of {', '.join(HOUSE_RULE_TYPES)}")
        self.check(self.default)  # a default the rule itself refuses is a bug of the ruleset

    def check(self, value: Any) -> Any:
        """The value as stored (a list for ``list``), or HouseRuleError naming this rule."""
        values = [v for v, _label in self.choices]
        if self.type == "boolean":
            if not isinstance(value, bool):
                raise HouseRuleError(self.name, "must be true or false")
            return value
        if self.type == "integer":
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or (self.min is not None and value < self.min)
                or (self.max is not None and value > self.max)
            ):
                raise HouseRuleError(self.name, f"must be a whole number{self._range()}")
            return value
        if self.type == "choice":
            if isinstance(value, bool) or value not in values:
                raise HouseRuleError(self.name, f"must be one of: {', '.join(map(str, values))}")
            return value
        if not isinstance(value, list | tuple) or any(isinstance(v, bool) or v not in values for v in value):
            raise HouseRuleError(self.name, f"must be a list drawn from: {', '.join(map(str, values))}")
        return [v for v in values if v in value]

    def _range(self) -> str:
        if self.min is not None and self.max is not None:
            return f" from {self.min} to {self.max}"
        if self.min is not None:
            return f" of at least {self.min}"
        return f" of at most {self.max}" if self.max is not None else ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "type": self.type,
            "default": list(self.default) if self.type == "list" else self.default,
            "help": self.help,
            "choices": [list(pair) for pair in self.choices],
            "min": self.min,
            "max": self.max,
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

    def option(self, key: str, default: Any = None) -> Any:
        return self.stipulation.get(key, default)


class EventLog:
    """Builds events with gapless ``seq``, the current ``round`` and ``clock`` and every pending roll.

    ``snapshot`` is a zero-argument callable returning the ``state`` list (one dict per wrestler).
    """

    def __init__(self, dice: Dice, snapshot: Callable[[], list[dict[str, Any]]], seed: int | None = None) -> None:
        self.dice = dice
        self.snapshot = snapshot
        self.seed = seed
        self.seq = 0
        self.round = 0
        self.clock = 0.0

    def emit(
        self,
        type: str,
        text: str,
        actor: int | None = None,
        target: int | None = None,
        take_rolls: bool = True,
        **fields: Any,
    ) -> Event:
        """The next event; ``take_rolls=False`` leaves the pending rolls for the next one (a ``decision`` event
        rolls nothing: the dice rolled before it belong to what follows it)."""
        seq = self.seq
        event: Event = {
            "seq": seq,
            "round": self.round,
            "clock": round(self.clock, 1),
            "type": type,
            "actor": actor,
            "target": target,
            "rolls": self.dice.take_rolls() if take_rolls else [],
            "state": self.snapshot(),
            "text": text,
        }
        if seq == 0 and self.seed is not None:
            event["seed"] = self.seed
        if fields:
            event.update(fields)
        self.seq = seq + 1
        return event

    def result(self, winner: int | None, method: str, text: str, **fields: Any) -> Event:
        if method not in RESULT_METHODS:
            raise ValueError(f"unknown result method {method!r}")
        return self.emit("result", text, actor=winner, winner=winner, method=method, rounds=self.round, **fields)


class Ruleset:
    """Base class of a ruleset. Subclasses set ``id``/``name`` and implement the hooks below.

    ``label`` is what menus show (default: ``name``); ``summary`` is one line saying what the ruleset is.
    """

    id = ""
    name = ""
    summary = ""
    match_kinds = ("singles",)
    # Segments outside a match that the ruleset plays (wildknight: "promo"). A league books them on a card like
    # matches (``build_setup(..., kind=...)`` and ``resolve`` take them) but keeps no win or loss for them; what a
    # segment earns a wrestler is the ``carry`` of its result event, one value per side (see ``carry_in``).
    segment_kinds = ()
    # Whether ``resolve(..., choosers=...)`` stops at decision points (rules/decisions.py): a league may then book a
    # match its players play decision by decision (rules/stepwise.py).
    decisions = False

    @property
    def label(self) -> str:
        return self.name

    # --- the sheet -------------------------------------------------------------------------
    def sheet_spec(self) -> dict[str, Any]:
        """Describe the sheet: attributes with ranges, derived values, other fields (a dict)."""
        raise NotImplementedError

    def validate_sheet(self, raw: Any) -> Sheet:
        """Return a normalized copy of ``raw`` or raise SheetError naming the field."""
        raise NotImplementedError

    # How the ruleset calls rules.sheet_check.check_sheet (brackets, parsers, unknown), for sheet_errors.
    sheet_check_options: dict[str, Any] = {}

    def sheet_errors(self, raw: Any) -> dict[str, str]:
        """Every problem of ``raw`` at once, ``{field path: message}`` (empty: valid): each field against the spec,
        then, when they all pass, the ruleset's own cross-field rules (the first that refuses)."""
        from rules.sheet_check import sheet_errors

        errors = sheet_errors(raw, self.sheet_spec(), **self.sheet_check_options)
        patched = raw
        if errors and isinstance(raw, dict):
            # The cross-field rules are still checked when only fields they do not count are wrong (the name, a
            # pronoun): those are read as the example's for that check, so their own errors stand alone.
            wrong = {str(path).split(".")[0].split("[")[0] for path in errors}
            example = self.example_sheet()
            if wrong & {"attributes", "sheet"} or not wrong <= set(example):
                return errors
            patched = {**raw, **{key: example[key] for key in wrong}}
            if sheet_errors(patched, self.sheet_spec(), **self.sheet_check_options):
                return errors
        try:
            self.validate_sheet(patched)
        except SheetError as exc:
            errors.setdefault(exc.field, exc.message)
        return errors

    def example_sheet(self, seed: int | None = None) -> Sheet:
        """A canonical valid sheet without a seed; a random valid one with it."""
        raise NotImplementedError

    def derived(self, sheet: Sheet) -> dict[str, Any]:
        """Derived values of a validated sheet, for pages (e.g. Lift, Reach, StunTrack)."""
        return {}

    def maneuvers(self) -> list[dict[str, Any]]:
        """The ruleset's maneuver table as a list of dicts (empty when the ruleset has none)."""
        return []

    # --- the wrestler page and the new-wrestler form (rules/view.py) ----------------------------
    # Derived keys -> the label the wrestler page shows (a key without one is humanized).
    derived_labels: dict[str, str] = {}
    # Sheet fields whose change keeps an approved wrestler approved (the change is logged): only looks.
    cosmetic_fields: tuple[str, ...] = ("pronouns",)

    def wrestler_view(self, sheet: Sheet, derived: dict[str, Any]) -> dict[str, Any]:
        """The wrestler page's layout of a validated sheet and its derived values (see rules/view.py)."""
        from rules.view import default_view

        return default_view(self.sheet_spec(), sheet, derived, derived_labels=self.derived_labels)

    def archetypes(self) -> list[tuple[str, str, Sheet]]:
        """Starting points for a new wrestler besides a blank sheet: ``[(key, label, sheet)]``, each a valid sheet
        (the form leaves its name for the player). By default the rules' example and three random builds."""
        example = self.example_sheet()
        out = [("example", f"Like {example['name']}, the rules' example", example)]
        for n in (1, 2, 3):
            sheet = self.example_sheet(seed=n)
            out.append((f"random-{n}", f"Random build {n} ({sheet.get('alignment', 'any')})", sheet))
        return out

    def budget(self, sheet: Sheet) -> dict[str, Any] | None:
        """The sheet's building budget in plain words as the player types ("45 of 50 Talent spent, 5 left"), with
        ``over`` True when it is overspent: ``{"text", "over"}``; None for a ruleset without a budget. ``sheet``
        may be incomplete: read what is there."""
        return None

    def injury_summary(self) -> dict[str, Any] | None:
        """How often a match injures a wrestler here and for how long, as the league page says it: ``{"text",
        "faithful"}`` (``faithful``: the measured rate is the one the rule text implies), or None when the ruleset
        has no injury rule."""
        return None

    def expected_weeks_out(self, sheet: Sheet, points: int) -> int | None:
        """Weeks a wrestler of ``sheet`` needs to heal ``points`` injury points (None when he never heals)."""
        heal = self.weekly_heal(sheet)
        if heal <= 0:
            return None
        return -(-int(points) // int(heal))

    def ring_grid(self) -> dict[str, Any] | None:
        """The ring as a grid of squares, for a ruleset whose states place each wrestler on one (``state[n]
        ["square"]``): ``{"columns": "ab...", "rows": n, "squares": {square id: (kind, label, inside the ropes)},
        "unknown": (kind, label, False), "legend": [(kind, label), ...]}``; None (the default) without a grid."""
        return None

    # --- matches ---------------------------------------------------------------------------
    def build_setup(
        self, sides: Sequence[Sequence[Any]], kind: str = "singles", stipulation: dict[str, Any] | None = None
    ) -> MatchSetup:
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

    def check_setup(self, setup: MatchSetup) -> None:
        """Ruleset-specific setup checks (side sizes per kind, stipulation keys). Raise SetupError."""
        if setup.kind == "singles" and any(len(side) != 1 for side in setup.sides):
            raise SetupError("a singles match has one wrestler per side")

    def resolve(
        self, setup: MatchSetup, dice: Dice, seed: int | None = None, choosers: dict[int, Any] | None = None
    ) -> Iterator[Event]:
        """Yield the match's events; the last has ``type == "result"``. ``choosers``: ``{side: Chooser}`` for the
        sides a person plays (rules.decisions); none, the tactics play every side."""
        raise NotImplementedError

    def chance(self, check: dict[str, Any] | None) -> float | None:
        """The chance (0 to 1) that an option's ``check`` (rules.decisions.Option) succeeds, or None when the rules
        cannot tell it alone (a contest against a roll still to come). Default: the ``odds`` the check states."""
        return (check or {}).get("odds")

    def carry_in(self, stipulation: dict[str, Any], carried: list[list[Any]]) -> dict[str, Any]:
        """The stipulation of a match whose wrestlers bring in what segments earlier on the card earned them.

        ``carried`` has one list per side, one entry per wrestler: the ``carry`` value of his side in his segment's
        result event, or None. Returns a new stipulation; by default nothing carries."""
        return dict(stipulation)

    def recap(self, events: list[Event], setup: MatchSetup | None = None, **context: Any) -> str:
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
        if result.get("segment"):  # a segment (a promo) has no winner or loser: its own closing line says it
            return result.get("text", "")
        if result.get("method") == "no-contest":
            return f"The match between {join_names(sides)} ended in no contest {length}."
        if not isinstance(winner, int) or not 0 <= winner < len(sides):
            return f"{join_names(sides)} fought to a draw {length}."
        losers = [name for side, name in enumerate(sides) if side != winner]
        how = RECAP_HOW.get(str(result.get("method")), f"by {result.get('method')}")
        return f"{sides[winner]} defeated {join_names(losers)} {how} {length}."

    def outcome(self, setup: MatchSetup, dice: Dice, seed: int | None = None) -> Event | None:
        """Play a match and return only its result event (used by odds)."""
        last = None
        for event in self.resolve(setup, dice, seed=seed):
            last = event
        return last

    # --- the league: house rules, injuries, healing, Prestige --------------------------------------
    def house_rule_spec(self) -> tuple[HouseRule, ...]:
        """The house rules a promotion of this ruleset sets: a tuple of HouseRule, in the order shown."""
        return ()

    def validate_house_rules(self, raw: Any) -> dict[str, Any]:
        """Every house rule of this ruleset, from ``raw`` (name: value; a rule left out takes its default), or
        HouseRuleError naming the rule."""
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise HouseRuleError("house_rules", "must be an object of house rule: value")
        spec = {rule.name: rule for rule in self.house_rule_spec()}
        for key in raw:
            if key not in spec:
                raise HouseRuleError(
                    str(key), f"is not a house rule of {self.name} (known: {', '.join(spec) or 'none'})"
                )
        return {name: rule.check(raw.get(name, rule.default)) for name, rule in spec.items()}

    def house_stipulation(self, house_rules: dict[str, Any]) -> dict[str, Any]:
        """The stipulation keys the engine reads for validated house rules (by default, each rule is a key)."""
        return dict(house_rules)

    def injury_areas(self) -> tuple[tuple[str, str], ...]:
        """The areas a wrestler keeps injury points on, ``((key, label), ...)``; the league stores the keys."""
        return BODY_AREAS

    def injury_area(self, name: str) -> str | None:
        """The key of the area an injury the engine names (in a sheet or a state) is on; None when it is none."""
        return name if name in dict(self.injury_areas()) else None

    def injuries_gained(self, sheet: Sheet | None, state: dict[str, Any] | None) -> dict[str, int]:
        """Injury points a wrestler gained in a match, ``{area key: points}``: his final state's ``injuries``
        beyond those of the sheet he brought in."""
        before = (sheet or {}).get("injuries") or {}
        gained: dict[str, int] = {}
        for name, points in ((state or {}).get("injuries") or {}).items():
            delta = int(points) - int(before.get(name, 0))
            area = self.injury_area(name)
            if delta > 0 and area:
                gained[area] = gained.get(area, 0) + delta
        return gained

    def weekly_heal(self, sheet: Sheet) -> int:
        """Injury points a wrestler of this (validated) sheet heals in a week; the league spreads them over his
        injured areas (docs/league.md). A ruleset without a healing rule: one point a week."""
        return 1

    def prestige_parts(self, result: Event) -> dict[tuple[int, str], list[tuple[str, int]]]:
        """The Prestige the engine computed itself, from its result event: ``{(side, name): [(reason, amount),
        ...]}`` with reasons from PRESTIGE_REASONS (one ``result`` part), amounts summing to the wrestler's
        change. Empty: the league's own table applies to everyone (docs/league.md)."""
        return {}


def side_names(state: list[dict[str, Any]] | None) -> list[str]:
    """Each side's name from an event's state, in side order: one wrestler's name, or a team's wrestlers
    joined by "&" in the order the state lists them."""
    members: dict[int, list[str]] = {}
    for index, wrestler in enumerate(state or []):
        side = wrestler.get("side", index)
        members.setdefault(side, []).append(wrestler.get("name") or f"Wrestler {index + 1}")
    return [" & ".join(members[side]) for side in sorted(members)]


def join_names(names: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    names = list(names)
    if len(names) <= 2:
        return " and ".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
