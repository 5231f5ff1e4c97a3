"""Seed 000, "Positioning" (seed 54-55, 80-89): Action Points, the seven positions, running, climbing, placing
an opponent on the turnbuckle, launching off another wrestler. The grid is :mod:`rules.arm.ring`.
"""

from rules.arm import damage, narration
from rules.arm.checks import check, succeeded
from rules.arm.ring import KIND, ROPE_SIDE, distance, nearest_cached
from rules.arm.tables import CATEGORY

# --- positions -------------------------------------------------------------------------------------


def shift_cost(frm, to):
    """Seed: 1 AP inside a category, 2 AP to another; Fallen must go through Crouching to Stand."""
    if frm == to:
        return 0
    cf, ct = CATEGORY[frm], CATEGORY[to]
    if cf == ct:
        return 1
    if {cf, ct} == {"Fallen", "Standing"}:
        return 4
    return 2


def can_move_defender(frm, to):
    """Seed: the attacker cannot put the defender into Fallen, nor into Crouching other than Bent
    except from Fallen."""
    ct = CATEGORY[to]
    if ct == "Fallen" and CATEGORY[frm] != "Fallen":
        return False
    return not (ct == "Crouching" and to != "Bent" and CATEGORY[frm] != "Fallen")


def self_cost(fighter, allowed):
    """Cheapest AP for ``fighter`` to reach a position in ``allowed`` (a frozenset), and that position."""
    return self_cost_from(fighter.position, allowed)


_SELF_COST = {}


def self_cost_from(position, allowed):
    """Cheapest AP from ``position`` to a position in ``allowed`` (a frozenset), and that position."""
    if position in allowed:
        return 0, position
    key = (position, allowed)
    hit = _SELF_COST.get(key)
    if hit is not None:
        return hit
    best = None
    for pos in ("Facing", "Behind", "Bent", "Kneeling", "Sitting", "Prone", "Facedown"):
        if pos in allowed:
            cost = shift_cost(position, pos)
            if best is None or cost < best[0]:
                best = (cost, pos)
    hit = _SELF_COST[key] = best if best else (99, position)
    return hit


# --- Action Points ---------------------------------------------------------------------------------

RUN_START = 2  # P-ARM-14: 2 AP to break into a run from standing
RUN_REBOUND = 1  # 1 AP to rebound from the ropes when adjacent or just whipped
WHIP = 1
COVER = 1
HOOK_LEG = 1
LOBSTER = 3
PLAY_TO_CROWD = 4
PLACE_ON_TURNBUCKLE = 1
SPRINGBOARD_MOUNT = 1
ROPE_STEPS = {1: 1, 2: 2, 3: 3}  # turnbuckle rope n is n Steps above the mat
APRON_STEPS = 2  # the apron is 2 Steps above the floor
RAILING_STEPS = 2


def spend(fighter, cost):
    """Spend AP; a shortfall becomes a -1 per AP penalty to his next maneuver this round (P-ARM-13)."""
    if cost <= fighter.ap:
        fighter.ap -= cost
        return 0
    short = cost - fighter.ap
    fighter.ap = 0
    fighter.deficit += short
    return short


# P-ARM-14 `running_costs`: "positioning" (the default: the positioning chapter's 2 AP / 1 AP) or
# "maneuver_section" (the Running paragraph's "start running (4 Action Points) or bounce off the ropes (2)").
RUN_COSTS = {"positioning": (RUN_START, RUN_REBOUND), "maneuver_section": (4, 2)}


def run_cost(fighter, costs=RUN_COSTS["positioning"]):
    """AP to break into a run (``costs[0]``) or to rebound off the ropes beside him (``costs[1]``)."""
    return costs[1] if KIND[fighter.square] in ROPE_SIDE else costs[0]


def flying_range_penalty(launch, target, steps_above):
    """Seed: -2 per square between launch point and target, reduced by 1 per Step above 1."""
    between = max(0, distance(launch, target) - 1)
    return min(0, -2 * between + max(0, steps_above - 1))


def climb_plan(fighter, rope=3):
    """AP for ``fighter`` to reach the nearest corner and climb to ``rope``; (cost, corner)."""
    if fighter.perch.startswith("rope") and int(fighter.perch[-1]) >= rope:
        return 0, fighter.square
    corner, d = nearest_cached(fighter.square, frozenset({"X"}))
    stand = self_cost(fighter, frozenset(("Facing", "Behind")))[0]
    current = int(fighter.perch[-1]) if fighter.perch.startswith("rope") else 0
    return d + stand + (rope - current), corner


def launch_altitude(supporter):
    """Seed: "where a wrestler uses another wrestler as a launch point, the effective altitude bonus is
    equal to the supporting wrestler's HDB, plus 5": damage points, like the HDB (D62)."""
    return supporter.hdb + 5


def launch_steps(supporter):
    """The Steps that bonus stands for (2 damage a Step), for the flying range penalty."""
    return launch_altitude(supporter) // 2


def perch_steps(perch):
    """Steps above the mat of a perch: rope n is n Steps; on someone's shoulders = sitting on the top
    rope = standing on rope 2 (seed); the apron is 2 Steps above the floor."""
    if perch.startswith("rope"):
        return int(perch[-1])
    return 2 if perch in ("shoulders", "apron") else 0


def place_on_turnbuckle(match, attacker, defender, rope=3, sitting=True, shoulders=False):
    """Seed: 1 AP and a STR check minus his Lift (-1 on the second rope, -2 on the top); both standing
    in the same corner; a failure loses the AP. Sitting him on a turnbuckle is standing him on the
    next rope down. Lifting him onto one's shoulders is sitting him on the top rope, anywhere in the
    arena. Lifting him is exertion (his Lift, never less than 0). Returns True on success."""
    if not (attacker.standing and defender.standing) or distance(attacker.square, defender.square) > 1:
        return False
    if not shoulders and (KIND[attacker.square] != "X" or attacker.square != defender.square):
        return False
    if shoulders:
        rope, sitting = 3, True
    level = rope - 1 if sitting else rope
    if level < 1:
        return False  # "you cannot sit an opponent on the first turnbuckle"
    spend(attacker, PLACE_ON_TURNBUCKLE)
    mods = attacker.check_mods("STR")
    if defender.lift:
        mods.append(("his Lift", -defender.lift))
    if level >= 2:
        mods.append((f"rope {level}", -(level - 1)))
    rec = check(
        match.dice, mods, "lift him onto his shoulders" if shoulders else "set him on the turnbuckle", attacker.idx
    )
    ok = succeeded(rec)
    if ok:
        defender.perch = "shoulders" if shoulders else f"rope{level}"
        defender.cornered = ""
        old = damage.add(attacker, max(0, defender.lift - (2 if "Style: Powerhouse" in attacker.merits else 0)))
    match.emit(
        "position",
        narration.placed(attacker, defender, ok, sitting, shoulders),
        actor=attacker.idx,
        target=defender.idx,
        success=ok,
    )
    if ok:
        damage.after(match, attacker, old, "lifting him", 1)
    return ok
