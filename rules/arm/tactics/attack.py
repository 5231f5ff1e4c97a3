"""The attacker's choice of this round's maneuver (or a stall, a movement round, a referee bump), and the start.

Every plan comes from :mod:`rules.arm.plans` (what the rules allow and what it costs); this module only scores and
picks. The pick among the three best attacks is a recorded d6 ("tactics: which attack")."""

from rules.arm import edge, plans
from rules.arm.injury import use_penalty
from rules.arm.modifiers import chance, estimate
from rules.arm.ring import in_ring
from rules.arm.tables import FOREIGN_OBJECTS
from rules.arm.tactics.policy import Style, cheat, weapon_source

SHORTLIST = 6
MAX_STALLS = 3  # stall rounds in a row (a choice: the seed allows "a round (or more)")


def finisher_ready(attacker, defender):
    """He goes for the Finisher once his man is at ``finisher_weardown`` or worse (or out cold)."""
    return defender.level + 1 >= attacker.policy.finisher_weardown or defender.unconscious


def build(match, attacker, defender, entry, positioning=True):
    """The plan he would make for ``entry`` from the current positions, or None (not allowed, or not his game)."""
    if defender.position not in entry.dpos:
        return None
    if entry.finisher and (not finisher_ready(attacker, defender) or edge.finisher_banned(attacker)):
        return None
    man = entry.move
    if entry.plain:
        return _finish(
            match, attacker, defender, entry, man, plain(match, attacker, defender, entry, positioning), positioning
        )
    cheating = cheat(match, attacker) if attacker.policy.cheating else 0.0
    if man.illegal and cheating < 0.2:
        return None
    if man.type == "Trick":
        if man.base != "Distract Referee" or not match.ref.watching or cheating < 0.3:
            return None
        if not weapon_source(match, attacker):
            return None
    if (man.base in ("Fire Tab", "Powder") or "OBJ" in man.props) and cheating < 0.3:
        return None
    plan = plans.attack_plan(match, attacker, defender, entry, positioning, Style(match, attacker, defender, cheating))
    if plan is None or man.type == "Trick" or man.props & plans.AERIAL:
        return plan
    return _finish(match, attacker, defender, entry, man, plan, positioning)


def plain(match, attacker, defender, entry, positioning, context=None, over_top=None):
    """``build`` for a plain maneuver (the shared round context and over-the-top wish may be given)."""
    if context is None:
        context = plans.plain_context(match, attacker, defender)
    if over_top is None:
        over_top = wants_over_top(match, attacker)
    return plans.plain_plan(
        match, attacker, defender, entry, positioning, context, over_top, attacker.level > defender.level
    )


def wants_over_top(match, attacker):
    return bool(attacker.policy.cheating) and cheat(match, attacker) >= 0.5


def _finish(match, attacker, defender, entry, man, plan, positioning):
    """The ambush's Unopposed first attack; flair and Desperation on a big move (his choice)."""
    if plan is None:
        return None
    if attacker.ambush_pending:
        plans.surprise(plan, attacker)
    if not positioning or not (entry.finisher or man.level >= 3):
        return plan
    if attacker.alignment == "face":
        showman = "Style: Showman" in attacker.merits
        if showman or attacker.policy.aggression >= 0.7:
            plans.add_flair(plan, attacker)  # a flourish for the fans: -1 (none for a Showman), +1 spot bonus
    if (
        entry.finisher
        and attacker.level >= 3
        and defender.level >= 3
        and attacker.policy.aggression >= 0.5
        and estimate(match, attacker, defender, entry) < 10
    ):
        plans.add_desperation(plan, 2)  # push through the pain: +2, 2 + Level to himself
    return plan


def _expected_damage(attacker, defender, entry, plan):
    if entry.plain:  # no Stun Code, altitude or object: a function of the entry and his weardown
        memo = entry.expected
        dmg = memo.get(defender.level)
        if dmg is None:
            dmg = memo[defender.level] = _expected_damage_of(attacker, defender, entry, plan)
        return dmg
    return _expected_damage_of(attacker, defender, entry, plan)


