"""Decision points: the contract every ruleset keeps (issue 20). The web app and the CLI rely on what is written here.

**The engine side.** At every point where the rules give a wrestler a choice, the engine calls
``match.decide(kind, side, build=lambda: [Option, ...], default=lambda: <the tactics' choice>, who=..., prompt=...)``
and goes on with the value it returns. ``build()`` lists the options in a fixed order, each with what the rules say
it costs and needs; options the rules do not allow right now may be listed too, with a ``refusal`` (the reason),
so a person sees why and a choice of one is refused with that reason. ``default()`` is what the wrestler's tactics
would do; it may roll dice (a tactics roll), so it is called only when the tactics choose. Every call of
``decide`` counts as one decision point: ``Decision.index`` (0, 1, 2, ... across both sides) is the same in every
replay of the same setup, seed and choices. A ruleset's ``resolve(setup, dice, seed=None, choosers=None)`` takes
``choosers`` = ``{side: Chooser}``; a side without one plays its tactics, and with no choosers at all (or
:class:`TacticsChooser` on a side) the match is byte-identical to the automatic one (the golden transcripts).

**A person's choice** (or a time-out) adds a ``decision`` event: ``decision`` (the index), ``kind``, ``option``
(the id chosen) or ``auto`` (``"timeout"``, ``"tactics"``), actor = the side; it has no rolls of its own.

**Choices** are plain JSON: ``{"index": n, "side": s, "option": "<option id>"}``, or ``{"index": n, "side": s,
"auto": "timeout" | "tactics"}`` (the tactics choose, and the log says so); a ``"kind"`` in a record is checked
against the decision's. A saved match is ``(ruleset id, setup, seed, the sides a person plays, the choices so
far)``; :func:`play` restores it exactly by replaying (the dice are ``RandomDice(seed)``, like every live match).

**Options and decisions** (``to_json()`` is what a client gets)::

    Option:   {"id": "move:grapple", "label": "Grapple: Suplex (2 HP; ...)", "cost": {"ap": 3} | {},
               "check": {"die": "d6" | "d20", "need": 12, "modifiers": [["STR", 8], ...], "odds": 0.4167, ...} | None,
               "needs": ["prerequisite or risk, in words", ...]}
    Decision: {"index": 7, "kind": "move", "side": 0, "wrestler": "Hacksaw Harlan", "prompt": "...?",
               "options": [Option, ...],                       # the legal ones, in a fixed order
               "refused": [{"id": ..., "label": ..., "reason": ...}, ...]}   # listed, not allowed now

``check["odds"]`` (when present) is the chance of success the rules give that option, 0..1, computed from the
rules (no dice rolled); ``need``/``modifiers`` are the roll's target and modifiers where the ruleset has them.
Each ruleset documents its kinds and option ids in ``docs/rules/<ruleset>.md`` ("Decision points").

**The API.** :func:`play` (``ruleset id, setup, seed, choices, people, handed_over``) returns a :class:`Played`:
the events so far (exactly the first events of the match played straight through), and either the pending
:class:`Decision` (``pending``, for a side in ``people``) or the finished ``result`` event; ``setup`` may be the
saved dict ``{"sides", "kind", "stipulation"}``. It is pure and deterministic: any process restores the same match.
:func:`check_choice` validates a choice record against a pending decision (raises :class:`IllegalChoice` with the
reason: a refused option's own reason, an unknown id with the legal ones, the wrong side, index or kind); a stored
record the match does not reach is refused by :func:`play` too. Each call replays from the bell, so its cost grows
with the decisions made (``bench/decisions.py``). Choosers:
:class:`TacticsChooser`, :class:`ReplayChooser` (plays recorded choices, raises :class:`AwaitingDecision` when it
has none left), :class:`PromptChooser` (asks a callable, e.g. the terminal, and records what it was told).
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    id: str  # stable within its decision: "maneuver:Body Slam", "cover", "edge:no", "move:grapple", ...
    label: str  # what a player reads: "Body Slam (3 AP, STR check: 12 or less)"
    cost: dict = field(default_factory=dict)  # {"ap": 3}, {"edge": 1}, {"heat": 1}
    check: dict | None = None  # {"die": "d20", "need": 12, "modifiers": [["STR", 8], ...], "odds": 0.6}
    needs: tuple = ()  # prerequisites and risks (text)
    value: object = field(default=None, compare=False)  # the engine's own object; never serialized
    refusal: str | None = None  # why the rules do not allow it now (then it is listed, but refused)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "cost": dict(self.cost),
            "check": self.check,
            "needs": list(self.needs),
        }


@dataclass(frozen=True)
class Decision:
    index: int  # ordinal of this decision point in the match (0, 1, 2, ... across all sides)
    kind: str
    side: int
    wrestler: str
    prompt: str
    options: tuple  # of Option, the legal ones, in a fixed (deterministic) order
    refused: tuple = ()  # of Option with a ``refusal``: listed so a person sees why not

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.kind,
            "side": self.side,
            "wrestler": self.wrestler,
            "prompt": self.prompt,
            "options": [option.to_json() for option in self.options],
            "refused": [{"id": o.id, "label": o.label, "reason": o.refusal} for o in self.refused],
        }

    def option(self, option_id: str) -> Option | None:
        """The legal option ``option_id``, or :class:`IllegalChoice` saying why not."""
        for option in self.options:
            if option.id == option_id:
                return option
        for option in self.refused:
            if option.id == option_id:
                raise IllegalChoice(f"{option_id!r} is not allowed here: {option.refusal}")
        legal = ", ".join(o.id for o in self.options)
        raise IllegalChoice(f"{option_id!r} is not a legal choice here (legal: {legal})")


def make_decision(match: Any, index: int, kind: str, side: int, build: Callable[[], Iterable[Option]]) -> Decision:
    """The Decision the engine is at: ``build()``'s options split into the legal and the refused."""
    built = tuple(build())
    wrestler, prompt = match.asking
    legal = tuple(o for o in built if o.refusal is None)
    refused = tuple(o for o in built if o.refusal is not None)
    return Decision(index, kind, side, wrestler, prompt, legal, refused)


