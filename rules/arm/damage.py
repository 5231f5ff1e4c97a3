"""Seed 000, "Damage", "Exertion" and "Recovering": the StunTrack, weardown, exertion, stalling.

Weardown (P-ARM-06): breaks at B..5B (B = TOU + STA); Level 1 Fresh (-0) up to Level 5 Exhausted
(-4); past the final value a wrestler is Spent: a STA check each time he takes damage or he passes
out, and every maneuver against him is Injuring.
"""

from rules.arm import narration
from rules.arm.checks import check, succeeded
from rules.arm.tables import SPENT, WEARDOWN, attribute_bonus


def level_for(damage, breaks):
    """Weardown Level index (0 = Fresh .. 4 = Exhausted, 5 = Spent) for a damage total."""
    for i, brk in enumerate(breaks):
        if damage <= brk:
            return i
    return 5


def weardown_name(level):
    return WEARDOWN[level][0] if level < 5 else SPENT


def weardown_penalty(level):
    """Penalty of a weardown Level index (Spent keeps Exhausted's -4)."""
    return WEARDOWN[min(level, 4)][1]


def add(fighter, amount):
    """Add damage silently (so the event that caused it can show it); returns the old Level."""
    old = fighter.level
    if amount > 0:
        fighter.damage += amount
        fighter.level = level_for(fighter.damage, fighter.breaks)
    return old


def after(m, fighter, old_level, source, amount=1):
    """What follows damage: a new weardown Level is announced; past the final StunTrack value a STA
    check each time he takes damage, or he passes out (seed)."""
    if fighter.level > old_level:
        m.emit(
            "weardown",
            narration.weardown(fighter, weardown_name(fighter.level)),
            actor=fighter.idx,
            level=weardown_name(fighter.level),
        )
    if amount > 0 and fighter.level == 5 and not fighter.unconscious:
        stay_conscious(m, fighter, source)


def take(m, fighter, amount, source):
    """Add ``amount`` damage and run what follows it. Returns the amount taken."""
    if amount <= 0:
        return 0
    old = add(fighter, amount)
    after(m, fighter, old, source, amount)
    return amount


def heal(fighter, amount):
    if amount <= 0:
        return 0
    amount = min(amount, fighter.damage)
    fighter.damage -= amount
    fighter.level = level_for(fighter.damage, fighter.breaks)
    return amount


def stay_conscious(m, fighter, source):
    """Past the final StunTrack value: STA check or pass out; a referee who notices rules a KO."""
    mods = fighter.check_mods("STA")
    rec = check(m.dice, mods, f"stay conscious ({source})", fighter.idx)
    if succeeded(rec):
        m.emit("check", narration.stays_conscious(fighter), actor=fighter.idx)
        return
    m.knock_out(fighter, "pain and fatigue")


def exertion(man, target_lift, extra=0, powerhouse=False):
    """Seed: the attacker takes the maneuver's Level; lifting adds the opponent's Lift penalty
    (a Lift bonus does not reduce it)."""
    total = man.level + extra
    if "LIFT" in man.props:
        total += max(0, target_lift - (2 if powerhouse else 0))
    if "EXERT" in man.props:
        total += 1
    return total


def stall(m, fighter):
    """Seed: a stalling wrestler makes a STA check; success removes his STA bonus from his damage.
    Quick Recovery (P-ARM-09) removes one more."""
    rec = check(m.dice, fighter.check_mods("STA"), "stall: catch breath", fighter.idx)
    healed = 0
    if succeeded(rec):
        bonus = attribute_bonus(fighter.attrs["STA"]) + (1 if "Quick Recovery" in fighter.merits else 0)
        healed = heal(fighter, bonus)
    m.emit("stall", narration.stall(fighter, healed), actor=fighter.idx, healed=healed)
    return healed
