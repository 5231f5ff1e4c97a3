"""His Edge (seed 174-187): Second Wind when worn, Fired Up for a face in trouble, Working Over the Finisher's
target, Seize the Initiative against a Finisher or a big move."""

from rules.arm import edge
from rules.arm.tactics.attack import plan_attack


def wants_second_wind(match, fighter):
    """Second Wind when Groggy or worse and more worn than his opponent."""
    return fighter.edge >= 1 and fighter.level >= 3 and fighter.level > match.opponent(fighter).level


def wants_fire_up(match, attacker, defender):
    """Fired Up (6 Edge, faces) when he is Tired and behind."""
    return (
        attacker.alignment == "face"
        and attacker.edge >= 6
        and not attacker.fired_up
        and attacker.level >= 2
        and attacker.level >= defender.level
        and attacker.policy.aggression >= 0.4
    )


def work_over_target(match, attacker, defender):
    """Working Over the Finisher's target from round 3, with 3 Edge in hand (the part, or None)."""
    finisher = attacker.finisher
    if (
        finisher is not None
        and attacker.edge >= 3
        and match.round >= 3
        and attacker.policy.aggression >= 0.5
        and finisher.move.target
        and finisher.move.target not in attacker.working
    ):
        return finisher.move.target
    return None


def seize_plan(match, defender, attacker, plan):
    """The defender seizes the initiative against a Finisher or a big move, if he can pay: (his plan, illegal)."""
    if defender.edge < 1 or defender.unconscious or defender.dazed or plan.kind != "attack":
        return None
    big = plan.entry.finisher or (plan.score >= 5 and defender.level >= 2)
    if not big:
        return None
    new = plan_attack(match, defender, attacker, positioning=False)
    if new is None:
        return None
    illegal = new.entry.move.illegal
    if not edge.affordable(defender, "seize_initiative", vs_finisher=plan.entry.finisher, illegal=illegal):
        return None
    return new, illegal
