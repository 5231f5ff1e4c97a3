"""The default policy: what a wrestler chooses when the seed leaves him a choice.

Per alignment, tunable per wrestler with the sheet's ``tactics`` object: ``aggression`` (big moves,
covers, Edge), ``risk`` (High Risk and dives), ``cheating`` (heels: illegal moves, objects, screwjobs,
Leverage, refusing rope breaks), ``counter`` (how readily he declares Counters), ``finisher_weardown``
(the opponent's weardown Level, 1 Fresh .. 5 Exhausted, from which he goes for the Finisher).

Everything here is a choice, never a rule: the rules are in the chapter modules. Choices are
deterministic given the state, except the pick among the three best attacks, which is a recorded
d6 ("tactics: which attack"), so every seed gives a different but reproducible match.
"""

from rules.arm import edge
from rules.arm.injury import use_penalty
from rules.arm.modifiers import chance, estimate, turnover_bonus
from rules.arm.positioning import (
    WHIP,
    climb_plan,
    flying_range_penalty,
    launch_altitude,
    launch_steps,
    perch_steps,
    run_cost,
    self_cost,
    self_cost_from,
    spend,
)
from rules.arm.ring import IN_RING, KIND, ROPE_REACH, ROPE_SIDE, distance, in_ring, nearest_cached, nearest_ring_square
from rules.arm.tables import BOOT_AP, FOREIGN_OBJECTS, GRAB_OBJECT_AP, STUN_CODES

APRON = frozenset({"="})
CORNER = frozenset({"X"})


class Policy:
    __slots__ = ("aggression", "risk", "cheating", "counter", "finisher_weardown", "ambush_pending")

    def __init__(self, sheet):
        t = sheet.get("tactics") or {}
        heel = sheet["alignment"] == "heel"
        self.aggression = t.get("aggression", 0.5)
        self.risk = t.get("risk", 0.5)
        self.cheating = t.get("cheating", 0.5) if heel else 0.0
        self.counter = t.get("counter", 0.5)
        self.finisher_weardown = t.get("finisher_weardown", 3)
        self.ambush_pending = False


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


def cheat(m, f):
    """How readily he cheats right now: nothing once one more warning would disqualify him."""
    c = f.policy.cheating
    if not c:
        return 0.0
    if m.ref.no_dq or not m.ref.watching:
        return max(c, 0.5)
    if f.warnings >= m.ref.warning_limit:
        return 0.0
    return c


def wants_referee_bump(m, a, d):
    """A rulebreaker who means to cheat big takes the referee out first (D50): he is in control, the
    opponent is worn, he has something to cheat with, the referee is watching (and has not been bumped
    yet) and his SAV makes it look like an accident often enough."""
    pol = a.policy
    if pol.cheating < 0.7:
        return False
    ref = m.ref
    if ref.bumps or ref.no_dq or not ref.watching or d.level < 2 or a.warnings >= ref.warning_limit:
        return False
    if a.attrs["SAV"] - min(a.level, 4) < 12:
        return False
    return bool(_has_weapon_source(m, a)) or m.second_for(a.side) is not None


def wants_run_in(m):
    """A rulebreaker's second runs in (D51) while the referee is not watching, or in a no-DQ match when
    his man is in trouble (the opponent has the upper hand and he is worn)."""
    for side in m.seconds:
        sec = m.second_for(side)
        if sec is None:
            continue
        helped = m.legal[side]
        if helped.alignment != "heel" or helped.policy.cheating < 0.5 or helped.unconscious:
            continue
        if not m.ref.watching:
            return sec
        if m.ref.no_dq and m.attacker is not helped and helped.level >= 1:
            return sec
    return None


def wants_run_in_save(m, d):
    """About to be pinned: a rulebreaker's second runs in (a DQ loss keeps the title; D51)."""
    sec = m.second_for(d.side)
    return sec is not None and d.alignment == "heel" and d.policy.cheating >= 0.3


def simple_plan(entry):
    return Plan("attack", entry)


def _has_weapon_source(m, a):
    if a.weapon:
        return "hand"
    for obj in a.concealed:
        if FOREIGN_OBJECTS[obj][0] not in (None, "X"):
            return obj
    if not in_ring(a.square) and m.ringside_objects:
        return "ringside"
    if cheat(m, a) >= 0.6:
        return "boot"  # seed: any wrestler can take off a boot to use it (3 AP)
    return ""


