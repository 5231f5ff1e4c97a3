"""Seed 000, "Time" (7-9: "During each standard round, the following steps are taken") and P-ARM-11: the
standard round: a second's run-in, Edge, the attacker's choice for the round (his maneuver and its positioning,
a stall, a movement round, a tag, a Fake Tag, climbing out of the cage, bumping the referee), Seize the
Initiative, fighting two men or a double team, the attempt (:mod:`rules.arm.resolution`), and the free attack of
the man left out (201). Each choice is a decision (``match.decide``) whose default is the tactics'."""

from rules.arm import (
    cage,
    choices,
    clock,
    damage,
    edge,
    effects,
    interference,
    narration,
    plans,
    positioning,
    referee,
    ring,
    tag,
)
from rules.arm.checks import check, succeeded
from rules.arm.modifiers import attack_mods, note_attempt
from rules.arm.options import PROMPTS, check_of, yes_no
from rules.arm.resolution import attempt


def standard_round(match):
    """P-ARM-11: run-ins, Edge, the attacker's positioning (escape, tag, referee bump, stall, movement or his
    maneuver's), Seize the Initiative, double teams or fighting two men, the attempt."""
    run_ins(match)
    attacker, defender = match.attacker, match.defender
    attacker.ap = attacker.agi_bonus
    attacker.deficit = 0
    edge_at_round_start(match, attacker, defender)
    action = round_action(match, attacker, defender, first=True)
    if isinstance(action, tuple) and action[0] == "escape":
        climb_out(match, attacker, defender)
        return
    if isinstance(action, tuple) and action[0] in ("tag", "fake"):
        if action[0] == "fake":
            attacker.just_performed = False
            tag.fake_tag(match, attacker, defender, action[1])
            return
        attacker = tag.tag(match, attacker, defender, action[1])
        defender = match.defender
        action = round_action(match, attacker, defender, first=False)
    if isinstance(action, tuple):  # the referee bump
        attacker.just_performed = False
        referee.bump(match, attacker)
        return
    play_plan(match, attacker, defender, action)


def round_action(match, attacker, defender, first):
    """The attacker's choice for the round (his first, or the new man's after a tag): ("escape",), ("tag",
    partner), ("fake", partner), ("bump",), or a Plan (a maneuver, a stall, a movement round)."""

    def default():
        if first and match.cage is not None and match.tactics.wants_escape(match, attacker, defender):
            return ("escape",)
        if first and match.tag:
            choice = match.tactics.wants_tag(match, attacker, defender)
            if choice is not None:
                return choice
        if match.tactics.wants_referee_bump(match, attacker, defender):
            return ("bump",)
        return match.tactics.plan_attack(match, attacker, defender)

    return match.decide(
        "attack",
        attacker.side,
        build=lambda: choices.round_actions(match, attacker, defender, tagging=first),
        default=default,
        who=attacker,
        prompt=PROMPTS["attack"],
    )


def play_plan(match, attacker, defender, plan):
    """The round goes on with his plan: a stall, a movement round, or positioning and the attempt."""
    if plan.kind == "stall":
        stall(match, attacker, defender)
        return
    attacker.just_performed = False
    execute_positioning(match, attacker, plan)
    if plan.kind == "move":
        match.round_seconds = clock.MOVEMENT
        return
    attacker, defender, plan = seize(match, attacker, defender, plan)
    left_out = fighting_a_team(match, attacker, defender, plan)
    attempt(match, attacker, defender, plan)
    if left_out is not None and not left_out.apron and not left_out.unconscious and not attacker.unconscious:
        free_attack(match, attacker, left_out)


def run_ins(match):
    """D51: a second at ringside may run in once a match, at the start of a round."""
    for side in match.seconds:
        second = match.second_for(side)
        if second is None:
            continue
        helped = match.legal[side]
        check = check_of(((f"{second.name}'s Skill", second.skill),))
        needs = ("once a match", "interference: a DQ if the referee sees it")
        runs = match.decide(
            "run-in",
            side,
            build=lambda s=second, c=check, n=needs: yes_no("run-in", f"{s.name} runs in", check=c, needs=n),
            default=lambda s=side: match.tactics.wants_run_in(match, s),
            who=helped,
            prompt=PROMPTS["run-in"],
        )
        if runs:
            interference.run_in(match, second, match.opponent(helped))
            return


def edge_at_round_start(match, attacker, defender):
    """Seed 183 (Second Wind "at any time": here, at the start of a round), 185 (Fired Up), 187 (Working Over)."""
    for fighter in (attacker, defender):
        if edge.can_second_wind(fighter) and match.decide(
            "edge",
            fighter.side,
            build=lambda f=fighter: choices.second_wind(f),
            default=lambda f=fighter: match.tactics.wants_second_wind(match, f),
            who=fighter,
            prompt=PROMPTS["edge"],
        ):
            edge.second_wind(match, fighter)
    while attacker.edge >= 1 and (edge.can_fire_up(attacker) or edge.can_work_over_any(attacker)):
        choice = match.decide(
            "edge",
            attacker.side,
            build=lambda: choices.round_start_edge(match, attacker),
            default=lambda: _round_start_edge(match, attacker, defender),
            who=attacker,
            prompt=PROMPTS["edge"],
        )
        if choice is None:
            return
        if choice == "fired_up":
            edge.fire_up(match, attacker)
        else:
            edge.work_over(match, attacker, choice)


