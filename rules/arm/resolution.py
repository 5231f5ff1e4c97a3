"""Seed 000, "Maneuver resolution": the standard round, the attack check, failure and the reply,
Standoff, collision, telegraph, Megamove, Unopposed, High Risk, Counters and Reversals, and what a
successful maneuver does (damage, exertion, injuries, statuses, referee, Action Points).
"""

from rules.arm import (
    advantage,
    clock,
    damage,
    edge,
    injury,
    interference,
    narration,
    positioning,
    referee,
    ring,
    tactics,
    venue,
    winning,
)
from rules.arm.checks import BOTCH, check, check_need, contest, margin, succeeded, unopposed
from rules.arm.modifiers import attack_mods, note_attempt, with_turnover
from rules.arm.ring import KIND, ROPE_SIDE, is_outside, nearest_cached
from rules.arm.tables import CATEGORY, FOREIGN_OBJECTS, STUN_CODES

MAX_STANDOFFS = 3  # then the referee restarts the match with a tie-up (seed: "when he feels ...")
MAX_COMBO = 4  # BRA strikes chained in one round
FLOOR = frozenset({"."})


def standard_round(m):
    if m.seconds:
        sec = tactics.wants_run_in(m)
        if sec is not None:
            interference.run_in(m, sec, m.opponent(m.legal[sec.side]))
    a, d = m.attacker, m.defender
    a.ap = a.agi_bonus
    a.deficit = 0
    tactics.edge_at_round_start(m, a, d)
    if m.cage is not None and tactics.wants_escape(m, a, d):
        # seed: leaving the cage "works like tagging": positioning (a movement round)
        m.round_seconds = clock.MOVEMENT
        a.just_performed = False
        if venue.escape_progress(m, a):
            venue.escaped(m, a, "positioning")
        venue.pull_down(m, d, a)
        return
    if m.tag:
        choice = tactics.wants_tag(m, a, d)
        if choice is not None:
            how, partner = choice
            if how == "fake":
                a.just_performed = False
                venue.fake_tag(m, a, d, partner)
                return
            a = venue.tag(m, a, d, partner)
            d = m.defender
    if tactics.wants_referee_bump(m, a, d):
        a.just_performed = False
        referee.bump(m, a)
        return
    plan = tactics.plan_attack(m, a, d)
    if plan.kind == "stall":
        # seed: "he can choose to stall a round (or more)": he is still just after his maneuver
        m.round_seconds = clock.STALL
        a.stalls += 1
        damage.stall(m, a)
        tactics.defender_recover(m, d)
        return
    a.just_performed = False
    execute_positioning(m, a, plan)
    if plan.kind == "move":
        m.round_seconds = clock.MOVEMENT
        return
    seize = tactics.seize_plan(m, d, a, plan)
    if seize is not None:
        new_plan, illegal = seize
        if edge.spend(m, d, "seize_initiative", detail=a.name, vs_finisher=plan.entry.finisher, illegal=illegal):
            m.set_advantage(d, "seized the initiative")
            a, d, plan = d, a, new_plan
            execute_positioning(m, a, plan)
    left_out = None
    if m.tag:
        others = venue.illegal_opponents(m, a)
        if others:
            if tactics.team_choice(m, a, d, plan, others) == "both":
                plan.both = others[0]
                plan.opts = dict(plan.opts or {}, **{"attacking both men": 2 * venue.TEAM_TARGET_PENALTY})
            else:
                left_out = others[0]
        else:
            tactics.double_team(m, a, d, plan)
    attempt(m, a, d, plan)
    if left_out is not None and not left_out.apron and not left_out.unconscious and not a.unconscious:
        venue.free_attack(m, a, left_out)


