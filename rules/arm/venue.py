"""Seed 000, "Changes of Venue": tag team wrestling and cage matches (A156-A169).

Tag teams: one legal man per side in the ring, partners on the apron by their corner; tagging is
positioning (the corner or one of the two ringside squares next to it, then 3 AP, the new legal man
inheriting the AP spent); the Lunge Tag (a Defense), the Blind Tag and Fake Tag (Tricks); making and
blocking the save; double-team maneuvers; a lone wrestler fighting two men; the referee's five-count
on an illegal man.

Cages: material (its Stun Code), height in Steps, roof, internal or external; escaping by
positioning (the door, or over the top) or by a Lunge Escape, and the stipulated victory conditions.

The rules are here; the choices (when to tag, save, double-team, escape) are in :mod:`rules.arm.tactics`.
"""

from rules.arm import damage, narration, referee, tactics
from rules.arm.checks import check, contest, succeeded
from rules.arm.maneuvers import DEFENSES, flagged
from rules.arm.modifiers import attack_mods, note_attempt
from rules.arm.positioning import self_cost
from rules.arm.ring import KIND, ROPE_SIDE, distance, in_ring
from rules.arm.tables import STUN_CODES

# --- tag teams ------------------------------------------------------------------------------------

TAG_AP = 3  # seed: "spend 3 Action Points to make the actual tag"
CORNER_OF = {0: (3, 3), 1: (8, 8)}  # each team's corner (X squares)
TAG_SQUARES = {0: ((3, 3), (3, 4), (4, 3)), 1: ((8, 8), (8, 7), (7, 8))}  # the corner and its two ringside squares
APRON_OF = {0: (2, 2), 1: (9, 9)}  # where the partners stand, outside the corner
TEAM_TARGET_PENALTY = -2  # seed: attacking both men "at a -2 penalty per target"


def setup(m):
    """Place everyone: the legal men in the centre, partners on the apron; build the venue maneuvers."""
    for f in m.fighters:
        if m.tag and f is not m.legal[f.side]:
            f.legal = False
            f.apron = True
            f.square = APRON_OF[f.side]
        known = {row["maneuver"]: row for row in f.sheet["arsenal"]}
        names = ("Lunge Tag", "Blind Tag", "Fake Tag") if m.tag else ("Lunge Escape",)
        for name in names:
            row = known.get(name)
            training = row["training"] if row else 0
            move = DEFENSES[name] if name in DEFENSES else flagged(name)
            # Lunge Tag and Lunge Escape are open to everyone in the venue (like tagging itself);
            # the Tricks are improvised at -2 when not in the arsenal
            improvised = 0 if (row or move.type == "Defense") else -2
            f.venue_moves[name] = f._entry(move, training, known=bool(row), improvised=improvised)


def partners(m, f):
    """His team-mates on the apron who can come in (not out cold)."""
    return [p for p in m.sides[f.side] if p is not f and p.apron and not p.unconscious]


def fresh_partner(m, f):
    ps = partners(m, f)
    if not ps:
        return None
    return min(ps, key=lambda p: (p.damage, p.idx))


def tag_distance(f):
    """AP to reach a square where he can tag (seed: his corner or one of the two ringside squares next to it)."""
    return min(distance(f.square, sq) for sq in TAG_SQUARES[f.side])


def _nearest_tag_square(f):
    return min(TAG_SQUARES[f.side], key=lambda sq: (distance(f.square, sq), sq))


def switch(m, out, new, how, advantage=False):
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
        referee.stop_count(m, out, kind)
        referee.stop_count(m, new, kind)
    m.legal[side] = new
    was_attacker = m.attacker is out
    if was_attacker or advantage:
        m.attacker = new
        m.defender = m.opponent(new)
    else:
        m.defender = new
    if m.attacker is not None:
        m.defender = m.opponent(m.attacker)
    m.emit(
        "tag",
        narration.tag(out, new, how),
        actor=out.idx,
        target=new.idx,
        how=how,
        tagged_in=new.name,
        tagged_out=out.name,
    )
    return new


