"""What an attack needs from where the wrestlers stand, and what it costs (P-ARM-11 steps 2-3): seed 54, "Before
attempting a maneuver, the attacker has the opportunity to reposition himself ... by 'spending' Action Points",
with each maneuver's own requirements:

- positions (the table's requirement rows; seed 55 for the cost of taking one) and the walk to him (seed 78);
- Flying and Springboard moves: the climb (83: 1 AP a rope from a corner), the range penalty (83), launching off
  another wrestler (21, D62); dives to the floor (50: from the top rope or the apron, -2, Daredevil none);
- Super moves need him perched (85, D37), his perch adding its altitude;
- Running moves: a run (80: 2 AP, 1 AP at the ropes; 31 with ``running_costs``), or a whip and a rebound (80-82),
  and no rebounds in an internal cage (205);
- foreign objects (35-43): in hand, drawn from his tights (2 AP), a ringside object (1 AP, outside), his own boot
  (3 AP); fist loads only with Punches; the Fire Tab and Powder only while he still has them concealed;
- Head Slams need something to slam into (a turnbuckle, the cage, the steps or the railing); Irish Whips take the
  Stun Code of what he is whipped into (205: the cage, in an internal cage);
- restholds (119: Level 0-1 holds), over the top rope (45: a knock-down, Slam or Throw at the ropes; not in an
  internal cage), flair (49: -1, none for a Showman), Desperation (32: +X to hit);
- the Finisher is not for a Fired Up wrestler until the fifth attack (185; :func:`rules.arm.edge.finisher_banned`).

Where the rules leave a choice (which object, which launch, whip and follow or cross, the steps or the railing,
over the top or not, a resthold or not) a ``style`` answers it: the tactics', or a person's.
"""

from rules.arm import edge, positioning
from rules.arm.ring import CORNER_OF, IN_RING, KIND, ROPE_SIDE, distance, in_ring, nearest_cached, nearest_ring_square
from rules.arm.tables import BOOT_AP, FOREIGN_OBJECTS, GRAB_OBJECT_AP, STUN_CODES

APRON = frozenset({"="})
AERIAL = frozenset({"FLYING", "SPRINGBOARD", "OUTSIDE"})
STANDING = frozenset(("Facing", "Behind"))
FACING = frozenset(("Facing",))
DRAW_AP = 2  # seed 39: concealed objects "require 2 Action Points to remove"
TOP_ROPE_STEPS, TOP_ROPE_DAMAGE = 3, 6


class Plan:
    """What the attacker will do this round: the maneuver and the self-positioning it needs.

    The fields below are class-level defaults (a plan sets only what differs: tactics builds several
    hundred plans a match, and most stay plain)."""

    kind = "attack"
    entry = None
    cost = 0
    position = ""
    square = None
    perch = None
    run = False
    draw = ""
    grab = ""
    opts = None
    unopposed = False
    alt = 0
    sc = 0
    over_top = False
    resthold = False
    score = 0.0
    flair = False
    whip = ""
    rebound = False  # a rope rebound (none inside an internal cage)
    tandem = None  # (partner, his entry): a double team (tag)
    free = False  # a free attack by an illegal man: no follow-up
    both = None  # the second man, when a lone wrestler attacks both
    launch = None  # the wrestler he launches himself off (a Flying move; seed "HDB, plus 5")
    launch_bonus = 0  # the altitude bonus that gives (damage)

    def __init__(self, kind="attack", entry=None):
        self.kind = kind
        self.entry = entry


def simple_plan(entry):
    return Plan("attack", entry)


def surprise(plan, attacker):
    """Seed 15, 95 (D41): after an ambush, or an unnoticed blind tag, his next attack is Unopposed."""
    if attacker.ambush_pending:
        plan.unopposed = True


def add_opt(plan, name, amount):
    plan.opts = dict(plan.opts or {}, **{name: amount})


