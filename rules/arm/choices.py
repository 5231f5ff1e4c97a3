"""The choices the ARM rules give in a round, as the Options of a decision (rules/decisions.py): the start, the
round's action (a maneuver in every variant the rules allow, with its AP and its check; a movement round, a stall,
a tag, a Fake Tag, climbing out, a referee bump), Seize the Initiative, fighting two men, double teams, Counters,
the answer to a miss, BRA combos and the round's Edge. Every number comes from the rule functions the engine then
applies (plans, attack_mods, the Edge prices)."""

import itertools

from rules.arm import cage, damage, edge, plans, tag
from rules.arm.advantage import cet_mods, tos_mods
from rules.arm.modifiers import with_turnover
from rules.arm.options import check_of, label, preview_mods, yes_no
from rules.arm.ring import KIND, ROPE_SIDE
from rules.arm.tables import BODY_PARTS
from rules.decisions import Option

# --- the start of the match ------------------------------------------------------------------------------------


def start(match, fighter, opponent):
    """Seed 11-14: the SAV Contest, or he calls a tie-up (the higher of STR and TEC) or a test of strength (STR +
    Reach); P-ARM-09: a Ritual wrestler cannot call a tie-up in the first round."""
    out = [Option("start:sav", label("SAV Contest", check=check_of(fighter.check_mods("SAV"))), {}, None, (), "sav")]
    if "Ritual" not in fighter.flaws:
        out.append(Option("start:tie-up", label("Call a tie-up", check=check_of(cet_mods(fighter))), value="cet"))
    out.append(
        Option("start:test-of-strength", label("Test of strength", check=check_of(tos_mods(fighter))), value="tos")
    )
    return out


# --- the round's action -----------------------------------------------------------------------------------------


class FixedStyle:
    """One variant of a maneuver's plan (the choices inside it fixed), for the options."""

    def __init__(self, weapon=0, draws=True, launch=None, whip="cross", surface=None, resthold=False, over_top=False):
        self.weapon_index, self.draw, self.launch_index = weapon, draws, launch
        self.whip_way, self.surface, self.rest, self.over = whip, surface, resthold, over_top

    def weapon(self, sources):
        return sources[self.weapon_index] if self.weapon_index < len(sources) else None

    def draws(self, entry, obj):
        return self.draw

    def launch(self, options, top_cost, top_square):
        return (
            options[self.launch_index] if self.launch_index is not None and self.launch_index < len(options) else None
        )

    def whip(self):
        return self.whip_way

    def slam_surface(self, surfaces):
        named = dict(surfaces)
        return named.get(self.surface, surfaces[0][1])

    def resthold(self, man):
        return self.rest

    def over_top(self, man):
        return self.over


def _variants(match, attacker, defender, entry):
    """The ways the rules allow to attempt ``entry`` from here: [(suffix, style)]."""
    man = entry.move
    axes = []
    if "OBJ" in man.props:
        sources = plans.weapon_sources(match, attacker)
        axes.append([(f"+object:{source[1]}" if i else "", {"weapon": i}) for i, source in enumerate(sources)])
    hidden = plans.cord_to_draw(attacker) if man.base == "Choke" else plans.fist_load_to_draw(attacker)
    if hidden and not attacker.weapon and (man.base == "Choke" or "FIST" in man.props):
        axes.append([("", {}), ("+no-draw", {"draws": False})])
    if "FLYING" in man.props and "OUTSIDE" not in man.props:
        launches = plans.launch_options(match, attacker, defender)
        axes.append([("", {})] + [(f"+launch:{s.name}", {"launch": i}) for i, (_c, _sq, s) in enumerate(launches)])
    if "RUNNING" in man.props:
        axes.append([("", {}), ("+follow", {"whip": "follow"})])
    if man.base == "Head Slam" and len(plans.slam_surfaces(match, defender)) > 1:
        axes.append([("", {"surface": "Guard Railing"}), ("+steps", {"surface": "Steel Steps"})])
    if plans.can_resthold(man):
        axes.append([("", {}), ("+resthold", {"resthold": True})])
    if plans.can_throw_over(match, defender, man):
        axes.append([("", {}), ("+over-the-top", {"over_top": True})])
    for combo in itertools.product(*axes) if axes else [()]:
        suffix = "".join(part for part, _kw in combo)
        kwargs = {}
        for _part, kw in combo:
            kwargs.update(kw)
        yield suffix, FixedStyle(**kwargs)


def _embellished(plan, attacker, entry, positioning_on):
    """Seed 49 flair and 32 Desperation are his to add to any maneuver he sets up (not a Trick)."""
    yield "", plan
    if not positioning_on or entry.move.type == "Trick":
        return
    flair = _copy_plan(plan)
    plans.add_flair(flair, attacker)
    yield "+flair", flair
    for points in (1, 2, 3):
        desperate = _copy_plan(plan)
        plans.add_desperation(desperate, points)
        yield f"+desperation:{points}", desperate


def _copy_plan(plan):
    copy = plans.Plan(plan.kind, plan.entry)
    for key, value in vars(plan).items():
        setattr(copy, key, dict(value) if isinstance(value, dict) else value)
    return copy


