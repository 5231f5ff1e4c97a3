"""Seed 000, "Changes of Venue": "Tag Team Wrestling" (189-201): one legal man per side in the ring, partners on
the apron by their corner; tagging is positioning (the corner or one of the two ringside squares next to it, then
3 AP, the new legal man inheriting the AP spent); the Lunge Tag (a Defense), the Blind Tag and Fake Tag (Tricks);
making and blocking the save; double-team maneuvers; a lone wrestler fighting two men; the referee's five-count on
an illegal man. Who tags, saves, blocks, double-teams or stays in is his choice (``match.tactics``)."""

from rules.arm import damage, heat, narration, referee
from rules.arm.checks import check, contest, succeeded
from rules.arm.maneuvers import DEFENSES, flagged
from rules.arm.modifiers import attack_mods, note_attempt
from rules.arm.options import PROMPTS, check_of, preview_mods, yes_no
from rules.arm.plans import simple_plan
from rules.arm.positioning import self_cost, spend
from rules.arm.ring import APRON_OF, TAG_SQUARES, distance, in_ring

TAG_AP = 3  # seed: "spend 3 Action Points to make the actual tag"
TEAM_TARGET_PENALTY = -2  # seed: attacking both men "at a -2 penalty per target"
VENUE_MOVES = ("Lunge Tag", "Blind Tag", "Fake Tag")
FACING = frozenset(("Facing",))


def venue_entry(fighter, name, make_entry):
    """A venue maneuver as he knows it: the Lunge Tag and Lunge Escape are open to everyone in their venue (like
    tagging itself); the Tricks are improvised at -2 when not in the arsenal (D40)."""
    row = next((r for r in fighter.sheet["arsenal"] if r["maneuver"] == name), None)
    training = row["training"] if row else 0
    move = DEFENSES[name] if name in DEFENSES else flagged(name)
    improvised = 0 if (row or move.type == "Defense") else -2
    return make_entry(fighter, move, training, known=bool(row), improvised=improvised)


def setup(match, make_entry):
    """Place everyone: the legal men in the centre, partners on the apron; build the venue maneuvers."""
    for fighter in match.fighters:
        if fighter is not match.legal[fighter.side]:
            fighter.legal = False
            fighter.apron = True
            fighter.square = APRON_OF[fighter.side]
        for name in VENUE_MOVES:
            fighter.venue_moves[name] = venue_entry(fighter, name, make_entry)


def partners(match, fighter):
    """His team-mates on the apron who can come in (not out cold)."""
    return [p for p in match.sides[fighter.side] if p is not fighter and p.apron and not p.unconscious]


def fresh_partner(match, fighter):
    waiting = partners(match, fighter)
    if not waiting:
        return None
    return min(waiting, key=lambda p: (p.damage, p.idx))


def tag_distance(fighter):
    """AP to reach a square where he can tag (seed: his corner or one of the two ringside squares next to it)."""
    return min(distance(fighter.square, sq) for sq in TAG_SQUARES[fighter.side])


def tag_cost(fighter):
    """AP for the whole tag: reach a tagging square, then 3 AP."""
    return tag_distance(fighter) + TAG_AP


def can_tag(match, fighter):
    """He can make a tag: a partner waits on the apron, he is conscious, not up on the ropes, not in a hold."""
    return (
        match.tag
        and not fighter.unconscious
        and not fighter.perch
        and match.hold is None
        and fresh_partner(match, fighter) is not None
    )


def _nearest_tag_square(fighter):
    return min(TAG_SQUARES[fighter.side], key=lambda sq: (distance(fighter.square, sq), sq))


def switch(match, out, new, how, advantage=False):
    """The tag is made: ``new`` is the legal man, ``out`` goes to the apron. The AP spent by the man
    tagging out count as spent by the new man (seed), so he inherits the AP and any shortfall."""
    side = out.side
    new.legal, new.apron = True, False
    new.square = out.square if in_ring(out.square) else _nearest_tag_square(out)
    new.position = "Facing"
    new.ap, new.deficit = out.ap, out.deficit
    new.lingering = 0
    out.legal, out.apron = False, True
    out.square = APRON_OF[side]
    out.position = "Facing"
    out.perch, out.running, out.cornered, out.escaping = "", False, "", 0
    out.ap = out.deficit = 0
    for kind in ("ring_out", "tag_switch"):
        referee.stop_count(match, out, kind)
        referee.stop_count(match, new, kind)
    match.legal[side] = new
    if match.attacker is out or advantage:
        match.attacker = new
        match.defender = match.opponent(new)
    else:
        match.defender = new
    if match.attacker is not None:
        match.defender = match.opponent(match.attacker)
    match.emit(
        "tag",
        narration.tag(out, new, how),
        actor=out.idx,
        target=new.idx,
        how=how,
        tagged_in=new.name,
        tagged_out=out.name,
    )
    return new


