"""Seed 000, "Maneuver resolution" (90: "If the check succeeds, the maneuver has been performed") and "Damage"
(103-105: "Maneuvers, generally speaking, can do four things when they succeed: consume some of the attacker's
energy, cause the opponent pain and fatigue, daze and disorient the opponent, and/or cause lasting injury"): what
a performed maneuver does, the knock-back into the turnbuckle (30), over the top rope (45), the referee's check
for an illegal action (154) and the Tricks."""

from rules.arm import damage, follow_up, heat, injury, narration, referee, submission, tag, winning
from rules.arm.checks import margin
from rules.arm.ring import KIND, ROPE_SIDE, in_ring, is_outside, nearest_cached
from rules.arm.tables import CATEGORY, STUN_CODES

FLOOR = frozenset({"."})
CORNER = frozenset({"X"})


def perform(match, attacker, defender, entry, plan, roll, countered=None):
    """The maneuver has been performed (P-ARM-11 step 6)."""
    man = entry.move
    _note_performed(match, attacker, man)
    outcome = roll["outcome"]
    if "TRICK" in man.props and man.type == "Trick":
        trick(match, attacker, defender, entry, roll)
        return
    with_object = _uses_object(attacker, man)
    dealt, parts = damage.maneuver_damage(match, attacker, defender, entry, plan, outcome)
    partner_exertion = 0
    if plan.tandem:
        partner, partner_entry = plan.tandem
        partner_dealt, partner_exertion = tag.partner_share(match, partner, defender, partner_entry, outcome)
        parts.append((f"{partner.name}: {partner_entry.label}", partner_dealt))
        dealt += partner_dealt
    knocked_back, over, extra = _knocked(match, defender, man, plan, roll)
    if extra:
        parts.append(extra)
        dealt += extra[1]
    _positions_after(match, attacker, defender, man, plan, knocked_back, over)
    exert, own = _exertion(match, attacker, defender, man, plan)
    if "OUTSIDE" in man.props:
        attacker.square = defender.square
    old_attacker = damage.add(attacker, exert + own)
    old_defender = damage.add(defender, dealt)
    old_partner = damage.add(plan.tandem[0], partner_exertion) if plan.tandem else 0
    both = plan.both
    old_both = damage.add(both, dealt) if both is not None else 0
    if both is not None and man.result[1] and not knocked_back:
        both.position = man.result[1]
    if not man.is_hold and "PP" not in man.props:
        attacker.ap = max(0, dealt - own)  # shown in the maneuver event: his post-maneuver Action Points
    match.emit(
        "maneuver",
        narration.hit(attacker, defender, entry, dealt, outcome, countered, over),
        actor=attacker.idx,
        target=defender.idx,
        maneuver=entry.label,
        base=man.base,
        level=man.level,
        outcome=outcome,
        damage=dealt,
        breakdown=[{"name": n, "amount": x} for n, x in parts],
        exertion=exert + own,
        finisher=entry.finisher,
        **_venue_fields(plan, dealt, partner_exertion),
    )
    damage.after(match, defender, old_defender, entry.label, dealt)
    damage.after(match, attacker, old_attacker, "exertion", exert + own)
    if plan.tandem:
        damage.after(match, plan.tandem[0], old_partner, "exertion", partner_exertion)
    if both is not None:
        damage.after(match, both, old_both, entry.label, dealt)
    injury.injury_checks(match, attacker, defender, man, entry, outcome, dealt, with_object)
    _statuses(match, attacker, defender, entry, plan, dealt, over)
    illegal(match, attacker, defender, entry, plan, over)
    if defender.unconscious and match.attacker is not attacker:
        match.set_advantage(attacker)
    _what_follows(match, attacker, defender, entry, plan, dealt, own, roll)


def _note_performed(match, attacker, man):
    match.set_advantage(attacker)
    attacker.just_performed = True
    attacker.stalls = 0
    attacker.last_performed = man.base
    attacker.performed_round = match.round
    if man.cls == "BRA" and man.type == "Strike":
        attacker.chain += 1
        attacker.chain_round = match.round
    else:
        attacker.chain = 0
    attacker.running = False