# --- foreign objects -----------------------------------------------------------------------------


def is_weapon(obj):
    """Objects with a Mod of "X" (and fist loads) are no weapons for a Foreign Object Smash (seed 36, 43)."""
    return FOREIGN_OBJECTS[obj][0] not in (None, "X")


def is_fist_load(obj):
    return bool(FOREIGN_OBJECTS[obj][4]) or obj == "Brass Knuckles"


def weapon_sources(match, attacker):
    """Where he can get a weapon for a Foreign Object Smash, in order: [(source, object, AP)]: in his hand, each
    concealed weapon (2 AP to draw), a ringside object when he is outside (1 AP), his own boot (3 AP)."""
    out = []
    if attacker.weapon:
        out.append(("hand", attacker.weapon, 0))
    out += [(obj, obj, DRAW_AP) for obj in attacker.concealed if is_weapon(obj)]
    if not in_ring(attacker.square) and match.ringside_objects:
        out.append(("ringside", match.ringside_objects[0], GRAB_OBJECT_AP))
    out.append(("boot", "Own Boot", BOOT_AP))  # seed: any wrestler can take off a boot to use it (3 AP)
    return out


def _object(plan, attacker, source, positioning_on):
    """Arm ``plan`` with the weapon from ``source``; False when it cannot be used."""
    if source is None or not positioning_on and source[0] != "hand":
        return False
    where, obj, cost = source
    if where == "hand" and not is_weapon(obj):
        return False  # seed: fist loads "are not used with Foreign Object Smash" (Punches only)
    if where in ("ringside", "boot"):
        plan.grab = obj
    elif where != "hand":
        plan.draw = obj
    plan.cost += cost
    mod = FOREIGN_OBJECTS[obj][0]
    if mod:
        plan.opts = {f"{obj} (object Mod)": mod}
    return True


def cord_to_draw(attacker):
    """A Cloth or Chain in his tights to choke with (seed 40: a garrote)."""
    return next((o for o in attacker.concealed if o in ("Cloth", "Chain")), "")


def fist_load_to_draw(attacker):
    """A fist load in his tights (seed 43: they "add their damage to standard Punching maneuvers")."""
    return next((o for o in attacker.concealed if is_fist_load(o)), "")


# --- flying, springboards, dives ----------------------------------------------------------------------


def launch_options(match, attacker, defender):
    """Seed 21 (D62): the wrestlers he can launch himself off for a Flying move: his man standing in a corner
    (stepping up on him), and in a tag match his partner, standing in the ring or waiting in their corner (up on
    his shoulders from the turnbuckle). [(AP, launch square, supporter)]."""
    stand = positioning.self_cost(attacker, STANDING)[0]
    out = []
    if defender.standing and defender.cornered and KIND[defender.square] == "X":
        out.append((max(0, distance(attacker.square, defender.square) - 1) + stand + 1, defender.square, defender))
    if match.tag:
        for partner in match.sides[attacker.side]:
            if partner is attacker or partner.unconscious:
                continue
            if partner.apron:
                corner = CORNER_OF[attacker.side]
                out.append((distance(attacker.square, corner) + stand + 1, corner, partner))
            elif partner.standing and in_ring(partner.square):
                out.append((distance(attacker.square, partner.square) + stand + 1, partner.square, partner))
    return out


