"""The one source of randomness in a match.

Every die goes through a :class:`Dice` object. It remembers each roll (die, value and what it
was for) until the engine takes them with :meth:`Dice.take_rolls` and puts them in an event, so
every die rolled appears in exactly one event.

``RandomDice(seed)`` is the real thing (``random.Random`` seeded per match; no global state).
``ScriptedDice([...])`` plays back exact values for tests and raises :class:`DiceExhausted`
when the script runs out, or :class:`ScriptError` when a value cannot come from that die.
"""

import random
from collections.abc import Iterable
from typing import Any

Roll = dict[str, Any]


class DiceExhausted(LookupError):
    """A scripted dice object was asked for more rolls than the test supplied."""


class ScriptError(ValueError):
    """A scripted value is impossible for the die asked for (e.g. 7 on a d6)."""


DIE_NAMES = {sides: f"d{sides}" for sides in (2, 3, 4, 6, 8, 10, 12, 20, 100)}


class Dice:
    """Base class: subclasses implement ``_draw(sides)``."""

    def __init__(self) -> None:
        self._pending: list[Roll] = []
        self.count = 0

    def _draw(self, sides: int) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def roll(self, sides: int, purpose: str, **extra: Any) -> int:
        """Roll one die with ``sides`` faces for ``purpose``; record it and return its value.

        ``extra`` keys are merged into the roll record (e.g. ``actor``). A check function that
        needs to add ``need``/``outcome``/``modifiers`` later uses :meth:`roll_record`.
        """
        return self.roll_record(sides, purpose, **extra)["value"]

    def roll_record(self, sides: int, purpose: str, **extra: Any) -> Roll:
        """Roll and return the (mutable, still pending) record dict so callers can annotate it."""
        value = self._draw(sides)
        self.count += 1
        record = {"die": DIE_NAMES.get(sides) or f"d{sides}", "value": value, "for": purpose}
        if extra:
            record.update(extra)
        self._pending.append(record)
        return record

    def choice_index(self, n: int, purpose: str) -> int:
        """A uniformly random index in ``range(n)`` for tactics decisions (recorded as a roll)."""
        if n <= 1:
            return 0
        return self.roll(n, purpose) - 1

    def take_rolls(self) -> list[Roll]:
        """Hand over (and forget) every roll made since the last call."""
        rolls, self._pending = self._pending, []
        return rolls

    @property
    def pending(self) -> int:
        return len(self._pending)


class RandomDice(Dice):
    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)  # noqa: S311 - game dice, not cryptography

    def _draw(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class ScriptedDice(Dice):
    """Plays back exact values: ``ScriptedDice([12, 20, 3])``.

    Values may also be ``(sides, value)`` pairs, in which case the die asked for must match,
    so a test fails loudly when the engine rolls a different die than the test expects.
    """

    def __init__(self, values: Iterable[int | tuple[int, int]]) -> None:
        super().__init__()
        self._script = list(values)
        self._index = 0

    def _draw(self, sides: int) -> int:
        if self._index >= len(self._script):
            raise DiceExhausted(f"script ran out after {self._index} rolls (next die: d{sides})")
        item = self._script[self._index]
        self._index += 1
        if isinstance(item, tuple):
            want_sides, value = item
            if want_sides != sides:
                raise ScriptError(f"roll {self._index}: engine rolled d{sides}, script expected d{want_sides}")
        else:
            value = item
        if not 1 <= value <= sides:
            raise ScriptError(f"roll {self._index}: {value} is impossible on a d{sides}")
        return value

    @property
    def remaining(self) -> int:
        return len(self._script) - self._index