def tag(m, a, d, partner):
    """Seed: the tag is positioning: reach a valid square, then 3 AP (a shortfall carries to the new
    man as a penalty on his first attack, P-ARM-13). A Blind Tag (Trick) is rolled with it: if the
    opponent fails a SAV check to notice, the new man's first attack is Unopposed."""
    sq = _nearest_tag_square(a)
    from rules.arm.positioning import spend

    spend(a, distance(a.square, sq) + TAG_AP)
    a.square = sq
    a.cornered = ""
    how = "tag"
    unnoticed = False
    if tactics.wants_blind_tag(m, a, d):
        entry = a.venue_moves["Blind Tag"]
        note_attempt(a, entry)
        rec = check(m.dice, attack_mods(m, a, d, entry), "Blind Tag", a.idx, entry.label)
        _trick_used(m, a, entry)
        if succeeded(rec):
            how = "blind"
            seen = check(m.dice, d.check_mods("SAV"), "notice the blind tag", d.idx)
            unnoticed = not succeeded(seen)
    new = switch(m, a, partner, how)
    if unnoticed:
        new.policy.ambush_pending = True  # his first attack is Unopposed (an unnoticed surprise attack)
        m.emit("trick", narration.blind_tag(new, d), actor=new.idx, target=d.idx, trick="Blind Tag", success=True)
    return new


def _trick_used(m, f, entry):
    base = entry.move.base
    f.tricks_used[base] = f.tricks_used.get(base, 0) + 1
    tactics.heat_change(m, f, -1)  # P-ARM-07: a Trick the crowd sees moves Heat toward the heel side


def fake_tag(m, a, d, partner):
    """Seed: a Difficulty 1 SAV Trick: the referee believes a tag happened (he need not reach the
    corner); if it fails the referee saw through it and nothing happens. Heat as an illegal move."""
    entry = a.venue_moves["Fake Tag"]
    note_attempt(a, entry)
    rec = check(m.dice, attack_mods(m, a, d, entry), "Fake Tag", a.idx, entry.label)
    _trick_used(m, a, entry)
    ok = succeeded(rec)
    m.emit("trick", narration.fake_tag(a, partner, ok), actor=a.idx, trick="Fake Tag", success=ok)
    if not ok:
        return None
    return switch(m, a, partner, "fake")


def lunge_tag_won(m, d, a):
    """Seed: a successful Lunge Tag brings the partner in, and he has Advantage."""
    partner = fresh_partner(m, d)
    d.square = _nearest_tag_square(d)
    new = switch(m, d, partner, "lunge", advantage=True)
    m.emit("advantage", narration.advantage(new, "the hot tag"), actor=new.idx, reason="lunge tag")
    return new


def lunge_distance_mod(f):
    """Seed: -1 per Action Point needed to reach a square where tagging would be valid."""
    n = tag_distance(f)
    return {"distance to his corner": -n} if n else None


# --- the save -------------------------------------------------------------------------------------


def _save_entry(f):
    """The strike he breaks up the pin with: his best ordinary Strike (improvised basics included)."""
    best = None
    for e in f.attacks:
        man = e.move
        if man.type != "Strike" or man.high_risk or man.props & {"OBJ", "TRICK", "PP"} or man.flags:
            continue
        if man.illegal and f.alignment == "face":
            continue
        key = (e.static_need + man.damage, -e.improvised)
        if best is None or key > best[0]:
            best = (key, e)
    return best[1] if best else None


