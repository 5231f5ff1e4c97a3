"""AUTOMATIC/CRITICAL HITS & MISSES: the opposed Maneuver Roll and its confirm rolls.

Both wrestlers roll; the higher total hits and the lower roll's move does not happen; a tie goes to the
wrestler holding initiative (REFERENCE K4). On top of that the seed's automatic results:

* a natural in the automatic range (20, widened by Heat) is an automatic hit and threatens a critical: the
  confirm roll (same modifiers) must beat the opponent's original total; a natural 1 on it is a normal
  success (K-11, K-12);
* several automatic hits: all confirm; a critical beats an automatic hit; with no critical or several, the
  highest confirm total wins (K-14);
* a natural 1 is an automatic miss: the confirm roll must beat the opponent's original total or it is a
  critical miss, giving the opponent one extra damage die (K-15, K-16);
* everyone automatic-misses: a confirmed critical miss lets the other automatic miss hit anyway (with the
  extra die); none confirmed is a whiff; both confirmed is the head-to-head collision (K-18, K-19).

The same function settles each pin count (K-34, K-35), where the pinner holds initiative.
"""

from rules.wildknight.rolls import AUTO_HIT, AUTO_MISS, confirm


class Opposed:
    """What an opposed roll came to.

    ``winner``: index 0/1 of the roll that won, or None (whiff or collision). ``critical``: the winner scored
    a critical hit. ``botched[i]``: roll i was a confirmed critical miss. ``collision``: both critically missed.
    """

    __slots__ = ("winner", "critical", "botched", "collision", "confirms", "forgiven")

    def __init__(self, winner, critical, botched, collision, confirms, forgiven=None):
        self.winner = winner
        self.critical = critical
        self.botched = botched
        self.collision = collision
        self.confirms = confirms
        self.forgiven = forgiven  # the index whose critical miss was ignored (High Flyer GE), or None


def opposed(dice, rolls, initiative, labels, forgive=(False, False)):
    """Settle two opposed Rolls. ``initiative`` is the index (0/1) that wins ties, ``labels`` name the rolls.

    ``forgive[i]``: roll i may ignore a critical miss (the High Flyer GE): a confirmed critical miss then
    counts as a plain automatic miss (confirm outcome ``critical-miss-ignored``), and ``forgiven`` says so.
    Fills in ``need`` (the total that reaches a win) and ``outcome`` on every roll record, original and
    confirm, and returns an :class:`Opposed`.
    """
    forgiven = None
    r0, r1 = rolls
    r0.rec["need"] = r1.total + (0 if initiative == 0 else 1)
    r1.rec["need"] = r0.total + (0 if initiative == 1 else 1)
    crit = [False, False]
    botch = [False, False]
    confirms = [None, None]
    for i in (0, 1):
        r = rolls[i]
        other = rolls[1 - i]
        if r.auto == AUTO_HIT:
            c = confirm(dice, r, f"confirm critical: {labels[i]}")
            c.rec["need"] = other.total + 1
            # A natural 1 on the confirm roll is only a normal success, whatever the modifiers.
            crit[i] = c.nat != 1 and c.total > other.total
            c.rec["outcome"] = "critical" if crit[i] else "no-critical"
            confirms[i] = c
        elif r.auto == AUTO_MISS:
            c = confirm(dice, r, f"confirm critical miss: {labels[i]}")
            c.rec["need"] = other.total + 1
            # The second roll cannot threaten again: only its total counts.
            botch[i] = not c.total > other.total
            c.rec["outcome"] = "critical-miss" if botch[i] else "saved"
            if botch[i] and forgive[i] and forgiven is None:
                botch[i] = False
                forgiven = i
                c.rec["outcome"] = "critical-miss-ignored"
            confirms[i] = c
    a0, a1 = r0.auto, r1.auto
    collision = False
    if a0 == AUTO_HIT and a1 == AUTO_HIT:
        if crit[0] != crit[1]:
            winner = 0 if crit[0] else 1
        else:
            t0, t1 = confirms[0].total, confirms[1].total
            winner = 0 if t0 > t1 else 1 if t1 > t0 else initiative
    elif a0 == AUTO_HIT:
        winner = 0
    elif a1 == AUTO_HIT:
        winner = 1
    elif a0 == AUTO_MISS and a1 == AUTO_MISS:
        if botch[0] and botch[1]:
            winner, collision = None, True
        elif botch[0]:
            winner = 1
        elif botch[1]:
            winner = 0
        else:
            winner = None
    elif a0 == AUTO_MISS:
        winner = 1
    elif a1 == AUTO_MISS:
        winner = 0
    else:
        winner = 0 if r0.total > r1.total else 1 if r1.total > r0.total else initiative
    for i in (0, 1):
        r = rolls[i]
        if r.auto == AUTO_HIT:
            r.rec["outcome"] = ("critical" if crit[i] else "automatic-hit") if i == winner else "outrolled"
        elif r.auto == AUTO_MISS:
            r.rec["outcome"] = "critical-miss" if botch[i] else "automatic-miss"
        else:
            r.rec["outcome"] = "hit" if i == winner else "miss"
    critical = winner is not None and crit[winner]
    return Opposed(winner, critical, botch, collision, confirms, forgiven)
