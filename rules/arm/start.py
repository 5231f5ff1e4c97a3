"""Seed 000, the start of a match: SAV Contest, collar-elbow tie-up, test of strength, Ambush; and
the pre-match concealment of starred objects (the "Conceal Object" Trick)."""

from rules.arm import advantage, narration, referee
from rules.arm.checks import check, succeeded
from rules.arm.maneuvers import flagged

CAGE_KEYS = ("cage", "cage_height", "cage_internal", "cage_roof", "escape", "cage_steps")
# stipulations the start event shows only when set (their defaults change nothing)
QUIET_DEFAULTS = {"seconds": (), "ropes_can_break": True, "running_costs": "positioning", "cage_steps": "reference"}


def begin(m):
    a, b = m.legal[0], m.legal[1]
    skip = ("tricks_used",) if m.cage is not None else ("tricks_used", *CAGE_KEYS)
    shown = {k: v for k, v in m.stip.items() if k not in skip and not (k in QUIET_DEFAULTS and v == QUIET_DEFAULTS[k])}
    fields = {}
    if m.tag:
        fields["teams"] = [[f.name for f in side] for side in m.sides]
    m.emit(
        "start",
        narration.introduction(m),
        stipulation=shown,
        referee=m.ref.snapshot(),
        **fields,
    )
    for f in m.fighters:
        conceal(m, f)
    amb = m.stip["ambush"]
    if amb is not None and ambush(m, m.legal[amb], m.legal[1 - amb]):
        return
    choice_a = m.tactics.choose_start(m, a, b)
    choice_b = m.tactics.choose_start(m, b, a)
    caller = None
    method = "sav"
    for f, choice in ((a, choice_a), (b, choice_b)):
        if choice != "sav" and "Ritual" in f.flaws and choice == "cet":
            choice = "sav"  # P-ARM-09: a Ritual wrestler cannot call a tie-up in the first round
        if choice != "sav" and (caller is None or f.attrs["SAV"] > caller.attrs["SAV"]):
            caller, method = f, choice
    if method == "cet":
        advantage.collar_elbow(m, a, b, caller)
    elif method == "tos":
        advantage.test_of_strength(m, a, b, caller)
    else:
        advantage.sav_contest(m, a, b)


def conceal(m, f):
    """Each starred object he brings is hidden with the Conceal Object Trick (SAV-0); a failure means
    the referee finds it before the bell."""
    if not f.concealed:
        return
    trick = flagged("Conceal Object")
    kept = []
    for obj in f.concealed:
        uses = f.tricks_used.get(trick.name, 0)
        mods = [("SAV", f.attrs["SAV"])]
        if uses:
            mods.append(("trick used before", -uses))
        rec = check(m.dice, mods, f"Conceal Object: {obj}", f.idx)
        f.tricks_used[trick.name] = uses + 1
        if succeeded(rec):
            kept.append(obj)
        ok = succeeded(rec)
        m.emit("trick", narration.conceal(f, obj, ok), actor=f.idx, trick=trick.name, success=ok)
    f.concealed = kept


def ambush(m, attacker, victim):
    """Seed: attacking before the bell: automatic Advantage, no SAV contest, no tie-up; the first
    attack is Unopposed; an automatic referee warning (unless distracted) and 1 Edge (unless the
    opponent is in his Ritual)."""
    in_ritual = "Ritual" in victim.flaws
    if not in_ritual:
        if attacker.edge < 1:
            m.emit("start", narration.no_ambush(attacker), actor=attacker.idx)
            return False
        attacker.edge -= 1
    m.attacker = None
    m.set_advantage(attacker)
    m.emit(
        "ambush",
        narration.ambush(attacker, victim, in_ritual),
        actor=attacker.idx,
        target=victim.idx,
        edge_cost=0 if in_ritual else 1,
    )
    attacker.ambush_pending = True
    if m.ref.watching and not m.ref.no_dq:
        referee.warn(m, attacker, "attacking before the bell")
    return True
