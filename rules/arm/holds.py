"""Seed 000, "Submission" (136-144) and "Reversing Holds" (146-147): the round while a hold is on. "Rounds during
holds are half-length"; the holder may use his AGI-bonus AP to reposition ("Each Action point spent to reposition
adds +1 to the defender's next attempt to break the hold") and Leverage (34); "No attack occurs during a hold.
Instead, the defender receives one chance to break the hold" (TEC; STR at -2; SAV to reach the ropes; a Reversal);
"if he fails, he takes the damage originally rolled for the hold once more". What each wrestler does is his choice
(``match.tactics``); what it needs and costs is here."""

from rules.arm import clock, damage, effects, heat, narration, plans, positioning, referee, submission, winning
from rules.arm.checks import ACE, check, succeeded
from rules.arm.modifiers import attack_mods, note_attempt, with_turnover
from rules.arm.options import PROMPTS, check_of, label
from rules.arm.ring import KIND, ROPE_SIDE, nearest_cached
from rules.arm.winning import rope_mods
from rules.decisions import Option

DRAG_AP = 2  # seed 78: 1 AP to the next square, +1 to bring him
MIDDLE = frozenset({"M"})
BREAKS = ("TEC", "STR", "SAV")


def hold_round(match):
    """Seed: hold rounds are 5 s; no attack: the holder may reposition (+1 to the break per AP),
    Leverage, and the defender gets one break attempt; if it fails he takes the hold's damage again."""
    hold = match.hold
    holder, victim = hold.holder, hold.victim
    match.round_seconds = clock.HOLD
    hold.rounds += 1
    holder.performed_round = match.round  # his hold is "the attack done" this round too (a superset's step)
    holder.ap = holder.agi_bonus
    lets_go, drags, leverages = match.decide(
        "hold",
        holder.side,
        build=lambda: hold_actions(match, hold),
        default=lambda: _holder_default(match, hold),
        who=holder,
        prompt=PROMPTS["hold"],
    )
    if lets_go:
        release(match, hold)
        return
    if drags:
        drag_off_ropes(match, hold)
    if leverages:
        leverage(match, hold)
    if not victim.unconscious and break_attempt(match, hold):
        return
    hold_damage(match, hold)


def _holder_default(match, hold):
    """The tactics: (let go, drag him off the ropes, Leverage)."""
    if match.tactics.release_hold(match, hold):
        return True, False, False
    drags = can_drag_off_ropes(hold) and match.tactics.drags_off_ropes(match, hold)
    return False, drags, not hold.leverage and match.tactics.wants_leverage(match, hold)


def release(match, hold):
    """He lets go (D21: at the start of a hold round); a fallen or unconscious man may then be covered."""
    holder, victim = hold.holder, hold.victim
    submission.end_hold(match)
    match.emit(
        "hold",
        narration.release(holder, victim, hold.entry),
        actor=holder.idx,
        target=victim.idx,
        maneuver=hold.entry.label,
        released=True,
    )
    if (victim.unconscious or victim.fallen) and winning.can_cover(match, holder, victim, holder.ap):
        winning.cover(
            match,
            holder,
            victim,
            holder.ap,
            default=lambda hook_ap: match.tactics.cover_after_release(match, holder, victim, hook_ap),
        )


def can_drag_off_ropes(hold):
    """The victim is at the ropes and the holder has the 2 AP to drag him to the middle of the ring."""
    return KIND[hold.victim.square] in ROPE_SIDE and hold.holder.ap >= DRAG_AP


def drag_off_ropes(match, hold):
    holder, victim = hold.holder, hold.victim
    target, _distance = nearest_cached(victim.square, MIDDLE)
    positioning.spend(holder, DRAG_AP)
    victim.square = holder.square = target
    hold.ap_bonus += DRAG_AP


def leverage_mods(holder):
    """Seed 34: "This requires a SAV check to perform after the hold is successful"."""
    return holder.check_mods("SAV")