def tag(match, attacker, defender, partner):
    """Seed: the tag is positioning: reach a valid square, then 3 AP (a shortfall carries to the new
    man as a penalty on his first attack, P-ARM-13). A Blind Tag (Trick) is rolled with it: if the
    opponent fails a SAV check to notice, the new man's first attack is Unopposed."""
    square = _nearest_tag_square(attacker)
    spend(attacker, distance(attacker.square, square) + TAG_AP)
    attacker.square = square
    attacker.cornered = ""
    how = "tag"
    unnoticed = False
    entry = attacker.venue_moves["Blind Tag"]
    if match.decide(
        "blind-tag",
        attacker.side,
        build=lambda: yes_no("blind-tag", "Blind Tag", check=check_of(preview_mods(match, attacker, defender, entry))),
        default=lambda: match.tactics.wants_blind_tag(match, attacker, defender),
        who=attacker,
        prompt=PROMPTS["blind-tag"],
    ):
        note_attempt(attacker, entry)
        rec = check(match.dice, attack_mods(match, attacker, defender, entry), "Blind Tag", attacker.idx, entry.label)
        _trick_used(match, attacker, entry)
        if succeeded(rec):
            how = "blind"
            seen = check(match.dice, defender.check_mods("SAV"), "notice the blind tag", defender.idx)
            unnoticed = not succeeded(seen)
    new = switch(match, attacker, partner, how)
    if unnoticed:
        new.ambush_pending = True  # his first attack is Unopposed (an unnoticed surprise attack)
        match.emit(
            "trick",
            narration.blind_tag(new, defender),
            actor=new.idx,
            target=defender.idx,
            trick="Blind Tag",
            success=True,
        )
    return new


def _trick_used(match, fighter, entry):
    base = entry.move.base
    fighter.tricks_used[base] = fighter.tricks_used.get(base, 0) + 1
    heat.heat_change(match, fighter, -1)  # P-ARM-07: a Trick the crowd sees moves Heat toward the heel side


def fake_tag(match, attacker, defender, partner):
    """Seed: a Difficulty 1 SAV Trick: the referee believes a tag happened (he need not reach the
    corner); if it fails the referee saw through it and nothing happens. Heat as an illegal move."""
    entry = attacker.venue_moves["Fake Tag"]
    note_attempt(attacker, entry)
    rec = check(match.dice, attack_mods(match, attacker, defender, entry), "Fake Tag", attacker.idx, entry.label)
    _trick_used(match, attacker, entry)
    ok = succeeded(rec)
    match.emit("trick", narration.fake_tag(attacker, partner, ok), actor=attacker.idx, trick="Fake Tag", success=ok)
    if not ok:
        return None
    return switch(match, attacker, partner, "fake")


def lunge_tag_won(match, defender, attacker):
    """Seed: a successful Lunge Tag brings the partner in, and he has Advantage."""
    partner = fresh_partner(match, defender)
    defender.square = _nearest_tag_square(defender)
    new = switch(match, defender, partner, "lunge", advantage=True)
    match.emit("advantage", narration.advantage(new, "the hot tag"), actor=new.idx, reason="lunge tag")
    return new


def lunge_distance_mod(fighter):
    """Seed: -1 per Action Point needed to reach a square where tagging would be valid."""
    n = tag_distance(fighter)
    return {"distance to his corner": -n} if n else None


def can_lunge_tag(match, fighter):
    """Seed 193: the man in the ring may make a Lunge Tag (as a Counter) when a partner waits to come in."""
    return match.tag and fighter.legal and fresh_partner(match, fighter) is not None


# --- the save -------------------------------------------------------------------------------------


def save_entry(fighter):
    """The strike he breaks up the pin with: his best ordinary Strike (improvised basics included)."""
    best = None
    for entry in fighter.attacks:
        man = entry.move
        if man.type != "Strike" or man.high_risk or man.props & {"OBJ", "TRICK", "PP"} or man.flags:
            continue
        if man.illegal and fighter.alignment == "face":
            continue
        key = (entry.static_need + man.damage, -entry.improvised)
        if best is None or key > best[0]:
            best = (key, entry)
    return best[1] if best else None


def save_mods(match, saver, pinner, victim, entry):
    """Seed 197: "an attack roll at -1 for each Action Point required beyond his AGI bonus to reposition himself in
    the same space as the pinfall"."""
    need_ap = distance(saver.square, victim.square) + self_cost(saver, FACING)[0]
    beyond = max(0, need_ap - saver.agi_bonus)
    mods = attack_mods(match, saver, pinner, entry)
    if beyond:
        mods.append(("AP beyond his AGI bonus", -beyond))
    return mods


