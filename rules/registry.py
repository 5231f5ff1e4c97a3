"""The registry of rulesets (python-chess's ``find_variant`` pattern)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from rules.errors import UnknownRuleset

if TYPE_CHECKING:
    from rules.base import Ruleset

RulesetClass = TypeVar("RulesetClass", bound="type[Ruleset]")

_RULESETS: dict[str, type[Ruleset]] = {}


def register(cls: RulesetClass) -> RulesetClass:
    """Class decorator: make a Ruleset subclass available under ``cls.id`` (an id another class holds is refused)."""
    if not cls.id:
        raise ValueError(f"{cls.__qualname__} has no id")
    held = _RULESETS.get(cls.id)
    if held is not None and (held.__module__, held.__qualname__) != (cls.__module__, cls.__qualname__):
        raise ValueError(f"ruleset id {cls.id!r} is taken by {held.__module__}.{held.__qualname__}")
    _RULESETS[cls.id] = cls
    return cls


def unregister(ruleset_id: str) -> None:
    """Take a ruleset out of the registry again (a ruleset a test registered); unknown ids are refused."""
    try:
        del _RULESETS[ruleset_id]
    except KeyError:
        raise UnknownRuleset(ruleset_id) from None


def _load_builtin() -> None:
    # Imported lazily so ``import rules`` stays cheap and cycle-free.
    import importlib

    for module in ("rules.arm", "rules.hp_d6", "rules.wildknight"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a ruleset package not written yet
            if exc.name != module:
                raise


def ruleset_ids() -> list[str]:
    _load_builtin()
    return sorted(_RULESETS)


def get_ruleset(ruleset_id: str) -> Ruleset:
    _load_builtin()
    try:
        return _RULESETS[ruleset_id]()
    except KeyError:
        raise UnknownRuleset(ruleset_id) from None
