"""The recap of a finished ARM match (placeholder, written below)."""

from rules.base import Ruleset


def recap(events, setup=None, **context):
    return Ruleset().recap(events, setup, **context)
