"""Seed 000, "Maneuver resolution" (90-100): the attack check, failure and the reply, Standoff, collision,
telegraph, Unopposed, High Risk, Counters and Reversals, BRA combos, Desperation, the ropes that may break. The
round around it is :mod:`rules.arm.rounds`; what a performed maneuver does is :mod:`rules.arm.effects`. The
choices (which Counter, which answer, the next combo strike, the re-attempt) are the wrestler's decisions."""

from rules.arm import (
    advantage,
    cage,
    choices,
    clock,
    damage,
    effects,
    narration,
    plans,
    referee,
    tag,
)
from rules.arm.checks import BOTCH, check, check_need, contest, succeeded, unopposed
from rules.arm.modifiers import attack_mods, note_attempt, with_turnover
from rules.arm.options import PROMPTS
from rules.arm.ring import is_outside
from rules.arm.tables import STUN_CODES
from rules.decisions import Option

MAX_STANDOFFS = 3  # then the referee restarts the match with a tie-up (seed: "when he feels ...")
MAX_COMBO = 4  # BRA strikes chained in one round


def _note_trick(fighter, entry):
    """Tricks: -1 per earlier use this card (counted once the attempt's modifiers are made)."""
    if "TRICK" in entry.move.props:
        base = entry.move.base
        fighter.tricks_used[base] = fighter.tricks_used.get(base, 0) + 1


def _consume(fighter):
    fighter.telegraph = 0
    fighter.ref_penalty = 0
    if fighter.fired_up:
        fighter.fired_up -= 1


def attempt(match, attacker, defender, plan, combo=0):
    """The attacker attempts ``plan.entry`` on the defender (seed: "the attacker chooses a Maneuver
    ... and makes an Attribute Check ... If the check succeeds, the maneuver has been performed; if
    he fails, the opponent gains Advantage and attempts a maneuver")."""
    standoffs = 0
    while True:
        entry = plan.entry
        fired = attacker.fired_up > 0
        if (
            plan.opts
            and plan.opts.get("desperation")
            and not desperate(match, attacker, entry, plan.opts["desperation"])
        ):
            return
        unopp = plan.unopposed or defender.dazed or defender.blinded or defender.unconscious
        counter = None if (unopp or plan.tandem) else declare_counter(match, attacker, defender, entry, plan)
        note_attempt(attacker, entry)
        mods = attack_mods(match, attacker, defender, entry, plan.opts)
        _note_trick(attacker, entry)
        if plan.tandem:
            mods = tag.double_team_mods(match, attacker, defender, entry, plan, mods)
        if plan.unopposed:
            attacker.ambush_pending = False
        if counter is not None:
            countered(match, attacker, defender, plan, mods, counter)
            return
        _consume(attacker)
        if unopp:
            roll = unopposed(match.dice, mods, entry.label, attacker.idx, maneuver=entry.label)
        else:
            roll = check(match.dice, mods, entry.label, attacker.idx, entry.label)
        if defender.dazed:
            defender.dazed = 0
        if succeeded(roll):
            effects.perform(match, attacker, defender, entry, plan, roll)
            _combo(match, attacker, defender, entry, combo)
            return
        outcome = _missed(match, attacker, defender, plan, roll, fired)
        if outcome == "over":
            return
        standoffs += 1
        match.tick(clock.STANDOFF)
        match.emit(
            "standoff", narration.standoff(attacker, defender, fired=fired), actor=attacker.idx, target=defender.idx
        )
        if standoffs >= MAX_STANDOFFS:
            if not fired:
                advantage.referee_restart(match)
            return
        plan = reattempt(match, attacker, defender, plan)


def declare_counter(match, attacker, defender, entry, plan):
    """Seed 98: "One declares a Counter maneuver immediately after the attacker picks his Maneuver" (not while he
    is down, dazed or blinded: D36)."""
    if defender.unconscious or defender.fallen or defender.dazed or defender.blinded:
        return None
    return match.decide(
        "reply",
        defender.side,
        build=lambda: choices.counters(match, defender, attacker, entry),
        default=lambda: match.tactics.choose_counter(match, defender, attacker, entry, plan),
        who=defender,
        prompt=PROMPTS["reply"],
    )


def reattempt(match, attacker, defender, plan):
    """Seed 91: after a Standoff "the Attacker may attempt again. He has the option of trying the same attack, or
    changing to a different one" (no new positioning)."""
    return match.decide(
        "attack",
        attacker.side,
        build=lambda: [
            Option("again", f"{plan.entry.label} again", value=plan),
            *choices.maneuver_options(match, attacker, defender, positioning_on=False),
        ],
        default=lambda: match.tactics.plan_attack(match, attacker, defender, positioning=False) or plan,
        who=attacker,
        prompt=PROMPTS["attack"],
    )


