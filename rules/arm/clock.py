"""Seed 000, "Time": rounds of about 10 seconds; half-length hold, movement and stall rounds; a
1-second pin or arm-drop count; +1 second per Standoff; a Combo takes one round.

The match clock is ``EventLog.clock`` (seconds); ``Match.round_seconds`` is the length of the round
being played and is added when it ends; counts and Standoffs are added as they happen.
"""

from rules.arm.tables import COUNT_SECONDS, HALF_ROUND_SECONDS, ROUND_SECONDS, STANDOFF_SECONDS

STANDARD = ROUND_SECONDS
HOLD = MOVEMENT = STALL = HALF_ROUND_SECONDS
COUNT = COUNT_SECONDS
STANDOFF = STANDOFF_SECONDS