def execute_positioning(m, a, plan):
    """Spend the attacker's own AP on the plan's self-positioning (P-ARM-11 step 2)."""
    cost = plan.cost
    if cost:
        positioning.spend(a, cost)
    was_perched = a.perch
    moved = False
    if plan.position and plan.position != a.position:
        a.position = plan.position
        moved = True
    if plan.square is not None and plan.square != a.square:
        a.square = plan.square
        moved = True
    if plan.perch is not None and plan.perch != a.perch:
        a.perch = plan.perch
        moved = True
    if plan.launch:
        moved = True
    if plan.run:
        a.running = True
        moved = True
        if plan.rebound:
            m.rebounds += 1
    if plan.whip:
        d = m.opponent(a)
        meet = ring.whip_meeting(a.square, d.square, plan.whip)
        a.square = d.square = meet
        d.cornered = ""
    if plan.draw:
        a.concealed.remove(plan.draw)
        a.weapon = plan.draw
        moved = True
    if plan.grab:
        a.weapon = plan.grab
        moved = True
    if moved or cost:
        extra = {"launch": plan.launch} if plan.launch else {}
        m.emit(
            "position",
            narration.positioning(a, plan, was_perched),
            actor=a.idx,
            ap_spent=cost,
            shortfall=a.deficit,
            **extra,
        )


def _note_trick(a, entry):
    """Tricks: -1 per earlier use this card (counted once the attempt's modifiers are made)."""
    if "TRICK" in entry.move.props:
        base = entry.move.base
        a.tricks_used[base] = a.tricks_used.get(base, 0) + 1


def _consume(a):
    a.telegraph = 0
    a.ref_penalty = 0
    if a.fired_up:
        a.fired_up -= 1