def try_save(m, pinner, victim):
    """The pinned man's partner breaks up the count (seed "Making The Save"); the pinner's partner may
    block him (a SAV roll to enter, then a Reversal contest). Returns True when the pin is broken."""
    saver = fresh_partner(m, victim)
    if saver is None or not tactics.wants_save(m, saver, pinner, victim):
        return False
    entry = _save_entry(saver)
    if entry is None:
        return False
    need_ap = distance(saver.square, victim.square) + self_cost(saver, frozenset(("Facing",)))[0]
    beyond = max(0, need_ap - saver.agi_bonus)
    note_attempt(saver, entry)
    mods = attack_mods(m, saver, pinner, entry)
    if beyond:
        mods.append(("AP beyond his AGI bonus", -beyond))
    saver.apron = False
    saver.square = victim.square
    saver.position = "Facing"
    inside = [p for p in m.sides[pinner.side] if p is not pinner and not p.apron and not p.unconscious]
    blocker = inside[0] if inside else fresh_partner(m, pinner)
    if blocker is not None and tactics.wants_block(m, blocker, saver):
        if inside:  # already in the ring (a double team): no need to get past the referee
            entered = True
        else:
            rec = check(m.dice, blocker.check_mods("SAV"), "enter to block the save", blocker.idx)
            entered = succeeded(rec)
            m.emit("save", narration.block_attempt(blocker, saver, entered), actor=blocker.idx, target=saver.idx)
        if entered:
            blocker.apron = False
            blocker.square = victim.square
            b_entry = _save_entry(blocker)
            if b_entry:
                note_attempt(blocker, b_entry)
            b_mods = attack_mods(m, blocker, saver, b_entry) if b_entry else blocker.check_mods("SAV")
            b_mods.append(("Reversal of the save", -1 if b_entry and b_entry.known else -2))
            w, ra, rb = contest(
                m.dice,
                mods,
                b_mods,
                f"save ({entry.label}) vs block",
                (saver.idx, blocker.idx),
                (entry.label, b_entry.label if b_entry else None),
            )
            if not inside:
                referee.start_count(m, blocker, "tag_switch", infraction="the illegal man in the ring")
            if w == 1:
                if b_entry is not None:
                    _strike(m, blocker, saver, b_entry, rb, "block")
                m.emit("save", narration.save_blocked(blocker, saver), actor=blocker.idx, target=saver.idx, saved=False)
                return False
            _strike(m, saver, pinner, entry, ra, "save")
            _saved(m, saver, pinner, victim)
            return True
    rec = check(m.dice, mods, f"save: {entry.label}", saver.idx, entry.label)
    if not succeeded(rec):
        m.emit("save", narration.save_missed(saver, pinner), actor=saver.idx, target=pinner.idx, saved=False)
        return False
    _strike(m, saver, pinner, entry, rec, "save")
    _saved(m, saver, pinner, victim)
    return True