def _expected_damage_of(attacker, defender, entry, plan):
    man = entry.move
    dmg = man.damage
    if "W" in man.tags:
        dmg += attacker.wdb
    if "H" in man.tags:
        dmg += attacker.hdb
    dmg += plan.sc + 2 * plan.alt + plan.launch_bonus
    if entry.finisher:
        dmg *= 2
    if man.is_hold:
        dmg *= 2.5
        if man.type == "Submission" and defender.level >= 2:
            dmg += 4 * defender.level
        if man.type == "Sleeper" and defender.level >= 2:
            dmg += 3 * defender.level
    if "PP" in man.props:
        dmg = 2 + 3 * defender.level
    if man.base == "Fire Tab":
        dmg = 9
    if man.base in ("Powder", "Eye Gouge"):
        dmg += 3
    if "OBJ" in man.props:
        weapon = attacker.weapon or plan.grab or plan.draw
        dmg += FOREIGN_OBJECTS[weapon][1] if weapon else 0
    return dmg


def score(match, attacker, defender, entry, plan):
    man = entry.move
    policy = attacker.policy
    if man.type == "Trick":
        return 4.0 + 6 * policy.cheating
    extra = -(plan.cost - attacker.ap) if plan.cost > attacker.ap else 0
    if plan.opts:
        extra += sum(plan.opts.values())
    odds = chance(estimate(match, attacker, defender, entry, extra))
    value = odds * _expected_damage(attacker, defender, entry, plan)
    if man.high_risk:
        value -= (1 - odds) * (2 + attacker.wdb + 2 * plan.alt + plan.launch_bonus) * (1.0 - policy.risk)
    if entry.finisher:
        if edge.finisher_banned(attacker):
            return -99.0
        value += 6 * odds
    if man.illegal:
        value *= 0.6 + policy.cheating * 0.6
        watched = match.ref.watching and not match.ref.no_dq
        if watched and attacker.warnings >= match.ref.warning_limit:
            value -= 10
        if "OBJ" in man.props or man.base in ("Fire Tab", "Powder"):
            value += -8 if watched else 4
    value += policy.aggression * man.level * 0.3 * odds
    if attacker.perch and "FLYING" in man.props:
        value += 3.0  # he climbed up there to fly
    if not entry.known:
        value -= 0.3
    return value


def _first_two(item):
    return item[0], item[1]


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


def plan_attack(match, attacker, defender, positioning=True):
    """Pick this round's attack (or a stall / movement round)."""
    if positioning and attacker.just_performed and wants_stall(match, attacker, defender):
        return plans.Plan("stall")
    best = []
    context = over_top = None
    fresher = attacker.level > defender.level
    for _q, i, entry in ranked(attacker, defender):
        if entry.plain and not entry.finisher:  # what build() would do, one call fewer
            if context is None:
                context = plans.plain_context(match, attacker, defender)
                over_top = wants_over_top(match, attacker)
            plan = plans.plain_plan(match, attacker, defender, entry, positioning, context, over_top, fresher)
            plan = _finish(match, attacker, defender, entry, entry.move, plan, positioning)
        else:
            plan = build(match, attacker, defender, entry, positioning)
        if plan is None:
            continue
        plan.score = score(match, attacker, defender, entry, plan)
        best.append((-plan.score, i, plan))
        if len(best) >= SHORTLIST:
            break
    return _pick(match, attacker, defender, best, positioning)


def ranked(attacker, defender):
    """A cheap first pass (chance x typical damage) ranks the candidates, so that only the most
    promising are built and scored in full. The ranking depends only on the key below, which repeats
    from round to round, so each wrestler keeps the rankings he has made (read-only lists)."""
    defender_position = defender.position
    ready = finisher_ready(attacker, defender)
    fired = attacker.fired_up > 0
    adjust = attacker.ref_penalty + 2 * attacker.telegraph - (4 if attacker.blinded else 0)
    if not fired:
        adjust -= min(attacker.level, 4)
    defender_level = min(defender.level, 4)
    lift = defender.lift
    injured = bool(attacker.injuries)
    key = (
        defender_position,
        ready,
        fired,
        adjust,
        defender_level,
        lift,
        tuple(attacker.injuries.items()) if injured else None,
        len(attacker.attacks),
    )
    cache = attacker.rank_cache
    found = cache.get(key)
    if found is None:
        found = cache[key] = _rank(attacker, defender_position, ready, fired, adjust, defender_level, lift, injured)
    return found