def build(m, a, d, entry, positioning=True):
    """A Plan for ``entry`` from the current positions, or None when it cannot be done."""
    if d.position not in entry.dpos:
        return None
    man = entry.move
    if entry.finisher and ((d.level + 1 < a.policy.finisher_weardown and not d.unconscious) or a.fired_up > 1):
        return None  # seed: a Fired Up wrestler "may not attempt his Finisher until the fifth attack"
    if entry.plain:
        return _build_plain(m, a, d, entry, man, positioning)
    props = man.props
    cheating = cheat(m, a) if a.policy.cheating else 0.0
    if man.illegal and cheating < 0.2:
        return None
    if not positioning and (a.position not in man.req[0][0] and len(man.req) == 1):
        return None
    p = Plan("attack", entry)
    if man.type == "Trick":
        if man.base != "Distract Referee" or not m.ref.watching or cheating < 0.3 or not _has_weapon_source(m, a):
            return None
        return p
    if man.base in ("Fire Tab", "Powder") and (man.base not in a.concealed or cheating < 0.3):
        return None
    if "OBJ" in props:
        src = _has_weapon_source(m, a)
        if not src or cheating < 0.3 or not positioning and src != "hand":
            return None
        if src == "hand" and FOREIGN_OBJECTS[a.weapon][0] in (None, "X"):
            return None  # seed: fist loads "are not used with Foreign Object Smash" (Punches only)
        if src == "ringside":
            p.grab = m.ringside_objects[0]
            p.cost += GRAB_OBJECT_AP
        elif src == "boot":
            p.grab = "Own Boot"
            p.cost += BOOT_AP
        elif src != "hand":
            p.draw = src
            p.cost += 2
        weapon = a.weapon or p.grab or p.draw
        mod = FOREIGN_OBJECTS[weapon][0]
        if mod:
            p.opts = {f"{weapon} (object Mod)": mod}
    if "FIST" in props and a.weapon and not FOREIGN_OBJECTS[a.weapon][4] and a.weapon != "Brass Knuckles":
        return None
    if man.base == "Choke" and not a.weapon and positioning:
        cord = next((o for o in a.concealed if o in ("Cloth", "Chain")), "")
        if cord:
            p.draw = cord
            p.cost += 2
    if "FIST" in props and not a.weapon and positioning:
        load = next((o for o in a.concealed if FOREIGN_OBJECTS[o][4] or o == "Brass Knuckles"), "")
        if load:
            p.draw = load  # seed: fist loads "add their damage to standard Punching maneuvers"
            p.cost += 2
    a_in, d_in = in_ring(a.square), in_ring(d.square)
    # where the defender is, and what the attacker must do to reach him
    dset_ok = [(aset, dset) for aset, dset in man.req if d.position in dset]
    if not dset_ok:
        return None
    if "SUPER" in props and not d.perch:
        return None
    if "FLYING" in props or "SPRINGBOARD" in props or "OUTSIDE" in props:
        if "OUTSIDE" in props:
            if d_in or not a_in:
                return None
            if "FLYING" in props:
                cost, launch = climb_plan(a, 3)
                p.perch, p.alt = "rope3", 5
            else:
                launch, _dist = nearest_cached(d.square, APRON)
                cost = distance(a.square, launch) + self_cost(a, frozenset(("Facing", "Behind")))[0]
                p.perch, p.alt = "apron", 2
            if distance(launch, d.square) > 2:
                return None
            if "Style: Daredevil" not in a.merits:
                p.opts = dict(p.opts or {}, **{"dive to the floor": -2})
        else:
            if not (a_in and d_in):
                return None
            steps = 0
            if "FLYING" in props:
                cost, launch = climb_plan(a, 3)
                p.perch, p.alt = "rope3", 3
                off = _launch_point(m, a, d, cost, launch)
                if off is not None:
                    cost, launch, supporter = off
                    p.perch, p.alt = "", 0
                    p.launch, p.launch_bonus = supporter.name, launch_altitude(supporter)
                    steps = launch_steps(supporter)
            else:
                launch = a.square if KIND[a.square] in ROPE_SIDE else nearest_ring_square(a.square)
                cost = distance(a.square, launch) + 1 + self_cost(a, frozenset(("Facing", "Behind")))[0]
                p.perch, p.alt = "rope2", 2
            rng = flying_range_penalty(launch, d.square, steps or p.alt)
            if "Style: High Flyer" in a.merits and rng:
                rng //= 2
            if rng:
                p.opts = dict(p.opts or {}, **{"range": rng})
        p.square = launch
        p.cost += cost
        if not positioning and p.cost:
            return None
        if not positioning:
            p.cost = 0
        return p
    # ordinary maneuvers: come to him, take the position (climbing down first if perched)
    if a.perch:
        p.cost += 1
        p.perch = ""
    if "SUPER" in props:
        p.alt = perch_steps(d.perch)  # the victim's perch adds its altitude
        if d.perch != "shoulders" and KIND[a.square] != "X":
            p.cost += distance(a.square, d.square)
            p.square = d.square
    dist = distance(a.square, d.square)
    if a_in != d_in or dist > 1:
        p.square = d.square
        p.cost += max(0, dist - 1) if a_in == d_in else dist
    best = None
    for aset, _dset in dset_ok:
        c, pos = self_cost(a, aset)
        if best is None or c < best[0]:
            best = (c, pos)
    if best[0] >= 99:
        return None
    p.cost += best[0]
    if best[1] != a.position:
        p.position = best[1]
    if "RUNNING" in props:
        if not d.standing:
            return None
        p.run = True
        if m.internal_cage:
            p.cost += m.run_costs[0]  # seed: an internal cage has no ropes to bounce off
        elif KIND[a.square] in ROPE_SIDE or not (a_in and d_in) or d.cornered:
            p.cost += run_cost(a, m.run_costs)
            p.rebound = KIND[a.square] in ROPE_SIDE
        else:
            p.rebound = True
            # whip him into the ropes (1 AP) and rebound (1 AP): they meet at the mirror square, or at the
            # ropes if he follows him in (which sets up an over-the-top throw)
            p.whip = "follow" if cheating >= 0.5 else "cross"
            p.cost += WHIP + m.run_costs[1]
            if p.whip == "follow":
                p.over_top = True
    if man.base == "Head Slam":
        if KIND[d.square] == "X":
            p.sc = STUN_CODES["Turnbuckle"]
        elif m.cage is not None and m.cage.wall(d.square):
            p.sc = m.cage.sc  # seed: the cage "often becomes a weapon used against the opponent"
        elif not d_in:
            p.sc = STUN_CODES["Steel Steps"] if cheating >= 0.5 else STUN_CODES["Guard Railing"]
        else:
            return None
    if man.base == "Irish Whip":
        if m.internal_cage or (m.cage is not None and not d_in):
            p.sc = m.cage.sc  # seed: in an internal cage every whip is into the cage
        else:
            p.sc = STUN_CODES["Turnbuckle"] if d_in else STUN_CODES["Guard Railing"]
    if man.is_hold and man.level <= 1 and a.level > d.level and man.type != "Sleeper":
        p.resthold = True
    if (
        cheating >= 0.5
        and not m.internal_cage
        and KIND[d.square] in ROPE_SIDE
        and ("KD" in props or man.type in ("Slam", "Throw"))
    ):
        p.over_top = True
    if not positioning and p.cost:
        return None
    return _finish(m, a, d, entry, man, p, positioning)


