"""Seed 000, "Damage", "Exertion" and "Recovering": the StunTrack, weardown, exertion, stalling.

Weardown (P-ARM-06): breaks at B..5B (B = TOU + STA); Level 1 Fresh (-0) up to Level 5 Exhausted
(-4); past the final value a wrestler is Spent: a STA check each time he takes damage or he passes
out, and every maneuver against him is Injuring.
"""

from rules.arm import narration, referee
from rules.arm.checks import check, succeeded
from rules.arm.ring import distance, in_ring, is_outside, nearest_ring_square
from rules.arm.tables import FOREIGN_OBJECTS, SPENT, STUN_CODES, WEARDOWN, attribute_bonus


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


def after(match, fighter, old_level, source, amount=1):
    """What follows damage: a new weardown Level is announced; past the final StunTrack value a STA
    check each time he takes damage, or he passes out (seed)."""
    if fighter.level > old_level:
        match.emit(
            "weardown",
            narration.weardown(fighter, weardown_name(fighter.level)),
            actor=fighter.idx,
            level=weardown_name(fighter.level),
        )
    if amount > 0 and fighter.level == 5 and not fighter.unconscious:
        stay_conscious(match, fighter, source)


def take(match, fighter, amount, source):
    """Add ``amount`` damage and run what follows it. Returns the amount taken."""
    if amount <= 0:
        return 0
    old = add(fighter, amount)
    after(match, fighter, old, source, amount)
    return amount


def heal(fighter, amount):
    if amount <= 0:
        return 0
    amount = min(amount, fighter.damage)
    fighter.damage -= amount
    fighter.level = level_for(fighter.damage, fighter.breaks)
    return amount


def stay_conscious(match, fighter, source):
    """Past the final StunTrack value: STA check or pass out; a referee who notices rules a KO."""
    mods = fighter.check_mods("STA")
    rec = check(match.dice, mods, f"stay conscious ({source})", fighter.idx)
    if succeeded(rec):
        match.emit("check", narration.stays_conscious(fighter), actor=fighter.idx)
        return
    match.knock_out(fighter, "pain and fatigue")


def exertion(man, target_lift, extra=0, powerhouse=False):
    """Seed: the attacker takes the maneuver's Level; lifting adds the opponent's Lift penalty
    (a Lift bonus does not reduce it)."""
    total = man.level + extra
    if "LIFT" in man.props:
        total += max(0, target_lift - (2 if powerhouse else 0))
    if "EXERT" in man.props:
        total += 1
    return total


def stall(match, fighter):
    """Seed: a stalling wrestler makes a STA check; success removes his STA bonus from his damage.
    Quick Recovery (P-ARM-09) removes one more."""
    rec = check(match.dice, fighter.check_mods("STA"), "stall: catch breath", fighter.idx)
    healed = 0
    if succeeded(rec):
        bonus = attribute_bonus(fighter.attrs["STA"]) + (1 if "Quick Recovery" in fighter.merits else 0)
        healed = heal(fighter, bonus)
    match.emit("stall", narration.stall(fighter, healed), actor=fighter.idx, healed=healed)
    return healed


def get_up_while_stalled(match, defender):
    """P-ARM-11 (A, D60): while the attacker stalls, the defender may spend his own AGI-bonus AP on himself:
    up from the mat (2 AP a category), back into the ring (1 AP a square). He uses them to get up as far as
    they go (a fixed choice: getting up is never worse for him)."""
    defender.ap = defender.agi_bonus
    ap = defender.ap
    moved = False
    if defender.fallen and ap >= 2:
        defender.position = "Kneeling"
        ap -= 2
        moved = True
    if not defender.standing and defender.position not in ("Prone", "Facedown") and ap >= 2:
        defender.position = "Facing"
        ap -= 2
        moved = True
    if not in_ring(defender.square) and ap >= 1:
        target = nearest_ring_square(defender.square)
        if distance(defender.square, target) <= ap:
            ap -= distance(defender.square, target)
            defender.square = target
            referee.stop_count(match, defender, "ring_out")
            moved = True
    defender.ap = ap
    if moved:
        match.emit("position", narration.recovers(defender), actor=defender.idx)


# --- "When a Maneuver is successfully used, the damage score of the Maneuver (adding certain bonuses for WDB,
# running, flying, foreign objects, etc.) is added to the opponent's tally" (seed 105) ---------------------------


def weapon_bonus(attacker, man):
    """The object in his hand adds its damage: to a Foreign Object Smash (not a fist load, seed 43), to a Punch
    (fist loads and Brass Knuckles)."""
    weapon = attacker.weapon
    if not weapon:
        return 0
    row = FOREIGN_OBJECTS[weapon]
    smash = "OBJ" in man.props and row[0] not in (None, "X")
    punch = "FIST" in man.props and (row[4] or weapon == "Brass Knuckles")
    return row[1] if smash or punch else 0


def maneuver_damage(match, attacker, defender, entry, plan, outcome):
    """The damage of a successful maneuver and its breakdown [(name, amount), ...]."""
    man = entry.move
    if man.base == "Fire Tab":
        return STUN_CODES["Fire Tab"], [("Fire Tab Stun Code", STUN_CODES["Fire Tab"])]
    parts = [(man.name, man.damage)]
    if "W" in man.tags and attacker.wdb:
        parts.append(("WDB", attacker.wdb))
    if "H" in man.tags and attacker.hdb:
        parts.append(("HDB", attacker.hdb))
    if "SC" in man.tags and plan.sc:
        parts.append(("Stun Code", plan.sc))
    if plan.alt:
        parts.append(("altitude", 2 * plan.alt))
    if plan.launch_bonus:
        parts.append((f"altitude (launched off {plan.launch})", plan.launch_bonus))
    bonus = weapon_bonus(attacker, man)
    if bonus:
        parts.append((attacker.weapon, bonus))
    if man.base == "Choke" and attacker.weapon in ("Cloth", "Chain"):
        parts.append((f"{attacker.weapon} garrote", 2))  # seed: cloth "is far more effective as a garrote"
    if is_outside(defender.square) and man.type in ("Slam", "Throw", "Takedown"):
        parts.append(("the floor", match.floor_sc))
    total = sum(amount for _name, amount in parts)
    if entry.finisher:
        parts.append(("Finisher (double)", total))
        total *= 2
    if outcome == "ace":
        parts.append(("Megamove", 2))
        total += 2
    if plan.resthold:
        parts.append(("resthold", -1))
        total -= 1
    injured = defender.injuries.get(man.target) if man.target else 0
    if injured:
        parts.append((f"injured {man.target}", injured))
        total += injured
    return max(0, total), parts