def _combo(match, attacker, defender, entry, combo):
    """Seed 25: a Combo of BRA strikes in one round, while he keeps Advantage."""
    man = entry.move
    if man.cls == "BRA" and man.type == "Strike" and combo < MAX_COMBO and match.attacker is attacker:
        following = match.decide(
            "combo",
            attacker.side,
            build=lambda: choices.combos(match, attacker, defender),
            default=lambda: match.tactics.combo_next(match, attacker, defender),
            who=attacker,
            prompt=PROMPTS["combo"],
        )
        if following is not None:
            attempt(match, attacker, defender, following, combo + 1)


def countered(match, attacker, defender, plan, mods, counter):
    """Seed 98: with a Counter declared "the attack becomes a Contest between Maneuver Skills"; a Defense that wins
    gives Advantage, a Reversal performs his maneuver (D9), a Lunge Tag brings his partner in, a Lunge Escape
    takes him out of the cage."""
    entry = plan.entry
    counter_entry, counter_opts = counter
    counter_opts = with_turnover(counter_opts, attacker)
    reversal = counter_entry.move.type != "Defense"  # a Reversal is an attempt of its maneuver
    if reversal:
        note_attempt(defender, counter_entry)
    counter_mods = attack_mods(match, defender, attacker, counter_entry, counter_opts)
    _consume(attacker)
    _consume(defender)
    winner, attack_roll, counter_roll = contest(
        match.dice,
        mods,
        counter_mods,
        f"{entry.label} vs {counter_entry.label}",
        (attacker.idx, defender.idx),
        (entry.label, counter_entry.label if reversal else None),
    )
    if winner == 0:
        effects.perform(match, attacker, defender, entry, plan, attack_roll, countered=counter_entry)
        return
    if entry.move.high_risk:
        high_risk_crash(match, attacker, defender, plan)
    if counter_entry.move.name == "Lunge Tag":
        tag.lunge_tag_won(match, defender, attacker)
        return
    if counter_entry.move.name == "Lunge Escape":
        cage.escaped(match, defender, "lunge")
    fields = {"actor": defender.idx, "target": attacker.idx, "maneuver": entry.label, "counter": counter_entry.label}
    if counter_entry.move.type == "Defense":
        match.emit("counter", narration.countered(defender, attacker, counter_entry, entry), **fields)
        match.set_advantage(defender)
        return
    match.emit("counter", narration.reversed_(defender, attacker, counter_entry, entry), **fields)
    effects.perform(match, defender, attacker, counter_entry, plans.simple_plan(counter_entry), counter_roll)


def _missed(match, attacker, defender, plan, roll, fired):
    """The attacker failed: ropes that may break, a Fired Up Standoff, the High Risk crash, the defender's reply.
    Returns "over" when the round's attempt is done, or "standoff" when the attacker goes again."""
    entry = plan.entry
    attacker.chain = 0
    match.emit(
        "miss",
        narration.miss(attacker, defender, entry, roll["outcome"]),
        actor=attacker.idx,
        target=defender.idx,
        maneuver=entry.label,
        outcome=roll["outcome"],
    )
    if roll["outcome"] == BOTCH and match.stip["ropes_can_break"] and uses_the_ropes(match, attacker, plan):
        rope_holds(match, attacker)
    if fired:
        return "standoff"  # seed 185: "failing an attack is considered a Standoff rather than an actual failure"
    crashed = entry.move.high_risk or ("RUNNING" in entry.move.props and defender.cornered and defender.standing)
    if crashed:
        high_risk_crash(match, attacker, defender, plan)
    if attacker.running:
        attacker.running = False
    reply = None
    if not defender.unconscious:
        reply = match.decide(
            "answer",
            defender.side,
            build=lambda: choices.answers(match, defender, attacker, telegraphed=roll["outcome"] == BOTCH),
            default=lambda: match.tactics.choose_reply(match, defender, attacker),
            who=defender,
            prompt=PROMPTS["answer"],
        )
    if roll["outcome"] == BOTCH:
        telegraphed_reply(match, attacker, defender, reply)
        return "over"
    if reply is None or defender.unconscious:
        match.set_advantage(defender, "a missed attack")
        return "over"
    reply_roll = _reply_roll(match, defender, attacker, reply)
    if succeeded(reply_roll):
        effects.perform(match, defender, attacker, reply, plans.simple_plan(reply), reply_roll)
        return "over"
    _reply_missed(match, defender, attacker, reply, reply_roll)
    if reply_roll["outcome"] == BOTCH:
        attacker.telegraph = 1
        match.emit("telegraph", narration.telegraphed(defender, attacker), actor=attacker.idx, target=defender.idx)
        return "over"
    if crashed:
        match.set_advantage(defender, "the high-risk miss")
        return "over"
    return "standoff"


