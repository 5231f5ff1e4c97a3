"""The match: the state of each wrestler, the stipulation, and the driver loop (P-ARM-11).

``Match(setup, dice, seed).run()`` yields the events. Sides are lists of wrestlers; ``legal[s]`` is the
legal man of side ``s`` (in singles and cage matches the only one, and ``fighters[i]`` is side ``i``).
Tag teams and cages ("Changes of Venue") live in :mod:`rules.arm.tag` and :mod:`rules.arm.cage`; the choices
in :mod:`rules.arm.tactics`, asked through ``match.tactics``.
"""

from rules.arm import arsenal, cage, clock, damage, edge, holds, narration, referee, start, state, tactics, tag, winning
from rules.arm.interference import Second
from rules.arm.positioning import RUN_COSTS
from rules.arm.rounds import standard_round
from rules.arm.sheet import derived as sheet_derived
from rules.arm.sheet import stuntrack
from rules.arm.stipulation import parse_stipulation
from rules.arm.tables import DEFAULT_RINGSIDE_OBJECTS, WEARDOWN, attribute_bonus
from rules.base import EventLog
from rules.decisions import AwaitingDecision


class MatchOver(Exception):
    """Raised once the result event is emitted; the driver stops there."""


WEARDOWN_NAMES = tuple(name for name, _pen in WEARDOWN)


class Fighter:
    """One wrestler's state during a match (everything the snapshot shows, and the bookkeeping)."""

    __slots__ = (
        "idx",
        "side",
        "name",
        "sheet",
        "alignment",
        "attrs",
        "lift",
        "wdb",
        "reach",
        "hdb",
        "agi_bonus",
        "breaks",
        "stuntrack",
        "damage",
        "level",
        "position",
        "square",
        "perch",
        "edge",
        "injuries",
        "heat",
        "warnings",
        "ap",
        "deficit",
        "dazed",
        "blinded",
        "unconscious",
        "cornered",
        "running",
        "last_attempt",
        "repeat",
        "last_performed",
        "performed_round",
        "chain",
        "chain_round",
        "telegraph",
        "ambush_pending",
        "ref_penalty",
        "spot",
        "fired_up",
        "working",
        "weapon",
        "concealed",
        "used_single",
        "tricks_used",
        "merits",
        "flaws",
        "background",
        "street_tough",
        "prizefighter",
        "slow_starter",
        "policy",
        "attacks",
        "defenses",
        "reversals",
        "reversal_pool",
        "finisher",
        "arsenal_keys",
        "just_performed",
        "stalls",
        "heat_bonus_given",
        "athletic",
        "fame",
        "legal",
        "apron",
        "lingering",
        "escaping",
        "venue_moves",
        "rank_cache",
    )

    def __init__(self, idx, side, sheet, tricks_used=None):
        der = sheet_derived(sheet)
        self.idx, self.side, self.sheet = idx, side, sheet
        self.name = sheet["name"]
        self.alignment = sheet["alignment"]
        self.fame = sheet["fame"]
        self.attrs = dict(sheet["attributes"])
        self.lift, self.wdb, self.reach, self.hdb = der["lift"], der["wdb"], der["reach"], der["hdb"]
        self.agi_bonus = attribute_bonus(self.attrs["AGI"])
        self.breaks = stuntrack(sheet)
        self.stuntrack = list(self.breaks)
        self._start_state(sheet, tricks_used)
        self.venue_moves = {}
        self.rank_cache = {}  # tactics' first-pass rankings in this match (a function of the sheet and the key)
        self.policy = tactics.Policy(sheet)
        self._build_arsenal(sheet)

    def _build_arsenal(self, sheet):
        arsenal.build(self, sheet)

    def _start_state(self, sheet, tricks_used):
        """Everything the match changes, as it stands at the bell."""
        self.damage = 0
        self.level = 0
        self.position = "Facing"
        self.square = (5, 5)
        self.perch = ""
        self.edge = edge.starting_edge(sheet["fame"])
        self.injuries = dict(sheet["injuries"])
        self.heat = 0
        self.warnings = 0
        self.ap = 0
        self.deficit = 0
        self.dazed = 0
        self.blinded = 0
        self.unconscious = False
        self.cornered = ""
        self.running = False
        self.last_attempt = ""
        self.repeat = 0
        self.last_performed = ""
        self.performed_round = -9  # the round he last performed a maneuver (or had his hold on)
        self.chain = 0  # BRA strikes landed in a row (D54)
        self.chain_round = 0  # the round of the last one
        self.telegraph = 0
        self.ambush_pending = False  # his next attack is Unopposed (an ambush, an unnoticed blind tag)
        self.ref_penalty = 0
        self.spot = 0
        self.fired_up = 0
        self.working = set()
        self.weapon = ""
        self.concealed = list(sheet["objects"])
        self.used_single = set()
        self.tricks_used = dict(tricks_used or {})
        self.merits = frozenset(sheet["merits"])
        self.flaws = frozenset(sheet["flaws"])
        self.background = frozenset(sheet["background"])
        self.street_tough = "Street Tough" in self.background
        self.prizefighter = "Prizefighter" in self.background
        self.athletic = "Athletic Pick" in self.background
        self.slow_starter = "Slow Starter" in self.flaws
        self.just_performed = False
        self.stalls = 0  # stall rounds since his last maneuver
        self.heat_bonus_given = False
        self.legal = True
        self.apron = False
        self.lingering = 0
        self.escaping = 0

    # --- checks ---------------------------------------------------------------------------------
    def check_mods(self, attr):
        mods = [(attr, self.attrs[attr])]
        if self.level:
            mods.append(("weardown", damage.weardown_penalty(self.level)))
        if self.unconscious:
            mods.append(("unconscious", -40))
        return mods

    @property
    def standing(self):
        return self.position in ("Facing", "Behind")

    @property
    def fallen(self):
        return self.position in ("Prone", "Facedown")

    def statuses(self):
        return state.statuses(self)

    def snapshot(self, has_advantage):
        return state.snapshot(self, has_advantage)