def try_save(match, pinner, victim):
    """The pinned man's partner breaks up the count (seed "Making The Save"); the pinner's partner may
    block him (a SAV roll to enter, then a Reversal contest). Returns True when the pin is broken."""
    saver = fresh_partner(match, victim)
    entry = save_entry(saver) if saver is not None else None
    if entry is None:
        return False
    note_attempt(saver, entry)
    mods = save_mods(match, saver, pinner, victim, entry)
    saver.apron = False
    saver.square = victim.square
    saver.position = "Facing"
    inside = [p for p in match.sides[pinner.side] if p is not pinner and not p.apron and not p.unconscious]
    blocker = inside[0] if inside else fresh_partner(match, pinner)
    if blocker is not None and match.decide(
        "block",
        blocker.side,
        build=lambda: yes_no("block", "Block the save", check=None if inside else check_of(blocker.check_mods("SAV"))),
        default=lambda: match.tactics.wants_block(match, blocker, saver),
        who=blocker,
        prompt=PROMPTS["block"],
    ):
        blocked = _block(match, pinner, victim, saver, entry, mods, blocker, bool(inside))
        if blocked is not None:
            return blocked
    rec = check(match.dice, mods, f"save: {entry.label}", saver.idx, entry.label)
    if not succeeded(rec):
        match.emit("save", narration.save_missed(saver, pinner), actor=saver.idx, target=pinner.idx, saved=False)
        return False
    _strike(match, saver, pinner, entry, rec, "save")
    _saved(match, saver, pinner, victim)
    return True


def _block(match, pinner, victim, saver, entry, mods, blocker, inside):
    """Seed 198: the pinner's partner enters (a SAV roll; not needed when already in the ring) and blocks: a
    Reversal contest of his strike against the save. Returns whether the pin is broken, or None when he did not
    get in (the save goes on unopposed)."""
    if inside:  # already in the ring (a double team): no need to get past the referee
        entered = True
    else:
        rec = check(match.dice, blocker.check_mods("SAV"), "enter to block the save", blocker.idx)
        entered = succeeded(rec)
        match.emit("save", narration.block_attempt(blocker, saver, entered), actor=blocker.idx, target=saver.idx)
    if not entered:
        return None
    blocker.apron = False
    blocker.square = victim.square
    block_entry = save_entry(blocker)
    if block_entry:
        note_attempt(blocker, block_entry)
    block_mods = attack_mods(match, blocker, saver, block_entry) if block_entry else blocker.check_mods("SAV")
    block_mods.append(("Reversal of the save", -1 if block_entry and block_entry.known else -2))
    winner, save_roll, block_roll = contest(
        match.dice,
        mods,
        block_mods,
        f"save ({entry.label}) vs block",
        (saver.idx, blocker.idx),
        (entry.label, block_entry.label if block_entry else None),
    )
    if not inside:
        referee.start_count(match, blocker, "tag_switch", infraction="the illegal man in the ring")
    if winner == 1:
        if block_entry is not None:
            _strike(match, blocker, saver, block_entry, block_roll, "block")
        match.emit("save", narration.save_blocked(blocker, saver), actor=blocker.idx, target=saver.idx, saved=False)
        return False
    _strike(match, saver, pinner, entry, save_roll, "save")
    _saved(match, saver, pinner, victim)
    return True


def _strike(match, attacker, defender, entry, roll, what):
    """A strike thrown in a save or a block: its damage and exertion, no Action Points after it."""
    dealt, parts = damage.maneuver_damage(match, attacker, defender, entry, simple_plan(entry), roll["outcome"])
    exert = damage.exertion(entry.move, defender.lift)
    old_attacker = damage.add(attacker, exert)
    old_defender = damage.add(defender, dealt)
    match.emit(
        "maneuver",
        narration.hit(attacker, defender, entry, dealt, roll["outcome"], None, False),
        actor=attacker.idx,
        target=defender.idx,
        maneuver=entry.label,
        base=entry.move.base,
        level=entry.move.level,
        outcome=roll["outcome"],
        damage=dealt,
        breakdown=[{"name": n, "amount": x} for n, x in parts],
        exertion=exert,
        finisher=False,
        during=what,
    )
    damage.after(match, defender, old_defender, entry.label, dealt)
    damage.after(match, attacker, old_attacker, "exertion", exert)


def _saved(match, saver, pinner, victim):
    """Seed: the referee stops counting; he warns the saver at once and argues with him (Distracted)
    until he leaves the ring. The pinner keeps Advantage but loses his remaining AP (P-ARM-12)."""
    match.emit("save", narration.saved(saver, victim), actor=saver.idx, target=pinner.idx, saved=True)
    pinner.ap = 0
    if match.ref.watching and not match.ref.no_dq:
        referee.warn(match, saver, "making the save")
    match.arguing = saver
    referee.distract(match, 1)


