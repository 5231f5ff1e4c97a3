"""Seed 000, "Winning The Match": pinfalls, submission holds, knockouts, DQ and count-outs (the
referee calls them, :mod:`rules.arm.referee`), draws, engineered results, and the Prestige a result
is worth (P-ARM-07)."""

from rules.arm import clock, damage, edge, narration, positioning, referee, tactics
from rules.arm.checks import ACE, BOTCH, RANK, check, referee_beats, succeeded
from rules.arm.modifiers import note_attempt
from rules.arm.ring import KIND, ROPE_REACH, in_ring

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


def _save_before_three(m, a, d):
    """Who stops a three-count from outside, as a callable that tries it (True: the pin is broken), or None:
    the partner diving in (seed "Making The Save"), else his second running in (interference, D51)."""
    if m.tag and tactics.save_coming(m, d):
        from rules.arm import venue

        return lambda: venue.try_save(m, a, d)
    if m.seconds and tactics.wants_run_in_save(m, d):
        from rules.arm import interference

        return lambda: interference.run_in(m, m.second_for(d.side), a)
    return None


def pin(m, a, d, ap, predicament=False, finisher=False, free_cover=False):
    """Cover (or a pinfall predicament) and the defender's break; returns the AP left.

    Seed: the pinner needs at least 1 AP left (a predicament needs none); the opponent makes three
    simultaneous checks and the number failed is the count; each count shakes off 1 AP; re-pinning
    without a new attack is +2 to break, cumulative.
    """
    if not m.falls_count:
        return ap  # an escape-only cage match: pinfalls do not count
    attempts = 0
    while True:
        hook = 0
        if not predicament:
            # rolling a Facedown man onto his back (1 AP, within Fallen) and the cover are paid from the AP
            # he has: they never go below zero (D59)
            roll_over = 1 if d.position != "Prone" else 0
            cost = roll_over + (0 if (free_cover and attempts == 0) else positioning.COVER)
            if ap < 1 or ap < cost or not in_ring(d.square) or not in_ring(a.square):
                return ap
            if roll_over:
                d.position = "Prone"
            ap -= cost
            hook = tactics.cover_hook(m, a, d, ap)
            ap -= positioning.LOBSTER if hook == 2 else (positioning.HOOK_LEG if hook else 0)
            a.position = "Kneeling"
        if not m.ref.watching:
            m.emit("pin", narration.no_count(a, d, m.ref), actor=a.idx, target=d.idx, count=0)
            return max(0, ap)
        if a.alignment == "heel" and tactics.wants_screwjob(m, a, d) and screwjob(m, a, d):
            return 0
        auto_two = finisher and d.level >= 1 and attempts == 0
        n = 1 if auto_two else 3
        method = tactics.pin_break_method(m, d, a, predicament, hook, attempts)
        squeeze = False
        if tactics.wants_squeeze(m, d, a, n, method, hook, attempts, predicament, finisher):
            squeeze = edge.spend(
                m, d, "squeeze_count", detail="kick-out", vs_finisher=finisher, bra_escape=method == "BRA"
            )
        mods = break_mods(d, a, method, predicament, hook, attempts)
        rolls = [check(m.dice, mods, f"break the pin ({METHOD_NAMES[method]})", d.idx) for _ in range(n + squeeze)]
        if squeeze:
            worst = min(rolls, key=lambda r: (RANK[r["outcome"]], -r["value"]))
            worst["kept"] = False
            rolls = [r for r in rolls if r is not worst]
        count, ace = pin_count(rolls)
        if auto_two:
            count += 2
        if count >= 3:
            save = _save_before_three(m, a, d)
            if save is not None:
                m.tick(clock.COUNT * 2)
                m.emit(
                    "pin",
                    narration.pin(a, d, 2, METHOD_NAMES[method], predicament, hook, interrupted=True),
                    actor=a.idx,
                    target=d.idx,
                    count=2,
                    method=method,
                    predicament=predicament,
                    interrupted=True,
                )
                if save():
                    return 0
                m.tick(clock.COUNT)
                m.finish(a.side, "pinfall", narration.pinfall(a, d), loser=d.side)
        m.tick(clock.COUNT * count)
        if method == "BRA" and count < 3:
            tactics.heat_change(m, d, -1)
        m.emit(
            "pin",
            narration.pin(a, d, count, METHOD_NAMES[method], predicament, hook),
            actor=a.idx,
            target=d.idx,
            count=count,
            method=method,
            predicament=predicament,
        )
        if count >= 3:
            m.finish(a.side, "pinfall", narration.pinfall(a, d), loser=d.side)
        if method == "BRA":
            referee.referee_check(m, d, "pulling the hair")
        if ace:
            m.set_advantage(d, "an Ace on the kick-out")
            return 0
        ap -= count
        attempts += 1
        if predicament or ap < 1 or not tactics.wants_repin(m, a, d, ap, attempts):
            return max(0, ap)


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


