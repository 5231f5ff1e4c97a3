"""Submissions (REFERENCE K8; the seed names "submissions" among the d20 rolls the Fatigue penalty hits).

A submission hold deals its damage like any move; a victim already at Fatigue penalty 1 or more then makes a
Brawn roll against Df = 5 + the damage just dealt, and taps out on a failure.
"""

from rules.wildknight.rolls import check

BASE_DF = 5


def must_resist(victim):
    return victim.fatigue // victim.threshold >= 1


def resist(dice, victim, damage, hold):
    """Roll to resist the hold. Returns (held on, outcome, roll)."""
    return check(dice, victim, f"resist submission: {hold}", (("Brawn", victim.attrs["Brawn"]),), BASE_DF + damage)
