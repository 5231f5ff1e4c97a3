"""Seed 000, "Disqualifications" and "Referee Counts" (P-ARM-22): the referee's checks, warnings,
automatic DQs, counts and distraction."""

from rules.arm import heat, narration
from rules.arm.checks import check, check_need, succeeded
from rules.arm.tables import COUNT_LIMITS

HOSTILE_CONTACT = "hostile contact with the referee"


class Referee:
    __slots__ = (
        "name",
        "skill",
        "sav",
        "warning_limit",
        "distracted",
        "down",
        "bumps",
        "counts",
        "no_dq",
        "automatic_dq",
    )

    def __init__(self, spec, no_dq=False, automatic_dq=()):
        self.name = spec["name"]
        self.skill = spec["skill"]
        self.sav = spec["sav"]
        self.warning_limit = spec["warning_limit"]
        self.distracted = 0  # rounds left
        self.down = 0  # rounds left on the mat after a bump (D50)
        self.bumps = 0
        self.counts = []  # [kind, fighter, total, first round counted]
        self.no_dq = no_dq
        self.automatic_dq = frozenset(automatic_dq)

    @property
    def watching(self):
        return self.distracted <= 0 and self.down <= 0

    def snapshot(self):
        out = {"name": self.name, "distracted": self.distracted > 0}
        if self.down > 0:
            out["down"] = self.down
        if self.counts:
            out["counts"] = [{"kind": c[0], "against": c[1].idx, "count": c[2]} for c in self.counts]
        return out


def referee_check(match, offender, infraction, dq_key=None, bonus=0, use_sav=False):
    """A Referee Check for an illegal action: d20 <= Skill (SAV for hidden tricks). On success a
    warning, or a DQ for an automatic-DQ infraction. Returns True when he noticed."""
    ref = match.ref
    if ref.no_dq or not ref.watching:
        return False
    need = (ref.sav if use_sav else ref.skill) + bonus
    if "Slack" in offender.merits:
        need -= 1
    rec = check_need(
        match.dice, need, f"referee check: {infraction}", name="referee SAV" if use_sav else "referee Skill"
    )
    if not succeeded(rec):
        match.emit(
            "referee",
            narration.unseen(ref, offender, infraction),
            actor=offender.idx,
            noticed=False,
            infraction=infraction,
        )
        return False
    if dq_key and dq_key in ref.automatic_dq:
        match.emit(
            "referee",
            narration.dq_call(ref, offender, infraction),
            actor=offender.idx,
            noticed=True,
            infraction=infraction,
        )
        match.disqualify(offender, infraction)
    warn(match, offender, infraction)
    return True


def warn(match, offender, infraction):
    ref = match.ref
    offender.warnings += 1
    offender.ref_penalty = -2 if "Hot-Headed" in offender.flaws else -1
    match.emit(
        "referee",
        narration.warning(ref, offender, infraction),
        actor=offender.idx,
        noticed=True,
        infraction=infraction,
        warnings=offender.warnings,
    )
    if offender.warnings > ref.warning_limit:
        match.disqualify(offender, f"too many warnings ({offender.warnings})")


def start_count(match, fighter, kind, notice=True, infraction=None):
    """Seed: notice the action (a Referee Check), issue a warning, and count from the next round."""
    ref = match.ref
    if any(c[0] == kind and c[1] is fighter for c in ref.counts):
        return True
    if kind == "ring_out":
        if ref.no_dq or match.cage is not None:  # inside a cage there is no count-out (escaping is the way out)
            return False
        ref.counts.append([kind, fighter, 0, match.round + 1])
        match.emit("referee", narration.count_start(ref, fighter, kind), actor=fighter.idx, count=kind)
        return True
    if notice and not referee_check(match, fighter, infraction or kind):
        return False
    ref.counts.append([kind, fighter, 0, match.round + 1])
    return True


def stop_count(match, fighter, kind):
    match.ref.counts = [c for c in match.ref.counts if not (c[0] == kind and c[1] is fighter)]


def counting(match, fighter, kind):
    for c in match.ref.counts:
        if c[0] == kind and c[1] is fighter:
            return c[2]
    return None