def _uses_object(attacker, man):
    """Seed 35: maneuvers with a foreign object are Injuring (the Fire Tab and Powder are objects, single use)."""
    with_object = bool(attacker.weapon) and (
        "OBJ" in man.props or "FIST" in man.props or (man.base == "Choke" and attacker.weapon in ("Cloth", "Chain"))
    )
    if man.base in ("Fire Tab", "Powder"):
        with_object = True
        attacker.used_single.add(man.base)
        if man.base in attacker.concealed:
            attacker.concealed.remove(man.base)
    return with_object


def _knocked(match, defender, man, plan, roll):
    """Seed 30: a knock-down maneuver on a standing cornered man knocks him into the turnbuckle (its Stun Code +
    his WDB) and he stays standing; seed 45: succeeding by 2 more than his Lift throws him over the top rope (10 +
    his WDB). Returns (knocked back, over the top, the breakdown part or None)."""
    knocks_down = "KD" in man.props or CATEGORY.get(man.result[1]) == "Fallen"
    if knocks_down and defender.cornered and defender.standing and not man.is_hold:
        return True, False, ("knocked into the turnbuckle", STUN_CODES["Turnbuckle"] + defender.wdb)
    if (
        knocks_down
        and plan.over_top
        and not match.internal_cage
        and KIND[defender.square] in ROPE_SIDE
        and (margin(roll) or 0) >= 2 + defender.lift
    ):
        return False, True, ("over the top rope", 10 + defender.wdb)
    return False, False, None


def _positions_after(match, attacker, defender, man, plan, knocked_back, over):
    attacker_after, defender_after = man.result
    if man.flags and ("FLYING" in man.props or "SPRINGBOARD" in man.props or "OUTSIDE" in man.props):
        attacker.square = defender.square
    attacker.perch = ""
    defender.perch = ""  # whatever he was standing or sitting on, he is off it now
    if attacker_after:
        attacker.position = attacker_after
    if defender_after and not knocked_back:
        defender.position = defender_after
        if CATEGORY[defender_after] == "Fallen":
            defender.cornered = ""
    if man.base == "Irish Whip":
        corner, _dist = nearest_cached(defender.square, CORNER)
        if plan.sc == STUN_CODES["Turnbuckle"] and corner is not None:
            defender.square = corner
            defender.cornered = "placed"
        elif match.internal_cage:
            defender.square = nearest_cached(defender.square, ROPE_SIDE)[0]  # slammed into the cage wall
    if over:
        defender.square = nearest_cached(defender.square, FLOOR)[0]
        defender.position = "Prone"
        defender.cornered = ""


def _exertion(match, attacker, defender, man, plan):
    """Seed 104: exertion (a Desperation move paid it when he committed, P-ARM-26); seed 50: a dive to the
    floor hurts him too (the floor's Stun Code, halved for a Daredevil). Returns (exertion, own damage)."""
    desperation = plan.opts.get("desperation", 0) if plan.opts else 0
    exert = 0 if desperation else damage.exertion(man, defender.lift, powerhouse="Style: Powerhouse" in attacker.merits)
    own = 0
    if "OUTSIDE" in man.props:
        own = match.floor_sc // 2 if "Style: Daredevil" in attacker.merits else match.floor_sc
    return exert, own


def _statuses(match, attacker, defender, entry, plan, dealt, over):
    man = entry.move
    if "DAZE" in man.props:
        defender.dazed = 2
    if "BLIND" in man.props:
        defender.blinded = 1 + (dealt if man.base == "Powder" else 1)
    if man.flags and "Spinning" in man.flags:
        attacker.spot += 1
    if plan.flair:
        attacker.spot += 1
    if over or is_outside(defender.square):
        referee.start_count(match, defender, "ring_out")
    if is_outside(attacker.square):
        referee.start_count(match, attacker, "ring_out")


