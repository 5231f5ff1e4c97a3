"""His choices in a tag match (tag out, Blind and Fake Tags, the save and the block, double teams, fighting two
men, staying in) and in a cage (climbing out); the seconds at ringside (run-ins, D51)."""

from rules.arm import cage, tag
from rules.arm.modifiers import estimate
from rules.arm.tactics.policy import cheat, one_warning_from_dq


def wants_tag(match, attacker, defender, ap=None):
    """Tag out when he is worn and a fresher partner waits: ("tag", partner) when the corner is close
    enough (a small shortfall is fine: the new man carries it), ("fake", partner) for a cheater who is
    too far away, else None."""
    if attacker.unconscious or attacker.perch or attacker.level < 2:
        return None
    partner = tag.fresh_partner(match, attacker)
    if partner is None or partner.level >= attacker.level or match.hold is not None:
        return None
    have = attacker.ap if ap is None else ap
    if tag.tag_cost(attacker) <= have + (0 if ap is not None else 3):
        return "tag", partner
    if ap is None and cheat(match, attacker) >= 0.4 and match.ref.watching:
        fake = attacker.venue_moves.get("Fake Tag")
        if (
            fake is not None
            and estimate(match, attacker, defender, fake) - attacker.tricks_used.get("Fake Tag", 0) >= 6
        ):
            return "fake", partner
    return None


def wants_blind_tag(match, attacker, defender):
    """Heels (and anyone who trained it) slip in a blind tag when the opponent can see little."""
    blind = attacker.venue_moves.get("Blind Tag")
    return blind is not None and (blind.known or cheat(match, attacker) >= 0.3) and not defender.unconscious


def save_coming(match, victim):
    saver = tag.fresh_partner(match, victim)
    return saver is not None and wants_save(match, saver, None, victim)


def wants_save(match, saver, pinner, victim):
    """Always break up a pinfall, unless the warning for it would disqualify him."""
    return not one_warning_from_dq(match, saver)


def wants_block(match, blocker, saver):
    return not one_warning_from_dq(match, blocker)


def lingers(match, fighter):
    """A cheating heel stays in one more round to double-team again (the referee's five-count runs)."""
    return cheat(match, fighter) >= 0.7 and fighter.lingering == 0 and match.legal[fighter.side] is match.attacker


def double_team(match, attacker, defender, plan):
    """Bring the partner in for a double team when the victim is within his reach: (partner, his maneuver) or
    None. Heels every 4 rounds once he is Winded; aggressive faces every 6 once he is Tired."""
    partner = tag.double_team_ready(match, attacker, defender, plan)
    if partner is None:
        return None
    heel = cheat(match, attacker) >= 0.3
    if not heel and (attacker.policy.aggression < 0.6 or defender.level < 2):
        return None
    if defender.level < 1 or match.round - match.last_double[attacker.side] < (4 if heel else 6):
        return None
    if partner.level > 2 or (not heel and partner.warnings) or one_warning_from_dq(match, partner):
        return None
    man = plan.entry.move
    chosen = None
    for entry in tag.double_team_entries(partner, defender):
        if entry.move.name == man.name:
            chosen = entry
            break
        if (
            chosen is None
            or estimate(match, partner, defender, entry) + entry.move.damage
            > estimate(match, partner, defender, chosen) + chosen.move.damage
        ):
            chosen = entry
    return (partner, chosen) if chosen is not None else None


def team_choice(match, attacker, defender, plan, others):
    """A lone wrestler with Advantage against two men: attack both at -2 per target when his odds
    stay good, else attack the legal man and let the other have his free attack."""
    if not tag.can_attack_both(plan):
        return "one"
    extra = sum(plan.opts.values()) if plan.opts else 0
    need = estimate(match, attacker, defender, plan.entry, extra + 2 * tag.TEAM_TARGET_PENALTY)
    return "both" if need >= 11 else "one"


def wants_escape(match, attacker, defender):
    """Climb out when the opponent cannot stop him (down, out cold, dazed or blinded), or when only
    escaping wins and he is not losing."""
    if not cage.can_escape(match, attacker):
        return False
    if attacker.escaping or defender.unconscious:
        return True
    helpless = defender.dazed or defender.blinded or (defender.fallen and defender.level >= 1)
    if helpless:
        cost, _route = match.cage.exit_cost(attacker)
        return cost <= attacker.ap + 2 * max(1, defender.level)
    return match.cage.escape == "escape" and defender.level > attacker.level and match.round >= 4


def wants_run_in(match, side):
    """A rulebreaker's second runs in (D51) while the referee is not watching, or in a no-DQ match when
    his man is in trouble (the opponent has the upper hand and he is worn)."""
    helped = match.legal[side]
    if helped.alignment != "heel" or helped.policy.cheating < 0.5 or helped.unconscious:
        return False
    if not match.ref.watching:
        return True
    return match.ref.no_dq and match.attacker is not helped and helped.level >= 1


def wants_run_in_save(match, victim):
    """About to be pinned: a rulebreaker's second runs in (a DQ loss keeps the title; D51)."""
    return victim.alignment == "heel" and victim.policy.cheating >= 0.3