def _launch_point(m, a, d, top_cost, top_square):
    """Seed: "In the special case where a wrestler uses another wrestler as a launch point, the effective
    altitude bonus is equal to the supporting wrestler's HDB, plus 5" (D62). The wrestlers he can go up
    on: his man standing in a corner (stepping up on him), and in a tag match his partner, standing in
    the ring or waiting in their corner (up on his shoulders from the turnbuckle). Returns (AP, launch
    square, supporter) when one is a better launch than the top rope, else None."""
    stand = self_cost(a, frozenset(("Facing", "Behind")))[0]
    options = []
    if d.standing and d.cornered and KIND[d.square] == "X":
        options.append((max(0, distance(a.square, d.square) - 1) + stand + 1, d.square, d))
    if m.tag:
        for p in m.sides[a.side]:
            if p is a or p.unconscious:
                continue
            if p.apron:
                from rules.arm.venue import CORNER_OF

                corner = CORNER_OF[a.side]
                options.append((distance(a.square, corner) + stand + 1, corner, p))
            elif p.standing and in_ring(p.square):
                options.append((distance(a.square, p.square) + stand + 1, p.square, p))
    if not options:
        return None

    def value(cost, square, bonus, steps):
        if distance(square, d.square) > 3:
            return -99
        return bonus + flying_range_penalty(square, d.square, steps) - 2 * max(0, cost - a.ap)

    best = None
    for cost, square, sup in options:
        v = value(cost, square, launch_altitude(sup), launch_steps(sup))
        if best is None or v > best[0]:
            best = (v, cost, square, sup)
    if best[0] <= value(top_cost, top_square, 6, 3):  # the top rope: 3 Steps, 6 damage
        return None
    return best[1], best[2], best[3]


def _plain_reach(man, a_pos, d_pos):
    """The cheapest position change that lets him attempt ``man`` on a man in ``d_pos`` (99: none)."""
    best_c, best_pos = 99, a_pos
    for aset, dset in man.req:
        if d_pos in dset:
            if a_pos in aset:
                return 0, a_pos
            c, pos = self_cost_from(a_pos, aset)
            if c < best_c:
                best_c, best_pos = c, pos
    return best_c, best_pos


def _plain_context(m, a, d):
    """What every plain maneuver's plan shares this round: the stance, the AP to climb down and walk
    to him, and whether an over-the-top throw is on."""
    perch = a.perch
    a_sq, d_sq = a.square, d.square
    a_in, d_in = KIND[a_sq] in IN_RING, KIND[d_sq] in IN_RING
    dist = max(abs(a_sq[0] - d_sq[0]), abs(a_sq[1] - d_sq[1]))
    move = a_in != d_in or dist > 1
    extra = 1 if perch else 0
    if move:
        extra += (dist - 1 if dist > 1 else 0) if a_in == d_in else dist
    over_top = bool(a.policy.cheating and not m.internal_cage and KIND[d_sq] in ROPE_SIDE and cheat(m, a) >= 0.5)
    return (a.position, d.position), extra, move, d_sq, perch, over_top, a.level > d.level


def _build_plain(m, a, d, entry, man, positioning, ctx=None):
    """``build`` for a maneuver with nothing special: reach him and take the position."""
    stance, extra, move, d_sq, perch, over_top, fresher = ctx or _plain_context(m, a, d)
    reach = entry.reach
    hit = reach.get(stance)
    if hit is None:
        hit = reach[stance] = _plain_reach(man, stance[0], stance[1])
    best_c, best_pos = hit
    if best_c >= 99:
        return None
    cost = best_c + extra
    if cost and not positioning:
        return None
    p = Plan("attack", entry)
    p.cost = cost
    if best_c:
        p.position = best_pos
    if perch:
        p.perch = ""
    if move:
        p.square = d_sq
    if fresher and man.is_hold and man.level <= 1 and man.type != "Sleeper":
        p.resthold = True
    if over_top and ("KD" in man.props or man.type in ("Slam", "Throw")):
        p.over_top = True
    return _finish(m, a, d, entry, man, p, positioning)


def _finish(m, a, d, entry, man, p, positioning):
    if not positioning or not (entry.finisher or man.level >= 3):  # the usual case: nothing to add
        if a.policy.ambush_pending:
            p.unopposed = True
        return p
    if a.policy.ambush_pending:
        p.unopposed = True
    if positioning and a.alignment == "face" and (entry.finisher or man.level >= 3):
        showman = "Style: Showman" in a.merits
        if showman or a.policy.aggression >= 0.7:
            p.flair = True  # a flourish for the fans: -1 (none for a Showman), +1 spot bonus
            if not showman:
                p.opts = dict(p.opts or {}, flair=-1)
    if (
        positioning
        and entry.finisher
        and a.level >= 3
        and d.level >= 3
        and a.policy.aggression >= 0.5
        and estimate(m, a, d, entry) < 10
    ):
        p.opts = dict(p.opts or {}, desperation=2)  # push through the pain: +2, 2 + Level to himself
    return p


def _expected_damage(m, a, d, entry, p):
    if entry.plain:  # no Stun Code, altitude or object: a function of the entry and his weardown
        memo = entry.expected
        dmg = memo.get(d.level)
        if dmg is None:
            dmg = memo[d.level] = _expected_damage_of(a, d, entry, p)
        return dmg
    return _expected_damage_of(a, d, entry, p)


def _expected_damage_of(a, d, entry, p):
    man = entry.move
    dmg = man.damage
    if "W" in man.tags:
        dmg += a.wdb
    if "H" in man.tags:
        dmg += a.hdb
    dmg += p.sc + 2 * p.alt + p.launch_bonus
    if entry.finisher:
        dmg *= 2
    if man.is_hold:
        dmg *= 2.5
        if man.type == "Submission" and d.level >= 2:
            dmg += 4 * d.level
        if man.type == "Sleeper" and d.level >= 2:
            dmg += 3 * d.level
    if "PP" in man.props:
        dmg = 2 + 3 * d.level
    if man.base == "Fire Tab":
        dmg = 9
    if man.base in ("Powder", "Eye Gouge"):
        dmg += 3
    if "OBJ" in man.props:
        weapon = a.weapon or p.grab or p.draw
        dmg += FOREIGN_OBJECTS[weapon][1] if weapon else 0
    return dmg


def score(m, a, d, entry, p):
    man = entry.move
    pol = a.policy
    if man.type == "Trick":
        return 4.0 + 6 * pol.cheating
    short = p.cost - a.ap if p.cost > a.ap else 0
    extra = -short
    if p.opts:
        extra += sum(p.opts.values())
    need = estimate(m, a, d, entry, extra)
    pr = chance(need)
    dmg = _expected_damage(m, a, d, entry, p)
    value = pr * dmg
    if man.high_risk:
        value -= (1 - pr) * (2 + a.wdb + 2 * p.alt + p.launch_bonus) * (1.0 - pol.risk)
    if entry.finisher:
        if a.fired_up > 1:
            return -99.0
        value += 6 * pr
    if man.illegal:
        value *= 0.6 + pol.cheating * 0.6
        if m.ref.watching and not m.ref.no_dq and a.warnings >= m.ref.warning_limit:
            value -= 10
        if "OBJ" in man.props or man.base in ("Fire Tab", "Powder"):
            value += -8 if (m.ref.watching and not m.ref.no_dq) else 4
    value += pol.aggression * man.level * 0.3 * pr
    if a.perch and "FLYING" in man.props:
        value += 3.0  # he climbed up there to fly
    if not entry.known:
        value -= 0.3
    return value