def attempt(m, a, d, plan, combo=0):
    """The attacker attempts ``plan.entry`` on the defender (seed: "the attacker chooses a Maneuver
    ... and makes an Attribute Check ... If the check succeeds, the maneuver has been performed; if
    he fails, the opponent gains Advantage and attempts a maneuver")."""
    standoffs = 0
    while True:
        entry = plan.entry
        man = entry.move
        fired = a.fired_up > 0
        if plan.opts and plan.opts.get("desperation") and not desperate(m, a, entry, plan.opts["desperation"]):
            return
        unopp = plan.unopposed or d.dazed or d.blinded or d.unconscious
        counter = None if (unopp or plan.tandem) else tactics.choose_counter(m, d, a, entry, plan)
        note_attempt(a, entry)
        mods = attack_mods(m, a, d, entry, plan.opts)
        _note_trick(a, entry)
        if plan.tandem:
            mods = venue.double_team_mods(m, a, d, entry, plan, mods)
        if plan.unopposed:
            a.policy.ambush_pending = False
        if counter is not None:
            c_entry, c_opts = counter
            c_opts = with_turnover(c_opts, a)
            reversal = c_entry.move.type != "Defense"  # a Reversal is an attempt of its maneuver
            if reversal:
                note_attempt(d, c_entry)
            d_mods = attack_mods(m, d, a, c_entry, c_opts)
            _consume(a)
            _consume(d)
            w, ra, rd = contest(
                m.dice,
                mods,
                d_mods,
                f"{entry.label} vs {c_entry.label}",
                (a.idx, d.idx),
                (entry.label, c_entry.label if reversal else None),
            )
            if w == 0:
                perform(m, a, d, entry, plan, ra, countered=c_entry)
                return
            if man.high_risk:
                high_risk_crash(m, a, d, plan)
            if c_entry.move.name == "Lunge Tag":
                venue.lunge_tag_won(m, d, a)
                return
            if c_entry.move.name == "Lunge Escape":
                venue.escaped(m, d, "lunge")
            if c_entry.move.type == "Defense":
                m.emit(
                    "counter",
                    narration.countered(d, a, c_entry, entry),
                    actor=d.idx,
                    target=a.idx,
                    maneuver=entry.label,
                    counter=c_entry.label,
                )
                m.set_advantage(d)
                return
            m.emit(
                "counter",
                narration.reversed_(d, a, c_entry, entry),
                actor=d.idx,
                target=a.idx,
                maneuver=entry.label,
                counter=c_entry.label,
            )
            perform(m, d, a, c_entry, tactics.simple_plan(c_entry), rd)
            return
        _consume(a)
        if unopp:
            roll = unopposed(m.dice, mods, entry.label, a.idx, maneuver=entry.label)
        else:
            roll = check(m.dice, mods, entry.label, a.idx, entry.label)
        if d.dazed:
            d.dazed = 0
        if succeeded(roll):
            perform(m, a, d, entry, plan, roll)
            if man.cls == "BRA" and man.type == "Strike" and combo < MAX_COMBO and m.attacker is a:
                nxt = tactics.combo_next(m, a, d)
                if nxt is not None:
                    attempt(m, a, d, nxt, combo + 1)
            return
        a.chain = 0
        m.emit(
            "miss",
            narration.miss(a, d, entry, roll["outcome"]),
            actor=a.idx,
            target=d.idx,
            maneuver=entry.label,
            outcome=roll["outcome"],
        )
        if roll["outcome"] == BOTCH and m.stip["ropes_can_break"] and uses_the_ropes(m, a, plan):
            rope_holds(m, a)
        if fired:
            standoffs += 1
            m.tick(clock.STANDOFF)
            m.emit("standoff", narration.standoff(a, d, fired=True), actor=a.idx, target=d.idx)
            if standoffs >= MAX_STANDOFFS:
                return
            plan = tactics.plan_attack(m, a, d, positioning=False) or plan
            continue
        crashed = man.high_risk or ("RUNNING" in man.props and d.cornered and d.standing)
        if crashed:
            high_risk_crash(m, a, d, plan)
        if a.running:
            a.running = False
        reply = tactics.choose_reply(m, d, a)
        if roll["outcome"] == BOTCH:
            d.telegraph = 1
            if reply is None or d.unconscious:
                m.set_advantage(d, "telegraphed")
                return
            note_attempt(d, reply)
            r_mods = attack_mods(m, d, a, reply, None)
            _note_trick(d, reply)
            _consume(d)
            rr = check(m.dice, r_mods, reply.label, d.idx, reply.label)
            if rr["outcome"] == BOTCH:
                advantage.collision(m, a, d)
                return
            if succeeded(rr):
                perform(m, d, a, reply, tactics.simple_plan(reply), rr)
                return
            m.emit(
                "miss",
                narration.miss(d, a, reply, rr["outcome"]),
                actor=d.idx,
                target=a.idx,
                maneuver=reply.label,
                outcome=rr["outcome"],
            )
            m.set_advantage(d, "telegraphed")
            return
        if reply is None or d.unconscious:
            m.set_advantage(d, "a missed attack")
            return
        note_attempt(d, reply)
        r_mods = attack_mods(m, d, a, reply, None)
        _note_trick(d, reply)
        _consume(d)
        rr = check(m.dice, r_mods, reply.label, d.idx, reply.label)
        if succeeded(rr):
            perform(m, d, a, reply, tactics.simple_plan(reply), rr)
            return
        m.emit(
            "miss",
            narration.miss(d, a, reply, rr["outcome"]),
            actor=d.idx,
            target=a.idx,
            maneuver=reply.label,
            outcome=rr["outcome"],
        )
        if rr["outcome"] == BOTCH:
            a.telegraph = 1
            m.emit("telegraph", narration.telegraphed(d, a), actor=a.idx, target=d.idx)
            return
        if crashed:
            m.set_advantage(d, "the high-risk miss")
            return
        standoffs += 1
        m.tick(clock.STANDOFF)
        m.emit("standoff", narration.standoff(a, d), actor=a.idx, target=d.idx)
        if standoffs >= MAX_STANDOFFS:
            advantage.referee_restart(m)
            return
        plan = tactics.plan_attack(m, a, d, positioning=False) or plan


def desperate(m, a, entry, x):
    """Seed: "a Desperation move gains a +1 to hit for every point of damage he wishes to inflict to
    himself; the difficulty level of the maneuver is then added to this damage total". P-ARM-26 (D58): he
    takes X + Level as he commits to it, whether it lands or not (it replaces his exertion). Returns False
    when it leaves him unable to go on with the attempt (out cold)."""
    amount = x + entry.move.level
    old = damage.add(a, amount)
    m.emit("desperation", narration.desperation(a, entry, amount), actor=a.idx, maneuver=entry.label, damage=amount)
    damage.after(m, a, old, "desperation", amount)
    return not a.unconscious and m.attacker is a


def uses_the_ropes(m, a, plan):
    """A maneuver that puts his weight on the ring ropes: off a rope rebound, a springboard, or a dive
    off the top rope inside the ring (an internal cage has no ropes)."""
    if m.internal_cage:
        return False
    props = plan.entry.move.props
    return plan.rebound or "SPRINGBOARD" in props or ("FLYING" in props and "OUTSIDE" not in props)


