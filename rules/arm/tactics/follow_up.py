"""His choices after a maneuver lands (the AP it gives, seed 54) and in a pinfall: cover and hook, re-pin,
screwjob; the victim's way to break the pin and Squeeze Count; the follow-up positioning and the crowd."""

from rules.arm import edge, follow_up, positioning, tag, winning
from rules.arm.modifiers import chance
from rules.arm.ring import CORNER_OF, KIND, ROPE_REACH, distance, in_ring
from rules.arm.tactics.policy import cheat
from rules.arm.tactics.venue import wants_tag

CORNER = frozenset({"X"})
STANDING = frozenset(("Facing", "Behind"))


def _best_break_need(victim, pinner, predicament, hook, attempts):
    best = -99
    for method in ("TEC", "STR", "SAV") if predicament else ("STR", "TEC", "AGI", "SAV"):
        need = victim.attrs[method] - min(victim.level, 4)
        if predicament:
            need -= 2 + (2 if method == "STR" else 0)
        elif method != "SAV":
            need -= pinner.lift
        if method == "SAV":
            need += victim.reach + ROPE_REACH.get(KIND[victim.square], -4)
        need += 2 * attempts - hook
        best = max(best, need)
    return best


def pin_chance(match, pinner, victim, hook, attempts, predicament=False):
    """His rough odds that a cover gets the three (the victim's best break, three dice)."""
    if victim.unconscious:
        return 1.0
    return (1 - chance(_best_break_need(victim, pinner, predicament, hook, attempts))) ** 3


def cover_hook(match, pinner, victim, ap):
    if ap >= 3 and pinner.policy.aggression >= 0.7:
        return 2
    if ap >= 1:
        return 1
    return 0


def cover_choice(match, pinner, victim, entry, ap_after_cover):
    """Cover a fallen man who is at least Tired (or after the Finisher, or out cold) when the pin chance is worth
    it, and while the referee can count; the hook (None: no cover)."""
    if not (victim.fallen and match.ref.watching):
        return None
    worth = (
        entry.finisher
        or victim.unconscious
        or (victim.level >= 2 and pin_chance(match, pinner, victim, 0, 0) >= 0.08 * (1.5 - pinner.policy.aggression))
    )
    return cover_hook(match, pinner, victim, ap_after_cover) if worth else None


def cover_after_release(match, holder, victim, ap_after_cover):
    """After letting go of a hold on a man who is down or out: always cover."""
    return cover_hook(match, holder, victim, ap_after_cover)


def wants_repin(match, pinner, victim, ap, attempts):
    return pin_chance(match, pinner, victim, 1 if ap >= 2 else 0, attempts) >= 0.05


def repin_choice(match, pinner, victim, ap, attempts):
    """Cover him again (at +2 to break each time) while the odds stay worth it; the hook, or None."""
    if not wants_repin(match, pinner, victim, ap, attempts):
        return None
    return cover_hook(match, pinner, victim, ap - winning.cover_cost(victim))


def wants_screwjob(match, pinner, victim):
    return cheat(match, pinner) >= 0.6 and match.ref.watching and not match.ref.no_dq and victim.level >= 2


def screwjob_choice(match, pinner, victim):
    return pinner.alignment == "heel" and wants_screwjob(match, pinner, victim)


def pin_break_method(match, victim, pinner, predicament, hook, attempts):
    best = None
    methods = ("TEC", "STR", "SAV") if predicament else ("STR", "TEC", "AGI", "SAV", "BRA")
    for method in methods:
        if method == "BRA" and (victim.alignment == "face" or cheat(match, victim) < 0.5):
            continue
        need = victim.attrs[method]
        if predicament and method == "STR":
            need -= 2
        elif not predicament and method in ("STR", "TEC", "AGI"):
            need -= pinner.lift
        if method == "SAV":
            need += victim.reach + ROPE_REACH.get(KIND[victim.square], -4)
        if best is None or need > best[0]:
            best = (need, method)
    return best[1]


def wants_squeeze(match, victim, pinner, dice, method, hook, attempts, predicament, finisher):
    if victim.edge < 2:
        return False
    danger = 1.0 if dice == 1 else pin_chance(match, pinner, victim, hook, attempts, predicament)
    if danger < 0.2:
        return False
    return edge.affordable(victim, "squeeze_count", vs_finisher=finisher, bra_escape=method == "BRA")


def tag_after_maneuver(match, attacker, defender, ap):
    """Spend the AP on the tag when he means to tag out and the corner is within them."""
    choice = wants_tag(match, attacker, defender, ap)
    return choice[1] if choice is not None and choice[0] == "tag" else None


