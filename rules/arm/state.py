"""What the scoreboard reads: each wrestler's ``state`` in every event (docs/rules/arm.md, "state")."""

from rules.arm.ring import SQUARE_ID
from rules.arm.tables import SPENT, WEARDOWN

WEARDOWN_NAMES = tuple(name for name, _penalty in WEARDOWN)


def statuses(fighter):
    out = []
    if fighter.dazed:
        out.append("dazed")
    if fighter.blinded:
        out.append("blinded")
    if fighter.unconscious:
        out.append("unconscious")
    if fighter.cornered:
        out.append(fighter.cornered == "trapped" and "cornered" or "in the corner")
    if fighter.running:
        out.append("running")
    if fighter.perch:
        out.append(fighter.perch)
    if fighter.weapon:
        out.append(f"holding {fighter.weapon}")
    if fighter.fired_up:
        out.append("fired up")
    if fighter.apron:
        out.append("on the apron")
    elif not fighter.legal:
        out.append("illegal man")
    if fighter.escaping:
        out.append("escaping")
    return out


def snapshot(fighter, has_advantage):
    level = fighter.level
    return {
        "name": fighter.name,
        "side": fighter.side,
        "damage": fighter.damage,
        "stuntrack": list(fighter.breaks),
        "weardown": WEARDOWN_NAMES[level] if level < 5 else SPENT,
        "position": fighter.position,
        "square": SQUARE_ID[fighter.square],
        "advantage": has_advantage,
        "edge": fighter.edge,
        "injuries": dict(fighter.injuries) if fighter.injuries else {},
        "heat": fighter.heat,
        "ap": fighter.ap,
        "warnings": fighter.warnings,
        "statuses": fighter.statuses()
        if (
            fighter.dazed
            or fighter.blinded
            or fighter.unconscious
            or fighter.cornered
            or fighter.running
            or fighter.perch
            or fighter.weapon
            or fighter.fired_up
            or fighter.apron
            or not fighter.legal
            or fighter.escaping
        )
        else [],
    }
