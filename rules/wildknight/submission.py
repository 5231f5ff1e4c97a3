"""Submissions (REFERENCE K8; the seed names "submissions" among the d20 rolls the Fatigue penalty hits).

A submission hold deals its damage like any move; a victim already at Fatigue penalty 1 or more then makes a
Brawn roll against Df = 5 + the damage just dealt, and taps out on a failure.
"""

from rules.wildknight.rolls import check

BASE_DF = 5


def must_resist(victim):
    return victim.tiredness >= 1


SPECIALIST_DF = 2  # Submission Specialist GE: the victim's Df is +2


def resist(dice, victim, damage, hold, specialist=False):
    """Roll to resist the hold. Returns (held on, outcome, roll)."""
    df = BASE_DF + damage + (SPECIALIST_DF if specialist else 0)
    return check(dice, victim, f"resist submission: {hold}", (("Brawn", victim.attrs["Brawn"]),), df)
