"""Seed 000, "Positioning" (54): "After he successfully performs any Maneuver on an opponent, he may reposition his
opponent (and/or himself) by as many total Action Points as the damage inflicted": the cover (87, 123; D59), the
tag (192), getting him back into the ring, climbing, setting him on the turnbuckle (84-85), pulling him up,
taking him to a corner (29-30) and playing to the crowd (88). The rules (what each costs, when it is possible)
are here; which one he takes is his choice (``match.tactics``)."""

from rules.arm import heat, narration, positioning, referee, tag, winning
from rules.arm.options import PROMPTS, label, yes_no
from rules.arm.ring import CORNER_OF, KIND, distance, in_ring, nearest_cached, nearest_ring_square
from rules.decisions import Option

CORNER = frozenset({"X"})
STANDING = frozenset(("Facing", "Behind"))
# follow-ups after which nothing else is done with the AP (no playing to the crowd)
TERMINAL = frozenset({"roll-in", "slide-in", "climb", "turnbuckle", "shoulders"})


def after_maneuver(match, attacker, defender, entry, ap):
    """Use the post-maneuver AP (= damage dealt): cover, tag out, set him up, or play to the crowd."""
    attacker.ap = ap
    if ap <= 0:
        return
    free = "FC" in entry.move.props
    if defender.fallen and winning.can_cover(match, attacker, defender, ap, free_cover=free):
        ap = winning.cover(
            match,
            attacker,
            defender,
            ap,
            finisher=entry.finisher,
            free_cover=free,
            default=lambda hook_ap: match.tactics.cover_choice(match, attacker, defender, entry, hook_ap),
        )
        attacker.ap = ap
        if match.attacker is not attacker or ap <= 0:
            return
    if match.tag and ap > 0 and tag.can_tag(match, attacker):
        partner = match.decide(
            "tag",
            attacker.side,
            build=lambda: tag_out(match, attacker),
            default=lambda: match.tactics.tag_after_maneuver(match, attacker, defender, ap),
            who=attacker,
            prompt=PROMPTS["tag"],
        )
        if partner is not None:
            tag.tag(match, attacker, defender, partner)
            return
    action = match.decide(
        "follow-up",
        attacker.side,
        build=lambda: follow_ups(match, attacker, defender, ap),
        default=lambda: match.tactics.follow_up_choice(match, attacker, defender, ap),
        who=attacker,
        prompt=PROMPTS["follow-up"],
    )
    if action is not None:
        ap = ACTIONS[action.split(":")[0]](match, attacker, defender, ap, action)
    if action not in TERMINAL and heat.can_play_to_crowd(attacker, ap):
        left = ap
        if match.decide(
            "crowd",
            attacker.side,
            build=lambda: crowd(attacker),
            default=lambda: match.tactics.plays_to_crowd(match, attacker, defender, action),
            who=attacker,
            prompt=PROMPTS["crowd"],
        ):
            ap = heat.play_to_crowd(match, attacker, left)
    attacker.ap = ap


# --- what each follow-up costs and does ----------------------------------------------------------------------


def roll_in_cost(defender):
    """Rolling him back into the ring: 2 AP a square (1 to move, 1 to bring him, seed 78)."""
    target = nearest_ring_square(defender.square)
    return 2 * distance(defender.square, target), target


def slide_in_cost(attacker, defender):
    """Sliding back in himself (toward the ring square nearest his man): 1 AP a square."""
    target = nearest_ring_square(defender.square)
    return distance(attacker.square, target), target


def turnbuckle_cost(attacker, defender):
    """Seed 84: both standing in the same corner, then 1 AP and a STR check: drag him there (2 AP a square), stand
    up himself, and keep 1 AP for the lift. Returns (AP before the lift, corner, squares)."""
    corner, dist = nearest_cached(defender.square, CORNER)
    stand = positioning.self_cost(attacker, STANDING)[0]
    return 2 * dist + stand, corner, dist


def corner_cost(defender, corner=None):
    """Taking a standing man to a corner: 2 AP a square (seed 78); the nearest one unless ``corner`` is given."""
    if corner is None:
        corner, dist = nearest_cached(defender.square, CORNER)
    else:
        dist = distance(defender.square, corner)
    return 2 * dist, corner, dist


def options(match, attacker, defender, ap):
    """Every follow-up the rules allow him now: [(id, AP it costs, what it needs)]."""
    out = []
    if not in_ring(defender.square):
        if not in_ring(attacker.square):
            cost, _target = roll_in_cost(defender)
            if cost <= ap:
                out.append(("roll-in", cost, ("opponent outside the ring",)))
            cost, _target = slide_in_cost(attacker, defender)
            if cost <= ap:
                out.append(("slide-in", cost, ("both outside the ring",)))
        return out
    cost, corner = positioning.climb_plan(attacker, 3)
    if not attacker.perch and cost <= ap:
        out.append(("climb", cost, ("a corner to climb",)))
    if defender.standing and not defender.perch:
        cost, _corner, _dist = turnbuckle_cost(attacker, defender)
        if ap >= cost + positioning.PLACE_ON_TURNBUCKLE:
            out.append(("turnbuckle", cost + positioning.PLACE_ON_TURNBUCKLE, ("opponent standing",)))
        if attacker.standing and distance(attacker.square, defender.square) <= 1 and ap >= 1:
            out.append(("shoulders", positioning.PLACE_ON_TURNBUCKLE, ("both standing, side by side",)))
    if defender.fallen and ap >= 2:
        out.append(("lift:Bent", 2, ("opponent down",)))
        if ap >= 4:
            out.append(("lift:Facing", 4, ("opponent down",)))
    if defender.standing and not defender.perch:
        out += _corner_options(match, attacker, defender, ap)
    return out


