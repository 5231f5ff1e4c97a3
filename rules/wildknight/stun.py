"""STUN: the Brawn roll against Df = damage dealt; 1 round, 2 on an automatic failure, 3 on a critical one.

The stunned wrestler's halved Maneuver Roll is in ``rolls.d20(halved=True)``; the round loop (``match``)
skips his maneuver choice and counts the rounds down.
"""

from rules.wildknight.rolls import check
from rules.wildknight.tables import GLASS_JAW, RESILIENT

ROUNDS = {"failure": 1, "automatic-failure": 2, "critical-failure": 3}
GLASS_JAW_DF = 2  # Glass Jaw Flaw (REFERENCE K13): stun Df +2


def resist(dice, wrestler, df, label):
    """K-21/K-22: Brawn vs ``df`` (+2 for a Glass Jaw). Returns (rounds stunned (0 if resisted), outcome, roll)."""
    mods = [("Brawn", wrestler.attrs["Brawn"])]
    if RESILIENT in wrestler.gimmicks:
        mods.append((RESILIENT, 2))
    if GLASS_JAW in wrestler.flaws:
        df += GLASS_JAW_DF
    success, outcome, roll = check(dice, wrestler, f"resist stun: {label}", mods, df, confirm_failure=True)
    return (0 if success else ROUNDS[outcome]), outcome, roll


def apply(wrestler, rounds, stunned_this_round):
    """Stun ``wrestler`` for ``rounds`` rounds starting next round (a stun never shortens one he has)."""
    extra = 1 if stunned_this_round else 0  # this round's count is still to come off
    wrestler.stunned = max(wrestler.stunned, rounds + extra)
