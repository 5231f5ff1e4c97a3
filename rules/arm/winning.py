"""Seed 000, "Winning The Match": pinfalls (122-134), knockouts (148-150), draws (166-171), engineered results
("B-O-O-O-RING", 172-173) and the Prestige a result is worth (P-ARM-07). Submission holds and sleepers are in
:mod:`rules.arm.submission` and :mod:`rules.arm.holds`; DQs and count-outs are the referee's
(:mod:`rules.arm.referee`)."""

from rules.arm import clock, edge, heat, interference, narration, positioning, referee, tag
from rules.arm.checks import ACE, BOTCH, RANK, check, referee_beats, succeeded
from rules.arm.modifiers import note_attempt
from rules.arm.options import PROMPTS, check_of, label, priced, yes_no
from rules.arm.ring import KIND, ROPE_REACH, in_ring
from rules.decisions import Option

# --- pinfalls -----------------------------------------------------------------------------------

PIN_METHODS = ("STR", "TEC", "AGI", "BRA", "SAV")  # Power Out, Kick Out, Lift a Shoulder, hair, ropes
METHOD_NAMES = {
    "STR": "powers out",
    "TEC": "kicks out",
    "AGI": "lifts a shoulder",
    "BRA": "pulls the hair",
    "SAV": "gets a foot on the ropes",
}


def rope_mods(fighter):
    """SAV to reach the ropes: + Reach (Height), -2 from an M square, -4 from a c square."""
    mods = []
    if fighter.reach:
        mods.append(("Reach", fighter.reach))
    reach = ROPE_REACH.get(KIND[fighter.square], -4)
    if reach:
        mods.append(("distance to the ropes", reach))
    return mods


def break_mods(victim, pinner, method, predicament, hook, attempts):
    """Modifiers for one pin-break die (A123, A125, A126, A128)."""
    mods = victim.check_mods(method)
    if predicament:
        if method == "STR":
            mods.append(("Power Out of a predicament", -2))
        mods.append(("pinfall predicament", -2))
    elif method in ("STR", "TEC", "AGI") and pinner.lift:
        mods.append(("pinner's Lift", -pinner.lift))
    if method == "SAV":
        mods.extend(rope_mods(victim))
    if method == "TEC" and "Style: Technician" in victim.merits:
        mods.append(("Style: Technician", 1))
    if hook and method != "BRA":
        # seed: the hook is "-1 to attempts to Power Out, Kick Out, Lift a Shoulder, or reach the ropes"
        # (the lobster counts as both legs); pulling the hair is not on that list
        mods.append(("lobster cover" if hook == 2 else "leg hooked", -hook))
    if attempts:
        mods.append(("repeated cover", 2 * attempts))
    return mods


def cover_cost(victim, free=False):
    """D59: rolling a Facedown man onto his back (1 AP) and the cover (1 AP; none for a free cover)."""
    return (1 if victim.position != "Prone" else 0) + (0 if free else positioning.COVER)


def hook_cost(hook):
    """Seed 132: hooking a leg 1 AP (-1 to break), a lobster cover 3 AP (-2)."""
    return positioning.LOBSTER if hook == 2 else (positioning.HOOK_LEG if hook else 0)


def can_cover(match, pinner, victim, ap, free_cover=False, attempts=0):
    """Seed 123: "A wrestler who has at least 1 Action Point remaining can opt to cover a prone opponent" (only
    inside the ring, D20; not where falls do not count); he pays the cover from the AP he has (D59)."""
    if not match.falls_count or not (victim.fallen or victim.unconscious):
        return False
    cost = cover_cost(victim, free_cover and attempts == 0)
    return ap >= 1 and ap >= cost and in_ring(victim.square) and in_ring(pinner.square)


def cover(match, pinner, victim, ap, finisher=False, free_cover=False, default=None):
    """He may cover (with a hook or a lobster cover): ``default(AP after the cover)`` is his choice, the hook
    (0, 1, 2) or None for no cover. Returns the AP left."""
    hook = match.decide(
        "cover",
        pinner.side,
        build=lambda: covers(match, pinner, victim, ap, free_cover),
        default=lambda: default(ap - cover_cost(victim, free_cover)),
        who=pinner,
        prompt=PROMPTS["cover"],
    )
    if hook is None:
        return ap
    return pin(match, pinner, victim, ap, finisher=finisher, free_cover=free_cover, hook=hook)