SHORTLIST = 6


def _first_two(t):
    return t[0], t[1]


def quick_value(move, finisher, wdb, hdb):
    """Typical damage of a maneuver for the first pass of ``plan_attack`` (fixed per arsenal entry)."""
    props = move.props
    if move.type == "Trick":
        return 6.0
    dmg = move.damage + (wdb if "W" in move.tags else 0) + (hdb if "H" in move.tags else 0)
    if "SC" in move.tags:
        dmg += 2
    if "FLYING" in props:
        dmg += 6
    elif "SPRINGBOARD" in props or "OUTSIDE" in props:
        dmg += 4
    if "OBJ" in props:
        dmg += 4
    if move.base in ("Fire Tab", "Powder", "Eye Gouge"):
        dmg += 5
    if finisher:
        dmg *= 2
    if move.is_hold:
        dmg = dmg * 2.5 + 4
    if "PP" in props:
        dmg = max(dmg, 7)
    return float(dmg) + move.level * 0.3


def plan_attack(m, a, d, positioning=True):
    """Pick this round's attack (or a stall / movement round)."""
    if positioning and a.just_performed and wants_stall(m, a, d):
        return Plan("stall")
    best = []
    ctx = None
    for _q, i, entry in _ranked(a, d):
        if entry.plain and not entry.finisher:  # what build() would do, one call fewer
            if ctx is None:
                ctx = _plain_context(m, a, d)
            p = _build_plain(m, a, d, entry, entry.move, positioning, ctx)
        else:
            p = build(m, a, d, entry, positioning)
        if p is None:
            continue
        p.score = score(m, a, d, entry, p)
        best.append((-p.score, i, p))
        if len(best) >= SHORTLIST:
            break
    return _pick(m, a, d, best, positioning)


def _ranked(a, d):
    """A cheap first pass (chance x typical damage) ranks the candidates, so that only the most
    promising are built and scored in full. The ranking depends only on the key below, which repeats
    from round to round, so each wrestler keeps the rankings he has made (read-only lists)."""
    d_pos = d.position
    ready = d.level + 1 >= a.policy.finisher_weardown or d.unconscious
    fired = a.fired_up > 0
    adj = a.ref_penalty + 2 * a.telegraph - (4 if a.blinded else 0) - (min(a.level, 4) if not fired else 0)
    d_lvl = min(d.level, 4)
    lift = d.lift
    injured = bool(a.injuries)
    key = (d_pos, ready, fired, adj, d_lvl, lift, tuple(a.injuries.items()) if injured else None, len(a.attacks))
    cache = a.rank_cache
    ranked = cache.get(key)
    if ranked is None:
        ranked = cache[key] = _rank(a, d_pos, ready, fired, adj, d_lvl, lift, injured)
    return ranked


def _rank(a, d_pos, ready, fired, adj, d_lvl, lift, injured):
    ranked = []
    for i, entry in enumerate(a.attacks):
        if d_pos not in entry.dpos or (entry.finisher and not ready):
            continue
        man = entry.move
        need = entry.static_need + adj
        over = man.level - d_lvl
        if over > 0 and not fired:
            need -= 2 * over
        if "LIFT" in man.props:
            need -= lift
        if injured:
            need += use_penalty(a, man.uses)
        p = 0.0 if need <= 0 else (0.95 if need >= 19 else need / 20.0)
        ranked.append((-entry.quick * p, i, entry))
    ranked.sort(key=_first_two)
    return ranked


def _pick(m, a, d, best, positioning):
    if not best:
        if not positioning:
            return None
        return movement_plan(m, a, d)
    best.sort(key=_first_two)
    if len(best) > 1 and positioning:
        r = m.dice.roll(6, "tactics: which attack", actor=a.idx)
        pick = 0 if r <= 3 else (1 if r <= 5 else 2)
        pick = min(pick, len(best) - 1)
        if best[pick][0] - best[0][0] > 2.5:  # never a much worse choice
            pick = 0
        return best[pick][2]
    return best[0][2]


def movement_plan(m, a, d):
    """Nothing to attack with from here: stand up and get to him (a half-length movement round)."""
    p = Plan("move")
    c, pos = self_cost(a, frozenset(("Facing",)))
    p.cost = c
    p.position = pos
    if in_ring(a.square) != in_ring(d.square) or distance(a.square, d.square) > 1:
        p.square = d.square if in_ring(d.square) else nearest_ring_square(d.square)
        p.cost += distance(a.square, p.square)
    p.perch = ""
    return p


MAX_STALLS = 3  # stall rounds in a row (a choice: the seed allows "a round (or more)")


def wants_stall(m, a, d):
    """Stall when he is more worn than his opponent and the opponent is down (or outside)."""
    if a.level == 0 or a.level < d.level or a.stalls >= MAX_STALLS:
        return False
    if a.perch and m.ref.counts and any(c[0] == "top_rope" and c[1] is a for c in m.ref.counts):
        return False  # the referee is counting him on the top rope: time to come off it
    if not (d.fallen or not in_ring(d.square)):
        return False
    if a.damage < 6:
        return False
    return a.policy.aggression < 0.75 or a.level >= d.level + 1


def defender_recover(m, d):
    """While the attacker stalls, the defender may spend his own AGI-bonus AP to move himself."""
    d.ap = d.agi_bonus
    ap = d.ap
    moved = False
    if d.fallen and ap >= 2:
        d.position = "Kneeling"
        ap -= 2
        moved = True
    if not d.standing and d.position != "Prone" and d.position != "Facedown" and ap >= 2:
        d.position = "Facing"
        ap -= 2
        moved = True
    if not in_ring(d.square) and ap >= 1:
        target = nearest_ring_square(d.square)
        if distance(d.square, target) <= ap:
            ap -= distance(d.square, target)
            d.square = target
            from rules.arm import referee

            referee.stop_count(m, d, "ring_out")
            moved = True
    d.ap = ap
    if moved:
        from rules.arm import narration

        m.emit("position", narration.recovers(d), actor=d.idx)