def _aerial(match, attacker, defender, plan, props, style):
    """Flying, Springboard and Outside moves: where he launches from, the AP to get there, the altitude and the
    range. False when it cannot be done from here."""
    attacker_in, defender_in = in_ring(attacker.square), in_ring(defender.square)
    if "OUTSIDE" in props:
        if defender_in or not attacker_in:
            return False
        if "FLYING" in props:
            cost, launch = positioning.climb_plan(attacker, 3)
            plan.perch, plan.alt = "rope3", 5
        else:
            launch, _dist = nearest_cached(defender.square, APRON)
            cost = distance(attacker.square, launch) + positioning.self_cost(attacker, STANDING)[0]
            plan.perch, plan.alt = "apron", 2
        if distance(launch, defender.square) > 2:
            return False
        if "Style: Daredevil" not in attacker.merits:
            add_opt(plan, "dive to the floor", -2)
    else:
        if not (attacker_in and defender_in):
            return False
        steps = 0
        if "FLYING" in props:
            cost, launch = positioning.climb_plan(attacker, 3)
            plan.perch, plan.alt = "rope3", 3
            off = style.launch(launch_options(match, attacker, defender), cost, launch)
            if off is not None:
                cost, launch, supporter = off
                plan.perch, plan.alt = "", 0
                plan.launch, plan.launch_bonus = supporter.name, positioning.launch_altitude(supporter)
                steps = positioning.launch_steps(supporter)
        else:
            launch = attacker.square if KIND[attacker.square] in ROPE_SIDE else nearest_ring_square(attacker.square)
            cost = distance(attacker.square, launch) + 1 + positioning.self_cost(attacker, STANDING)[0]
            plan.perch, plan.alt = "rope2", 2
        penalty = positioning.flying_range_penalty(launch, defender.square, steps or plan.alt)
        if "Style: High Flyer" in attacker.merits and penalty:
            penalty //= 2
        if penalty:
            add_opt(plan, "range", penalty)
    plan.square = launch
    plan.cost += cost
    return True


# --- the plan --------------------------------------------------------------------------------------


def attack_plan(match, attacker, defender, entry, positioning_on, style):
    """The plan for ``entry`` from the current positions (``positioning_on``: he may spend AP on getting into
    place; a reply or a re-attempt may not), or None when the rules do not allow it from here."""
    if defender.position not in entry.dpos or (entry.finisher and edge.finisher_banned(attacker)):
        return None
    man = entry.move
    props = man.props
    if not positioning_on and (attacker.position not in man.req[0][0] and len(man.req) == 1):
        return None
    plan = Plan("attack", entry)
    if man.type == "Trick":
        return plan
    if not _equipment(match, attacker, entry, plan, positioning_on, style):
        return None
    requirements = [(aset, dset) for aset, dset in man.req if defender.position in dset]
    if not requirements or ("SUPER" in props and not defender.perch):
        return None
    if "FLYING" in props or "SPRINGBOARD" in props or "OUTSIDE" in props:
        if not _aerial(match, attacker, defender, plan, props, style):
            return None
        if not positioning_on:
            if plan.cost:
                return None
            plan.cost = 0
        return plan
    if not _ground(match, attacker, defender, plan, man, requirements, style):
        return None
    if not positioning_on and plan.cost:
        return None
    return plan


def _equipment(match, attacker, entry, plan, positioning_on, style):
    """Objects (seed 35-43): the Fire Tab and Powder while he still has them hidden; a weapon for a Foreign Object
    Smash; no Punch with a full hand (a fist load aside); drawing a garrote or a fist load from his tights."""
    man = entry.move
    props = man.props
    if man.base in ("Fire Tab", "Powder") and man.base not in attacker.concealed:
        return False  # single use: only while he still has it hidden
    if "OBJ" in props and not _object(plan, attacker, style.weapon(weapon_sources(match, attacker)), positioning_on):
        return False
    if "FIST" in props and attacker.weapon and not is_fist_load(attacker.weapon):
        return False  # his hand is full
    if positioning_on and not attacker.weapon:
        hidden = (
            cord_to_draw(attacker) if man.base == "Choke" else fist_load_to_draw(attacker) if "FIST" in props else ""
        )
        if hidden and style.draws(entry, hidden):
            plan.draw = hidden
            plan.cost += DRAW_AP
    return True