def _corner_options(match, attacker, defender, ap):
    out = []
    if KIND[defender.square] != "X":
        cost, _corner, _dist = corner_cost(defender)
        if cost <= ap:
            out.append(("corner:trap", cost, ("opponent standing", "illegal: attacking a trapped man")))
            out.append(("corner:place", cost, ("opponent standing",)))
    if match.tag:
        cost, _corner, dist = corner_cost(defender, CORNER_OF[attacker.side])
        if dist and cost <= ap:
            out.append(("own-corner:trap", cost, ("opponent standing", "illegal: attacking a trapped man")))
            out.append(("own-corner:place", cost, ("opponent standing",)))
    return out


def _moved(match, attacker, defender, what):
    match.emit("position", narration.moves_opponent(attacker, defender, what), actor=attacker.idx, target=defender.idx)


def _roll_in(match, attacker, defender, ap, _action):
    cost, target = roll_in_cost(defender)
    defender.square = attacker.square = target
    referee.stop_count(match, attacker, "ring_out")
    referee.stop_count(match, defender, "ring_out")
    _moved(match, attacker, defender, "rolls him back into the ring")
    return ap - cost


def _slide_in(match, attacker, defender, ap, _action):
    cost, target = slide_in_cost(attacker, defender)
    attacker.square = target
    referee.stop_count(match, attacker, "ring_out")
    _moved(match, attacker, defender, "slides back into the ring")
    return ap - cost


def _climb(match, attacker, defender, ap, _action):
    cost, corner = positioning.climb_plan(attacker, 3)
    ap -= cost
    attacker.square, attacker.position, attacker.perch = corner, "Facing", "rope3"
    attacker.ap = ap
    _moved(match, attacker, defender, "heads up to the top rope")
    return ap


def _turnbuckle(match, attacker, defender, ap, _action):
    """A Super maneuver's set-up: take him to the corner and set him up top; a failure loses the AP, and he may
    try again while AP remain (seed 84)."""
    cost, corner, dist = turnbuckle_cost(attacker, defender)
    ap -= cost
    if dist:
        defender.square = attacker.square = corner
        _moved(match, attacker, defender, "drags him to the corner")
    attacker.square = corner
    if not attacker.standing:
        attacker.position = "Facing"
    attacker.ap = ap
    for _try in range(ap):
        if (
            defender.perch
            or attacker.ap < 1
            or not positioning.place_on_turnbuckle(match, attacker, defender, rope=3)
            and attacker.ap == ap
        ):
            break
        ap = attacker.ap
    return attacker.ap


def _shoulders(match, attacker, defender, ap, _action):
    attacker.ap = ap  # seed: onto the shoulders "can be done anywhere in the arena"
    positioning.place_on_turnbuckle(match, attacker, defender, shoulders=True)
    return attacker.ap


def _lift(match, attacker, defender, ap, action):
    defender.position = "Bent"
    ap -= 2
    if action == "lift:Facing":
        defender.position = "Facing"
        ap -= 2
    _moved(match, attacker, defender, "pulls him up")
    return ap


def _corner(match, attacker, defender, ap, action):
    where, how = action.split(":")
    own = where == "own-corner"
    cost, corner, _dist = corner_cost(defender, CORNER_OF[attacker.side] if own else None)
    defender.square = attacker.square = corner
    defender.cornered = "trapped" if how == "trap" else "placed"
    if own:
        what = "drags him to his own corner"
    else:
        what = "drives him into the corner" if how == "trap" else "backs him into the corner"
    _moved(match, attacker, defender, what)
    return ap - cost


ACTIONS = {
    "roll-in": _roll_in,
    "slide-in": _slide_in,
    "climb": _climb,
    "turnbuckle": _turnbuckle,
    "shoulders": _shoulders,
    "lift": _lift,
    "corner": _corner,
    "own-corner": _corner,
}


# --- the options of the follow-up decisions --------------------------------------------------------------------


def follow_ups(match, attacker, defender, ap):
    out = [Option("follow-up:none", "Nothing", value=None)]
    for action, cost, needs in options(match, attacker, defender, ap):
        out.append(Option(f"follow-up:{action}", label(action, {"ap": cost}), {"ap": cost}, None, needs, action))
    return out


def crowd(fighter):
    cost = {"ap": heat.crowd_cost(fighter)}
    return yes_no("crowd", "Play to the crowd (+1 Heat)", cost=cost)


def tag_out(match, fighter):
    partner = tag.fresh_partner(match, fighter)
    cost = {"ap": tag.tag_cost(fighter)}
    return [
        Option("tag:no", "No", value=None),
        Option(f"tag:{partner.name}", label(f"Tag {partner.name}", cost), cost, None, (), partner),
    ]
