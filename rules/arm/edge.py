"""Seed 000, "Edge Points": starting Edge, the six options, face/heel prices, Finisher double cost.

| option | face | heel |
|---|---|---|
| Seize the Initiative | 1 | 2 (1 if the maneuver he then uses is illegal) |
| Squeeze Count | 2 | 3 (2 with a BRA escape) |
| Hanging On | 2 | 3 |
| Second Wind | 1 | 1 |
| Fired Up | 6 | never |
| Working Over | 1 | 1 |

"Any use of Edge points against a Finisher (including the followup pinfall or submission) is double
cost": Seize the Initiative against a planned Finisher, Squeeze Count on the pin after it, Hanging On
in a Finisher hold.
"""

from rules.arm import narration
from rules.arm.damage import heal
from rules.arm.tables import BODY_PARTS, EDGE_PRICES


def starting_edge(fame):
    return fame // 100


def price(fighter, option, vs_finisher=False, illegal=False, bra_escape=False):
    face, heel = EDGE_PRICES[option]
    if fighter.alignment == "face":
        cost = face
    else:
        if heel is None:
            return None
        cost = heel
        if option == "seize_initiative" and illegal:
            cost = 1
        if option == "squeeze_count" and bra_escape:
            cost = 2
    if vs_finisher and option in ("seize_initiative", "squeeze_count", "hanging_on"):
        cost *= 2
    return cost


def affordable(fighter, option, **kw):
    cost = price(fighter, option, **kw)
    return cost is not None and fighter.edge >= cost


def spend(match, fighter, option, detail="", **kw):
    """Pay for ``option``; emits an ``edge`` event. Returns False (and spends nothing) if he cannot."""
    cost = price(fighter, option, **kw)
    if cost is None or fighter.edge < cost:
        return False
    fighter.edge -= cost
    match.emit("edge", narration.edge(fighter, option, cost, detail), actor=fighter.idx, option=option, cost=cost)
    return True


def second_wind(match, fighter):
    """1 Edge at any time: reduce his damage total by his STA."""
    if fighter.edge < 1 or fighter.damage <= 0:
        return 0
    fighter.edge -= 1
    healed = heal(fighter, fighter.attrs["STA"])
    match.emit(
        "edge",
        narration.edge(fighter, "second_wind", 1, f"{healed} damage shaken off"),
        actor=fighter.idx,
        option="second_wind",
        cost=1,
        healed=healed,
    )
    return healed


def fire_up(match, fighter):
    """Faces only, 6 Edge: the next five attacks fail only as Standoffs, ignore weardown and
    repetition penalties; no Finisher until the fifth attack."""
    if spend(match, fighter, "fired_up"):
        fighter.fired_up = 5
        return True
    return False


def work_over(match, fighter, part):
    if part and part not in fighter.working and spend(match, fighter, "working_over", detail=part):
        fighter.working.add(part)
        return True
    return False


def finisher_banned(fighter):
    """Seed 185: a Fired Up wrestler "may not attempt his Finisher until the fifth attack"."""
    return fighter.fired_up > 1


def can_second_wind(fighter):
    return fighter.edge >= 1 and fighter.damage > 0


def can_fire_up(fighter):
    """Faces only ("Rulebreakers can never use the 'Fire Up' option"), 6 Edge, not already Fired Up."""
    return not fighter.fired_up and affordable(fighter, "fired_up")


def can_work_over(fighter, part):
    return bool(part) and part not in fighter.working and affordable(fighter, "working_over")


def can_work_over_any(fighter):
    """He can still declare Working Over on some body part (1 Edge, a part not worked yet)."""
    return len(fighter.working) < len(BODY_PARTS) and affordable(fighter, "working_over")
