"""Seed 000, "Advantage": who is the attacker, and the contests that decide it.

The SAV Contest at the bell, the collar-elbow tie-up (higher of STR and TEC), the test of strength
(STR + Reach), the STA Contest after a collision, and the referee's restart with a tie-up.
"""

from rules.arm import narration
from rules.arm.checks import contest


def _award(match, winner_idx, first, second, why):
    winner = first if winner_idx == 0 else second
    match.attacker = None
    match.set_advantage(winner, why)
    return winner


def sav_contest(match, first, second):
    """Seed: "At the beginning of the match, roll a SAV Contest to determine Advantage"."""
    w, _ra, _rb = contest(
        match.dice,
        first.check_mods("SAV"),
        second.check_mods("SAV"),
        "SAV contest for Advantage",
        (first.idx, second.idx),
    )
    return _award(match, w, first, second, "SAV contest")


def cet_mods(fighter):
    attr = "STR" if fighter.attrs["STR"] >= fighter.attrs["TEC"] else "TEC"
    return fighter.check_mods(attr)


def collar_elbow(match, first, second, caller=None):
    """Seed: a contest of each wrestler's STR or TEC, whichever is higher; the winner gains Advantage."""
    for f in (first, second):
        f.position = "Facing"
        f.square = (5, 5) if f is first else (5, 6)
    if caller is not None:
        match.emit("start", narration.calls_cet(caller), actor=caller.idx)
    w, _ra, _rb = contest(match.dice, cet_mods(first), cet_mods(second), "collar-elbow tie-up", (first.idx, second.idx))
    return _award(match, w, first, second, "collar-elbow tie-up")


def tos_mods(fighter):
    mods = fighter.check_mods("STR")
    if fighter.reach:
        mods.append(("Reach", fighter.reach))
    return mods


def test_of_strength(match, first, second, caller=None):  # noqa: PT028 - the seed's name, not a pytest test
    """Seed: like the tie-up, but STR only, each modified by his Reach."""
    if caller is not None:
        match.emit("start", narration.calls_tos(caller), actor=caller.idx)
    w, _ra, _rb = contest(match.dice, tos_mods(first), tos_mods(second), "test of strength", (first.idx, second.idx))
    return _award(match, w, first, second, "test of strength")


def collision(match, first, second):
    """Seed: both Botch: each takes 3 damage, and a STA Contest re-decides Advantage."""
    from rules.arm.damage import add, after

    olds = (add(first, 3), add(second, 3))
    match.emit("collision", narration.collision(first, second), actor=first.idx, target=second.idx, damage=3)
    after(match, first, olds[0], "collision", 3)
    after(match, second, olds[1], "collision", 3)
    if first.unconscious or second.unconscious:
        return match.attacker
    w, _ra, _rb = contest(
        match.dice,
        first.check_mods("STA"),
        second.check_mods("STA"),
        "STA contest after collision",
        (first.idx, second.idx),
    )
    return _award(match, w, first, second, "STA contest after the collision")


def referee_restart(match):
    """Seed: "the referee may require a C.E.T. when he feels the match needs to be restarted"."""
    a, b = match.legal[0], match.legal[1]
    match.emit("referee", narration.restart(match.ref), actor=None)
    for f in (a, b):
        if not f.unconscious:
            f.position = "Facing"
            f.perch = ""
            f.cornered = ""
    return collar_elbow(match, a, b)