def _save_before_three(match, pinner, victim):
    """Who stops a three-count from outside, as a callable that tries it (True: the pin is broken), or None:
    the partner diving in (seed "Making The Save"), else his second running in (interference, D51)."""
    saver = tag.fresh_partner(match, victim) if match.tag else None
    if saver is not None and match.decide(
        "save",
        victim.side,
        build=lambda: yes_no("save", f"{saver.name} makes the save", check=_save_check(match, saver, pinner, victim)),
        default=lambda: match.tactics.save_coming(match, victim),
        who=saver,
        prompt=PROMPTS["save"],
    ):
        return lambda: tag.try_save(match, pinner, victim)
    second = match.second_for(victim.side) if match.seconds else None
    if second is not None and match.decide(
        "run-in",
        victim.side,
        build=lambda: yes_no(
            "run-in", f"{second.name} runs in", check=check_of(((f"{second.name}'s Skill", second.skill),))
        ),
        default=lambda: match.tactics.wants_run_in_save(match, victim),
        who=victim,
        prompt=PROMPTS["run-in"],
    ):
        return lambda: interference.run_in(match, second, pinner)
    return None


def _save_check(match, saver, pinner, victim):
    entry = tag.save_entry(saver)
    if entry is None:
        return None
    saved = (saver.last_attempt, saver.repeat)
    note_attempt(saver, entry)
    try:
        return check_of(tag.save_mods(match, saver, pinner, victim, entry))
    finally:
        saver.last_attempt, saver.repeat = saved


def pin(match, pinner, victim, ap, predicament=False, finisher=False, free_cover=False, hook=None):
    """Cover (or a pinfall predicament) and the defender's break; returns the AP left.

    Seed: the pinner needs at least 1 AP left (a predicament needs none); the opponent makes three
    simultaneous checks and the number failed is the count; each count shakes off 1 AP; re-pinning
    without a new attack is +2 to break, cumulative. ``hook`` is the first cover's (0, 1 leg, 2 lobster; None:
    his choice).
    """
    if not match.falls_count:
        return ap  # an escape-only cage match: pinfalls do not count
    attempts = 0
    if predicament:
        hook = 0
    while True:
        if not predicament:
            if not can_cover(match, pinner, victim, ap, free_cover, attempts):
                return ap
            ap -= cover_cost(victim, free_cover and attempts == 0)
            victim.position = "Prone"
            if hook is None:
                hook = match.tactics.cover_hook(match, pinner, victim, ap)
            ap -= hook_cost(hook)
            pinner.position = "Kneeling"
        if not match.ref.watching:
            match.emit(
                "pin", narration.no_count(pinner, victim, match.ref), actor=pinner.idx, target=victim.idx, count=0
            )
            return max(0, ap)
        if _screwjobs(match, pinner, victim) and screwjob(match, pinner, victim):
            return 0
        try:
            count, ace = _count(match, pinner, victim, predicament, hook, attempts, finisher)
        except PinBroken:
            return 0
        if ace:
            match.set_advantage(victim, "an Ace on the kick-out")
            return 0
        ap -= count
        attempts += 1
        if predicament or ap < 1:
            return max(0, ap)
        hook = _repin(match, pinner, victim, ap, attempts, free_cover)
        if hook is None:
            return max(0, ap)


def _screwjobs(match, pinner, victim):
    """Seed 48: he may cheat on the pin (legs on the ropes, the tights): a SAV roll, then the referee's checks."""
    check = check_of(pinner.check_mods("SAV"))
    needs = ("illegal: the referee may break up the fall and warn him",)
    return match.decide(
        "screwjob",
        pinner.side,
        build=lambda: yes_no("screwjob", "Screwjob the pin", check=check, needs=needs),
        default=lambda: match.tactics.screwjob_choice(match, pinner, victim),
        who=pinner,
        prompt=PROMPTS["screwjob"],
    )


def _repin(match, pinner, victim, ap, attempts, free_cover):
    """Seed 134: "A wrestler can make multiple attempts to pin without making a new attack -- but each subsequent
    attempt to pin is at +2 to break (cumulative)". The hook, or None for no new cover."""
    if not can_cover(match, pinner, victim, ap, free_cover, attempts):
        return None

    def default():
        if not match.tactics.wants_repin(match, pinner, victim, ap, attempts):
            return None
        return match.tactics.cover_hook(match, pinner, victim, ap - cover_cost(victim))

    return match.decide(
        "cover",
        pinner.side,
        build=lambda: covers(match, pinner, victim, ap),
        default=default,
        who=pinner,
        prompt=PROMPTS["cover"],
    )


def _break_method(match, victim, pinner, predicament, hook, attempts, dice):
    if victim.unconscious:  # nothing to choose: every check fails
        return match.tactics.pin_break_method(match, victim, pinner, predicament, hook, attempts)
    return match.decide(
        "pin-break",
        victim.side,
        build=lambda: pin_breaks(match, victim, pinner, predicament, hook, attempts, dice),
        default=lambda: match.tactics.pin_break_method(match, victim, pinner, predicament, hook, attempts),
        who=victim,
        prompt=PROMPTS["pin-break"],
    )