def rope_holds(m, a):
    """D52: a Botch off the ropes strains them: the ropes' own check (need 19) and its Botch, a natural 20,
    snaps the rope; the referee rules the match cannot be finished as sanctioned (seed 171's example)."""
    if check_need(m.dice, 19, "does the rope hold?", a.idx, name="ring ropes")["outcome"] != BOTCH:
        return
    m.no_contest("the ring ropes broke", narration.rope_breaks(a, m.ref))


def high_risk_crash(m, a, d, plan):
    """Seed: a failed High Risk maneuver costs 2 + his WDB + any altitude bonus; the opponent gains
    Advantage (P-ARM-26: against a standing Cornered target the 2 is the turnbuckle's Stun Code)."""
    base = STUN_CODES["Turnbuckle"] if (d.cornered and d.standing) else 2
    amount = base + a.wdb + 2 * plan.alt + plan.launch_bonus
    if plan.alt and "OUTSIDE" in plan.entry.move.props and "Style: Daredevil" in a.merits:
        amount = base + a.wdb + plan.alt
    a.perch = ""
    a.running = False
    a.position = "Prone"
    a.square = d.square
    old = damage.add(a, amount)
    m.emit("crash", narration.crash(a, plan.entry, amount), actor=a.idx, target=d.idx, damage=amount)
    damage.after(m, a, old, "high-risk crash", amount)
    if is_outside(a.square):
        referee.start_count(m, a, "ring_out")
    m.set_advantage(d)


def maneuver_damage(m, a, d, entry, plan, outcome):
    """The damage of a successful maneuver and its breakdown [(name, amount), ...]."""
    man = entry.move
    parts = []
    if man.base == "Fire Tab":
        parts.append(("Fire Tab Stun Code", STUN_CODES["Fire Tab"]))
        return STUN_CODES["Fire Tab"], parts
    parts.append((man.name, man.damage))
    if "W" in man.tags and a.wdb:
        parts.append(("WDB", a.wdb))
    if "H" in man.tags and a.hdb:
        parts.append(("HDB", a.hdb))
    if "SC" in man.tags and plan.sc:
        parts.append(("Stun Code", plan.sc))
    if plan.alt:
        parts.append(("altitude", 2 * plan.alt))
    if plan.launch_bonus:
        parts.append((f"altitude (launched off {plan.launch})", plan.launch_bonus))
    if a.weapon and (
        ("OBJ" in man.props and FOREIGN_OBJECTS[a.weapon][0] not in (None, "X"))  # no fist loads in a Smash
        or ("FIST" in man.props and FOREIGN_OBJECTS[a.weapon][4])
        or ("FIST" in man.props and a.weapon == "Brass Knuckles")
    ):
        bonus = FOREIGN_OBJECTS[a.weapon][1]
        if bonus:
            parts.append((a.weapon, bonus))
    if man.base == "Choke" and a.weapon in ("Cloth", "Chain"):
        parts.append((f"{a.weapon} garrote", 2))  # seed: cloth "is far more effective as a garrote"
    if is_outside(d.square) and man.type in ("Slam", "Throw", "Takedown"):
        parts.append(("the floor", m.floor_sc))
    total = sum(x for _n, x in parts)
    if entry.finisher:
        parts.append(("Finisher (double)", total))
        total *= 2
    if outcome == "ace":
        parts.append(("Megamove", 2))
        total += 2
    if plan.resthold:
        parts.append(("resthold", -1))
        total -= 1
    if man.target and d.injuries.get(man.target):
        parts.append((f"injured {man.target}", d.injuries[man.target]))
        total += d.injuries[man.target]
    return max(0, total), parts