def screwjob(m, a, d):
    """Seed: SAV roll (feet on the ropes, tights); on success the opponent cannot break the pin, and
    the referee makes three Skill checks (two against Slack) as a contest against the pinner's roll;
    "If any of the referee's checks are successful, the referee breaks up the fall instead of counting it
    and issues a warning to the wrestler." Returns True when the cover is over (the fall broken up, or
    the match won); False when the SAV roll failed and the normal pin goes on."""
    rec = check(m.dice, a.check_mods("SAV"), "screwjob the pin", a.idx)
    tactics.heat_change(m, a, -1)
    if not succeeded(rec):
        m.emit("screwjob", narration.screwjob_fail(a), actor=a.idx, target=d.idx, success=False)
        return False
    n = 2 if "Slack" in a.merits else 3
    ref = m.ref
    caught = False
    for _ in range(n):
        r = check(m.dice, (("referee Skill", ref.skill),), "referee spots the screwjob")
        if referee_beats(r, rec["value"]):
            caught = True
    m.tick(clock.COUNT * (1 if caught else 3))
    m.emit("screwjob", narration.screwjob(a, d, ref, caught), actor=a.idx, target=d.idx, success=not caught)
    if caught:
        referee.warn(m, a, "cheating on the pin")
        return True  # no count, no break dice: the referee has broken up the fall (D55)
    m.finish(a.side, "pinfall", narration.pinfall(a, d, cheated=True), loser=d.side, screwjob=True)
    return True


# --- holds and submissions ------------------------------------------------------------------------------


def start_hold(m, holder, victim, entry, dealt, roll, plan):
    from rules.arm.match import Hold

    h = Hold(holder, victim, entry, dealt, roll["value"], resthold=plan.resthold)
    m.hold = h
    if entry.move.type == "Sleeper":
        sleeper_check(m, h)
    # a submission's STA check comes "at the end of each round he fails to break the hold" (hold_round),
    # not in the round it goes on; its damage counts toward the Intensity from the start


def end_hold(m):
    """The hold is over: the referee stops any choke or rope-break count against the holder."""
    h = m.hold
    m.hold = None
    if h is not None:
        referee.stop_count(m, h.holder, "choke")
        referee.stop_count(m, h.holder, "rope_break")