def choose_reply(m, d, a):
    """After the attacker's miss: the best maneuver the defender can do from where he is."""
    if d.unconscious:
        return None
    best = None
    tried = 0
    # a plain maneuver needs no positioning only if he need not climb down nor walk (the same for every
    # one of them) and is already in a position it allows (memoized per entry): skip the rest unbuilt
    d_sq, a_sq = d.square, a.square
    d_in, a_in = KIND[d_sq] in IN_RING, KIND[a_sq] in IN_RING
    blocked = bool(d.perch) or d_in != a_in or max(abs(d_sq[0] - a_sq[0]), abs(d_sq[1] - a_sq[1])) > 1
    stance = (d.position, a.position)
    for _q, i, entry in _ranked(d, a):
        if entry.move.type == "Trick":
            continue
        if entry.plain and not entry.finisher:
            if blocked:
                continue
            hit = entry.reach.get(stance)
            if hit is not None and hit[0]:
                continue
        p = build(m, d, a, entry, positioning=False)
        if p is None or p.unopposed:
            continue
        s = score(m, d, a, entry, p)
        if best is None or s > best[0]:
            best = (s, i, entry)
        tried += 1
        if tried >= SHORTLIST:
            break
    return best[2] if best else None


def choose_counter(m, d, a, entry, plan):
    """Declare a Defense or Reversal (P-ARM-17) when its skill is good enough."""
    if d.unconscious or d.fallen or d.dazed or d.blinded:
        return None
    man = entry.move
    threshold = 12 - 5 * d.policy.counter
    grad = turnover_bonus(a)
    venue_counter = _venue_counter(m, d, a, entry, threshold - grad)
    if venue_counter is not None:
        return venue_counter
    best = None
    rev = d.reversals.get(man.base)
    if rev is not None:
        need = estimate(m, d, a, rev) + grad
        if need >= threshold - 1:
            best = (need + 1, rev, None)
    key = ("counters", man.name)  # his Defenses that counter this maneuver: a function of his arsenal
    defenses = d.rank_cache.get(key)
    if defenses is None:
        defenses = d.rank_cache[key] = [de for de in d.defenses if de.move.counters_maneuver(man)]
    for de in defenses:
        if de.move.name == "Grab the Ropes" and KIND[d.square] not in ROPE_SIDE:
            continue
        need = estimate(m, d, a, de) + grad
        if de.move.name == "Hip Block":
            need += d.lift
        if need >= threshold and (best is None or need > best[0]):
            best = (need, de, None)
    if best is None and man.type in ("Slam", "Throw") and d.policy.counter >= 0.5:
        for cand, pen in d.reversal_pool:  # into a Throw he knows (-1) or not (-2)
            need = estimate(m, d, a, cand) + pen + grad
            if need >= threshold and (best is None or need > best[0]):
                best = (need, cand, {"improvised Reversal": pen})
    if best is None:
        return None
    return best[1], best[2]


def combo_next(m, a, d):
    """Keep a BRA combo going while it is likely to land."""
    if a.chain >= 3:
        return None
    best = None
    for i, entry in enumerate(a.attacks):
        man = entry.move
        if man.cls != "BRA" or man.type != "Strike" or man.flags or man.high_risk:
            continue
        p = build(m, a, d, entry, positioning=False)
        if p is None:
            continue
        need = estimate(m, a, d, entry, sum(p.opts.values()) if p.opts else 0)
        if need >= 11 and (best is None or need > best[0]):
            best = (need, i, p)
    return best[2] if best else None