def _ground(match, attacker, defender, plan, man, requirements, style):
    """Ordinary maneuvers: come to him and take the position (climbing down first if perched)."""
    props = man.props
    attacker_in, defender_in = in_ring(attacker.square), in_ring(defender.square)
    if attacker.perch:
        plan.cost += 1
        plan.perch = ""
    if "SUPER" in props:
        plan.alt = positioning.perch_steps(defender.perch)  # the victim's perch adds its altitude
        if defender.perch != "shoulders" and KIND[attacker.square] != "X":
            plan.cost += distance(attacker.square, defender.square)
            plan.square = defender.square
    dist = distance(attacker.square, defender.square)
    if attacker_in != defender_in or dist > 1:
        plan.square = defender.square
        plan.cost += max(0, dist - 1) if attacker_in == defender_in else dist
    best = None
    for aset, _dset in requirements:
        cost, position = positioning.self_cost(attacker, aset)
        if best is None or cost < best[0]:
            best = (cost, position)
    if best[0] >= 99:
        return False
    plan.cost += best[0]
    if best[1] != attacker.position:
        plan.position = best[1]
    if "RUNNING" in props and not _running(match, attacker, defender, plan, style):
        return False
    if man.base == "Head Slam":
        plan.sc = slam_surface(match, defender, style)
        if plan.sc is None:
            return False
    if man.base == "Irish Whip":
        plan.sc = whip_surface(match, defender)
    if can_resthold(man) and style.resthold(man):
        plan.resthold = True
    if can_throw_over(match, defender, man) and style.over_top(man):
        plan.over_top = True
    return True


def _running(match, attacker, defender, plan, style):
    """Seed 31, 80-82: running needs him standing; a run from here, or a whip into the ropes and a rebound (no
    rebounds inside an internal cage, seed 205)."""
    if not defender.standing:
        return False
    plan.run = True
    attacker_in, defender_in = in_ring(attacker.square), in_ring(defender.square)
    if match.internal_cage:
        plan.cost += match.run_costs[0]  # seed: an internal cage has no ropes to bounce off
    elif KIND[attacker.square] in ROPE_SIDE or not (attacker_in and defender_in) or defender.cornered:
        plan.cost += positioning.run_cost(attacker, match.run_costs)
        plan.rebound = KIND[attacker.square] in ROPE_SIDE
    else:
        plan.rebound = True
        # whip him into the ropes (1 AP) and rebound (1 AP): they meet at the mirror square, or at the
        # ropes if he follows him in (which sets up an over-the-top throw)
        plan.whip = style.whip()
        plan.cost += positioning.WHIP + match.run_costs[1]
        if plan.whip == "follow":
            plan.over_top = True
    return True


def slam_surfaces(match, defender):
    """What a Head Slam can drive him into from where he is: [(surface, Stun Code)] (none in the open ring)."""
    if KIND[defender.square] == "X":
        return [("Turnbuckle", STUN_CODES["Turnbuckle"])]
    if match.cage is not None and match.cage.wall(defender.square):
        return [("the cage", match.cage.sc)]  # seed: the cage "often becomes a weapon used against the opponent"
    if not in_ring(defender.square):
        return [("Steel Steps", STUN_CODES["Steel Steps"]), ("Guard Railing", STUN_CODES["Guard Railing"])]
    return []


def slam_surface(match, defender, style):
    surfaces = slam_surfaces(match, defender)
    if not surfaces:
        return None
    return surfaces[0][1] if len(surfaces) == 1 else style.slam_surface(surfaces)


def whip_surface(match, defender):
    """Seed 205: in an internal cage every whip is into the cage (and on the floor of an external one)."""
    if match.internal_cage or (match.cage is not None and not in_ring(defender.square)):
        return match.cage.sc
    return STUN_CODES["Turnbuckle"] if in_ring(defender.square) else STUN_CODES["Guard Railing"]


def can_resthold(man):
    """Seed 119: "Any Level 0 or 1 hold can be declared a 'resthold'" (not a sleeper: it puts him out)."""
    return man.is_hold and man.level <= 1 and man.type != "Sleeper"