def hold_round(m):
    """Seed: hold rounds are 5 s; no attack: the holder may reposition (+1 to the break per AP),
    Leverage, and the defender gets one break attempt; if it fails he takes the hold's damage again."""
    h = m.hold
    holder, victim, man = h.holder, h.victim, h.entry.move
    m.round_seconds = clock.HOLD
    h.rounds += 1
    holder.performed_round = m.round  # his hold is "the attack done" this round too (a superset's step)
    holder.ap = holder.agi_bonus
    if tactics.release_hold(m, h):
        end_hold(m)
        m.emit(
            "hold",
            narration.release(holder, victim, h.entry),
            actor=holder.idx,
            target=victim.idx,
            maneuver=h.entry.label,
            released=True,
        )
        if victim.unconscious or victim.fallen:
            pin(m, holder, victim, holder.ap)
        return
    moved = tactics.hold_reposition(m, h)
    if moved:
        h.ap_bonus += moved
    if not h.leverage and tactics.wants_leverage(m, h):
        rec = check(m.dice, holder.check_mods("SAV"), "Leverage", holder.idx)
        if succeeded(rec):
            h.leverage = 2
            tactics.heat_change(m, holder, -1)
            m.emit(
                "hold",
                narration.leverage(holder, victim),
                actor=holder.idx,
                target=victim.idx,
                maneuver=h.entry.label,
                leverage=True,
            )
            referee.referee_check(m, holder, "illegal leverage")
    # the defender's break
    if not victim.unconscious:
        option = tactics.hold_break_option(m, victim, holder, h)
        if option == "REV":
            rev = tactics.hold_reversal(m, victim, holder, h)
            note_attempt(victim, rev[0])
            mods = attack_mods_for(m, victim, holder, rev)
            rec = check(m.dice, mods, f"reverse the hold into {rev[0].label}", victim.idx, rev[0].label)
            if succeeded(rec) and rec["value"] > h.attack_value:
                end_hold(m)
                from rules.arm.resolution import perform

                m.emit(
                    "counter",
                    narration.hold_reversed(victim, holder, rev[0], h.entry),
                    actor=victim.idx,
                    target=holder.idx,
                    maneuver=h.entry.label,
                    counter=rev[0].label,
                )
                perform(m, victim, holder, rev[0], tactics.simple_plan(rev[0]), rec)
                return
        else:
            mods = victim.check_mods(option)
            if option == "STR":
                mods.append(("Power out of a hold", -2))
            if option == "SAV":
                mods.extend(rope_mods(victim))
            if option == "TEC" and "Style: Technician" in victim.merits:
                mods.append(("Style: Technician", 1))
            if h.ap_bonus:
                mods.append(("holder repositioned", h.ap_bonus))
            rec = check(m.dice, mods, f"break the {h.entry.label}", victim.idx)
            h.ap_bonus = 0
            if succeeded(rec):
                if option == "SAV" and tactics.refuses_rope_break(m, holder, h):
                    h.rope_refused = True
                    m.emit(
                        "hold",
                        narration.refuses_break(holder, victim),
                        actor=holder.idx,
                        target=victim.idx,
                        maneuver=h.entry.label,
                        ropes=True,
                    )
                    referee.start_count(m, holder, "rope_break", infraction="refusing to break at the ropes")
                else:
                    end_hold(m)
                    m.emit(
                        "break",
                        narration.hold_broken(victim, holder, h.entry, option, rec["outcome"]),
                        actor=victim.idx,
                        target=holder.idx,
                        maneuver=h.entry.label,
                        method=option,
                    )
                    if rec["outcome"] == ACE:
                        m.set_advantage(victim, "an Ace on the break")
                    return
    # failed break: "the damage originally rolled for the hold once more" (its +1 per Injury point on the
    # held part is in it already, D21), +2 while Leveraged
    dealt = h.damage + h.leverage
    if h.resthold:
        dealt = max(0, dealt)
    old = damage.add(victim, dealt)
    healed = damage.heal(holder, 1) if h.resthold else 0
    m.emit(
        "hold",
        narration.hold_damage(holder, victim, h.entry, dealt, healed),
        actor=holder.idx,
        target=victim.idx,
        maneuver=h.entry.label,
        damage=dealt,
        intensity=h.intensity + (dealt if man.type == "Submission" else 0),
    )
    damage.after(m, victim, old, h.entry.label, dealt)
    if man.type == "Submission":
        h.intensity += dealt
        submission_check(m, h)
    elif man.type == "Sleeper":
        sleeper_check(m, h)


def attack_mods_for(m, a, d, rev):
    from rules.arm.modifiers import attack_mods, with_turnover

    return attack_mods(m, a, d, rev[0], with_turnover(rev[1], d))


def current_tou(fighter):
    """P-ARM-23: "current TOU" = TOU - |weardown penalty|."""
    return fighter.attrs["TOU"] - min(fighter.level, 4)


