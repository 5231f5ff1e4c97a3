"""Kayfabe's rules engine: pure Python, standard library only.

Usage::

    from rules import get_ruleset, resolve
    ruleset = get_ruleset("arm")
    sheet = ruleset.validate_sheet(raw)            # raises SheetError naming the field
    for event in resolve("arm", setup, seed=42):   # dict events, the last one a "result"
        ...
    counts = odds("arm", setup, sims=200, seed=7)  # {(winner side or None, method): matches}

A ruleset is a subclass of :class:`rules.base.Ruleset` registered with
:func:`rules.registry.register`. Adding one touches no web code: the league reads its house rules, injury
areas, weekly healing and Prestige parts through the hooks of :class:`rules.base.Ruleset`.
"""

from collections.abc import Iterator
from typing import Any

from rules.base import HouseRule, MatchSetup, Ruleset
from rules.dice import Dice, DiceExhausted, RandomDice, ScriptedDice
from rules.errors import HouseRuleError, RulesError, SetupError, SheetError, UnknownRuleset
from rules.registry import get_ruleset, register, ruleset_ids, unregister
from rules.simulation import odds

__all__ = [
    "Dice",
    "DiceExhausted",
    "HouseRule",
    "HouseRuleError",
    "MatchSetup",
    "RandomDice",
    "Ruleset",
    "RulesError",
    "ScriptedDice",
    "SetupError",
    "SheetError",
    "UnknownRuleset",
    "get_ruleset",
    "register",
    "odds",
    "resolve",
    "ruleset_ids",
    "unregister",
]


def resolve(ruleset_id: str, setup: MatchSetup, seed: int) -> Iterator[dict[str, Any]]:
    """Yield the events of one match: same ruleset, setup and seed give the same events."""
    ruleset = get_ruleset(ruleset_id)
    return ruleset.resolve(setup, RandomDice(seed), seed=seed)