def can_throw_over(match, defender, man):
    """Seed 45: a maneuver that puts him on the mat can throw him over the top rope when he is at the ropes (an
    internal cage has none)."""
    return (
        not match.internal_cage
        and KIND[defender.square] in ROPE_SIDE
        and ("KD" in man.props or man.type in ("Slam", "Throw"))
    )


def add_flair(plan, attacker):
    """Seed 49: flair is -1 to the maneuver (P-ARM-09: none for a Showman) and +1 spot bonus to Prestige."""
    plan.flair = True
    if "Style: Showman" not in attacker.merits:
        add_opt(plan, "flair", -1)


def add_desperation(plan, points):
    """Seed 32: +1 to hit per point of damage he takes himself (plus the Level, D58)."""
    add_opt(plan, "desperation", points)


# --- plain maneuvers (nothing special: a fast path, the same rules) ------------------------------------------


def plain_reach(man, attacker_position, defender_position):
    """The cheapest position change that lets him attempt ``man`` on a man in ``defender_position`` (99: none)."""
    best_cost, best_position = 99, attacker_position
    for aset, dset in man.req:
        if defender_position in dset:
            if attacker_position in aset:
                return 0, attacker_position
            cost, position = positioning.self_cost_from(attacker_position, aset)
            if cost < best_cost:
                best_cost, best_position = cost, position
    return best_cost, best_position


def plain_context(match, attacker, defender):
    """What every plain maneuver's plan shares this round: the stance, the AP to climb down and walk to him, and
    whether he is at the ropes for an over-the-top throw."""
    perch = attacker.perch
    attacker_square, defender_square = attacker.square, defender.square
    attacker_in, defender_in = KIND[attacker_square] in IN_RING, KIND[defender_square] in IN_RING
    dist = max(abs(attacker_square[0] - defender_square[0]), abs(attacker_square[1] - defender_square[1]))
    move = attacker_in != defender_in or dist > 1
    extra = 1 if perch else 0
    if move:
        extra += (dist - 1 if dist > 1 else 0) if attacker_in == defender_in else dist
    at_ropes = not match.internal_cage and KIND[defender_square] in ROPE_SIDE
    return (attacker.position, defender.position), extra, move, defender_square, perch, at_ropes


def plain_plan(match, attacker, defender, entry, positioning_on, context, over_top, resthold):
    """``attack_plan`` for a plain maneuver; ``over_top``/``resthold``: whether he wants them where they fit."""
    stance, extra, move, defender_square, perch, at_ropes = context
    man = entry.move
    reach = entry.reach
    hit = reach.get(stance)
    if hit is None:
        hit = reach[stance] = plain_reach(man, stance[0], stance[1])
    best_cost, best_position = hit
    if best_cost >= 99:
        return None
    cost = best_cost + extra
    if cost and not positioning_on:
        return None
    plan = Plan("attack", entry)
    plan.cost = cost
    if best_cost:
        plan.position = best_position
    if perch:
        plan.perch = ""
    if move:
        plan.square = defender_square
    if resthold and can_resthold(man):
        plan.resthold = True
    if over_top and at_ropes and ("KD" in man.props or man.type in ("Slam", "Throw")):
        plan.over_top = True
    return plan


def movement_plan(match, attacker, defender):
    """Nothing to attack with from here: stand up and get to him (a half-length movement round)."""
    plan = Plan("move")
    cost, position = positioning.self_cost(attacker, FACING)
    plan.cost = cost
    plan.position = position
    if in_ring(attacker.square) != in_ring(defender.square) or distance(attacker.square, defender.square) > 1:
        plan.square = defender.square if in_ring(defender.square) else nearest_ring_square(defender.square)
        plan.cost += distance(attacker.square, plan.square)
    plan.perch = ""
    return plan