# --- double teams and fighting a team ----------------------------------------------------------------


def double_team_mods(match, attacker, defender, entry, plan, mods):
    """Seed: one roll; the higher skill if the maneuvers are identical, the lower if different; plus a
    third of the unused skill, rounded up."""
    partner, partner_entry = plan.tandem
    # his part is no attempt of his own (one roll, the legal man's): no repetition of his in it
    partner_mods = [x for x in attack_mods(match, partner, defender, partner_entry) if x[0] != "repetition"]
    own_skill, partner_skill = sum(x for _n, x in mods), sum(x for _n, x in partner_mods)
    identical = entry.move.name == partner_entry.move.name
    use_own = own_skill >= partner_skill if identical else own_skill <= partner_skill
    used, unused = (mods, partner_skill) if use_own else (partner_mods, own_skill)
    bonus = -(-max(0, unused) // 3)
    out = list(used)
    if bonus:
        out.append(("double team (a third of the other skill)", bonus))
    return out


def double_team_ready(match, attacker, defender, plan):
    """The partner may come in for a double team (D44): an ordinary maneuver (no hold, High Risk, Trick or
    predicament), a defender within his reach (his AGI bonus + 1 squares) and not up on the turnbuckle."""
    if plan.kind != "attack" or plan.unopposed or plan.both is not None:
        return None
    man = plan.entry.move
    if man.is_hold or man.high_risk or man.type == "Trick" or "PP" in man.props or defender.perch:
        return None
    partner = fresh_partner(match, attacker)
    if partner is None or distance(partner.square, defender.square) > partner.agi_bonus + 1:
        return None
    return partner


def double_team_entries(partner, defender):
    """The partner's maneuvers that can go with a double team on ``defender``: ordinary attacks (no hold, High
    Risk, Trick, predicament, object or Finisher)."""
    out = []
    for entry in partner.attacks:
        man = entry.move
        if defender.position not in entry.dpos or man.is_hold or man.high_risk or man.type == "Trick":
            continue
        if "PP" in man.props or man.props & {"OBJ", "TAG"} or man.base in ("Fire Tab", "Powder") or entry.finisher:
            continue
        out.append(entry)
    return out


def enter_double_team(match, attacker, defender, plan):
    partner, partner_entry = plan.tandem
    partner.apron = False
    partner.square = defender.square
    partner.position = "Facing"
    match.emit(
        "position",
        narration.double_team(attacker, partner, defender, plan.entry, partner_entry),
        actor=partner.idx,
        target=defender.idx,
        double_team=True,
        maneuvers=[plan.entry.label, partner_entry.label],
    )
    referee.start_count(match, partner, "tag_switch", infraction="the illegal man in the ring")


def partner_share(match, partner, defender, partner_entry, outcome):
    """The partner's maneuver in a double team: its damage (added to the roll's) and his exertion."""
    dealt, _parts = damage.maneuver_damage(match, partner, defender, partner_entry, simple_plan(partner_entry), outcome)
    return dealt, damage.exertion(partner_entry.move, defender.lift)


def illegal_opponents(match, fighter):
    """Men of the other side in the ring who are not legal (a lone wrestler fighting a team)."""
    return [o for o in match.sides[1 - fighter.side] if not o.legal and not o.apron and not o.unconscious]


def can_attack_both(plan):
    """Seed 201: he may attack both men (-2 per target) with an ordinary attack (no hold, predicament or Trick)."""
    man = plan.entry.move if plan.kind == "attack" else None
    return man is not None and not man.is_hold and "PP" not in man.props and man.type != "Trick"


def back_to_apron(match, fighter):
    fighter.apron = True
    fighter.lingering = 0
    fighter.square = APRON_OF[fighter.side]
    fighter.position = "Facing"
    fighter.perch, fighter.running, fighter.cornered = "", False, ""
    fighter.unconscious = False
    referee.stop_count(match, fighter, "tag_switch")
    match.emit("position", narration.back_to_apron(fighter), actor=fighter.idx)


def end_of_round(match):
    """Illegal men go back to the apron (the referee's count stops), unless they stay in (the five-count
    runs); the referee stops arguing with a saver once he has left."""
    for fighter in match.fighters:
        if fighter.legal or fighter.apron:
            continue
        if not fighter.unconscious and match.decide(
            "linger",
            fighter.side,
            build=lambda: yes_no("linger", "Stay in the ring", needs=("the referee's five-count runs",)),
            default=lambda f=fighter: match.tactics.lingers(match, f),
            who=fighter,
            prompt=PROMPTS["linger"],
        ):
            fighter.lingering += 1
            continue
        back_to_apron(match, fighter)
    if match.arguing is not None:
        if match.arguing.apron:
            match.arguing = None
        else:
            referee.distract(match, 2)