def _count(match, pinner, victim, predicament, hook, attempts, finisher):
    """The break dice (one after a Finisher: the automatic 2-count), a save at two, the count; returns (count, an
    Ace on the break)."""
    auto_two = finisher and victim.level >= 1 and attempts == 0
    n = 1 if auto_two else 3
    method = _break_method(match, victim, pinner, predicament, hook, attempts, n)
    squeeze = False
    kw = {"vs_finisher": finisher, "bra_escape": method == "BRA"}
    if edge.affordable(victim, "squeeze_count", **kw) and match.decide(
        "edge",
        victim.side,
        build=lambda: priced(victim, "squeeze_count", "Squeeze Count: an extra die, the worst dropped", **kw),
        default=lambda: match.tactics.wants_squeeze(
            match, victim, pinner, n, method, hook, attempts, predicament, finisher
        ),
        who=victim,
        prompt=PROMPTS["edge"],
    ):
        squeeze = edge.spend(
            match, victim, "squeeze_count", detail="kick-out", vs_finisher=finisher, bra_escape=method == "BRA"
        )
    mods = break_mods(victim, pinner, method, predicament, hook, attempts)
    rolls = [check(match.dice, mods, f"break the pin ({METHOD_NAMES[method]})", victim.idx) for _ in range(n + squeeze)]
    if squeeze:
        worst = min(rolls, key=lambda r: (RANK[r["outcome"]], -r["value"]))
        worst["kept"] = False
        rolls = [r for r in rolls if r is not worst]
    count, ace = pin_count(rolls)
    if auto_two:
        count += 2
    if count >= 3:
        _three(match, pinner, victim, method, predicament, hook)
    match.tick(clock.COUNT * count)
    if method == "BRA" and count < 3:
        heat.heat_change(match, victim, -1)
    match.emit(
        "pin",
        narration.pin(pinner, victim, count, METHOD_NAMES[method], predicament, hook),
        actor=pinner.idx,
        target=victim.idx,
        count=count,
        method=method,
        predicament=predicament,
    )
    if count >= 3:
        match.finish(pinner.side, "pinfall", narration.pinfall(pinner, victim), loser=victim.side)
    if method == "BRA":
        referee.referee_check(match, victim, "pulling the hair")
    return count, ace


def _three(match, pinner, victim, method, predicament, hook):
    """The break dice say three: a save from outside may stop it at two (else the fall is counted)."""
    save = _save_before_three(match, pinner, victim)
    if save is None:
        return
    match.tick(clock.COUNT * 2)
    match.emit(
        "pin",
        narration.pin(pinner, victim, 2, METHOD_NAMES[method], predicament, hook, interrupted=True),
        actor=pinner.idx,
        target=victim.idx,
        count=2,
        method=method,
        predicament=predicament,
        interrupted=True,
    )
    if save():
        raise PinBroken
    match.tick(clock.COUNT)
    match.finish(pinner.side, "pinfall", narration.pinfall(pinner, victim), loser=victim.side)


class PinBroken(Exception):
    """The save broke up the pin at two: the cover is over (the pinner keeps Advantage, no AP left)."""


def pin_count(rolls):
    """The pin count from break dice: failures count; a Botch also cancels one success (or, if only
    Aces are left, downgrades one to a plain success). Returns (count, an Ace remains)."""
    aces = sum(1 for r in rolls if r["outcome"] == ACE)
    plain = sum(1 for r in rolls if r["outcome"] == "success")
    botches = sum(1 for r in rolls if r["outcome"] == BOTCH)
    for _ in range(botches):
        if plain:
            plain -= 1
        elif aces:
            aces -= 1
            plain += 1
    return len(rolls) - aces - plain, aces > 0


def screwjob(match, attacker, defender):
    """Seed: SAV roll (feet on the ropes, tights); on success the opponent cannot break the pin, and
    the referee makes three Skill checks (two against Slack) as a contest against the pinner's roll;
    "If any of the referee's checks are successful, the referee breaks up the fall instead of counting it
    and issues a warning to the wrestler." Returns True when the cover is over (the fall broken up, or
    the match won); False when the SAV roll failed and the normal pin goes on."""
    rec = check(match.dice, attacker.check_mods("SAV"), "screwjob the pin", attacker.idx)
    heat.heat_change(match, attacker, -1)
    if not succeeded(rec):
        match.emit(
            "screwjob", narration.screwjob_fail(attacker), actor=attacker.idx, target=defender.idx, success=False
        )
        return False
    n = 2 if "Slack" in attacker.merits else 3
    ref = match.ref
    caught = False
    for _ in range(n):
        r = check(match.dice, (("referee Skill", ref.skill),), "referee spots the screwjob")
        if referee_beats(r, rec["value"]):
            caught = True
    match.tick(clock.COUNT * (1 if caught else 3))
    match.emit(
        "screwjob",
        narration.screwjob(attacker, defender, ref, caught),
        actor=attacker.idx,
        target=defender.idx,
        success=not caught,
    )
    if caught:
        referee.warn(match, attacker, "cheating on the pin")
        return True  # no count, no break dice: the referee has broken up the fall (D55)
    match.finish(
        attacker.side,
        "pinfall",
        narration.pinfall(attacker, defender, cheated=True),
        loser=defender.side,
        screwjob=True,
    )
    return True