def leverage(match, hold):
    """Seed 34: on a successful SAV check, +2 to the hold's damage (D21: for as long as the hold lasts); illegal."""
    holder, victim = hold.holder, hold.victim
    rec = check(match.dice, leverage_mods(holder), "Leverage", holder.idx)
    if not succeeded(rec):
        return
    hold.leverage = 2
    heat.heat_change(match, holder, -1)
    match.emit(
        "hold",
        narration.leverage(holder, victim),
        actor=holder.idx,
        target=victim.idx,
        maneuver=hold.entry.label,
        leverage=True,
    )
    referee.referee_check(match, holder, "illegal leverage")


def break_mods(hold, option):
    """The victim's check to break the hold: TEC; STR at -2; SAV to reach the ropes (Reach, distance to them);
    +1 per AP the holder spent repositioning."""
    victim = hold.victim
    mods = victim.check_mods(option)
    if option == "STR":
        mods.append(("Power out of a hold", -2))
    if option == "SAV":
        mods.extend(rope_mods(victim))
    if option == "TEC" and "Style: Technician" in victim.merits:
        mods.append(("Style: Technician", 1))
    if hold.ap_bonus:
        mods.append(("holder repositioned", hold.ap_bonus))
    return mods


def reversal_mods(match, hold, reversal):
    """Seed 147: "rolls an attack check as if attempting the maneuver chosen"."""
    entry, opts = reversal
    return attack_mods(match, hold.victim, hold.holder, entry, with_turnover(opts, hold.holder))


def reversal_options(hold):
    """The Reversals he may try against this hold: a bought one of it, and the improvised ones (D61)."""
    victim = hold.victim
    out = []
    bought = victim.reversals.get(hold.entry.move.base)
    if bought is not None:
        out.append((bought, None))
    out += [(entry, {"improvised Reversal": penalty}) for entry, penalty in victim.reversal_pool]
    return out


def break_attempt(match, hold):
    """The defender's one chance to break the hold; True when the hold is over (broken or reversed)."""
    how, choice = match.decide(
        "hold-break",
        hold.victim.side,
        build=lambda: hold_breaks(match, hold),
        default=lambda: _break_default(match, hold),
        who=hold.victim,
        prompt=PROMPTS["hold-break"],
    )
    if how == "REV":
        return reverse(match, hold, choice)
    return break_hold(match, hold, choice)


def _break_default(match, hold):
    option = match.tactics.hold_break_option(match, hold.victim, hold.holder, hold)
    if option == "REV":
        return "REV", match.tactics.hold_reversal(match, hold.victim, hold.holder, hold)
    return "break", option


def reverse(match, hold, reversal):
    """Seed 147: "If he rolls higher than the original attack, without failing, he gains the advantage and
    successfully performs the maneuver on his opponent"."""
    holder, victim = hold.holder, hold.victim
    entry = reversal[0]
    note_attempt(victim, entry)
    mods = reversal_mods(match, hold, reversal)
    rec = check(match.dice, mods, f"reverse the hold into {entry.label}", victim.idx, entry.label)
    if not (succeeded(rec) and rec["value"] > hold.attack_value):
        return False
    submission.end_hold(match)
    match.emit(
        "counter",
        narration.hold_reversed(victim, holder, entry, hold.entry),
        actor=victim.idx,
        target=holder.idx,
        maneuver=hold.entry.label,
        counter=entry.label,
    )
    effects.perform(match, victim, holder, entry, plans.simple_plan(entry), rec)
    return True


def break_hold(match, hold, option):
    holder, victim = hold.holder, hold.victim
    rec = check(match.dice, break_mods(hold, option), f"break the {hold.entry.label}", victim.idx)
    hold.ap_bonus = 0
    if not succeeded(rec):
        return False
    if (
        option == "SAV"
        and not hold.rope_refused
        and match.decide(
            "rope-break",
            holder.side,
            build=rope_break,
            default=lambda: match.tactics.refuses_rope_break(match, holder, hold),
            who=holder,
            prompt=PROMPTS["rope-break"],
        )
    ):
        refuse_rope_break(match, hold)
        return False
    submission.end_hold(match)
    match.emit(
        "break",
        narration.hold_broken(victim, holder, hold.entry, option, rec["outcome"]),
        actor=victim.idx,
        target=holder.idx,
        maneuver=hold.entry.label,
        method=option,
    )
    if rec["outcome"] == ACE:
        match.set_advantage(victim, "an Ace on the break")
    return True