def _what_follows(match, attacker, defender, entry, plan, dealt, own, roll):
    man = entry.move
    if plan.free:
        return  # an illegal man's free attack: no hold, cover or positioning after it
    if man.is_hold:
        submission.start_hold(match, attacker, defender, entry, dealt, roll, plan)
        return
    if "PP" in man.props and defender.fallen and in_ring(defender.square):
        # seed 123: the predicament pins a man down in the ring; one knocked into the turnbuckle (seed 30) stays
        # standing, and he is not pinned
        winning.pin(match, attacker, defender, ap=0, predicament=True, finisher=entry.finisher)
        return
    ap = dealt
    if own:
        ap = max(0, ap - own)  # he must absorb the floor's damage before positioning his opponent
    follow_up.after_maneuver(match, attacker, defender, entry, ap)


def _venue_fields(plan, dealt, partner_exertion):
    out = {}
    if plan.tandem:
        partner, partner_entry = plan.tandem
        out["double_team"] = {"partner": partner.name, "maneuver": partner_entry.label, "exertion": partner_exertion}
    if plan.both is not None:
        out["also"] = {"name": plan.both.name, "side": plan.both.side, "damage": dealt}
    if plan.free:
        out["free_attack"] = True
    return out


def illegal(match, attacker, defender, entry, plan, over):
    """Seed 154: an action against the rules forces a Referee Check (automatic DQs per the promotion)."""
    man = entry.move
    cheats = []
    if man.illegal:
        cheats.append(man.name)
    if defender.cornered == "trapped" and man.type != "Trick":
        cheats.append("attacking a trapped opponent in the corner")
    if over:
        cheats.append("throwing him over the top rope")
    if not cheats:
        return
    heat.heat_change(match, attacker, -1)
    if man.base == "Choke":
        if attacker.weapon in ("Cloth", "Chain"):
            referee.referee_check(match, attacker, f"choking with a {attacker.weapon.lower()}", dq_key="foreign_object")
        referee.start_count(match, attacker, "choke", infraction="choking")
        return
    if "OBJ" in man.props or (attacker.weapon and "FIST" in man.props and attacker.weapon != "Taped Fist"):
        referee.referee_check(
            match, attacker, f"using a {attacker.weapon or 'foreign object'}", dq_key="foreign_object"
        )
    elif man.base in ("Fire Tab", "Powder"):
        # foreign objects (seed 39-42, P-ARM-20): an automatic DQ where the promotion's list makes foreign
        # objects one, or names this one (fire_tab, powder) (D57)
        own = "fire_tab" if man.base == "Fire Tab" else "powder"
        key = "foreign_object" if "foreign_object" in match.ref.automatic_dq else own
        if man.base == "Fire Tab":
            referee.referee_check(match, attacker, "a fire tab", dq_key=key, bonus=2, use_sav=True)
        else:
            referee.referee_check(match, attacker, "throwing powder", dq_key=key)
    elif over:
        referee.referee_check(match, attacker, "over the top rope", dq_key="over_the_top")
    else:
        referee.referee_check(match, attacker, cheats[0] if man.illegal else cheats[-1])


def trick(match, attacker, defender, entry, roll):
    man = entry.move
    if man.base == "Distract Referee":
        # seed 154: "distracting the referee" is against the rules and "forces a Referee Check"; a referee
        # who notices warns him and is not distracted (D56)
        heat.heat_change(match, attacker, -1)
        if referee.referee_check(match, attacker, "distracting the referee"):
            match.emit(
                "trick", narration.distract_seen(attacker, match.ref), actor=attacker.idx, trick=man.name, success=False
            )
            return
        if roll["outcome"] == "ace":
            rounds = 3
        else:
            rounds = match.dice.roll(3, "rounds the referee is distracted", actor=attacker.idx)
        referee.distract(match, rounds)
        match.emit(
            "trick", narration.distract(attacker, match.ref, rounds), actor=attacker.idx, trick=man.name, rounds=rounds
        )
        return
    match.emit("trick", narration.trick(attacker, entry), actor=attacker.idx, trick=man.name)