def perform(m, a, d, entry, plan, roll, countered=None):
    """The maneuver has been performed (P-ARM-11 step 6)."""
    man = entry.move
    m.set_advantage(a)
    a.just_performed = True
    a.stalls = 0
    a.last_performed = man.base
    a.performed_round = m.round
    if man.cls == "BRA" and man.type == "Strike":
        a.chain += 1
        a.chain_round = m.round
    else:
        a.chain = 0
    a.running = False
    outcome = roll["outcome"]
    if "TRICK" in man.props and man.type == "Trick":
        trick(m, a, d, entry, roll)
        return
    with_object = bool(a.weapon) and (
        "OBJ" in man.props or "FIST" in man.props or (man.base == "Choke" and a.weapon in ("Cloth", "Chain"))
    )
    if man.base in ("Fire Tab", "Powder"):
        with_object = True
        a.used_single.add(man.base)
        if man.base in a.concealed:
            a.concealed.remove(man.base)
    dealt, parts = maneuver_damage(m, a, d, entry, plan, outcome)
    p_exert = 0
    if plan.tandem:
        partner, p_entry = plan.tandem
        p_dealt, p_exert = venue.partner_share(m, partner, d, p_entry, outcome)
        parts.append((f"{partner.name}: {p_entry.label}", p_dealt))
        dealt += p_dealt
    extra_events = []
    # knock-back into the turnbuckle (seed), over the top rope (seed)
    knocks_down = "KD" in man.props or CATEGORY.get(man.result[1]) == "Fallen"
    over = knocked_back = False
    if knocks_down and d.cornered and d.standing and not man.is_hold:
        knocked_back = True
        kb = STUN_CODES["Turnbuckle"] + d.wdb
        parts.append(("knocked into the turnbuckle", kb))
        dealt += kb
        knocks_down = False
    elif (
        knocks_down
        and plan.over_top
        and not m.internal_cage
        and KIND[d.square] in ROPE_SIDE
        and (margin(roll) or 0) >= 2 + d.lift
    ):
        over = True
        parts.append(("over the top rope", 10 + d.wdb))
        dealt += 10 + d.wdb
    # positions
    a_after, d_after = man.result
    if man.flags and ("FLYING" in man.props or "SPRINGBOARD" in man.props or "OUTSIDE" in man.props):
        a.square = d.square
    a.perch = ""
    d.perch = ""  # whatever he was standing or sitting on, he is off it now
    if a_after:
        a.position = a_after
    if d_after and not knocked_back:
        d.position = d_after
        if CATEGORY[d_after] == "Fallen":
            d.cornered = ""
    if man.base == "Irish Whip":
        corner, _dist = nearest_cached(d.square, frozenset({"X"}))
        if plan.sc == STUN_CODES["Turnbuckle"] and corner is not None:
            d.square = corner
            d.cornered = "placed"
        elif m.internal_cage:
            d.square = nearest_cached(d.square, ROPE_SIDE)[0]  # slammed into the cage wall
    if over:
        d.square = nearest_cached(d.square, FLOOR)[0]
        d.position = "Prone"
        d.cornered = ""
    # exertion (desperation replaces it: paid when he committed to the move, P-ARM-26)
    desperation = plan.opts.get("desperation", 0) if plan.opts else 0
    if desperation:
        exert = 0
    else:
        exert = damage.exertion(man, d.lift, powerhouse="Style: Powerhouse" in a.merits)
    own = 0
    if "OUTSIDE" in man.props:
        own = m.floor_sc // 2 if "Style: Daredevil" in a.merits else m.floor_sc
        a.square = d.square
    old_a = damage.add(a, exert + own)
    old_d = damage.add(d, dealt)
    old_p = damage.add(plan.tandem[0], p_exert) if plan.tandem else 0
    both = plan.both
    old_b = damage.add(both, dealt) if both is not None else 0
    if both is not None and d_after and not knocked_back:
        both.position = d_after
    if not man.is_hold and "PP" not in man.props:
        a.ap = max(0, dealt - own)  # shown in the maneuver event: his post-maneuver Action Points
    text = narration.hit(a, d, entry, dealt, outcome, countered, over)
    m.emit(
        "maneuver",
        text,
        actor=a.idx,
        target=d.idx,
        maneuver=entry.label,
        base=man.base,
        level=man.level,
        outcome=outcome,
        damage=dealt,
        breakdown=[{"name": n, "amount": x} for n, x in parts],
        exertion=exert + own,
        finisher=entry.finisher,
        **_venue_fields(m, plan, dealt, p_exert),
    )
    damage.after(m, d, old_d, entry.label, dealt)
    damage.after(m, a, old_a, "exertion", exert + own)
    if plan.tandem:
        damage.after(m, plan.tandem[0], old_p, "exertion", p_exert)
    if both is not None:
        damage.after(m, both, old_b, entry.label, dealt)
    for ev in extra_events:
        m.emit(*ev)
    injury.injury_checks(m, a, d, man, entry, outcome, dealt, with_object)
    # statuses
    if "DAZE" in man.props:
        d.dazed = 2
    if "BLIND" in man.props:
        d.blinded = 1 + (dealt if man.base == "Powder" else 1)
    if entry.move.flags and "Spinning" in man.flags:
        a.spot += 1
    if plan.flair:
        a.spot += 1
    if over or is_outside(d.square):
        referee.start_count(m, d, "ring_out")
    if is_outside(a.square):
        referee.start_count(m, a, "ring_out")
    # the referee (illegal actions)
    illegal(m, a, d, entry, plan, over)
    if d.unconscious and m.attacker is not a:
        m.set_advantage(a)
    if plan.free:
        return  # an illegal man's free attack: no hold, cover or positioning after it
    if man.is_hold:
        winning.start_hold(m, a, d, entry, dealt, roll, plan)
        return
    if "PP" in man.props:
        winning.pin(m, a, d, ap=0, predicament=True, finisher=entry.finisher)
        return
    ap = dealt
    if own:
        ap = max(0, ap - own)  # he must absorb the floor's damage before positioning his opponent
    tactics.after_maneuver(m, a, d, entry, ap)