def follow_up_choice(match, attacker, defender, ap):
    """What he does with the AP left: back into the ring, up to the top rope (a flyer), set him on the turnbuckle
    (a Super move), pull him up, or take him to a corner. None: nothing."""
    if not in_ring(defender.square):
        return _outside(match, attacker, defender, ap) if not in_ring(attacker.square) else None
    if _climbs(attacker, defender, ap):
        return "climb"
    if _supers(attacker) and defender.standing and not defender.perch:
        cost, _corner, _dist = follow_up.turnbuckle_cost(attacker, defender)
        if ap >= cost + positioning.PLACE_ON_TURNBUCKLE:
            return "turnbuckle"
    if defender.fallen and ap >= 2 and prefers_standing(attacker, defender):
        return "lift:Facing" if ap >= 4 and not prefers_bent(attacker) else "lift:Bent"
    if match.tag and _drag_to_our_corner(match, attacker, defender, ap):
        return "own-corner:trap" if cheat(match, attacker) >= 0.4 else "own-corner:place"
    if defender.standing and in_ring(defender.square) and KIND[defender.square] != "X":
        cost, _corner, dist = follow_up.corner_cost(defender)
        if cheat(match, attacker) >= 0.4:
            return "corner:trap" if cost <= ap else None
        if attacker.policy.aggression >= 0.6 and cost <= ap and dist <= 1:
            return "corner:place"
    return None


def plays_to_crowd(match, attacker, defender, action):
    """Spare AP go to playing to the crowd (not while his man is outside the ring)."""
    return in_ring(defender.square)


def _outside(match, attacker, defender, ap):
    """Both outside: a face rolls him back in; anyone slides back in himself once the count is past 7."""
    from rules.arm import referee

    cost, _target = follow_up.roll_in_cost(defender)
    if attacker.alignment == "face" and ap >= cost:
        return "roll-in"
    count = referee.counting(match, attacker, "ring_out")
    if count is not None and count >= 8 and follow_up.slide_in_cost(attacker, defender)[0] <= ap:
        return "slide-in"
    return None


def _flyers(attacker, defender):
    key = ("flyers", defender.position)  # a function of the arsenal and his man's position
    found = attacker.rank_cache.get(key)
    if found is None:
        found = attacker.rank_cache[key] = [
            e
            for e in attacker.attacks
            if "FLYING" in e.move.props
            and "OUTSIDE" not in e.move.props
            and any(defender.position in dset for _aset, dset in e.move.req)
        ]
    return found


def _climbs(attacker, defender, ap):
    """A high flyer climbs while his man is down, to fly next round."""
    flyers = _flyers(attacker, defender)
    if not flyers or any(e.label == attacker.last_attempt for e in flyers):
        return False
    if not (defender.fallen and attacker.policy.risk >= 0.3 and not attacker.perch):
        return False
    cost, corner = positioning.climb_plan(attacker, 3)
    return cost <= ap and distance(corner, defender.square) <= 3


def _supers(attacker):
    found = attacker.rank_cache.get("supers")
    if found is None:
        found = attacker.rank_cache["supers"] = [e for e in attacker.attacks if "SUPER" in e.move.props]
    return found


def _drag_to_our_corner(match, attacker, defender, ap):
    """Take a standing man to our own corner, where the partner can reach him for a double team."""
    if not defender.standing or not in_ring(defender.square) or tag.fresh_partner(match, attacker) is None:
        return False
    if attacker.policy.aggression < 0.5 and cheat(match, attacker) < 0.3:
        return False
    cost, _corner, dist = follow_up.corner_cost(defender, CORNER_OF[attacker.side])
    return dist > 0 and cost <= ap


def prefers_standing(attacker, defender):
    ready = defender.level + 1 >= attacker.policy.finisher_weardown
    key = ("prefers standing", ready)  # a function of the arsenal and whether the Finisher is on
    hit = attacker.rank_cache.get(key)
    if hit is None:
        hit = attacker.rank_cache[key] = _prefers_standing_of(attacker, defender)
    return hit


def _prefers_standing_of(attacker, defender):
    ground = standing = 0.0
    for entry in attacker.attacks:
        man = entry.move
        if man.type == "Trick" or (entry.finisher and defender.level + 1 < attacker.policy.finisher_weardown):
            continue
        dmg = man.damage * (2 if entry.finisher else 1)
        for _aset, dset in man.req:
            if "Prone" in dset:
                ground = max(ground, dmg)
            if "Facing" in dset or "Bent" in dset:
                standing = max(standing, dmg)
    return standing > ground + 1


def prefers_bent(attacker):
    fin = attacker.finisher
    return fin is not None and any("Bent" in dset and "Facing" not in dset for _a, dset in fin.move.req)
