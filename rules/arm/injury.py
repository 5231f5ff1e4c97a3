"""Seed 000, "Injury": when Injury checks happen, the TOU check, and what Injury points do.

Healing ("subtract his STA bonus each week ... spread among all of the Injured areas") happens
between matches; :func:`heal_week` is the pure function the league calls when it advances a week.
"""

from rules.arm import narration
from rules.arm.checks import check, succeeded
from rules.arm.tables import BODY_PARTS, attribute_bonus

INJURY_PENALTY_CAP = 6  # P-ARM-25


def conditions(match, attacker, defender, man, entry, outcome, with_object):
    """The seed's five situations (plus Spent, P-ARM-06), each giving one TOU check."""
    found = []
    if entry.finisher:
        found.append("Finisher")
    if outcome == "ace":
        found.append("Megamove")
    if with_object or "INJ" in man.props:
        found.append("foreign object")
    if "Injury Prone" in defender.flaws:
        found.append("Injury Prone")
    if man.target and man.target in attacker.working:
        found.append("Working Over")
    if defender.level == 5:
        found.append("Spent")
    return found


def injury_checks(match, attacker, defender, man, entry, outcome, dealt, with_object=False):
    """TOU check per condition at -1 per 5 points of this maneuver's damage (P-ARM-25); each
    failure is +1 Injury point on the maneuver's Target."""
    if not man.target or dealt <= 0:
        return 0
    found = conditions(match, attacker, defender, man, entry, outcome, with_object)
    if not found:
        return 0
    added = 0
    per5 = dealt // 5
    for reason in found:
        mods = defender.check_mods("TOU")
        if per5:
            mods.append(("damage taken", -per5))
        rec = check(match.dice, mods, f"injury check ({reason})", defender.idx)
        if not succeeded(rec):
            added += 1
    if added:
        defender.injuries[man.target] = defender.injuries.get(man.target, 0) + added
    match.emit(
        "injury",
        narration.injury(defender, man.target, added, found),
        actor=defender.idx,
        target=defender.idx,
        part=man.target,
        points=added,
        reasons=found,
    )
    return added


def use_penalty(fighter, parts):
    """-1 per Injury point on the body parts a maneuver uses (LIFT uses Arm, Leg and Back)."""
    inj = fighter.injuries
    if not inj:
        return 0
    total = 0
    for p in parts:
        if p in inj:
            total += inj[p]
    return -min(INJURY_PENALTY_CAP, total)


def heal_week(injuries, sta):
    """One week off: remove the STA bonus in points, spread over the injured parts (the most injured
    first, then in body-part order), and return the new injuries dict."""
    left = attribute_bonus(sta)
    out = {p: v for p, v in injuries.items() if v > 0}
    while left > 0 and out:
        for part in sorted(out, key=lambda p: (-out[p], BODY_PARTS.index(p))):
            if left <= 0:
                break
            out[part] -= 1
            left -= 1
        out = {p: v for p, v in out.items() if v > 0}
    return out
