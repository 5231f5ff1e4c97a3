"""His choices while a hold is on: the holder lets go or keeps it, drags the victim off the ropes, Leverages,
refuses a rope break; the victim picks his way to break it (or a Reversal) and whether to Hang On."""

from rules.arm import edge, holds, referee
from rules.arm.modifiers import estimate, turnover_bonus
from rules.arm.ring import KIND, ROPE_REACH
from rules.arm.tactics.policy import cheat


def release_hold(match, hold):
    holder, victim, man = hold.holder, hold.victim, hold.entry.move
    if victim.unconscious and man.type != "Sleeper":
        return True
    counting = referee.counting(match, holder, "choke") is not None
    if counting or referee.counting(match, holder, "rope_break") is not None:
        return True
    if man.type == "Submission" and hold.intensity + hold.damage > victim.attrs["TOU"] - min(victim.level, 4):
        return hold.rounds > 6
    if man.type == "Sleeper":
        return hold.rounds > 5
    if hold.resthold:
        return holder.damage == 0 or hold.rounds > 4
    return hold.rounds > 2


def drags_off_ropes(match, hold):
    """Drag the victim off the ropes when the ropes are his best break."""
    return hold_break_option(match, hold.victim, hold.holder, hold) == "SAV"


def wants_leverage(match, hold):
    cheating = cheat(match, hold.holder)
    return cheating >= 0.4 and (not match.ref.watching or cheating >= 0.7 or match.ref.no_dq)


def hold_break_option(match, victim, holder, hold):
    best = None
    for option in holds.BREAKS:
        need = victim.attrs[option]
        if option == "STR":
            need -= 2
        if option == "SAV":
            need += victim.reach + ROPE_REACH.get(KIND[victim.square], -4)
            if hold.rope_refused:
                need -= 10
        if best is None or need > best[0]:
            best = (need, option)
    reversal = hold_reversal(match, victim, holder, hold)
    if reversal is not None:
        extra = turnover_bonus(holder) + (sum(reversal[1].values()) if reversal[1] else 0)
        need = estimate(match, victim, holder, reversal[0], extra) - (20 - hold.attack_value) // 2
        if need > best[0]:
            return "REV"
    return best[1]


def hold_reversal(match, victim, holder, hold):
    """A bought Reversal of this hold, else (a Counter-minded man) the better improvised one (D61)."""
    bought = victim.reversals.get(hold.entry.move.base)
    if bought is not None:
        return bought, None
    if victim.policy.counter < 0.5 or not victim.reversal_pool:
        return None
    best = None
    for candidate, penalty in victim.reversal_pool:
        need = estimate(match, victim, holder, candidate, penalty)
        if best is None or need > best[0]:
            best = (need, candidate, penalty)
    return best[1], {"improvised Reversal": best[2]}


def refuses_rope_break(match, holder, hold):
    return cheat(match, holder) >= 0.7 and not hold.rope_refused and not match.ref.no_dq


def wants_hanging_on(match, victim, hold):
    return edge.affordable(victim, "hanging_on", vs_finisher=hold.entry.finisher)