def _strike(m, a, d, entry, roll, what):
    """A strike thrown in a save or a block: its damage and exertion, no Action Points after it."""
    from rules.arm.resolution import maneuver_damage

    dealt, parts = maneuver_damage(m, a, d, entry, tactics.simple_plan(entry), roll["outcome"])
    exert = damage.exertion(entry.move, d.lift)
    old_a = damage.add(a, exert)
    old_d = damage.add(d, dealt)
    m.emit(
        "maneuver",
        narration.hit(a, d, entry, dealt, roll["outcome"], None, False),
        actor=a.idx,
        target=d.idx,
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
    damage.after(m, d, old_d, entry.label, dealt)
    damage.after(m, a, old_a, "exertion", exert)


def _saved(m, saver, pinner, victim):
    """Seed: the referee stops counting; he warns the saver at once and argues with him (Distracted)
    until he leaves the ring. The pinner keeps Advantage but loses his remaining AP (P-ARM-12)."""
    m.emit("save", narration.saved(saver, victim), actor=saver.idx, target=pinner.idx, saved=True)
    pinner.ap = 0
    if m.ref.watching and not m.ref.no_dq:
        referee.warn(m, saver, "making the save")
    m.arguing = saver
    referee.distract(m, 1)


# --- double teams and fighting a team ----------------------------------------------------------------


def double_team_mods(m, a, d, entry, plan, mods):
    """Seed: one roll; the higher skill if the maneuvers are identical, the lower if different; plus a
    third of the unused skill, rounded up."""
    partner, p_entry = plan.tandem
    # his part is no attempt of his own (one roll, the legal man's): no repetition of his in it
    p_mods = [x for x in attack_mods(m, partner, d, p_entry) if x[0] != "repetition"]
    sa, sp = sum(x for _n, x in mods), sum(x for _n, x in p_mods)
    identical = entry.move.name == p_entry.move.name
    use_a = sa >= sp if identical else sa <= sp
    used, unused = (mods, sp) if use_a else (p_mods, sa)
    bonus = -(-max(0, unused) // 3)
    out = list(used)
    if bonus:
        out.append(("double team (a third of the other skill)", bonus))
    return out


def enter_double_team(m, a, d, plan):
    partner, p_entry = plan.tandem
    partner.apron = False
    partner.square = d.square
    partner.position = "Facing"
    m.emit(
        "position",
        narration.double_team(a, partner, d, plan.entry, p_entry),
        actor=partner.idx,
        target=d.idx,
        double_team=True,
        maneuvers=[plan.entry.label, p_entry.label],
    )
    referee.start_count(m, partner, "tag_switch", infraction="the illegal man in the ring")


def partner_share(m, partner, d, p_entry, outcome):
    """The partner's maneuver in a double team: its damage (added to the roll's) and his exertion."""
    from rules.arm.resolution import maneuver_damage

    dealt, _parts = maneuver_damage(m, partner, d, p_entry, tactics.simple_plan(p_entry), outcome)
    return dealt, damage.exertion(p_entry.move, d.lift)


def illegal_opponents(m, f):
    """Men of the other side in the ring who are not legal (a lone wrestler fighting a team)."""
    return [o for o in m.sides[1 - f.side] if not o.legal and not o.apron and not o.unconscious]


def free_attack(m, lone, other):
    """Seed: the man left out gets a free attack on the lone wrestler; it gives his team the
    initiative only if it hits."""
    from rules.arm.resolution import perform

    entry = _save_entry(other)
    if entry is None:
        return
    note_attempt(other, entry)
    rec = check(m.dice, attack_mods(m, other, lone, entry), f"free attack: {entry.label}", other.idx, entry.label)
    if not succeeded(rec):
        m.emit(
            "miss",
            narration.miss(other, lone, entry, rec["outcome"]),
            actor=other.idx,
            target=lone.idx,
            maneuver=entry.label,
            outcome=rec["outcome"],
            free_attack=True,
        )
        return
    p = tactics.simple_plan(entry)
    p.free = True
    perform(m, other, lone, entry, p, rec)
    m.attacker = m.legal[other.side]
    m.defender = m.opponent(m.attacker)
    m.emit("advantage", narration.advantage(m.attacker, "the free attack"), actor=m.attacker.idx, reason="free attack")


def end_of_round(m):
    """Illegal men go back to the apron (the referee's count stops), unless tactics keep one in; the
    referee stops arguing with a saver once he has left."""
    for f in m.fighters:
        if f.legal or f.apron:
            continue
        if not f.unconscious and tactics.lingers(m, f):
            f.lingering += 1
            continue
        f.apron = True
        f.lingering = 0
        f.square = APRON_OF[f.side]
        f.position = "Facing"
        f.perch, f.running, f.cornered = "", False, ""
        f.unconscious = False
        referee.stop_count(m, f, "tag_switch")
        m.emit("position", narration.back_to_apron(f), actor=f.idx)
    if m.arguing is not None:
        if m.arguing.apron:
            m.arguing = None
        else:
            referee.distract(m, 2)


# --- cages ----------------------------------------------------------------------------------------

DOOR_AP = 3  # leaving works like tagging: reach the door, then 3 AP to get through it
INTERNAL_DOOR = (8, 5)  # a ringside square; the door is in the cage wall beside it
EXTERNAL_DOOR = (10, 5)  # a floor square by the cage wall


def cage_steps(feet, reading="reference"):
    """Steps above the mat. P-ARM-14 (`cage_steps = "reference"`, the default): (feet - 4) // 2, at least 1.
    The seed's literal reading (`"literal"`): "1 Step for each foot taller it is than the ring (a standard
    ring is 2 feet high at the mat)", i.e. feet - 2."""
    if reading == "literal":
        return max(1, feet - 2)
    return max(1, (feet - 4) // 2)


class Cage:
    """The stipulated cage: material (Stun Code), height in Steps, roof, internal/external, escape rule."""

    __slots__ = ("material", "sc", "height_ft", "steps", "internal", "roof", "escape")

    def __init__(self, stip):
        self.material = stip["cage"]
        self.sc = STUN_CODES["Steel Cage"] if self.material == "steel" else STUN_CODES["Chainlink Cage"]
        self.height_ft = stip["cage_height"]
        self.steps = cage_steps(self.height_ft, stip.get("cage_steps", "reference"))
        self.internal = stip["cage_internal"]
        self.roof = stip["cage_roof"]
        self.escape = stip["escape"]

    @property
    def escapes_win(self):
        return self.escape != "pinfall"

    def wall(self, square):
        """True when ``square`` is against the cage wall (where he can climb it)."""
        if self.internal:
            return KIND[square] in ROPE_SIDE
        r, c = square
        return (r in (1, 10) and 1 <= c <= 10) or (c in (1, 10) and 1 <= r <= 10)

    def door(self):
        return INTERNAL_DOOR if self.internal else EXTERNAL_DOOR

    def wall_distance(self, square):
        if self.wall(square):
            return 0
        if self.internal:
            r, c = square
            return min(r - 3, 8 - r, c - 3, 8 - c) if 3 <= r <= 8 and 3 <= c <= 8 else 1
        r, c = square
        return max(0, min(abs(r - 1), abs(r - 10), abs(c - 1), abs(c - 10)))

    def exit_cost(self, f):
        """AP to get out from where he is: (cost, route). The door: reach it + 3 AP. Over the top (no
        roof): reach the wall, climb 1 AP per Step, 1 AP to go over (P-ARM-14 heights)."""
        stand = self_cost(f, frozenset(("Facing",)))[0]
        door = stand + distance(f.square, self.door()) + DOOR_AP
        if self.roof:
            return door, "door"
        top = stand + self.wall_distance(f.square) + self.steps + 1
        return (door, "door") if door <= top else (top, "top")


def escape_progress(m, a):
    """The attacker spends this round's AP climbing out (no shortfall: he cannot climb on credit). Returns
    True when he is out."""
    cage = m.cage
    cost, route = cage.exit_cost(a)
    need = cost - a.escaping
    spend_now = min(a.ap, need)
    a.ap -= spend_now
    a.escaping += spend_now
    a.cornered = ""
    out = a.escaping >= cost
    m.emit(
        "escape",
        narration.escaping(a, route, out, cage),
        actor=a.idx,
        route=route,
        progress=a.escaping,
        needed=cost,
        escaped=out,
    )
    return out


def escaped(m, f, how):
    m.finish(f.side, "escape", narration.escaped(f, how, m.cage), loser=1 - f.side, reason=how)


def pull_down(m, d, a):
    """P-ARM (project): while the attacker climbs out, the defender may use his AGI-bonus AP to reach
    him and drag him down: a STR check minus the climber's Lift. Success: he falls (2 per Step of the
    height he had reached, the cage's Stun Code at the door) and the defender gains Advantage."""
    cage = m.cage
    if d.unconscious or d.dazed or d.blinded:
        return False
    cost = self_cost(d, frozenset(("Facing",)))[0] + max(0, distance(d.square, a.square) - 1)
    if cost > d.agi_bonus:
        return False
    d.position = "Facing"
    mods = d.check_mods("STR")
    if a.lift:
        mods.append(("his Lift", -a.lift))
    rec = check(m.dice, mods, "drag him off the cage", d.idx)
    ok = succeeded(rec)
    _cost, route = cage.exit_cost(a)
    climbed = max(0, min(cage.steps, a.escaping - 1)) if route == "top" else 0
    amount = 2 * climbed if route == "top" else cage.sc
    if ok:
        a.escaping = 0
        a.position = "Prone"
        old = damage.add(a, amount)
    m.emit(
        "escape",
        narration.pulled_down(d, a, ok, amount),
        actor=d.idx,
        target=a.idx,
        stopped=ok,
        damage=amount if ok else 0,
    )
    if ok:
        damage.after(m, a, old, "pulled off the cage", amount)
        m.set_advantage(d, "dragged him off the cage")
    return ok


def lunge_escape_mod(m, f):
    """Seed: like the Lunge Tag: -1 per Action Point needed to reach the door or the cage edge (the
    edge only without a roof); success means he is out."""
    cage = m.cage
    n = distance(f.square, cage.door())
    if not cage.roof:
        n = min(n, cage.wall_distance(f.square))
    return {"distance to the way out": -n} if n else None
