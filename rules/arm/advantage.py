"""Seed 000, "Advantage": who is the attacker, and the contests that decide it.

The SAV Contest at the bell, the collar-elbow tie-up (higher of STR and TEC), the test of strength
(STR + Reach), the STA Contest after a collision, and the referee's restart with a tie-up.
"""

from rules.arm import narration
from rules.arm.checks import contest


def _award(m, winner_idx, a, b, why):
    winner = a if winner_idx == 0 else b
    m.attacker = None
    m.set_advantage(winner, why)
    return winner


def sav_contest(m, a, b):
    """Seed: "At the beginning of the match, roll a SAV Contest to determine Advantage"."""
    w, _ra, _rb = contest(m.dice, a.check_mods("SAV"), b.check_mods("SAV"), "SAV contest for Advantage", (a.idx, b.idx))
    return _award(m, w, a, b, "SAV contest")


def cet_mods(f):
    attr = "STR" if f.attrs["STR"] >= f.attrs["TEC"] else "TEC"
    return f.check_mods(attr)


def collar_elbow(m, a, b, caller=None):
    """Seed: a contest of each wrestler's STR or TEC, whichever is higher; the winner gains Advantage."""
    for f in (a, b):
        f.position = "Facing"
        f.square = (5, 5) if f is a else (5, 6)
    if caller is not None:
        m.emit("start", narration.calls_cet(caller), actor=caller.idx)
    w, _ra, _rb = contest(m.dice, cet_mods(a), cet_mods(b), "collar-elbow tie-up", (a.idx, b.idx))
    return _award(m, w, a, b, "collar-elbow tie-up")


def tos_mods(f):
    mods = f.check_mods("STR")
    if f.reach:
        mods.append(("Reach", f.reach))
    return mods


def test_of_strength(m, a, b, caller=None):  # noqa: PT028 - the seed's name, not a pytest test
    """Seed: like the tie-up, but STR only, each modified by his Reach."""
    if caller is not None:
        m.emit("start", narration.calls_tos(caller), actor=caller.idx)
    w, _ra, _rb = contest(m.dice, tos_mods(a), tos_mods(b), "test of strength", (a.idx, b.idx))
    return _award(m, w, a, b, "test of strength")


def collision(m, a, b):
    """Seed: both Botch: each takes 3 damage, and a STA Contest re-decides Advantage."""
    from rules.arm.damage import add, after

    olds = (add(a, 3), add(b, 3))
    m.emit("collision", narration.collision(a, b), actor=a.idx, target=b.idx, damage=3)
    after(m, a, olds[0], "collision", 3)
    after(m, b, olds[1], "collision", 3)
    if a.unconscious or b.unconscious:
        return m.attacker
    w, _ra, _rb = contest(
        m.dice, a.check_mods("STA"), b.check_mods("STA"), "STA contest after collision", (a.idx, b.idx)
    )
    return _award(m, w, a, b, "STA contest after the collision")


def referee_restart(m):
    """Seed: "the referee may require a C.E.T. when he feels the match needs to be restarted"."""
    a, b = m.legal[0], m.legal[1]
    m.emit("referee", narration.restart(m.ref), actor=None)
    for f in (a, b):
        if not f.unconscious:
            f.position = "Facing"
            f.perch = ""
            f.cornered = ""
    return collar_elbow(m, a, b)