def _venue_fields(m, plan, dealt, p_exert):
    out = {}
    if plan.tandem:
        partner, p_entry = plan.tandem
        out["double_team"] = {"partner": partner.name, "maneuver": p_entry.label, "exertion": p_exert}
    if plan.both is not None:
        out["also"] = {"name": plan.both.name, "side": plan.both.side, "damage": dealt}
    if plan.free:
        out["free_attack"] = True
    return out


def illegal(m, a, d, entry, plan, over):
    man = entry.move
    cheats = []
    if man.illegal:
        cheats.append(man.name)
    if d.cornered == "trapped" and man.type != "Trick":
        cheats.append("attacking a trapped opponent in the corner")
    if over:
        cheats.append("throwing him over the top rope")
    if not cheats:
        return
    tactics.heat_change(m, a, -1)
    if man.base == "Choke":
        if a.weapon in ("Cloth", "Chain"):
            referee.referee_check(m, a, f"choking with a {a.weapon.lower()}", dq_key="foreign_object")
        referee.start_count(m, a, "choke", infraction="choking")
        return
    if "OBJ" in man.props or (a.weapon and "FIST" in man.props and a.weapon != "Taped Fist"):
        referee.referee_check(m, a, f"using a {a.weapon or 'foreign object'}", dq_key="foreign_object")
    elif man.base in ("Fire Tab", "Powder"):
        # foreign objects (seed 39-42, P-ARM-20): an automatic DQ where the promotion's list makes foreign
        # objects one, or names this one (fire_tab, powder) (D57)
        own = "fire_tab" if man.base == "Fire Tab" else "powder"
        key = "foreign_object" if "foreign_object" in m.ref.automatic_dq else own
        if man.base == "Fire Tab":
            referee.referee_check(m, a, "a fire tab", dq_key=key, bonus=2, use_sav=True)
        else:
            referee.referee_check(m, a, "throwing powder", dq_key=key)
    elif over:
        referee.referee_check(m, a, "over the top rope", dq_key="over_the_top")
    else:
        referee.referee_check(m, a, cheats[0] if man.illegal else cheats[-1])


def trick(m, a, d, entry, roll):
    man = entry.move
    if man.base == "Distract Referee":
        # seed 154: "distracting the referee" is against the rules and "forces a Referee Check"; a referee
        # who notices warns him and is not distracted (D56)
        tactics.heat_change(m, a, -1)
        if referee.referee_check(m, a, "distracting the referee"):
            m.emit("trick", narration.distract_seen(a, m.ref), actor=a.idx, trick=man.name, success=False)
            return
        rounds = 3 if roll["outcome"] == "ace" else m.dice.roll(3, "rounds the referee is distracted", actor=a.idx)
        referee.distract(m, rounds)
        m.emit("trick", narration.distract(a, m.ref, rounds), actor=a.idx, trick=man.name, rounds=rounds)
        return
    m.emit("trick", narration.trick(a, entry), actor=a.idx, trick=man.name)
