"""HEAT: gained at 10+ damage from one move (max 4), spent on finishers, widening the automatic range.

The automatic range itself lives in ``rolls.d20`` (natural >= 20 - Heat); this module moves the counter.
"""

from rules.wildknight.rolls import d20, threat_floor
from rules.wildknight.state import HEAT_MAX

HEAT_DAMAGE = 10  # K-25: "every time you deal 10 or more points of damage to an opponent with a move"
SEGMENT_MARGIN = 10  # K-28: beat the Df or an opposing skill roll by 10 or more in a segment


def gain(wrestler, amount=1):
    """Add Heat up to the maximum of 4; return how much was really gained."""
    before = wrestler.heat
    wrestler.heat = min(HEAT_MAX, before + amount)
    return wrestler.heat - before


def gain_for_damage(wrestler, damage):
    """K-25: +1 Heat when one move dealt 10 or more damage. Returns the Heat gained (0 or 1)."""
    return gain(wrestler) if damage >= HEAT_DAMAGE else 0


def can_spend(wrestler):
    return wrestler.heat >= 1


def spend(wrestler):
    """K-26: spend one Heat to declare a finisher (before the roll, hit or miss)."""
    if wrestler.heat < 1:
        raise ValueError(f"{wrestler.name} has no Heat to spend")
    wrestler.heat -= 1


def automatic_range(heat):
    """K-27: the naturals that are automatic hits/successes, e.g. (19, 20) with one Heat."""
    return tuple(range(threat_floor(heat), 21))


def segment_heat(total, opposing):
    """K-28, outside a match: a segment roll (a promo) that beats ``opposing`` (a Df or an opposing skill
    roll) by 10 or more earns one Heat. Returns 1 or 0; a league carries it into the next match through the
    ``starting_heat`` stipulation."""
    return 1 if total - opposing >= SEGMENT_MARGIN else 0


def promo(dice, wrestler, skill, ability, opposing):
    """Roll a promo segment: d20 + skill + ability - Fatigue penalty against ``opposing``.

    Returns (heat gained, roll record). Used by leagues between matches; recorded like any roll.
    """
    mods = ((skill, wrestler.attrs[skill]), (ability, wrestler.attrs[ability]))
    roll = d20(dice, wrestler, f"promo: {skill} + {ability}", mods)
    roll.rec["need"] = opposing + SEGMENT_MARGIN
    won = segment_heat(roll.total, opposing)
    roll.rec["outcome"] = "heat" if won else ("success" if roll.total >= opposing else "failure")
    return gain(wrestler, won), roll.rec