def _reply_roll(match, defender, attacker, reply):
    note_attempt(defender, reply)
    mods = attack_mods(match, defender, attacker, reply, None)
    _note_trick(defender, reply)
    _consume(defender)
    return check(match.dice, mods, reply.label, defender.idx, reply.label)


def _reply_missed(match, defender, attacker, reply, reply_roll):
    match.emit(
        "miss",
        narration.miss(defender, attacker, reply, reply_roll["outcome"]),
        actor=defender.idx,
        target=attacker.idx,
        maneuver=reply.label,
        outcome=reply_roll["outcome"],
    )


def telegraphed_reply(match, attacker, defender, reply):
    """Seed 93 (D6): the attacker Botched: the defender becomes the attacker, +2 on his reply this round; both
    Botching is a collision (92)."""
    defender.telegraph = 1
    if reply is None or defender.unconscious:
        match.set_advantage(defender, "telegraphed")
        return
    reply_roll = _reply_roll(match, defender, attacker, reply)
    if reply_roll["outcome"] == BOTCH:
        advantage.collision(match, attacker, defender)
        return
    if succeeded(reply_roll):
        effects.perform(match, defender, attacker, reply, plans.simple_plan(reply), reply_roll)
        return
    _reply_missed(match, defender, attacker, reply, reply_roll)
    match.set_advantage(defender, "telegraphed")


def desperate(match, attacker, entry, points):
    """Seed: "a Desperation move gains a +1 to hit for every point of damage he wishes to inflict to
    himself; the difficulty level of the maneuver is then added to this damage total". P-ARM-26 (D58): he
    takes X + Level as he commits to it, whether it lands or not (it replaces his exertion). Returns False
    when it leaves him unable to go on with the attempt (out cold)."""
    amount = points + entry.move.level
    old = damage.add(attacker, amount)
    match.emit(
        "desperation",
        narration.desperation(attacker, entry, amount),
        actor=attacker.idx,
        maneuver=entry.label,
        damage=amount,
    )
    damage.after(match, attacker, old, "desperation", amount)
    return not attacker.unconscious and match.attacker is attacker


def uses_the_ropes(match, attacker, plan):
    """A maneuver that puts his weight on the ring ropes: off a rope rebound, a springboard, or a dive
    off the top rope inside the ring (an internal cage has no ropes)."""
    if match.internal_cage:
        return False
    props = plan.entry.move.props
    return plan.rebound or "SPRINGBOARD" in props or ("FLYING" in props and "OUTSIDE" not in props)


def rope_holds(match, attacker):
    """D52: a Botch off the ropes strains them: the ropes' own check (need 19) and its Botch, a natural 20,
    snaps the rope; the referee rules the match cannot be finished as sanctioned (seed 171's example)."""
    if check_need(match.dice, 19, "does the rope hold?", attacker.idx, name="ring ropes")["outcome"] != BOTCH:
        return
    match.no_contest("the ring ropes broke", narration.rope_breaks(attacker, match.ref))


def high_risk_crash(match, attacker, defender, plan):
    """Seed: a failed High Risk maneuver costs 2 + his WDB + any altitude bonus; the opponent gains
    Advantage (P-ARM-26: against a standing Cornered target the 2 is the turnbuckle's Stun Code)."""
    base = STUN_CODES["Turnbuckle"] if (defender.cornered and defender.standing) else 2
    amount = base + attacker.wdb + 2 * plan.alt + plan.launch_bonus
    if plan.alt and "OUTSIDE" in plan.entry.move.props and "Style: Daredevil" in attacker.merits:
        amount = base + attacker.wdb + plan.alt
    attacker.perch = ""
    attacker.running = False
    attacker.position = "Prone"
    attacker.square = defender.square
    old = damage.add(attacker, amount)
    match.emit(
        "crash", narration.crash(attacker, plan.entry, amount), actor=attacker.idx, target=defender.idx, damage=amount
    )
    damage.after(match, attacker, old, "high-risk crash", amount)
    if is_outside(attacker.square):
        referee.start_count(match, attacker, "ring_out")
    match.set_advantage(defender)