def _quick(attacker, entry):
    quick = entry.quick
    if quick is None:
        quick = entry.quick = quick_value(entry.move, entry.finisher, attacker.wdb, attacker.hdb)
    return quick


def _rank(attacker, defender_position, ready, fired, adjust, defender_level, lift, injured):
    out = []
    for i, entry in enumerate(attacker.attacks):
        if defender_position not in entry.dpos or (entry.finisher and not ready):
            continue
        man = entry.move
        need = entry.static_need + adjust
        over = man.level - defender_level
        if over > 0 and not fired:
            need -= 2 * over
        if "LIFT" in man.props:
            need -= lift
        if injured:
            need += use_penalty(attacker, man.uses)
        odds = 0.0 if need <= 0 else (0.95 if need >= 19 else need / 20.0)
        quick = entry.quick
        if quick is None:
            quick = _quick(attacker, entry)
        out.append((-quick * odds, i, entry))
    out.sort(key=_first_two)
    return out


def _pick(match, attacker, defender, best, positioning):
    if not best:
        if not positioning:
            return None
        return plans.movement_plan(match, attacker, defender)
    best.sort(key=_first_two)
    if len(best) > 1 and positioning:
        roll = match.dice.roll(6, "tactics: which attack", actor=attacker.idx)
        pick = 0 if roll <= 3 else (1 if roll <= 5 else 2)
        pick = min(pick, len(best) - 1)
        if best[pick][0] - best[0][0] > 2.5:  # never a much worse choice
            pick = 0
        return best[pick][2]
    return best[0][2]


def wants_stall(match, attacker, defender):
    """Stall when he is more worn than his opponent and the opponent is down (or outside)."""
    if attacker.level == 0 or attacker.level < defender.level or attacker.stalls >= MAX_STALLS:
        return False
    counts = match.ref.counts
    if attacker.perch and counts and any(c[0] == "top_rope" and c[1] is attacker for c in counts):
        return False  # the referee is counting him on the top rope: time to come off it
    if not (defender.fallen or not in_ring(defender.square)):
        return False
    if attacker.damage < 6:
        return False
    return attacker.policy.aggression < 0.75 or attacker.level >= defender.level + 1


def wants_referee_bump(match, attacker, defender):
    """A rulebreaker who means to cheat big takes the referee out first (D50): he is in control, the
    opponent is worn, he has something to cheat with, the referee is watching (and has not been bumped
    yet) and his SAV makes it look like an accident often enough."""
    if attacker.policy.cheating < 0.7:
        return False
    ref = match.ref
    if ref.bumps or ref.no_dq or not ref.watching or defender.level < 2 or attacker.warnings >= ref.warning_limit:
        return False
    if attacker.attrs["SAV"] - min(attacker.level, 4) < 12:
        return False
    return bool(weapon_source(match, attacker)) or match.second_for(attacker.side) is not None


def choose_start(match, fighter, opponent):
    """Call a tie-up or a test of strength when it beats his odds in the SAV Contest."""
    sav = fighter.attrs["SAV"] - opponent.attrs["SAV"]
    cet = max(fighter.attrs["STR"], fighter.attrs["TEC"]) - max(opponent.attrs["STR"], opponent.attrs["TEC"])
    tos = fighter.attrs["STR"] + fighter.reach - opponent.attrs["STR"] - opponent.reach
    best = max((sav, "sav"), (cet, "cet"), (tos, "tos"), key=lambda t: t[0])
    if best[1] != "sav" and best[0] >= sav + 2:
        return best[1]
    return "sav"
