"""Seed 000, "Positioning": Action Points, the seven positions, the ring grid, running, climbing.

The grid is the seed's "gigantic mutant chessboard", 12 x 12 squares plus a 10-square aisle::

      a b c d e f g h i j k l
    1 . . . . . . . . . . . .
    2 . . . . . . . . . . 1 .
    3 . . o = = = = = = o . .
    4 . . = X + + + + X = . . aisle m4..v4
    5 . . = + M M M M + = . . ...
    6 . . = + M c c M + = . .
    7 . . = + M c c M + = . .
    8 . . = + M M M M + = . .
    9 . . = X + + + + X = . .
   10 . . o = = = = = = o . .
   11 . . . . . . . . . . 1 .
   12 2 . . . . . . . . . . .

A square's id is its column letter and row number ("f6" is a centre square). Moving to any adjacent
square (diagonals too) costs 1 AP, +1 AP to bring the opponent along.
"""

from rules.arm.tables import CATEGORY

ROWS, COLS, AISLE = 12, 12, 10
RING = range(3, 9)  # ring interior rows/cols
CORNERS = ((3, 3), (3, 8), (8, 3), (8, 8))
RING_CENTRE = ((5, 5), (5, 6), (6, 5), (6, 6))


def _kind(r, c):
    if c >= COLS:
        return "A"  # aisle
    if r in RING and c in RING:
        if (r, c) in CORNERS:
            return "X"
        if r in (3, 8) or c in (3, 8):
            return "+"
        if r in (5, 6) and c in (5, 6):
            return "c"
        return "M"
    if (r, c) in ((2, 2), (2, 9), (9, 2), (9, 9)):
        return "o"
    if 2 <= r <= 9 and 2 <= c <= 9:
        return "="
    if (r, c) in ((1, 10), (10, 10)):
        return "1"
    if (r, c) == (11, 0):
        return "2"
    return "."


KIND = {(r, c): _kind(r, c) for r in range(ROWS) for c in range(COLS)}
KIND.update({(r, c): "A" for r in (4, 5, 6, 7) for c in range(COLS, COLS + AISLE)})
SQUARE_ID = {sq: f"{chr(97 + sq[1])}{sq[0] + 1}" for sq in KIND}
SQUARE_AT = {v: k for k, v in SQUARE_ID.items()}
IN_RING = frozenset({"X", "+", "M", "c"})
ROPE_SIDE = frozenset({"X", "+"})
OUTSIDE = frozenset({".", "1", "2", "A"})
ROPE_REACH = {"X": 0, "+": 0, "M": -2, "c": -4}  # seed: -2 in M squares, -4 in c squares


def kind(square):
    return KIND[square]


def in_ring(square):
    return KIND[square] in IN_RING


def is_outside(square):
    return KIND[square] in OUTSIDE


def distance(a, b):
    """AP to walk from square a to square b: diagonals cost the same ("not geometry class")."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def nearest(square, kinds):
    """The nearest square of one of ``kinds`` (ties broken by grid order, so deterministic)."""
    best, best_d = None, 99
    for sq, k in KIND.items():
        if k in kinds:
            d = distance(square, sq)
            if d < best_d:
                best, best_d = sq, d
    return best, best_d


_NEAREST_CACHE = {}


def nearest_cached(square, kinds):
    key = (square, kinds)
    hit = _NEAREST_CACHE.get(key)
    if hit is None:
        hit = _NEAREST_CACHE[key] = nearest(square, kinds)
    return hit


def mirror(square):
    """Seed: runners in opposite directions cross at the "mirror" of the square they began in."""
    r, c = square
    if c in RING:
        return (r, 11 - c)
    return square


def whip_meeting(attacker_sq, defender_sq, how):
    """Seed: whipped and running opposite ways, they cross at the mirror of the attacker's square; if he
    follows his man into the ropes, they meet at the ringside square."""
    if how == "follow":
        r = defender_sq[0]
        c = 8 if attacker_sq[1] <= defender_sq[1] else 3
        return (min(max(r, 3), 8), c)
    return mirror(attacker_sq)


def nearest_ring_square(square):
    sq, _d = nearest_cached(square, frozenset({"+", "X"}))
    return sq


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


def place_on_turnbuckle(m, a, d, rope=3, sitting=True, shoulders=False):
    """Seed: 1 AP and a STR check minus his Lift (-1 on the second rope, -2 on the top); both standing
    in the same corner; a failure loses the AP. Sitting him on a turnbuckle is standing him on the
    next rope down. Lifting him onto one's shoulders is sitting him on the top rope, anywhere in the
    arena. Lifting him is exertion (his Lift, never less than 0). Returns True on success."""
    from rules.arm import damage, narration
    from rules.arm.checks import check, succeeded

    if not (a.standing and d.standing) or distance(a.square, d.square) > 1:
        return False
    if not shoulders and (KIND[a.square] != "X" or a.square != d.square):
        return False
    if shoulders:
        rope, sitting = 3, True
    level = rope - 1 if sitting else rope
    if level < 1:
        return False  # "you cannot sit an opponent on the first turnbuckle"
    spend(a, PLACE_ON_TURNBUCKLE)
    mods = a.check_mods("STR")
    if d.lift:
        mods.append(("his Lift", -d.lift))
    if level >= 2:
        mods.append((f"rope {level}", -(level - 1)))
    rec = check(m.dice, mods, "lift him onto his shoulders" if shoulders else "set him on the turnbuckle", a.idx)
    ok = succeeded(rec)
    if ok:
        d.perch = "shoulders" if shoulders else f"rope{level}"
        d.cornered = ""
        old = damage.add(a, max(0, d.lift - (2 if "Style: Powerhouse" in a.merits else 0)))
    m.emit("position", narration.placed(a, d, ok, sitting, shoulders), actor=a.idx, target=d.idx, success=ok)
    if ok:
        damage.after(m, a, old, "lifting him", 1)
    return ok
