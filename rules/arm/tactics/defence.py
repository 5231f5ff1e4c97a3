"""The defender's choices: a Counter (Defense or Reversal) against the attacker's maneuver, the maneuver he
attempts after the attacker's miss, and the attacker's next strike in a BRA combo."""

from rules.arm import cage, tag
from rules.arm.modifiers import estimate, turnover_bonus
from rules.arm.ring import IN_RING, KIND, ROPE_SIDE
from rules.arm.tactics.attack import SHORTLIST, build, ranked, score


def choose_reply(match, defender, attacker):
    """After the attacker's miss: the best maneuver the defender can do from where he is."""
    if defender.unconscious:
        return None
    best = None
    tried = 0
    # a plain maneuver needs no positioning only if he need not climb down nor walk (the same for every
    # one of them) and is already in a position it allows (memoized per entry): skip the rest unbuilt
    defender_square, attacker_square = defender.square, attacker.square
    defender_in, attacker_in = KIND[defender_square] in IN_RING, KIND[attacker_square] in IN_RING
    blocked = (
        bool(defender.perch)
        or defender_in != attacker_in
        or max(abs(defender_square[0] - attacker_square[0]), abs(defender_square[1] - attacker_square[1])) > 1
    )
    stance = (defender.position, attacker.position)
    for _q, i, entry in ranked(defender, attacker):
        if entry.move.type == "Trick":
            continue
        if entry.plain and not entry.finisher:
            if blocked:
                continue
            hit = entry.reach.get(stance)
            if hit is not None and hit[0]:
                continue
        plan = build(match, defender, attacker, entry, positioning=False)
        if plan is None or plan.unopposed:
            continue
        value = score(match, defender, attacker, entry, plan)
        if best is None or value > best[0]:
            best = (value, i, entry)
        tried += 1
        if tried >= SHORTLIST:
            break
    return best[2] if best else None


def counter_threshold(defender):
    return 12 - 5 * defender.policy.counter


def choose_counter(match, defender, attacker, entry, plan):
    """Declare a Defense or Reversal (P-ARM-17) when its skill is good enough."""
    if defender.unconscious or defender.fallen or defender.dazed or defender.blinded:
        return None
    man = entry.move
    threshold = counter_threshold(defender)
    grad = turnover_bonus(attacker)
    venue = venue_counter(match, defender, attacker, entry, threshold - grad)
    if venue is not None:
        return venue
    best = None
    bought = defender.reversals.get(man.base)
    if bought is not None:
        need = estimate(match, defender, attacker, bought) + grad
        if need >= threshold - 1:
            best = (need + 1, bought, None)
    for defense in counters_of(defender, man):
        if defense.move.name == "Grab the Ropes" and KIND[defender.square] not in ROPE_SIDE:
            continue
        need = estimate(match, defender, attacker, defense) + grad
        if defense.move.name == "Hip Block":
            need += defender.lift
        if need >= threshold and (best is None or need > best[0]):
            best = (need, defense, None)
    if best is None and man.type in ("Slam", "Throw") and defender.policy.counter >= 0.5:
        for candidate, penalty in defender.reversal_pool:  # into a Throw he knows (-1) or not (-2)
            need = estimate(match, defender, attacker, candidate) + penalty + grad
            if need >= threshold and (best is None or need > best[0]):
                best = (need, candidate, {"improvised Reversal": penalty})
    if best is None:
        return None
    return best[1], best[2]


def counters_of(defender, man):
    """His Defenses that counter this maneuver (a function of his arsenal: kept per wrestler)."""
    key = ("counters", man.name)
    found = defender.rank_cache.get(key)
    if found is None:
        found = defender.rank_cache[key] = [d for d in defender.defenses if d.move.counters_maneuver(man)]
    return found


def venue_counter(match, defender, attacker, entry, threshold):
    """Lunge Tag (tag) and Lunge Escape (cage) as Counters: when worn and the odds are decent."""
    if match.tag:
        lunge = defender.venue_moves.get("Lunge Tag")
        partner = tag.fresh_partner(match, defender)
        if lunge is None or partner is None or defender.level < 2 or partner.level >= defender.level:
            return None
        if not defender.legal:
            return None
        opts = tag.lunge_distance_mod(defender)
        if estimate(match, defender, attacker, lunge, sum(opts.values()) if opts else 0) >= threshold - 2:
            return lunge, opts
        return None
    if match.cage is not None and match.cage.escapes_win:
        lunge = defender.venue_moves.get("Lunge Escape")
        if lunge is None or defender.level < 2:
            return None
        opts = cage.lunge_escape_mod(match, defender)
        if estimate(match, defender, attacker, lunge, sum(opts.values()) if opts else 0) >= threshold:
            return lunge, opts
    return None


def combo_next(match, attacker, defender):
    """Keep a BRA combo going while it is likely to land."""
    if attacker.chain >= 3:
        return None
    best = None
    for i, entry in enumerate(attacker.attacks):
        man = entry.move
        if man.cls != "BRA" or man.type != "Strike" or man.flags or man.high_risk:
            continue
        plan = build(match, attacker, defender, entry, positioning=False)
        if plan is None:
            continue
        need = estimate(match, attacker, defender, entry, sum(plan.opts.values()) if plan.opts else 0)
        if need >= 11 and (best is None or need > best[0]):
            best = (need, i, plan)
    return best[2] if best else None