def refuse_rope_break(match, hold):
    """Seed 157: refusing to break a hold once the opponent has reached the ropes: the referee counts (an
    automatic DQ past five where the promotion says so)."""
    holder, victim = hold.holder, hold.victim
    hold.rope_refused = True
    match.emit(
        "hold",
        narration.refuses_break(holder, victim),
        actor=holder.idx,
        target=victim.idx,
        maneuver=hold.entry.label,
        ropes=True,
    )
    referee.start_count(match, holder, "rope_break", infraction="refusing to break at the ropes")


def hold_damage(match, hold):
    """Failed break: "the damage originally rolled for the hold once more" (its +1 per Injury point on the held
    part is in it already, D21), +2 while Leveraged; a resthold heals the holder 1."""
    holder, victim, man = hold.holder, hold.victim, hold.entry.move
    dealt = hold.damage + hold.leverage
    if hold.resthold:
        dealt = max(0, dealt)
    old = damage.add(victim, dealt)
    healed = damage.heal(holder, 1) if hold.resthold else 0
    match.emit(
        "hold",
        narration.hold_damage(holder, victim, hold.entry, dealt, healed),
        actor=holder.idx,
        target=victim.idx,
        maneuver=hold.entry.label,
        damage=dealt,
        intensity=hold.intensity + (dealt if man.type == "Submission" else 0),
    )
    damage.after(match, victim, old, hold.entry.label, dealt)
    if man.type == "Submission":
        hold.intensity += dealt
        submission.submission_check(match, hold)
    elif man.type == "Sleeper":
        submission.sleeper_check(match, hold)


# --- the options of the hold decisions ------------------------------------------------------------------------


def hold_actions(match, hold):
    """Seed 138, 34, D21: keep the hold (dragging him off the ropes: 2 AP, +2 to his break; Leveraging: a SAV check,
    illegal) or let go."""
    holder = hold.holder
    out = [
        Option("hold:release", "Let go", value=(True, False, False)),
        Option("hold:keep", "Keep it on", value=(False, False, False)),
    ]
    drag = can_drag_off_ropes(hold)
    leverage = not hold.leverage
    check = check_of(leverage_mods(holder))
    if drag:
        cost = {"ap": DRAG_AP}
        out.append(
            Option(
                "hold:keep+drag",
                label("Drag him off the ropes", cost),
                cost,
                None,
                ("+2 to his break",),
                (False, True, False),
            )
        )
    if leverage:
        out.append(
            Option("hold:keep+leverage", label("Leverage", check=check), {}, check, ("illegal",), (False, False, True))
        )
    if drag and leverage:
        cost = {"ap": DRAG_AP}
        out.append(
            Option(
                "hold:keep+drag+leverage",
                label("Drag and Leverage", cost, check),
                cost,
                check,
                ("illegal",),
                (False, True, True),
            )
        )
    return out


def hold_breaks(match, hold):
    """Seed 139-143, 147: TEC; STR at -2; SAV to reach the ropes; a Reversal (must beat the hold's roll)."""
    out = []
    for option in BREAKS:
        check = check_of(break_mods(hold, option))
        out.append(Option(f"break:{option}", label(option, check=check), {}, check, (), ("break", option)))
    for reversal in reversal_options(hold):
        entry = reversal[0]
        saved = (hold.victim.last_attempt, hold.victim.repeat)
        note_attempt(hold.victim, entry)
        try:
            mods = reversal_mods(match, hold, reversal)
        finally:
            hold.victim.last_attempt, hold.victim.repeat = saved
        check = check_of(mods, beat=hold.attack_value)
        text = label(f"Reverse into {entry.label}", check=check, extra=f"and over {hold.attack_value}")
        out.append(Option(f"reversal:{entry.label}", text, {}, check, (), ("REV", reversal)))
    return out


def rope_break():
    return [
        Option("rope-break:honour", "Break the hold", value=False),
        Option("rope-break:refuse", "Refuse (the referee counts)", {}, None, ("illegal: a rope-break count",), True),
    ]