def maneuver_options(match, attacker, defender, positioning_on=True, entries=None):
    """Every maneuver he may attempt now, in every variant the rules give, with its AP and its check."""
    out = []
    for entry in attacker.attacks if entries is None else entries:
        if entry.move.type == "Trick" and entry.move.base != "Distract Referee":
            continue
        for suffix, style in _variants(match, attacker, defender, entry):
            plan = plans.attack_plan(match, attacker, defender, entry, positioning_on, style)
            if plan is None:
                continue
            if not (entry.move.props & plans.AERIAL) and entry.move.type != "Trick":
                plans.surprise(plan, attacker)
            for extra, variant in _embellished(plan, attacker, entry, positioning_on):
                out.append(_maneuver_option(match, attacker, defender, entry, variant, suffix + extra))
    return out


def _maneuver_option(match, attacker, defender, entry, plan, suffix):
    shortfall = max(0, plan.cost - attacker.ap)
    points = plan.opts.get("desperation", 0) if plan.opts else 0
    saved = (attacker.damage, attacker.level)
    if points:  # D58: he takes X + Level before the roll, which may wear him down a Level
        damage.add(attacker, points + entry.move.level)
    try:
        mods = preview_mods(match, attacker, defender, entry, plan.opts, shortfall)
    finally:
        attacker.damage, attacker.level = saved
    unopposed = plan.unopposed or defender.dazed or defender.blinded or defender.unconscious
    check = check_of(mods, **({"unopposed": True} if unopposed else {}))
    needs = []
    if entry.move.illegal:
        needs.append("illegal: a Referee Check")
    if not entry.known:
        needs.append("not in his arsenal")
    if shortfall:
        needs.append(f"{shortfall} AP short: -{shortfall} to the roll")
    cost = {"ap": plan.cost}
    if points:
        cost["damage"] = points + entry.move.level  # D58: he takes X + Level as he commits to it
    if plan.flair:
        needs.append("+1 spot bonus to Prestige")
    title = entry.label + (f" [{suffix.lstrip('+').replace('+', ', ')}]" if suffix else "")
    return Option(f"maneuver:{entry.label}{suffix}", label(title, cost, check), cost, check, tuple(needs), plan)


def round_actions(match, attacker, defender, tagging=True):
    """Seed P-ARM-11 step 2-3: his positioning and maneuver, or a movement round, a stall (just after a maneuver,
    seed 118), a tag (192), a Fake Tag (195), climbing out of the cage (206), bumping the referee (D50)."""
    out = []
    if match.cage is not None and cage.can_escape(match, attacker):
        cost, route = match.cage.exit_cost(attacker)
        out.append(Option("escape", label(f"Climb out ({route})", {"ap": cost}), {"ap": cost}, None, (), ("escape",)))
    if tagging and tag.can_tag(match, attacker):
        partner = tag.fresh_partner(match, attacker)
        cost = {"ap": tag.tag_cost(attacker)}
        out.append(Option(f"tag:{partner.name}", label(f"Tag {partner.name}", cost), cost, None, (), ("tag", partner)))
        fake = attacker.venue_moves["Fake Tag"]
        check = check_of(preview_mods(match, attacker, defender, fake))
        out.append(
            Option(
                f"fake-tag:{partner.name}", label("Fake Tag", check=check), {}, check, ("a Trick",), ("fake", partner)
            )
        )
    if match.ref.down <= 0:
        check = check_of(attacker.check_mods("SAV"))
        needs = ("hostile contact with the referee: a DQ if he sees it",)
        out.append(Option("referee-bump", label("Bump the referee", check=check), {}, check, needs, ("bump",)))
    if attacker.just_performed:
        out.append(
            Option(
                "stall", label("Stall a round", check=check_of(attacker.check_mods("STA"))), value=plans.Plan("stall")
            )
        )
    movement = plans.movement_plan(match, attacker, defender)
    out.append(Option("move", label("Move", {"ap": movement.cost}), {"ap": movement.cost}, value=movement))
    return out + maneuver_options(match, attacker, defender)


def seize(match, defender, attacker, plan):
    """Seed 177: Seize the Initiative after positioning, with the maneuver he then attempts (no positioning) and
    its price (a rulebreaker's is 1 with an illegal maneuver; double against a Finisher)."""
    out = [Option("seize:no", "No", value=None)]
    if defender.unconscious or defender.dazed or plan.kind != "attack":
        return out
    for option in maneuver_options(match, defender, attacker, positioning_on=False):
        illegal = option.value.entry.move.illegal
        price = edge.price(defender, "seize_initiative", vs_finisher=plan.entry.finisher, illegal=illegal)
        if price is None or defender.edge < price:
            continue
        cost = {"edge": price}
        text = label(f"Seize, then {option.label}", cost)
        out.append(Option(f"seize:{option.id}", text, cost, option.check, option.needs, (option.value, illegal)))
    return out


