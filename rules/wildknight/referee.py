"""DISQUALIFICATION and the referee: warnings, the DQ roll, and catching pin cheats.

* K-38: an automatic hit with an illegal maneuver, or more than 10 damage from one, is a warning (one
  warning per maneuver, see the docs);
* K-39: after each warning the offender rolls Deception + Flair (lying) or Presence + Brawn (intimidating)
  against Df = warnings x 5; a failure is a disqualification;
* K-36/K-37: a pin cheat is d20 + Deception + Flair vs Df 10; a failure is a warning and stops the pin.
"""

from rules.wildknight.rolls import AUTO_HIT, check
from rules.wildknight.tables import DIRTY_TRICKS, ILL

WARNING_DF = 5  # Df = number of warnings x 5
ILLEGAL_DAMAGE = 10  # "more than 10 points of damage"
CHEAT_DF = 10

EXCUSES = {
    "lie": ("Deception", "Flair"),
    "intimidate": ("Presence", "Brawn"),
}


def infraction(move, roll, damage):
    """Did this illegal maneuver earn a warning? (an automatic hit rolled, or more than 10 damage)."""
    if ILL not in move.mods:
        return False
    return (roll is not None and roll.auto == AUTO_HIT) or damage > ILLEGAL_DAMAGE


def excuse_for(wrestler):
    """The excuse the wrestler gives the referee: his tactic, or the better of the two sums (ties: lie)."""
    choice = wrestler.tactics["excuse"]
    if choice != "best":
        return choice
    a = wrestler.attrs
    return "lie" if a["Deception"] + a["Flair"] >= a["Presence"] + a["Brawn"] else "intimidate"


def dq_roll(dice, wrestler, excuse=None):
    """K-39: the roll to avoid disqualification after a warning (``excuse``: a person's, else his tactics').
    Returns (survived, excuse, roll)."""
    excuse = excuse or excuse_for(wrestler)
    first, second = EXCUSES[excuse]
    mods = [(first, wrestler.attrs[first]), (second, wrestler.attrs[second])]
    if excuse == "lie" and DIRTY_TRICKS in wrestler.gimmicks:
        mods.append((DIRTY_TRICKS, 2))
    df = wrestler.warnings * WARNING_DF
    success, _, roll = check(dice, wrestler, f"avoid DQ: {excuse} ({first} + {second})", mods, df)
    return success, excuse, roll


def warn(dice, wrestler, excuse=None):
    """Give a warning and roll to avoid the DQ. Returns (survived, excuse, roll)."""
    wrestler.warnings += 1
    return dq_roll(dice, wrestler, excuse)


def cheat_roll(dice, wrestler):
    """K-36: pull the tights / use the ropes: d20 + Deception + Flair vs Df 10. Returns (success, roll)."""
    a = wrestler.attrs
    mods = [("Deception", a["Deception"]), ("Flair", a["Flair"])]
    if DIRTY_TRICKS in wrestler.gimmicks:
        mods.append((DIRTY_TRICKS, 2))
    success, _, roll = check(dice, wrestler, "pin cheat: Deception + Flair", mods, CHEAT_DF)
    return success, roll
