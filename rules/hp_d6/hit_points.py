"""Hit Points (HP), in the match: "As the wrestlers take damage from attacks, HP is removed."

The sheet's HP (20 by default) is ``sheet.py``; this is the one way a wrestler loses HP once the bell has rung, for
every move, the advanced rules' foreign objects and run-ins alike.
"""


def damage(wrestler, amount):
    """Remove HP; HP never goes below 0 (W7). Returns the HP actually removed."""
    amount = min(amount, wrestler.hp)
    wrestler.hp -= amount
    wrestler.snap = None
    return amount