def after_maneuver(m, a, d, entry, ap):
    """Use the post-maneuver AP (= damage dealt): cover, set him up, or play to the crowd."""
    a.ap = ap
    if ap <= 0:
        return
    from rules.arm import winning

    if (
        d.fallen
        and m.falls_count
        and in_ring(d.square)
        and in_ring(a.square)
        and m.ref.watching
        and (
            entry.finisher
            or d.unconscious
            or (d.level >= 2 and pin_chance(m, a, d, 0, 0) >= 0.08 * (1.5 - a.policy.aggression))
        )
    ):
        ap = winning.pin(m, a, d, ap, finisher=entry.finisher, free_cover="FC" in entry.move.props)
        a.ap = ap
        if m.attacker is not a or ap <= 0:
            return
    if m.tag and ap > 0:
        choice = wants_tag(m, a, d, ap)
        if choice is not None and choice[0] == "tag":
            from rules.arm import venue

            a.ap = ap
            venue.tag(m, a, d, choice[1])
            return
    if not in_ring(d.square) and in_ring(a.square):
        return
    if not in_ring(d.square) and not in_ring(a.square):
        count = _ring_out_count(m, a)
        target = nearest_ring_square(d.square)
        cost = 2 * distance(d.square, target)
        if a.alignment == "face" and ap >= cost:
            ap -= cost
            d.square = a.square = target
            _stop_ring_outs(m, a, d)
            _moved(m, a, d, "rolls him back into the ring")
        elif count is not None and count >= 8:
            cost = distance(a.square, target)
            if ap >= cost:
                ap -= cost
                a.square = target
                _stop_ring_outs(m, a)
                _moved(m, a, d, "slides back into the ring")
        a.ap = ap
        return
    # a high flyer climbs while his man is down, to fly next round
    key = ("flyers", d.position)  # a function of the arsenal and his man's position
    flyers = a.rank_cache.get(key)
    if flyers is None:
        flyers = a.rank_cache[key] = [
            e
            for e in a.attacks
            if "FLYING" in e.move.props
            and "OUTSIDE" not in e.move.props
            and any(d.position in dset for _aset, dset in e.move.req)
        ]
    flew_last = any(e.label == a.last_attempt for e in flyers)
    if flyers and not flew_last and d.fallen and in_ring(d.square) and a.policy.risk >= 0.3 and not a.perch:
        cost, corner = climb_plan(a, 3)
        if cost <= ap and distance(corner, d.square) <= 3:
            ap -= cost
            a.square, a.position, a.perch = corner, "Facing", "rope3"
            a.ap = ap
            _moved(m, a, d, "heads up to the top rope")
            return
    # a Super maneuver: take him to the corner and set him up top
    supers = a.rank_cache.get("supers")
    if supers is None:
        supers = a.rank_cache["supers"] = [e for e in a.attacks if "SUPER" in e.move.props]
    if supers and d.standing and not d.perch and ap >= 1 and not in_ring(d.square):
        from rules.arm.positioning import place_on_turnbuckle

        a.ap = ap  # outside there is no turnbuckle: onto the shoulders (seed: "anywhere in the arena")
        place_on_turnbuckle(m, a, d, shoulders=True)
        return
    if supers and d.standing and in_ring(d.square) and not d.perch:
        corner, dist = nearest_cached(d.square, CORNER)
        stand = self_cost(a, frozenset(("Facing", "Behind")))[0]
        if ap >= 2 * dist + stand + 1:
            ap -= 2 * dist + stand
            if dist:
                d.square = a.square = corner
                _moved(m, a, d, "drags him to the corner")
            a.square = corner
            if stand:
                a.position = "Facing"
            a.ap = ap
            from rules.arm.positioning import place_on_turnbuckle

            for _try in range(ap):  # a failure loses the AP; he may try again while AP remain
                if d.perch or a.ap < 1 or not place_on_turnbuckle(m, a, d, rope=3) and a.ap == ap:
                    break
                ap = a.ap
            return
    # lift a fallen opponent when his standing moves are better
    if d.fallen and ap >= 2 and _prefers_standing(m, a, d):
        d.position = "Bent"
        ap -= 2
        if ap >= 2 and not _prefers_bent(a):
            d.position = "Facing"
            ap -= 2
        _moved(m, a, d, "pulls him up")
    elif m.tag and _drag_to_our_corner(m, a, d, ap):
        from rules.arm.venue import CORNER_OF

        corner = CORNER_OF[a.side]
        ap -= 2 * distance(d.square, corner)
        d.square = a.square = corner
        d.cornered = "trapped" if cheat(m, a) >= 0.4 else "placed"
        _moved(m, a, d, "drags him to his own corner")
    elif d.standing and cheat(m, a) >= 0.4 and in_ring(d.square) and KIND[d.square] != "X":
        corner, dist = nearest_cached(d.square, CORNER)
        if 2 * dist <= ap:
            ap -= 2 * dist
            d.square = a.square = corner
            d.cornered = "trapped"
            _moved(m, a, d, "drives him into the corner")
    elif d.standing and a.policy.aggression >= 0.6 and in_ring(d.square) and KIND[d.square] != "X":
        corner, dist = nearest_cached(d.square, CORNER)
        if 2 * dist <= ap and dist <= 1:
            ap -= 2 * dist
            d.square = a.square = corner
            d.cornered = "placed"
            _moved(m, a, d, "backs him into the corner")
    crowd = 3 if "Style: Showman" in a.merits else 4
    if ap >= crowd and a.heat * (1 if a.alignment == "face" else -1) < 10:
        ap -= crowd
        heat_change(m, a, 1 if a.alignment == "face" else -1, crowd=True)
    a.ap = ap


def _ring_out_count(m, f):
    from rules.arm import referee

    return referee.counting(m, f, "ring_out")


def _stop_ring_outs(m, *fighters):
    from rules.arm import referee

    for f in fighters:
        referee.stop_count(m, f, "ring_out")


def _moved(m, a, d, what):
    from rules.arm import narration

    m.emit("position", narration.moves_opponent(a, d, what), actor=a.idx, target=d.idx)


def _prefers_standing(m, a, d):
    ready = d.level + 1 >= a.policy.finisher_weardown
    key = ("prefers standing", ready)  # a function of the arsenal and whether the Finisher is on
    hit = a.rank_cache.get(key)
    if hit is None:
        hit = a.rank_cache[key] = _prefers_standing_of(a, d)
    return hit


def _prefers_standing_of(a, d):
    ground = standing = 0.0
    for entry in a.attacks:
        man = entry.move
        if man.type == "Trick" or (entry.finisher and d.level + 1 < a.policy.finisher_weardown):
            continue
        dmg = man.damage * (2 if entry.finisher else 1)
        for _aset, dset in man.req:
            if "Prone" in dset:
                ground = max(ground, dmg)
            if "Facing" in dset or "Bent" in dset:
                standing = max(standing, dmg)
    return standing > ground + 1


def _prefers_bent(a):
    fin = a.finisher
    return fin is not None and any("Bent" in dset and "Facing" not in dset for _a, dset in fin.move.req)


def heat_change(m, f, delta, crowd=False):
    """P-ARM-07: Heat is clamped to -10..+10; the first time it reaches 5 in his favour, +1 Edge."""
    f.heat = max(-10, min(10, f.heat + delta))
    if crowd:
        from rules.arm import narration

        m.emit("crowd", narration.play_to_crowd(f), actor=f.idx, heat=f.heat)
    favour = f.heat if f.alignment == "face" else -f.heat
    if favour >= 5 and not f.heat_bonus_given:
        f.heat_bonus_given = True
        f.edge += 1


def edge_at_round_start(m, a, d):
    """Second Wind when worn, Fired Up for a face in trouble, Working Over a Finisher's target."""
    for f in (a, d):
        if f.edge >= 1 and f.level >= 3 and f.level > m.opponent(f).level:
            edge.second_wind(m, f)
    if (
        a.alignment == "face"
        and a.edge >= 6
        and not a.fired_up
        and a.level >= 2
        and a.level >= d.level
        and a.policy.aggression >= 0.4
    ):
        edge.fire_up(m, a)
    if (
        a.finisher is not None
        and a.edge >= 3
        and m.round >= 3
        and a.policy.aggression >= 0.5
        and a.finisher.move.target
        and a.finisher.move.target not in a.working
    ):
        edge.work_over(m, a, a.finisher.move.target)


def seize_plan(m, d, a, plan):
    """The defender seizes the initiative against a Finisher or a big move, if he can pay."""
    if d.edge < 1 or d.unconscious or d.dazed or plan.kind != "attack":
        return None
    big = plan.entry.finisher or (plan.score >= 5 and d.level >= 2)
    if not big:
        return None
    new = plan_attack(m, d, a, positioning=False)
    if new is None:
        return None
    illegal = new.entry.move.illegal
    if not edge.affordable(d, "seize_initiative", vs_finisher=plan.entry.finisher, illegal=illegal):
        return None
    return new, illegal


