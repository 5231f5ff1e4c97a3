"""The d20 roll every check uses: the natural die, the modifiers, the Fatigue penalty and the automatic range.

"X roll" = d20 + X - Fatigue penalty (K-10: the penalty applies to every d20 roll). A natural 1 is an
automatic miss/failure; a natural 20 is an automatic hit/success, and each Heat held widens that range by one
(K-11, K-27). A stunned wrestler's Maneuver Roll is the halved d20 (K-23): the halving is written into the
record as a modifier so that ``value + sum(modifiers) == total`` holds for every roll record.
"""

AUTO_HIT = "hit"
AUTO_MISS = "miss"


def threat_floor(heat):
    """The lowest natural d20 that is an automatic hit/success for a wrestler holding ``heat`` Heat."""
    return 20 - heat


class Roll:
    """One d20 roll: its record (in the event), natural value, total and automatic result."""

    __slots__ = ("rec", "nat", "total", "halved", "auto", "side")

    def __init__(self, rec, nat, total, halved, auto, side):
        self.rec = rec
        self.nat = nat
        self.total = total
        self.halved = halved
        self.auto = auto
        self.side = side


def d20(dice, wrestler, purpose, mods=(), halved=False, automatic=True):
    """Roll d20 + ``mods`` (pairs of name, amount) - Fatigue penalty for ``wrestler``; return a Roll.

    ``automatic=False`` for rolls that have no automatic result (initiative).
    """
    rec = dice.roll_record(20, purpose, side=wrestler.side)
    nat = rec["value"]
    modifiers = [{"name": name, "amount": amount} for name, amount in mods if amount]
    if halved:
        modifiers.append({"name": "stunned: d20/2", "amount": nat // 2 - nat})
    pen = 0 if wrestler.hulk else wrestler.fatigue // wrestler.threshold
    if pen:
        modifiers.append({"name": "Fatigue penalty", "amount": -pen})
    total = nat + sum(m["amount"] for m in modifiers)
    rec["modifiers"] = modifiers
    rec["total"] = total
    auto = None
    if automatic:
        if nat == 1:
            auto = AUTO_MISS
        elif nat >= 20 - wrestler.heat:
            auto = AUTO_HIT
    return Roll(rec, nat, total, halved, auto, wrestler.side)


def confirm(dice, roll, purpose):
    """The confirm roll: the d20 again with all the same modifiers as ``roll`` (K-12, K-15)."""
    rec = dice.roll_record(20, purpose, side=roll.side)
    nat = rec["value"]
    modifiers = []
    for m in roll.rec["modifiers"]:
        if m["name"] == "stunned: d20/2":
            modifiers.append({"name": "stunned: d20/2", "amount": nat // 2 - nat})
        else:
            modifiers.append(m)
    total = nat + sum(m["amount"] for m in modifiers)
    rec["modifiers"] = modifiers
    rec["total"] = total
    return Roll(rec, nat, total, roll.halved, None, roll.side)


def check(dice, wrestler, purpose, mods, df, confirm_failure=False):
    """A roll against a Difficulty: success on total >= Df (REFERENCE K1).

    Natural 1 always fails (automatic failure); a natural in the automatic range always succeeds. With
    ``confirm_failure`` an automatic failure rolls again and is a critical failure unless the confirm total
    beats (reaches) the Df. Returns ``(success, outcome, roll)``; ``outcome`` is one of ``success``,
    ``automatic-success``, ``failure``, ``automatic-failure``, ``critical-failure``.
    """
    roll = d20(dice, wrestler, purpose, mods)
    rec = roll.rec
    rec["need"] = df
    if roll.auto == AUTO_HIT:
        success, outcome = True, "automatic-success"
    elif roll.auto == AUTO_MISS:
        success, outcome = False, "automatic-failure"
        if confirm_failure:
            c = confirm(dice, roll, f"confirm critical failure: {purpose}")
            c.rec["need"] = df
            if c.total < df:
                outcome = "critical-failure"
                c.rec["outcome"] = "critical-failure"
            else:
                c.rec["outcome"] = "no-critical"
    elif roll.total >= df:
        success, outcome = True, "success"
    else:
        success, outcome = False, "failure"
    rec["outcome"] = outcome
    return success, outcome, roll
