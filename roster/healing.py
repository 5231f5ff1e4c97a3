"""How many injury points a wrestler heals in a week, kept in a column so the weekly update is plain SQL.

The ruleset says how much (``Ruleset.weekly_heal``; ARM: the STA bonus); the league spreads it over the injured
areas (promotion.league, docs/league.md).
"""

from rules import get_ruleset

MAX_WEEKLY_HEAL = 32767  # the column is a PositiveSmallIntegerField


def weekly_heal(ruleset_id, sheet):
    """The ruleset's weekly heal for a sheet, as a whole number the column holds (0 when the ruleset cannot say)."""
    try:
        points = int(get_ruleset(ruleset_id).weekly_heal(sheet))
    except (KeyError, TypeError, ValueError):
        return 0
    return max(0, min(points, MAX_WEEKLY_HEAL))