def unconscious_upkeep(match):
    """P-ARM-21: at the end of each round an unconscious wrestler may be noticed by the referee (KO),
    or come round with a STA check."""
    if all(f.unconscious for f in match.legal) and match.ref.watching:
        match.draw("neither wrestler able to continue")
    for f in match.fighters:
        if not f.unconscious:
            continue
        if match.hold is not None and match.hold.victim is f and match.hold.entry.move.type == "Sleeper":
            continue
        if match.falls_count and f.legal and referee.notices_knockout(match, f):
            match.finish(1 - f.side, "knockout", narration.knockout(match.ref, f), loser=f.side, reason="unconscious")
        f.unconscious = False
        rec = check(match.dice, f.check_mods("STA"), "come round", f.idx)
        if succeeded(rec):
            match.emit("status", narration.comes_round(f), actor=f.idx)
        else:
            f.unconscious = True


# --- engineered results and Prestige ----------------------------------------------------------------


def engineered_finish(match, eng):
    """Seed "B-O-O-O-RING": a booked (thrown, bought or agreed) result; the wrestlers who engineered
    it get a Prestige penalty equal to a loss, on top of any loss."""
    winner, method = eng["winner"], eng["method"]
    names = [f.name for s in eng["by"] for f in match.sides[s]]
    match.emit("engineered", narration.engineered(match, eng), actor=None, by=eng["by"])
    if winner is None:
        match.finish(
            None, "draw", narration.draw("double count-out (agreed)"), reason="engineered", engineered=eng, by=names
        )
    match.finish(winner, method, narration.engineered_result(match, eng), loser=1 - winner, engineered=eng, by=names)


def prestige_changes(match, winner_side, method, engineered=None):
    """P-ARM-07: win +10 / loss -10 (a DQ or count-out win +5), Heat in his favour, spot bonuses,
    an engineered result's extra loss penalty; Athletic Pick doubles the gains and losses."""
    out = []
    for f in match.fighters:
        detail = []
        if winner_side is None:
            pass
        elif f.side == winner_side:
            detail.append(("win", 5 if method in ("disqualification", "count-out") else 10))
        else:
            detail.append(("loss", -10))
        if f.heat:
            favour = (f.heat > 0) == (f.alignment == "face")
            detail.append(("heat", abs(f.heat) if favour else -abs(f.heat)))
        if f.spot:
            detail.append(("spot bonus", f.spot))
        if engineered and f.side in engineered["by"]:
            detail.append(("engineered result", -10))
        total = sum(x for _n, x in detail)
        if f.athletic:
            total *= 2
        out.append(
            {"name": f.name, "side": f.side, "change": total, "detail": [{"name": n, "amount": x} for n, x in detail]}
        )
    return out


# --- the options of the pin decisions -------------------------------------------------------------------------


def covers(match, pinner, victim, ap, free=False):
    """Seed 87, 123, 132 (D59): cover for 1 AP (none after a free-cover maneuver), a hooked leg +1 AP (-1 to break),
    a lobster cover +3 AP (-2); rolling a Facedown man over first, 1 AP."""
    cost = cover_cost(victim, free)
    out = [Option("cover:no", "No cover", value=None)]
    for hook, name in ((0, "cover"), (1, "cover:hook"), (2, "cover:lobster")):
        total = cost + hook_cost(hook)
        if total <= ap:
            title = ("Cover", "Cover, hooking a leg", "Lobster cover")[hook]
            out.append(Option(name, label(title, {"ap": total}), {"ap": total}, None, (), hook))
    return out


def pin_breaks(match, victim, pinner, predicament, hook, attempts, dice):
    """Seed 124-128: Power Out (STR), Kick Out (TEC), Lift a Shoulder (AGI), Pull the Hair (BRA, illegal), a foot on
    the ropes (SAV); a predicament breaks as a hold (TEC, STR, SAV). ``dice`` d20s, the count their failures."""
    methods = ("TEC", "STR", "SAV") if predicament else PIN_METHODS
    out = []
    for method in methods:
        check = check_of(break_mods(victim, pinner, method, predicament, hook, attempts), dice=dice)
        needs = ("illegal: a Referee Check",) if method == "BRA" else ()
        title = METHOD_NAMES[method].capitalize()
        out.append(Option(f"break:{method}", label(title, check=check), {}, check, needs, method))
    return out