class IllegalChoice(ValueError):
    """The choice is not one the rules allow here (the message says why)."""


class AwaitingDecision(Exception):
    """The engine stopped at a decision for a person: ``.decision``."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(f"decision {decision.index} ({decision.kind}) awaits side {decision.side}")
        self.decision = decision


AUTO = ("timeout", "tactics")


def check_choice(decision: Decision, record: dict[str, Any]) -> Any:
    """Validate a choice record against ``decision``: the Option chosen, or None for an ``auto`` record (the
    tactics choose). Raises :class:`IllegalChoice` with the reason."""
    if not isinstance(record, dict):
        raise IllegalChoice(f"decision {decision.index}: a choice is an object with an option, not {record!r}")
    if record.get("index", decision.index) != decision.index:
        raise IllegalChoice(f"the match is at decision {decision.index}, not at decision {record.get('index')}")
    if record.get("side", decision.side) != decision.side:
        raise IllegalChoice(f"decision {decision.index} is side {decision.side}'s, not side {record.get('side')}'s")
    if record.get("kind", decision.kind) != decision.kind:
        raise IllegalChoice(f"decision {decision.index} is a {decision.kind!r} decision, not {record.get('kind')!r}")
    if "auto" in record:
        if record["auto"] not in AUTO:
            raise IllegalChoice(f"auto must be one of {', '.join(AUTO)}, not {record['auto']!r}")
        return None
    if "option" not in record:
        raise IllegalChoice(f"decision {decision.index}: the choice names no option")
    return decision.option(record["option"])


class DecisionPoints:
    """``decide`` for a match whose wrestlers are ``self.w`` (one per side) and whose ``choosers`` map a side to its
    :class:`Chooser`: counts the decision points, asks the side's chooser, or takes ``default()`` without one."""

    decisions: int
    choosers: dict[int, Any]
    w: Any
    asking: tuple[str, str]

    def decide(
        self,
        kind: str,
        side: int,
        build: Callable[[], Iterable[Option]],
        default: Callable[[], Any],
        who: Any = None,
        prompt: str = "",
    ) -> Any:
        """A choice the rules give side ``side`` (``who`` makes it): ``build()`` lists the Options, ``default()``
        is the tactics' choice. Returns the value of the choice made. Only called while ``choosers`` is set."""
        index = self.decisions
        self.decisions = index + 1
        chooser = self.choosers.get(side)
        if chooser is None:
            return default()
        name = who.name if who is not None else self.w[side].name
        self.asking = (name, prompt.format(name=name) if prompt else f"{name}: {kind}?")
        return chooser.choose(self, index, kind, side, build, default)


class Chooser:
    """One per side."""

    def choose(
        self,
        match: Any,
        decision_index: int,
        kind: str,
        side: int,
        build: Callable[[], Iterable[Option]],
        default: Callable[[], Any],
    ) -> Any:
        raise NotImplementedError


class TacticsChooser(Chooser):
    """The built-in tactics: ``default()``, nothing built, the same dice."""

    def choose(
        self,
        match: Any,
        decision_index: int,
        kind: str,
        side: int,
        build: Callable[[], Iterable[Option]],
        default: Callable[[], Any],
    ) -> Any:
        return default()


def _apply(match: Any, decision: Decision, record: dict[str, Any], default: Callable[[], Any]) -> Any:
    chosen = check_choice(decision, record)
    if chosen is None:
        value = default()
        match.note_decision(decision, None, record["auto"])
        return value
    match.note_decision(decision, chosen, None)
    return chosen.value