def choose_start(m, f, opp):
    """Call a tie-up or a test of strength when it beats his odds in the SAV Contest."""
    sav = f.attrs["SAV"] - opp.attrs["SAV"]
    cet = max(f.attrs["STR"], f.attrs["TEC"]) - max(opp.attrs["STR"], opp.attrs["TEC"])
    tos = f.attrs["STR"] + f.reach - opp.attrs["STR"] - opp.reach
    best = max((sav, "sav"), (cet, "cet"), (tos, "tos"), key=lambda t: t[0])
    if best[1] != "sav" and best[0] >= sav + 2:
        return best[1]
    return "sav"


# --- pins ---------------------------------------------------------------------------------------


def _best_break_need(d, a, predicament, hook, attempts):
    best = -99
    for method in ("TEC", "STR", "SAV") if predicament else ("STR", "TEC", "AGI", "SAV"):
        need = d.attrs[method] - min(d.level, 4)
        if predicament:
            need -= 2 + (2 if method == "STR" else 0)
        elif method != "SAV":
            need -= a.lift
        if method == "SAV":
            need += d.reach + ROPE_REACH.get(KIND[d.square], -4)
        need += 2 * attempts - hook
        best = max(best, need)
    return best


def pin_chance(m, a, d, hook, attempts, predicament=False):
    if d.unconscious:
        return 1.0
    p = chance(_best_break_need(d, a, predicament, hook, attempts))
    return (1 - p) ** 3


def cover_hook(m, a, d, ap):
    if ap >= 3 and a.policy.aggression >= 0.7:
        return 2
    if ap >= 1:
        return 1
    return 0


def wants_screwjob(m, a, d):
    return cheat(m, a) >= 0.6 and m.ref.watching and not m.ref.no_dq and d.level >= 2


def pin_break_method(m, d, a, predicament, hook, attempts):
    best = None
    methods = ("TEC", "STR", "SAV") if predicament else ("STR", "TEC", "AGI", "SAV", "BRA")
    for method in methods:
        if method == "BRA" and (d.alignment == "face" or cheat(m, d) < 0.5):
            continue
        need = d.attrs[method]
        if predicament and method == "STR":
            need -= 2
        elif not predicament and method in ("STR", "TEC", "AGI"):
            need -= a.lift
        if method == "SAV":
            need += d.reach + ROPE_REACH.get(KIND[d.square], -4)
        if best is None or need > best[0]:
            best = (need, method)
    return best[1]


def wants_squeeze(m, d, a, n, method, hook, attempts, predicament, finisher):
    if d.edge < 2:
        return False
    danger = 1.0 if n == 1 else pin_chance(m, a, d, hook, attempts, predicament)
    if danger < 0.2:
        return False
    return edge.affordable(d, "squeeze_count", vs_finisher=finisher, bra_escape=method == "BRA")


def wants_repin(m, a, d, ap, attempts):
    return pin_chance(m, a, d, 1 if ap >= 2 else 0, attempts) >= 0.05


# --- holds --------------------------------------------------------------------------------------


def release_hold(m, h):
    from rules.arm import referee

    holder, victim, man = h.holder, h.victim, h.entry.move
    if victim.unconscious and man.type != "Sleeper":
        return True
    if referee.counting(m, holder, "choke") is not None or referee.counting(m, holder, "rope_break") is not None:
        return True
    if man.type == "Submission" and h.intensity + h.damage > victim.attrs["TOU"] - min(victim.level, 4):
        return h.rounds > 6
    if man.type == "Sleeper":
        return h.rounds > 5
    if h.resthold:
        return holder.damage == 0 or h.rounds > 4
    return h.rounds > 2


def hold_reposition(m, h):
    holder, victim = h.holder, h.victim
    if KIND[victim.square] in ROPE_SIDE and holder.ap >= 2 and hold_break_option(m, victim, holder, h) == "SAV":
        target, _d = nearest_cached(victim.square, frozenset({"M"}))
        spend(holder, 2)
        victim.square = holder.square = target
        return 2
    return 0


def wants_leverage(m, h):
    c = cheat(m, h.holder)
    return c >= 0.4 and (not m.ref.watching or c >= 0.7 or m.ref.no_dq)


def hold_break_option(m, victim, holder, h):
    best = None
    for option in ("TEC", "STR", "SAV"):
        need = victim.attrs[option]
        if option == "STR":
            need -= 2
        if option == "SAV":
            need += victim.reach + ROPE_REACH.get(KIND[victim.square], -4)
            if h.rope_refused:
                need -= 10
        if best is None or need > best[0]:
            best = (need, option)
    rev = hold_reversal(m, victim, holder, h)
    if rev is not None:
        extra = turnover_bonus(holder) + (sum(rev[1].values()) if rev[1] else 0)
        need = estimate(m, victim, holder, rev[0], extra) - (20 - h.attack_value) // 2
        if need > best[0]:
            return "REV"
    return best[1]


def hold_reversal(m, victim, holder, h):
    """A bought Reversal of this hold, else (a Counter-minded man) the better improvised one (D61)."""
    rev = victim.reversals.get(h.entry.move.base)
    if rev is not None:
        return rev, None
    if victim.policy.counter < 0.5 or not victim.reversal_pool:
        return None
    best = None
    for cand, pen in victim.reversal_pool:
        need = estimate(m, victim, holder, cand, pen)
        if best is None or need > best[0]:
            best = (need, cand, pen)
    return best[1], {"improvised Reversal": best[2]}


def refuses_rope_break(m, holder, h):
    return cheat(m, holder) >= 0.7 and not h.rope_refused and not m.ref.no_dq


def wants_hanging_on(m, victim, h):
    return edge.affordable(victim, "hanging_on", vs_finisher=h.entry.finisher)


# --- Changes of Venue: tag teams and cages ----------------------------------------------------------------


def _partner(m, f):
    from rules.arm.venue import fresh_partner

    return fresh_partner(m, f)