def end_of_round(match):
    """Each round a count runs: +1d6; past the limit the referee acts (P-ARM-22)."""
    ref = match.ref
    if not ref.counts:
        return
    if not ref.watching:
        return
    over = []
    for c in ref.counts:
        kind, fighter, total, first = c
        if match.round < first:
            continue
        c[2] = total + match.dice.roll(6, f"referee count: {kind}", against=fighter.idx)
        match.emit("count", narration.count(ref, fighter, kind, c[2]), actor=fighter.idx, count=kind, total=c[2])
        if c[2] > COUNT_LIMITS[kind]:
            over.append(c)
    if not over:
        return
    ring_outs = [c[1] for c in over if c[0] == "ring_out"]
    if len(ring_outs) >= 2:
        match.draw("double count-out", text=narration.double_countout(ring_outs))
    if ring_outs:
        match.count_out(ring_outs[0])
    for kind, fighter, _total, _first in over:
        ref.counts = [c for c in ref.counts if c[1] is not fighter or c[0] != kind]
        key = {"choke": "choke_count", "rope_break": "rope_break_count"}.get(kind, kind)
        if key in ref.automatic_dq or kind == "tag_switch":  # seed: "a five-count to switch ... or be DQ'd"
            match.disqualify(fighter, f"{kind.replace('_', ' ')} past a {COUNT_LIMITS[kind]} count")
        warn(match, fighter, f"{kind.replace('_', ' ')} past a {COUNT_LIMITS[kind]} count")


TOP_ROPE = "rope3"


def top_rope(match):
    """P-ARM-22 (D49): the wrestler in control who starts and ends a round on the top rope without
    coming off it is stalling there: the referee notices (a Referee Check), warns and counts him from
    the next round; past 5 a warning. Coming down stops the count."""
    ref = match.ref
    for f in match.fighters:
        if f.perch != TOP_ROPE and ref.counts and counting(match, f, "top_rope") is not None:
            stop_count(match, f, "top_rope")
    f = match.perched
    if f is None or f.perch != TOP_ROPE or match.attacker is not f or match.hold is not None:
        return
    start_count(match, f, "top_rope", infraction="stalling on the top rope")


def bump(match, attacker):
    """D50 (seed 158, "making contact with the referee in a hostile or threatening fashion"): a
    rulebreaker knocks the referee down and makes it look like an accident with a SAV check. Seen for
    what it is (a failed check), it is hostile contact: an automatic DQ (a warning when the promotion
    took it off the list). Otherwise the referee is down for 1d6 rounds (6 on an Ace): he sees nothing,
    counts nothing (the counts he was making are lost) and rules nothing until he is back up."""
    ref = match.ref
    ref.bumps += 1
    rec = check(match.dice, attacker.check_mods("SAV"), "bump the referee: make it look like an accident", attacker.idx)
    heat.heat_change(match, attacker, -1)
    if not succeeded(rec):
        match.emit(
            "referee", narration.bump_seen(ref, attacker), actor=attacker.idx, noticed=True, infraction=HOSTILE_CONTACT
        )
        if ref.no_dq:
            return False
        if "referee_contact" in ref.automatic_dq:
            match.disqualify(attacker, HOSTILE_CONTACT)
        warn(match, attacker, HOSTILE_CONTACT)
        return False
    rounds = 6 if rec["outcome"] == "ace" else match.dice.roll(6, "rounds the referee is down", actor=attacker.idx)
    ref.down = rounds
    lost = [c[0] for c in ref.counts]
    ref.counts = []
    match.emit(
        "referee",
        narration.bump(ref, attacker, rounds),
        actor=attacker.idx,
        noticed=False,
        infraction=HOSTILE_CONTACT,
        down=rounds,
        counts_lost=lost,
    )
    return True


def recover(match):
    """End of a round: a downed referee gets closer to his feet."""
    ref = match.ref
    ref.down -= 1
    if ref.down == 0:
        match.emit("referee", narration.referee_up(ref), up=True)


def distract(match, rounds):
    match.ref.distracted = max(match.ref.distracted, rounds)


def notices_knockout(match, fighter):
    """Seed: a referee who makes a SAV roll notices a wrestler who has passed out."""
    ref = match.ref
    if not ref.watching:
        return False
    rec = check_need(match.dice, ref.sav, f"referee notices {fighter.name} is out", name="referee SAV")
    return succeeded(rec)