def team(match, attacker, defender, plan):
    """Seed 201: both men at -2 per target, or one (the other gets a free attack)."""
    out = [Option("team:one", "Attack the legal man (the other gets a free attack)", value="one")]
    if tag.can_attack_both(plan):
        opts = dict(plan.opts or {}, **{"attacking both men": 2 * tag.TEAM_TARGET_PENALTY})
        check = check_of(preview_mods(match, attacker, defender, plan.entry, opts))
        out.append(Option("team:both", label("Attack both men", check=check), {}, check, (), "both"))
    return out


def double_team(match, attacker, defender, plan):
    out = [Option("double-team:no", "No", value=None)]
    partner = tag.double_team_ready(match, attacker, defender, plan)
    if partner is None:
        return out
    for entry in tag.double_team_entries(partner, defender):
        needs = ("the partner is an illegal man: a Referee Check and the five-count",)
        text = f"{partner.name}: {entry.label}"
        out.append(Option(f"double-team:{entry.label}", text, {}, None, needs, (partner, entry)))
    return out


# --- the defender -----------------------------------------------------------------------------------------


def counters(match, defender, attacker, entry):
    """Seed 98-100 (D9, D61, D40, D48): a Defense that counters this maneuver, a Reversal (bought, or improvised
    into a Throw against Slams and Throws), a Lunge Tag or Lunge Escape; none while he is down, dazed or blinded."""
    out = [Option("reply:none", "No Counter", value=None)]
    if defender.unconscious or defender.fallen or defender.dazed or defender.blinded:
        return out
    man = entry.move
    candidates = []
    if tag.can_lunge_tag(match, defender):
        candidates.append((defender.venue_moves["Lunge Tag"], tag.lunge_distance_mod(defender)))
    if cage.can_lunge_escape(match, defender):
        candidates.append((defender.venue_moves["Lunge Escape"], cage.lunge_escape_mod(match, defender)))
    bought = defender.reversals.get(man.base)
    if bought is not None:
        candidates.append((bought, None))
    for defense in defender.defenses:
        if defense.move.counters_maneuver(man) and (
            defense.move.name != "Grab the Ropes" or KIND[defender.square] in ROPE_SIDE
        ):
            candidates.append((defense, None))
    if man.type in ("Slam", "Throw"):
        candidates += [(c, {"improvised Reversal": p}) for c, p in defender.reversal_pool]
    for counter_entry, opts in candidates:
        mods = preview_mods(match, defender, attacker, counter_entry, with_turnover(opts, attacker))
        check = check_of(mods, contest=True)
        kind = "counter" if counter_entry.move.type == "Defense" else "reversal"
        out.append(
            Option(
                f"{kind}:{counter_entry.label}",
                label(counter_entry.label, check=check),
                {},
                check,
                (),
                (counter_entry, opts),
            )
        )
    return out


def answers(match, defender, attacker, telegraphed=False):
    """Seed 90: after the attacker's miss "the opponent gains Advantage and attempts a maneuver" (no positioning:
    D5; a plain check of the maneuver, the plan's options aside; +2 when the miss was telegraphed, seed 93); or he
    just takes the Advantage."""
    saved = defender.telegraph
    if telegraphed:
        defender.telegraph = 1
    try:
        return _answers(match, defender, attacker)
    finally:
        defender.telegraph = saved


def _answers(match, defender, attacker):
    out = [Option("answer:none", "Take the Advantage", value=None)]
    seen = set()
    for entry in defender.attacks:
        if entry.move.type == "Trick" or entry.label in seen:
            continue
        if plans.attack_plan(match, defender, attacker, entry, False, FixedStyle()) is None:
            continue
        seen.add(entry.label)
        check = check_of(preview_mods(match, defender, attacker, entry, None))
        needs = ("illegal: a Referee Check",) if entry.move.illegal else ()
        out.append(Option(f"maneuver:{entry.label}", label(entry.label, check=check), {}, check, needs, entry))
    return out


def combos(match, attacker, defender):
    """Seed 25: another BRA strike in the same round, while he keeps the Advantage."""
    strikes = [
        e
        for e in attacker.attacks
        if e.move.cls == "BRA" and e.move.type == "Strike" and not e.move.flags and not e.move.high_risk
    ]
    out = [Option("combo:stop", "Stop the combo", value=None)]
    return out + maneuver_options(match, attacker, defender, positioning_on=False, entries=strikes)


# --- Edge --------------------------------------------------------------------------------------------------


def second_wind(fighter):
    cost = {"edge": 1}
    return yes_no("edge", f"Second Wind: shake off {fighter.attrs['STA']} damage", cost=cost)


def round_start_edge(match, attacker):
    """Seed 185 Fired Up (faces, 6 Edge), 187 Working Over a target (1 Edge)."""
    out = [Option("edge:no", "No", value=None)]
    if edge.can_fire_up(attacker):
        cost = {"edge": edge.price(attacker, "fired_up")}
        out.append(
            Option(
                "edge:fired_up",
                label("Fired Up", cost),
                cost,
                None,
                ("no Finisher until the fifth attack",),
                "fired_up",
            )
        )
    for part in BODY_PARTS:
        if edge.can_work_over(attacker, part):
            cost = {"edge": 1}
            out.append(Option(f"edge:working_over:{part}", label(f"Work over the {part}", cost), cost, None, (), part))
    return out
