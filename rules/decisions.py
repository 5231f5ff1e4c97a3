"""Decision points: the shared contract (/work/notes/DECISIONS_API.md, issue 20), in its simplest form.

At every point where the rules give a wrestler a choice, the engine calls
``match.decide(kind, side, build=lambda: [Option, ...], default=lambda: <the tactics' choice>)``; the match asks
``match.choosers[side]`` (tactics when none is given). :class:`TacticsChooser` calls only ``default()`` (it never
builds options, so automatic matches stay byte-identical); :class:`ReplayChooser` builds the options and plays the
recorded choices of its side, and raises :class:`AwaitingDecision` when it has none left.

This is a minimal copy made by ``arm-decisions``; the ``interactive`` helper owns the module and reconciles it.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    id: str  # stable within its decision: "maneuver:Body Slam", "cover", "edge:no", ...
    label: str  # what a player reads: "Body Slam (3 AP, STR check: 12 or less)"
    cost: dict = field(default_factory=dict)  # {"ap": 3}, {"edge": 1}
    check: dict | None = None  # {"die": "d20", "need": 12, "modifiers": [["STR", 8], ...]}
    needs: tuple = ()  # prerequisites (text)
    value: object = field(default=None, compare=False)  # the engine's own object; never serialized

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
    options: tuple  # of Option, in a fixed (deterministic) order

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.kind,
            "side": self.side,
            "wrestler": self.wrestler,
            "prompt": self.prompt,
            "options": [option.to_json() for option in self.options],
        }


class IllegalChoice(ValueError):
    """The choice is not one the rules allow here (the message says why)."""


class AwaitingDecision(Exception):
    """The engine stopped at a decision for a person: ``.decision``."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(f"decision {decision.index} ({decision.kind}) awaits side {decision.side}")
        self.decision = decision


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


class ReplayChooser(Chooser):
    """Plays the recorded choices of its side: ``{"index": n, "side": s, "option": id}`` returns that option's
    value; ``{"index": n, "side": s, "auto": "timeout" | "tactics"}`` returns ``default()``. With no recorded
    choice for the decision it raises :class:`AwaitingDecision`."""

    def __init__(self, choices: Iterable[dict[str, Any]], side: int | None = None) -> None:
        self.choices = {c["index"]: c for c in choices if side is None or c.get("side") == side}

    def choose(
        self,
        match: Any,
        decision_index: int,
        kind: str,
        side: int,
        build: Callable[[], Iterable[Option]],
        default: Callable[[], Any],
    ) -> Any:
        options = tuple(build())
        wrestler, prompt = match.asking
        decision = Decision(decision_index, kind, side, wrestler, prompt, options)
        record = self.choices.get(decision_index)
        if record is None:
            raise AwaitingDecision(decision)
        if record.get("side", side) != side:
            raise IllegalChoice(f"decision {decision_index} is side {side}'s, not side {record.get('side')}'s")
        if "auto" in record:
            value = default()
            match.note_decision(decision, None, record["auto"])
            return value
        chosen = next((o for o in options if o.id == record.get("option")), None)
        if chosen is None:
            legal = ", ".join(o.id for o in options)
            raise IllegalChoice(f"{record.get('option')!r} is not a legal choice here (legal: {legal})")
        match.note_decision(decision, chosen, None)
        return chosen.value
