"""Seed 000, the start of a match: SAV Contest, collar-elbow tie-up, test of strength, Ambush; and
the pre-match concealment of starred objects (the "Conceal Object" Trick)."""

from rules.arm import advantage, choices, narration, referee
from rules.arm.checks import check, succeeded
from rules.arm.maneuvers import flagged
from rules.arm.options import PROMPTS

CAGE_KEYS = ("cage", "cage_height", "cage_internal", "cage_roof", "escape", "cage_steps")
# stipulations the start event shows only when set (their defaults change nothing)
QUIET_DEFAULTS = {"seconds": (), "ropes_can_break": True, "running_costs": "positioning", "cage_steps": "reference"}


def begin(match):
    a, b = match.legal[0], match.legal[1]
    skip = ("tricks_used",) if match.cage is not None else ("tricks_used", *CAGE_KEYS)
    shown = {
        k: v for k, v in match.stip.items() if k not in skip and not (k in QUIET_DEFAULTS and v == QUIET_DEFAULTS[k])
    }
    fields = {}
    if match.tag:
        fields["teams"] = [[f.name for f in side] for side in match.sides]
    match.emit(
        "start",
        narration.introduction(match),
        stipulation=shown,
        referee=match.ref.snapshot(),
        **fields,
    )
    for f in match.fighters:
        conceal(match, f)
    amb = match.stip["ambush"]
    if amb is not None and ambush(match, match.legal[amb], match.legal[1 - amb]):
        return
    choice_a = _calls(match, a, b)
    choice_b = _calls(match, b, a)
    caller = None
    method = "sav"
    for f, choice in ((a, choice_a), (b, choice_b)):
        if choice != "sav" and "Ritual" in f.flaws and choice == "cet":
            choice = "sav"  # P-ARM-09: a Ritual wrestler cannot call a tie-up in the first round
        if choice != "sav" and (caller is None or f.attrs["SAV"] > caller.attrs["SAV"]):
            caller, method = f, choice
    if method == "cet":
        advantage.collar_elbow(match, a, b, caller)
    elif method == "tos":
        advantage.test_of_strength(match, a, b, caller)
    else:
        advantage.sav_contest(match, a, b)


def _calls(match, fighter, opponent):
    """Seed 12-14: either wrestler may call a tie-up (or a test of strength) instead of the SAV Contest."""
    return match.decide(
        "start",
        fighter.side,
        build=lambda: choices.start(match, fighter, opponent),
        default=lambda: match.tactics.choose_start(match, fighter, opponent),
        who=fighter,
        prompt=PROMPTS["start"],
    )


def conceal(match, fighter):
    """Each starred object he brings is hidden with the Conceal Object Trick (SAV-0); a failure means
    the referee finds it before the bell."""
    if not fighter.concealed:
        return
    trick = flagged("Conceal Object")
    kept = []
    for obj in fighter.concealed:
        uses = fighter.tricks_used.get(trick.name, 0)
        mods = [("SAV", fighter.attrs["SAV"])]
        if uses:
            mods.append(("trick used before", -uses))
        rec = check(match.dice, mods, f"Conceal Object: {obj}", fighter.idx)
        fighter.tricks_used[trick.name] = uses + 1
        if succeeded(rec):
            kept.append(obj)
        ok = succeeded(rec)
        match.emit("trick", narration.conceal(fighter, obj, ok), actor=fighter.idx, trick=trick.name, success=ok)
    fighter.concealed = kept


def ambush(match, attacker, victim):
    """Seed: attacking before the bell: automatic Advantage, no SAV contest, no tie-up; the first
    attack is Unopposed; an automatic referee warning (unless distracted) and 1 Edge (unless the
    opponent is in his Ritual)."""
    in_ritual = "Ritual" in victim.flaws
    if not in_ritual:
        if attacker.edge < 1:
            match.emit("start", narration.no_ambush(attacker), actor=attacker.idx)
            return False
        attacker.edge -= 1
    match.attacker = None
    match.set_advantage(attacker)
    match.emit(
        "ambush",
        narration.ambush(attacker, victim, in_ritual),
        actor=attacker.idx,
        target=victim.idx,
        edge_cost=0 if in_ritual else 1,
    )
    attacker.ambush_pending = True
    if match.ref.watching and not match.ref.no_dq:
        referee.warn(match, attacker, "attacking before the bell")
    return True