class Match:
    def __init__(self, setup, dice, seed=None):
        self.setup = setup
        self.dice = dice
        self.stip = parse_stipulation(setup.stipulation, len(setup.sides))
        self.fighters = []
        self.sides = []
        tricks = self.stip["tricks_used"]
        for s, side in enumerate(setup.sides):
            members = []
            for sheet in side:
                f = Fighter(len(self.fighters), s, sheet, tricks.get(sheet["name"]))
                self.fighters.append(f)
                members.append(f)
            self.sides.append(members)
        self.ref = referee.Referee(self.stip["referee"], self.stip["no_dq"], self.stip["automatic_dq"])
        self.log = EventLog(dice, self.snapshot, seed)
        self.events = []
        self.tactics = tactics  # the default choices the rules ask for (``decide``)
        self.choosers = {}  # side -> Chooser (rules.decisions); a side without one plays its tactics
        self.decisions = 0  # decision points so far (the next one's index)
        self.asking = ("", "")  # the wrestler and the question of the decision being made
        self.attacker = None
        self.defender = None
        self.hold = None
        self.round_seconds = clock.STANDARD
        self.result = None
        self.time_limit = self.stip["time_limit"]
        self.ringside_objects = list(self.stip["ringside_objects"] or ())
        if self.stip["ringside_objects"] is None:
            self.ringside_objects = list(DEFAULT_RINGSIDE_OBJECTS)
        self.floor_sc = 4 if self.stip["floor"] == "concrete" else 2
        self.kind = setup.kind
        self.tag = setup.kind == "tag"
        self.cage = cage.Cage(self.stip) if setup.kind == "cage" else None
        self.internal_cage = self.cage is not None and self.cage.internal
        self.rebounds = 0  # rope rebounds taken (an internal cage has none)
        self.arguing = None  # the saver the referee is arguing with (tag)
        self.perched = None  # the attacker who started this round on the top rope
        self.run_costs = RUN_COSTS[self.stip["running_costs"]]
        # side -> his second at ringside (D51); a cage keeps them out
        self.seconds = {} if self.cage is not None else {sp["side"]: Second(sp) for sp in self.stip["seconds"]}
        self.last_double = [-99, -99]  # round of each side's last double team
        self.legal = [members[0] for members in self.sides]
        # the legal men start in the centre squares
        self.legal[0].square = (5, 5)
        self.legal[1].square = (6, 6)
        if self.cage is not None:
            self.ringside_objects = []  # the cage keeps them out
        if self.tag:
            tag.setup(self, arsenal.entry)
        if self.cage is not None:
            cage.setup(self, arsenal.entry)

    # --- events ---------------------------------------------------------------------------------
    @property
    def round(self):
        return self.log.round

    @property
    def dice_count(self):
        return self.dice.count

    def snapshot(self):
        att = self.attacker
        if self.tag:
            out = []
            for f in self.fighters:
                snap = state.snapshot(f, f is att)
                snap["legal"] = f.legal
                out.append(snap)
            return out
        if len(self.fighters) == 2:
            f0, f1 = self.fighters
            return [state.snapshot(f0, f0 is att), state.snapshot(f1, f1 is att)]
        return [state.snapshot(f, f is att) for f in self.fighters]

    def emit(self, type, text, actor=None, target=None, **fields):
        if self.tag:  # actor/target stay side indexes; the wrestler is named
            fs = self.fighters
            if actor is not None:
                fields["actor_name"] = fs[actor].name
                actor = fs[actor].side
            if target is not None:
                fields["target_name"] = fs[target].name
                target = fs[target].side
            event = self.log.emit(type, text, actor=actor, target=target, **fields)
            for r in event["rolls"]:
                for key in ("actor", "against"):
                    if isinstance(r.get(key), int) and "wrestler" not in r:
                        r["wrestler"] = fs[r[key]].name
                        r[key] = fs[r[key]].side
            self.events.append(event)
            return
        self.events.append(self.log.emit(type, text, actor=actor, target=target, **fields))

    # --- decisions (rules/decisions.py, docs/rules/arm.md "Decision points") ---------------------------
    def decide(self, kind, side, build, default, who=None, prompt=""):
        """A choice the rules give side ``side`` (``who`` makes it): ``build()`` lists the legal Options, ``default()``
        is the tactics' choice. Returns the value of the choice made."""
        index = self.decisions
        self.decisions = index + 1
        chooser = self.choosers.get(side) if self.choosers else None
        if chooser is None:
            return default()
        name = who.name if who is not None else self.legal[side].name
        self.asking = (name, prompt.format(name=name) if prompt else f"{name}: {kind}?")
        return chooser.choose(self, index, kind, side, build, default)

    def note_decision(self, decision, option, auto):
        """The log says who chose what (a person's choice, or his tactics after a time-out)."""
        fighter = next((f for f in self.fighters if f.name == decision.wrestler), self.legal[decision.side])
        fields = {"decision": decision.index, "kind": decision.kind}
        if option is not None:
            fields["option"] = option.id
        else:
            fields["auto"] = auto
        event = self.log.emit(
            "decision",
            narration.decision(fighter, option, auto),
            actor=decision.side,
            take_rolls=False,
            **fields,
        )
        if self.tag:
            event["actor_name"] = fighter.name
        self.events.append(event)

    def tick(self, seconds):
        self.log.clock += seconds

    def opponent(self, fighter):
        if len(self.fighters) == 2:
            return self.fighters[1 - fighter.idx]
        return self.legal[1 - fighter.side]

    def second_for(self, side):
        """The second at ringside for ``side`` who has not run in yet, or None."""
        sec = self.seconds.get(side)
        return sec if sec is not None and not sec.used else None

    @property
    def falls_count(self):
        """Pinfalls, submissions and knockouts win (not in an escape-only cage match)."""
        return self.cage is None or self.cage.escape != "escape"

    # --- advantage --------------------------------------------------------------------------------
    def set_advantage(self, fighter, why=None):
        if self.attacker is not fighter:
            if self.attacker is not None:
                self.attacker.chain = 0  # D54: the opponent took over, his BRA chain is broken
            self.attacker = fighter
            self.defender = self.opponent(fighter)
            if why:
                self.emit("advantage", narration.advantage(fighter, why), actor=fighter.idx, reason=why)

    # --- endings -------------------------------------------------------------------------------
    def finish(self, winner_side, method, text, **fields):
        self.hold = None
        self.attacker = self.attacker
        prestige = winning.prestige_changes(self, winner_side, method, fields.get("engineered"))
        titles = winner_side is not None and (
            method not in ("disqualification", "count-out") or self.stip["titles_change_on_dq"]
        )
        tricks = {f.name: dict(f.tricks_used) for f in self.fighters if f.tricks_used}
        self.result = self.log.result(
            winner_side, method, text, prestige=prestige, title_can_change=titles, tricks_used=tricks, **fields
        )
        self.events.append(self.result)
        raise MatchOver

    def disqualify(self, fighter, why):
        winner = 1 - fighter.side
        self.finish(
            winner,
            "disqualification",
            narration.disqualified(fighter, why, self.fighters),
            loser=fighter.side,
            reason=why,
        )

    def count_out(self, fighter):
        self.finish(
            1 - fighter.side,
            "count-out",
            narration.counted_out(fighter),
            loser=fighter.side,
            reason="outside the ring past a 20 count",
        )

    def draw(self, reason, text=None):
        self.finish(None, "draw", text or narration.draw(reason), reason=reason)

    def no_contest(self, why, text):
        """Seed 171: "the referee rules that the match cannot be finished as sanctioned": nobody wins."""
        self.finish(None, "no-contest", text, reason=f"the match cannot be finished as sanctioned: {why}")

    def knock_out(self, fighter, how):
        """He passes out; if the referee notices, the match is over (seed: forfeit)."""
        fighter.unconscious = True
        if not fighter.fallen:
            fighter.position = "Prone"
        self.emit("unconscious", narration.passes_out(fighter, how), actor=fighter.idx, how=how)
        if self.falls_count and fighter.legal and referee.notices_knockout(self, fighter):
            self.finish(
                1 - fighter.side, "knockout", narration.knockout(self.ref, fighter), loser=fighter.side, reason=how
            )
        if self.attacker is fighter:
            self.set_advantage(self.opponent(fighter), "his opponent is out cold")

    # --- the loop -----------------------------------------------------------------------------
    def run(self):
        try:
            start.begin(self)
            yield from self._flush()
            while True:
                self.play_round()
                yield from self._flush()
        except MatchOver:
            yield from self._flush()
        except AwaitingDecision:  # a person's turn to choose (rules/decisions.py): what happened so far, then the stop
            yield from self._flush()
            raise

    def _flush(self):
        events, self.events = self.events, []
        return events

    def play_round(self):
        self.log.round += 1
        self.round_seconds = clock.STANDARD
        att = self.attacker
        self.perched = att if att is not None and att.perch == referee.TOP_ROPE else None
        eng = self.stip["engineered"]
        if eng and self.round >= eng["round"]:
            winning.engineered_finish(self, eng)
        if self.hold is not None:
            holds.hold_round(self)
        else:
            standard_round(self)
        self.end_of_round()

    def end_of_round(self):
        referee.top_rope(self)
        referee.end_of_round(self)
        winning.unconscious_upkeep(self)
        if self.tag:
            tag.end_of_round(self)
        for f in self.fighters:
            if f.chain and f.chain_round != self.log.round:
                f.chain = 0  # D54: a round without a chained BRA strike ends the chain
            if f.dazed:
                f.dazed -= 1
            if f.blinded:
                f.blinded -= 1
            f.ap = 0
            f.deficit = 0
        if self.ref.distracted:
            self.ref.distracted -= 1
        if self.ref.down:
            referee.recover(self)
        self.tick(self.round_seconds)
        if self.log.clock >= self.time_limit:
            self.draw("time limit", narration.time_limit(self.time_limit, self.fighters))