def submission_check(m, h):
    """Seed: once the hold's Intensity exceeds his current TOU, a STA check each round he fails to
    break it, or he submits (Injury points on the held part are penalties; Hanging On ignores one)."""
    victim = h.victim
    if h.intensity <= current_tou(victim):
        return
    mods = victim.check_mods("STA")
    inj = victim.injuries.get(h.entry.move.target, 0)
    if inj:
        mods.append((f"injured {h.entry.move.target}", -inj))
    rec = check(m.dice, mods, f"resist submitting to the {h.entry.label}", victim.idx)
    if succeeded(rec):
        return
    if not m.falls_count:
        return  # escape-only: a submission does not end it
    if tactics.wants_hanging_on(m, victim, h) and edge.spend(
        m, victim, "hanging_on", detail=h.entry.label, vs_finisher=h.entry.finisher
    ):
        return
    m.finish(h.holder.side, "submission", narration.submits(victim, h.holder, h.entry), loser=victim.side)


def sleeper_check(m, h):
    """Seed: the victim of a sleeper makes a TOU roll each round he takes damage; failing, he passes
    out, and the referee (if not distracted) tests the arm."""
    victim = h.victim
    if victim.unconscious:
        arm_drop(m, victim)
        return
    rec = check(m.dice, victim.check_mods("TOU"), "stay awake in the sleeper", victim.idx)
    if succeeded(rec):
        return
    victim.unconscious = True
    m.emit("unconscious", narration.fades(victim), actor=victim.idx, how="sleeper")
    arm_drop(m, victim)


def arm_drop(m, victim):
    """Seed: three simultaneous STA checks; each failure is the arm falling; three = unable to go on."""
    if not m.ref.watching:
        return
    was = victim.unconscious
    victim.unconscious = False  # the arm test is his own effort: he is fading, not yet gone
    mods = victim.check_mods("STA")
    drops = sum(1 for _ in range(3) if not succeeded(check(m.dice, mods, "arm drop", victim.idx)))
    m.tick(clock.COUNT * drops)
    m.emit("arm drop", narration.arm_drop(m.ref, victim, drops), actor=victim.idx, drops=drops)
    if drops >= 3 and m.falls_count:
        victim.unconscious = was
        m.finish(1 - victim.side, "knockout", narration.sleeper_ko(victim), loser=victim.side, reason="sleeper")


def unconscious_upkeep(m):
    """P-ARM-21: at the end of each round an unconscious wrestler may be noticed by the referee (KO),
    or come round with a STA check."""
    if all(f.unconscious for f in m.legal) and m.ref.watching:
        m.draw("neither wrestler able to continue")
    for f in m.fighters:
        if not f.unconscious:
            continue
        if m.hold is not None and m.hold.victim is f and m.hold.entry.move.type == "Sleeper":
            continue
        if m.falls_count and f.legal and referee.notices_knockout(m, f):
            m.finish(1 - f.side, "knockout", narration.knockout(m.ref, f), loser=f.side, reason="unconscious")
        f.unconscious = False
        rec = check(m.dice, f.check_mods("STA"), "come round", f.idx)
        if succeeded(rec):
            m.emit("status", narration.comes_round(f), actor=f.idx)
        else:
            f.unconscious = True


# --- engineered results and Prestige ----------------------------------------------------------------


def engineered_finish(m, eng):
    """Seed "B-O-O-O-RING": a booked (thrown, bought or agreed) result; the wrestlers who engineered
    it get a Prestige penalty equal to a loss, on top of any loss."""
    winner, method = eng["winner"], eng["method"]
    names = [f.name for s in eng["by"] for f in m.sides[s]]
    m.emit("engineered", narration.engineered(m, eng), actor=None, by=eng["by"])
    if winner is None:
        m.finish(
            None, "draw", narration.draw("double count-out (agreed)"), reason="engineered", engineered=eng, by=names
        )
    m.finish(winner, method, narration.engineered_result(m, eng), loser=1 - winner, engineered=eng, by=names)


def prestige_changes(m, winner_side, method, engineered=None):
    """P-ARM-07: win +10 / loss -10 (a DQ or count-out win +5), Heat in his favour, spot bonuses,
    an engineered result's extra loss penalty; Athletic Pick doubles the gains and losses."""
    out = []
    for f in m.fighters:
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
