"""Domain errors. All subclass ValueError so callers can catch bad input in one place."""


class RulesError(ValueError):
    """Base class of every error the rules engine raises on bad input."""


class UnknownRuleset(RulesError):
    def __init__(self, ruleset_id: str) -> None:
        self.ruleset_id = ruleset_id
        super().__init__(f"unknown ruleset {ruleset_id!r}")


class SheetError(RulesError):
    """A wrestler sheet is invalid. ``field`` names the offending field (dotted path)."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


class HouseRuleError(RulesError):
    """A promotion's house rules are invalid. ``field`` names the offending house rule."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


class SetupError(RulesError):
    """A match setup is invalid (wrong number of sides, unsupported match kind, ...)."""