def _round_start_edge(match, attacker, defender):
    """The tactics: Fired Up first, then Working Over the Finisher's target (None: no more Edge now)."""
    if edge.can_fire_up(attacker) and match.tactics.wants_fire_up(match, attacker, defender):
        return "fired_up"
    part = match.tactics.work_over_target(match, attacker, defender)
    return part if part is not None and edge.can_work_over(attacker, part) else None


def climb_out(match, attacker, defender):
    """Seed: leaving the cage "works like tagging": positioning (a movement round); the defender may drag him down."""
    match.round_seconds = clock.MOVEMENT
    attacker.just_performed = False
    if cage.escape_progress(match, attacker):
        cage.escaped(match, attacker, "positioning")
    cage.pull_down(match, defender, attacker)


def stall(match, attacker, defender):
    """Seed 118: "he can choose to stall a round (or more)": he is still just after his maneuver."""
    match.round_seconds = clock.STALL
    attacker.stalls += 1
    damage.stall(match, attacker)
    damage.get_up_while_stalled(match, defender)


def seize(match, attacker, defender, plan):
    """Seed 177: Seize the Initiative after all positioning: the defender becomes the attacker (his maneuver
    without positioning). Returns the (attacker, defender, plan) that attempt."""
    if defender.edge < 1 or defender.unconscious or defender.dazed or plan.kind != "attack":
        return attacker, defender, plan
    seized = match.decide(
        "seize",
        defender.side,
        build=lambda: choices.seize(match, defender, attacker, plan),
        default=lambda: match.tactics.seize_plan(match, defender, attacker, plan),
        who=defender,
        prompt=PROMPTS["seize"],
    )
    if seized is None:
        return attacker, defender, plan
    new_plan, illegal = seized
    if not edge.spend(
        match, defender, "seize_initiative", detail=attacker.name, vs_finisher=plan.entry.finisher, illegal=illegal
    ):
        return attacker, defender, plan
    match.set_advantage(defender, "seized the initiative")
    execute_positioning(match, defender, new_plan)
    return defender, attacker, new_plan


def fighting_a_team(match, attacker, defender, plan):
    """Seed 200-201: against two men in the ring he attacks both (-2 per target) or one (the other gets a free
    attack: returned); else his partner may come in for a double team."""
    if not match.tag:
        return None
    others = tag.illegal_opponents(match, attacker)
    if others:
        choice = match.decide(
            "team",
            attacker.side,
            build=lambda: choices.team(match, attacker, defender, plan),
            default=lambda: match.tactics.team_choice(match, attacker, defender, plan, others),
            who=attacker,
            prompt=PROMPTS["team"],
        )
        if choice == "both":
            plan.both = others[0]
            plans.add_opt(plan, "attacking both men", 2 * tag.TEAM_TARGET_PENALTY)
            return None
        return others[0]
    if tag.double_team_ready(match, attacker, defender, plan) is None:
        return None
    chosen = match.decide(
        "double-team",
        attacker.side,
        build=lambda: choices.double_team(match, attacker, defender, plan),
        default=lambda: match.tactics.double_team(match, attacker, defender, plan),
        who=attacker,
        prompt=PROMPTS["double-team"],
    )
    if chosen is not None:
        plan.tandem = chosen
        match.last_double[attacker.side] = match.round
        tag.enter_double_team(match, attacker, defender, plan)
    return None


def execute_positioning(match, attacker, plan):
    """Spend the attacker's own AP on the plan's self-positioning (P-ARM-11 step 2)."""
    cost = plan.cost
    if cost:
        positioning.spend(attacker, cost)
    was_perched = attacker.perch
    moved = False
    if plan.position and plan.position != attacker.position:
        attacker.position = plan.position
        moved = True
    if plan.square is not None and plan.square != attacker.square:
        attacker.square = plan.square
        moved = True
    if plan.perch is not None and plan.perch != attacker.perch:
        attacker.perch = plan.perch
        moved = True
    if plan.launch:
        moved = True
    if plan.run:
        attacker.running = True
        moved = True
        if plan.rebound:
            match.rebounds += 1
    if plan.whip:
        defender = match.opponent(attacker)
        meet = ring.whip_meeting(attacker.square, defender.square, plan.whip)
        attacker.square = defender.square = meet
        defender.cornered = ""
    if plan.draw:
        attacker.concealed.remove(plan.draw)
        attacker.weapon = plan.draw
        moved = True
    if plan.grab:
        attacker.weapon = plan.grab
        moved = True
    if moved or cost:
        extra = {"launch": plan.launch} if plan.launch else {}
        match.emit(
            "position",
            narration.positioning(attacker, plan, was_perched),
            actor=attacker.idx,
            ap_spent=cost,
            shortfall=attacker.deficit,
            **extra,
        )


def free_attack(match, lone, other):
    """Seed: the man left out gets a free attack on the lone wrestler; it gives his team the
    initiative only if it hits."""
    entry = tag.save_entry(other)
    if entry is None:
        return
    note_attempt(other, entry)
    rec = check(
        match.dice, attack_mods(match, other, lone, entry), f"free attack: {entry.label}", other.idx, entry.label
    )
    if not succeeded(rec):
        match.emit(
            "miss",
            narration.miss(other, lone, entry, rec["outcome"]),
            actor=other.idx,
            target=lone.idx,
            maneuver=entry.label,
            outcome=rec["outcome"],
            free_attack=True,
        )
        return
    plan = plans.simple_plan(entry)
    plan.free = True
    effects.perform(match, other, lone, entry, plan, rec)
    match.attacker = match.legal[other.side]
    match.defender = match.opponent(match.attacker)
    match.emit(
        "advantage",
        narration.advantage(match.attacker, "the free attack"),
        actor=match.attacker.idx,
        reason="free attack",
    )