def wants_tag(m, a, d, ap=None):
    """Tag out when he is worn and a fresher partner waits: ("tag", partner) when the corner is close
    enough (a small shortfall is fine: the new man carries it), ("fake", partner) for a cheater who is
    too far away, else None."""
    from rules.arm.venue import TAG_AP, tag_distance

    if a.unconscious or a.perch or a.level < 2:
        return None
    partner = _partner(m, a)
    if partner is None or partner.level >= a.level:
        return None
    if m.hold is not None:
        return None
    have = a.ap if ap is None else ap
    cost = tag_distance(a) + TAG_AP
    if cost <= have + (0 if ap is not None else 3):
        return "tag", partner
    if ap is None and cheat(m, a) >= 0.4 and m.ref.watching:
        entry = a.venue_moves.get("Fake Tag")
        if entry is not None and estimate(m, a, d, entry) - a.tricks_used.get("Fake Tag", 0) >= 6:
            return "fake", partner
    return None


def wants_blind_tag(m, a, d):
    """Heels (and anyone who trained it) slip in a blind tag when the opponent can see little."""
    entry = a.venue_moves.get("Blind Tag")
    return entry is not None and (entry.known or cheat(m, a) >= 0.3) and not d.unconscious


def save_coming(m, victim):
    from rules.arm.venue import fresh_partner

    saver = fresh_partner(m, victim)
    return saver is not None and wants_save(m, saver, None, victim)


def wants_save(m, saver, pinner, victim):
    """Always break up a pinfall, unless the warning for it would disqualify him."""
    return not (m.ref.watching and not m.ref.no_dq and saver.warnings >= m.ref.warning_limit)


def wants_block(m, blocker, saver):
    return not (m.ref.watching and not m.ref.no_dq and blocker.warnings >= m.ref.warning_limit)


def lingers(m, f):
    """A cheating heel stays in one more round to double-team again (the referee's five-count runs)."""
    return cheat(m, f) >= 0.7 and f.lingering == 0 and m.legal[f.side] is m.attacker


def _drag_to_our_corner(m, a, d, ap):
    """Take a standing man to our own corner, where the partner can reach him for a double team."""
    from rules.arm.venue import CORNER_OF

    if not d.standing or not in_ring(d.square) or _partner(m, a) is None:
        return False
    if a.policy.aggression < 0.5 and cheat(m, a) < 0.3:
        return False
    dist = distance(d.square, CORNER_OF[a.side])
    return dist > 0 and 2 * dist <= ap


def double_team(m, a, d, plan):
    """Bring the partner in for a double team when the victim is within his reach (tag)."""
    from rules.arm import venue

    if plan.kind != "attack" or plan.unopposed or plan.both is not None:
        return
    man = plan.entry.move
    if man.is_hold or man.high_risk or man.type == "Trick" or "PP" in man.props or d.perch:
        return
    heel = cheat(m, a) >= 0.3
    if not heel and (a.policy.aggression < 0.6 or d.level < 2):
        return
    if d.level < 1 or m.round - m.last_double[a.side] < (4 if heel else 6):
        return
    partner = _partner(m, a)
    if partner is None or partner.level > 2 or (not heel and partner.warnings):
        return
    if m.ref.watching and not m.ref.no_dq and partner.warnings >= m.ref.warning_limit:
        return
    if distance(partner.square, d.square) > partner.agi_bonus + 1:
        return
    p_entry = None
    for e in partner.attacks:
        em = e.move
        if d.position not in e.dpos or em.is_hold or em.high_risk or em.type == "Trick" or "PP" in em.props:
            continue
        if em.props & {"OBJ", "TAG"} or em.base in ("Fire Tab", "Powder") or e.finisher:
            continue
        if em.name == man.name:
            p_entry = e
            break
        if (
            p_entry is None
            or estimate(m, partner, d, e) + em.damage > estimate(m, partner, d, p_entry) + p_entry.move.damage
        ):
            p_entry = e
    if p_entry is None:
        return
    plan.tandem = (partner, p_entry)
    m.last_double[a.side] = m.round
    venue.enter_double_team(m, a, d, plan)


def team_choice(m, a, d, plan, others):
    """A lone wrestler with Advantage against two men: attack both at -2 per target when his odds
    stay good, else attack the legal man and let the other have his free attack."""
    if (
        plan.kind != "attack"
        or plan.entry.move.is_hold
        or "PP" in plan.entry.move.props
        or plan.entry.move.type == "Trick"
    ):
        return "one"
    from rules.arm.venue import TEAM_TARGET_PENALTY

    extra = sum(plan.opts.values()) if plan.opts else 0
    need = estimate(m, a, d, plan.entry, extra + 2 * TEAM_TARGET_PENALTY)
    return "both" if need >= 11 else "one"


def _venue_counter(m, d, a, entry, threshold):
    """Lunge Tag (tag) and Lunge Escape (cage) as Counters: when worn and the odds are decent."""
    if m.tag:
        e = d.venue_moves.get("Lunge Tag")
        partner = _partner(m, d)
        if e is None or partner is None or d.level < 2 or partner.level >= d.level or not d.legal:
            return None
        from rules.arm.venue import lunge_distance_mod

        opts = lunge_distance_mod(d)
        need = estimate(m, d, a, e, sum(opts.values()) if opts else 0)
        if need >= threshold - 2:
            return e, opts
        return None
    if m.cage is not None and m.cage.escapes_win:
        e = d.venue_moves.get("Lunge Escape")
        if e is None or d.level < 2:
            return None
        from rules.arm.venue import lunge_escape_mod

        opts = lunge_escape_mod(m, d)
        need = estimate(m, d, a, e, sum(opts.values()) if opts else 0)
        if need >= threshold:
            return e, opts
    return None


def wants_escape(m, a, d):
    """Climb out when the opponent cannot stop him (down, out cold, dazed or blinded), or when only
    escaping wins and he is not losing."""
    cage = m.cage
    if cage is None or not cage.escapes_win or a.perch or m.hold is not None or a.agi_bonus < 1:
        return False
    if a.escaping:
        return True
    if d.unconscious:
        return True
    helpless = d.dazed or d.blinded or (d.fallen and d.level >= 1)
    if helpless:
        cost, _route = cage.exit_cost(a)
        return cost <= a.ap + 2 * max(1, d.level)
    return cage.escape == "escape" and d.level > a.level and m.round >= 4
