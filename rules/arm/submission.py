"""Seed 000, "Submission" (135-145) and "Knock Out" (148-152): a hold in progress, its Intensity and the STA check
to resist submitting, the sleeper's TOU check and the referee's arm drop. The hold round (breaking, reversing,
Leverage, rope breaks) is :mod:`rules.arm.holds`."""

from rules.arm import clock, edge, narration, referee
from rules.arm.checks import check, succeeded
from rules.arm.options import PROMPTS, priced


class Hold:
    """A hold in progress (P-ARM-23)."""

    __slots__ = (
        "holder",
        "victim",
        "entry",
        "damage",
        "attack_value",
        "intensity",
        "leverage",
        "ap_bonus",
        "rounds",
        "resthold",
        "rope_refused",
    )

    def __init__(self, holder, victim, entry, dealt, attack_value, resthold=False):
        self.holder, self.victim, self.entry = holder, victim, entry
        self.damage = dealt
        self.attack_value = attack_value
        self.intensity = dealt if entry.move.type == "Submission" else 0
        self.leverage = 0
        self.ap_bonus = 0
        self.rounds = 0
        self.resthold = resthold
        self.rope_refused = False


def start_hold(match, holder, victim, entry, dealt, roll, plan):
    hold = Hold(holder, victim, entry, dealt, roll["value"], resthold=plan.resthold)
    match.hold = hold
    if entry.move.type == "Sleeper":
        sleeper_check(match, hold)
    # a submission's STA check comes "at the end of each round he fails to break the hold" (hold_round),
    # not in the round it goes on; its damage counts toward the Intensity from the start


def end_hold(match):
    """The hold is over: the referee stops any choke or rope-break count against the holder."""
    hold = match.hold
    match.hold = None
    if hold is not None:
        referee.stop_count(match, hold.holder, "choke")
        referee.stop_count(match, hold.holder, "rope_break")


def current_tou(fighter):
    """P-ARM-23: "current TOU" = TOU - |weardown penalty|."""
    return fighter.attrs["TOU"] - min(fighter.level, 4)


def submission_check(match, hold):
    """Seed: once the hold's Intensity exceeds his current TOU, a STA check each round he fails to
    break it, or he submits (Injury points on the held part are penalties; Hanging On ignores one)."""
    victim = hold.victim
    if hold.intensity <= current_tou(victim):
        return
    mods = victim.check_mods("STA")
    injured = victim.injuries.get(hold.entry.move.target, 0)
    if injured:
        mods.append((f"injured {hold.entry.move.target}", -injured))
    rec = check(match.dice, mods, f"resist submitting to the {hold.entry.label}", victim.idx)
    if succeeded(rec):
        return
    if not match.falls_count:
        return  # escape-only: a submission does not end it
    finisher = hold.entry.finisher
    if (
        edge.affordable(victim, "hanging_on", vs_finisher=finisher)
        and match.decide(
            "edge",
            victim.side,
            build=lambda: priced(victim, "hanging_on", "Hanging On: ignore this failed check", vs_finisher=finisher),
            default=lambda: match.tactics.wants_hanging_on(match, victim, hold),
            who=victim,
            prompt=PROMPTS["edge"],
        )
        and edge.spend(match, victim, "hanging_on", detail=hold.entry.label, vs_finisher=finisher)
    ):
        return
    match.finish(hold.holder.side, "submission", narration.submits(victim, hold.holder, hold.entry), loser=victim.side)


def sleeper_check(match, hold):
    """Seed: the victim of a sleeper makes a TOU roll each round he takes damage; failing, he passes
    out, and the referee (if not distracted) tests the arm."""
    victim = hold.victim
    if victim.unconscious:
        arm_drop(match, victim)
        return
    rec = check(match.dice, victim.check_mods("TOU"), "stay awake in the sleeper", victim.idx)
    if succeeded(rec):
        return
    victim.unconscious = True
    match.emit("unconscious", narration.fades(victim), actor=victim.idx, how="sleeper")
    arm_drop(match, victim)


def arm_drop(match, victim):
    """Seed: three simultaneous STA checks; each failure is the arm falling; three = unable to go on."""
    if not match.ref.watching:
        return
    was = victim.unconscious
    victim.unconscious = False  # the arm test is his own effort: he is fading, not yet gone
    mods = victim.check_mods("STA")
    drops = sum(1 for _ in range(3) if not succeeded(check(match.dice, mods, "arm drop", victim.idx)))
    match.tick(clock.COUNT * drops)
    match.emit("arm drop", narration.arm_drop(match.ref, victim, drops), actor=victim.idx, drops=drops)
    if drops >= 3 and match.falls_count:
        victim.unconscious = was
        match.finish(1 - victim.side, "knockout", narration.sleeper_ko(victim), loser=victim.side, reason="sleeper")