class ReplayChooser(Chooser):
    """Plays the recorded choices of its side: ``{"index": n, "side": s, "option": id}`` returns that option's
    value; ``{"index": n, "side": s, "auto": "timeout" | "tactics"}`` returns ``default()``. With no recorded
    choice for the decision it raises :class:`AwaitingDecision` (or, ``then_tactics``, lets the tactics choose: a
    person who handed his wrestler to the tactics). ``used`` lists the indexes it played."""

    def __init__(self, choices: Iterable[dict[str, Any]], side: int | None = None, then_tactics: bool = False) -> None:
        self.choices = {c["index"]: c for c in choices if side is None or c.get("side") == side}
        self.used: list[int] = []
        self.then_tactics = then_tactics

    def choose(
        self,
        match: Any,
        decision_index: int,
        kind: str,
        side: int,
        build: Callable[[], Iterable[Option]],
        default: Callable[[], Any],
    ) -> Any:
        record = self.choices.get(decision_index)
        if record is None and self.then_tactics:
            return default()
        decision = make_decision(match, decision_index, kind, side, build)
        if record is None:
            raise AwaitingDecision(decision)
        self.used.append(decision_index)
        return _apply(match, decision, record, default)


class PromptChooser(Chooser):
    """Asks ``ask(decision, error)`` for each decision (``error`` is the reason the last answer was refused, or
    None) until it answers with a legal choice record (or an option id); ``records`` keeps what was chosen, in
    order. Recorded ``choices`` (a replay) are played first."""

    def __init__(
        self, ask: Callable[..., Any], choices: Iterable[dict[str, Any]] = (), side: int | None = None
    ) -> None:
        self.ask = ask
        self.replay = ReplayChooser(choices, side=side)
        self.records: list[dict[str, Any]] = []

    def choose(
        self,
        match: Any,
        decision_index: int,
        kind: str,
        side: int,
        build: Callable[[], Iterable[Option]],
        default: Callable[[], Any],
    ) -> Any:
        if decision_index in self.replay.choices:
            self.records.append(self.replay.choices[decision_index])
            return self.replay.choose(match, decision_index, kind, side, build, default)
        decision = make_decision(match, decision_index, kind, side, build)
        error = None
        while True:
            answer = self.ask(decision, error)
            record = answer if isinstance(answer, dict) else {"option": answer}
            record = {"index": decision_index, "side": side, "kind": kind, **record}
            try:
                check_choice(decision, record)
            except IllegalChoice as exc:
                error = str(exc)
                continue
            self.records.append(record)
            return _apply(match, decision, record, default)


@dataclass
class Played:
    """What :func:`play` gives: the events so far; ``pending`` (the Decision a person must make) or ``result``
    (the last event, once the match is over); ``choices`` the records replayed."""

    events: list
    pending: Decision | None
    result: dict | None
    choices: list

    def to_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "pending": self.pending.to_json() if self.pending is not None else None,
            "result": self.result,
            "choices": self.choices,
        }


def play(
    ruleset_id: str,
    setup: Any,
    seed: int,
    choices: Iterable[dict[str, Any]] = (),
    people: Iterable[int] = (0, 1),
    handed_over: Iterable[int] = (),
) -> "Played":
    """Replay a match from its seed and the choices so far: the sides in ``people`` are played by persons (their
    recorded choices, in ``choices``), the others by their tactics. ``setup`` is a MatchSetup or, as saved, a dict
    ``{"sides", "kind", "stipulation"}`` (validated like any setup: SetupError/SheetError naming the field).
    Stops at the first decision of a person with no recorded choice (``pending``) or at the end (``result``). A
    recorded choice the rules do not allow raises :class:`IllegalChoice`; so does a recorded choice the match never
    reached (the record does not fit). A side in ``handed_over`` (also in ``people``) had a person who handed his
    wrestler to the tactics: his recorded choices are replayed and the tactics make the rest, silently."""
    from rules.dice import RandomDice
    from rules.registry import get_ruleset

    choices = list(choices)
    ruleset = get_ruleset(ruleset_id)
    if isinstance(setup, dict):  # as saved: {"sides": [[sheet, ...], ...], "kind": ..., "stipulation": {...}}
        setup = ruleset.build_setup(
            setup["sides"], kind=setup.get("kind", "singles"), stipulation=setup.get("stipulation")
        )
    choosers = {side: ReplayChooser(choices, side=side, then_tactics=side in handed_over) for side in people}
    events = []
    stream = ruleset.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers)
    try:
        for event in stream:
            events.append(event)
    except AwaitingDecision as stop:
        _check_all_used(choosers, choices, before=stop.decision.index)
        return Played(events, stop.decision, None, choices)
    _check_all_used(choosers, choices)
    return Played(events, None, events[-1], choices)


def _check_all_used(choosers: dict[int, Any], choices: Any, before: Any = None) -> None:
    used = {i for c in choosers.values() for i in c.used}
    for record in choices:
        index = record.get("index")
        if index not in used and (before is None or index is None or index < before):
            raise IllegalChoice(f"the choice recorded for decision {index} does not fit this match (no such decision)")
        if before is not None and index is not None and index > before:
            raise IllegalChoice(f"the choice recorded for decision {index} comes after the pending decision {before}")
