"""A wildknight singles match: the round loop that ties the seed's sections together.

Each round (REFERENCE K4): both wrestlers declare a maneuver (a stunned one declares none), finishers spend
their Heat, both roll their Maneuver Roll, the opposed roll is settled (``attack``), and the winner's move is
performed: lifting/knockdown (``damage``), damage dice, Heat, warnings and the DQ roll (``referee``), stun
(``stun``), submission holds (``submission``) or the pin counts (``pins``). A round is 30 seconds of match
time; the match is a draw when the time limit runs out.
"""

from rules.base import EventLog
from rules.decisions import AwaitingDecision, DecisionPoints
from rules.wildknight import choices, damage, heat, narration, pins, referee, stun, submission, tactics
from rules.wildknight.attack import opposed
from rules.wildknight.rolls import d20
from rules.wildknight.state import HEAT_MAX, Wrestler
from rules.wildknight.tables import (
    DEVASTATING_FINISHER,
    HIGH_FLYER,
    HULK_UP,
    KD,
    PIN,
    POWERHOUSE,
    RL,
    SECOND_WIND,
    SHORT_FUSE,
    SLOW_STARTER,
    ST,
    SUB,
    SUBMISSION_SPECIALIST,
)

SECONDS_PER_ROUND = 30
DEFAULT_TIME_LIMIT = 1800  # 30 minutes = 60 rounds
MAX_ROUNDS = 400  # the hard turn cap whatever the time limit says
INITIATIVE_TRIES = 3
COLLISION_DICE = 3  # K-19: 3d6 Fatigue each
HULK_ROUNDS = 3  # Hulk Up GE: the Fatigue penalty is ignored for 3 rounds, then 1d6 Fatigue
HULK_AT = 2  # ... usable at Fatigue penalty 2 or more
POWERHOUSE_BONUS = 2
SLOW_STARTER_ROUNDS = choices.SLOW_STARTER_ROUNDS  # Slow Starter Flaw: -2 on Maneuver Rolls in rounds 1-2
SLOW_STARTER_PENALTY = choices.SLOW_STARTER_PENALTY
SECOND_WIND_DICE = 2  # Second Wind GE: remove 2d6 Fatigue


def max_rounds(time_limit):
    return max(1, min(MAX_ROUNDS, time_limit // SECONDS_PER_ROUND))


class Match(DecisionPoints):
    def __init__(self, setup, dice, seed=None):
        self.dice = dice
        self.w = (Wrestler(setup.sides[0][0], 0), Wrestler(setup.sides[1][0], 1))
        self.initiative = None
        self.no_dq = bool(setup.option("no_dq", False))
        self.time_limit = setup.option("time_limit") or DEFAULT_TIME_LIMIT
        self.max_rounds = max_rounds(self.time_limit)
        for w, h in zip(self.w, setup.option("starting_heat") or (0, 0)):
            w.heat = min(HEAT_MAX, w.heat + h)
        self.log = EventLog(dice, self.snapshot, seed)
        self.outcome = None
        self.stunned_now = (False, False)
        self.warned = set()
        # decisions (rules/decisions.py, docs/rules/wildknight.md "Decision points"): None = the tactics choose
        # for both and no decision point is even counted (the automatic match, byte for byte as before)
        self.choosers = None
        self.choices = choices
        self.decisions = 0  # decision points so far (the next one's index), counted while choosers are set
        self.asking = ("", "")  # the wrestler and the question of the decision being made
        self.notes = []  # decision events not yielded yet (``run`` yields them in their place)

    def snapshot(self):
        ini = self.initiative
        return [w.snapshot(ini == w.side) for w in self.w]

    def finish(self, winner, method, text):
        if self.outcome is None:
            self.outcome = (winner, method, text)

    # --- decisions ------------------------------------------------------------------------------------
    def note_decision(self, decision, option, auto):
        """The log says who chose what: a ``decision`` event with no rolls (those rolled before it stay with the
        event they belong to), its words written here."""
        fields = {"decision": decision.index, "kind": decision.kind}
        if option is not None:
            fields["option"] = option.id
            text = f"{decision.wrestler}'s call: {option.label.split(' (')[0]}."
        else:
            fields["auto"] = auto
            text = f"{decision.wrestler}'s time runs out: the tactics choose." if auto == "timeout" else ""
            if auto == "tactics":
                text = f"{decision.wrestler} leaves the call to the tactics."
        self.notes.append(self.log.emit("decision", text, actor=decision.side, take_rolls=False, **fields))

    # --- the match ---------------------------------------------------------------------------
    def run(self):
        """The events; with choosers, each decision event in its place (before the next event the engine yields)."""
        if self.choosers is None:
            yield from self._run()
            return
        notes = self.notes
        try:
            for event in self._run():
                if notes:
                    yield from notes
                    notes.clear()
                yield event
        except AwaitingDecision:  # a person's turn to choose: what happened so far, then the stop
            yield from notes
            notes.clear()
            raise

    def _run(self):
        log = self.log
        a, b = self.w
        winner = self.roll_initiative("opening bell")
        yield log.emit("bell", "", actor=winner)
        while self.outcome is None:
            if log.round >= self.max_rounds:
                log.clock = self.max_rounds * SECONDS_PER_ROUND
                self.finish(None, "draw", "")
                break
            log.round += 1
            log.clock = (log.round - 1) * SECONDS_PER_ROUND
            yield from self.play_round()
            yield from self.end_round()
        winner, method, text = self.outcome
        yield log.result(winner, method, text, time_limit=self.time_limit)

    def end_round(self):
        """K-22: a round of stun wears off for each wrestler who spent this round stunned; a Hulk Up runs down
        and, when it ends, costs 1d6 Fatigue (K-8: a Gimmick Enhancement converting to Fatigue)."""
        for w, was in zip(self.w, self.stunned_now):
            if was and w.stunned > 0:
                w.stunned -= 1
        if self.outcome is not None:
            return
        for w in self.w:
            if w.hulk:
                w.hulk -= 1
                if not w.hulk:
                    cost = self.dice.roll(6, f"{HULK_UP} wears off: {w.name}", side=w.side)
                    damage.add_fatigue(w, cost, taken=False)
                    yield self.log.emit("hulk-up", "", actor=w.side, fatigue=cost)

    def hulk_up(self, w):
        """Hulk Up GE (once a match, at Fatigue penalty 2+, not stunned): spend 1 Heat, ignore the penalty (when
        he chooses to: decision ``hulk-up``)."""
        if (
            HULK_UP in w.gimmicks
            and not w.hulk_used
            and w.heat >= 1
            and w.tiredness >= HULK_AT
            and not w.stunned
            and (self.choosers is None or choices.hulks_up(self, w))
        ):
            heat.spend(w)
            w.hulk_used = True
            w.hulk = HULK_ROUNDS
            return True
        return False

    def roll_initiative(self, purpose):
        """REFERENCE K4: d20 + Athleticism - Fatigue penalty each; ties re-roll (3 tries, then the better
        Athleticism, then the first side)."""
        a, b = self.w
        for _ in range(INITIATIVE_TRIES):
            ra = d20(
                self.dice, a, f"initiative: {purpose}", (("Athleticism", a.attrs["Athleticism"]),), automatic=False
            )
            rb = d20(
                self.dice, b, f"initiative: {purpose}", (("Athleticism", b.attrs["Athleticism"]),), automatic=False
            )
            ra.rec["need"] = rb.total + 1
            rb.rec["need"] = ra.total + 1
            if ra.total != rb.total:
                winner = 0 if ra.total > rb.total else 1
                ra.rec["outcome"] = "won" if winner == 0 else "lost"
                rb.rec["outcome"] = "won" if winner == 1 else "lost"
                break
            ra.rec["outcome"] = rb.rec["outcome"] = "tie"
        else:
            winner = 1 if b.attrs["Athleticism"] > a.attrs["Athleticism"] else 0
        self.initiative = winner
        return winner

    def reinitiative(self):
        winner = self.roll_initiative("no one hit")
        yield self.log.emit("initiative", "", actor=winner)

    def play_round(self):
        dice, log = self.dice, self.log
        ws = self.w
        rnd = log.round
        stunned = (ws[0].stunned > 0, ws[1].stunned > 0)
        self.stunned_now = stunned
        self.warned = set()  # sides warned this round (Short Fuse adds no second warning)
        for w in ws:
            if self.hulk_up(w):
                yield log.emit("hulk-up", "", actor=w.side, heat_spent=1, rounds=w.hulk)
        if self.choosers is None:
            called = [None if stunned[i] else tactics.choose(dice, ws[i], ws[1 - i], rnd) for i in (0, 1)]
        else:
            called = [None if stunned[i] else choices.declare(self, ws[i], ws[1 - i], rnd) for i in (0, 1)]
        resting = [c is tactics.REST for c in called]  # Second Wind: his action, no maneuver
        decl = [None if r else c for c, r in zip(called, resting, strict=True)]
        # K-26: the finisher's Heat is spent after declaring it and before rolling, hit or miss.
        for i in (0, 1):
            d = decl[i]
            if d is not None and d.finisher:
                w = ws[i]
                heat.spend(w)
                yield log.emit(
                    "finisher",
                    "",
                    actor=i,
                    target=1 - i,
                    maneuver=d.move.name,
                    finisher=w.finisher_name,
                    heat_spent=1,
                )
        for i in (0, 1):
            if resting[i]:
                yield from self.second_wind(ws[i])
        # K-29: trying a move that does not need a prone target brings the opponent back up.
        for i in (0, 1):
            d = decl[i]
            if d is not None and not d.move.needs_prone:
                ws[1 - i].prone = False
        rolls = []
        labels = []
        for i in (0, 1):
            w, d = ws[i], decl[i]
            slow = (
                [(SLOW_STARTER, SLOW_STARTER_PENALTY)] if SLOW_STARTER in w.flaws and rnd <= SLOW_STARTER_ROUNDS else []
            )
            if resting[i]:
                label = "second wind"
                rolls.append(d20(dice, w, "maneuver roll: second wind (no move)", slow))
            elif d is None:
                label = "stunned"
                rolls.append(d20(dice, w, "maneuver roll: stunned (d20/2)", slow, halved=True))
            else:
                mv = d.move
                label = w.finisher_name if d.finisher else mv.name
                mods = choices.maneuver_mods(w, mv, d.finisher, d.exertion, rnd)
                rolls.append(d20(dice, w, f"maneuver roll: {label}", mods))
            labels.append(label)
            w.next_mod = 0
            w.pin_bonus = 0
        for i in (0, 1):
            d = decl[i]
            if d is not None and d.exertion:
                damage.exert(ws[i], d.exertion)  # K-8: exertion converts to Fatigue, hit or miss
        # High Flyer GE: once a match he may ignore a critical miss on an Athleticism move.
        forgive = tuple(
            decl[i] is not None
            and decl[i].move.key == "Athleticism"
            and HIGH_FLYER in ws[i].gimmicks
            and not ws[i].high_flyer_used
            for i in (0, 1)
        )
        res = opposed(dice, rolls, self.initiative, labels, forgive)
        if res.forgiven is not None:
            ws[res.forgiven].high_flyer_used = True
        declared = [
            decl[i].as_dict(i, ws[i].finisher_name)
            if decl[i]
            else {"side": i, "maneuver": None, "second_wind": True}
            if resting[i]
            else {"side": i, "maneuver": None, "stunned": True}
            for i in (0, 1)
        ]
        yield from self.settle(res, decl, resting, rolls, declared)
        if res.forgiven is not None and self.outcome is None:
            w = ws[res.forgiven]
            yield log.emit("high-flyer", "", actor=w.side, gimmick=HIGH_FLYER)
        # Short Fuse Flaw: a natural 1 on his Maneuver Roll is an illegal act (one warning a round at most).
        for i in (0, 1):
            if (
                self.outcome is None
                and not self.no_dq
                and SHORT_FUSE in ws[i].flaws
                and rolls[i].nat == 1
                and i not in self.warned
            ):
                yield from self.warning(ws[i], ws[1 - i], f"{SHORT_FUSE}: lost his temper on a natural 1")

    def settle(self, res, decl, resting, rolls, declared):
        """What the opposed Maneuver Rolls came to: a collision, a whiff, a dodge or the winner's maneuver."""
        log, ws = self.log, self.w
        if res.collision:
            yield from self.collide(declared)
            return
        if res.winner is None:
            yield log.emit("maneuver", "", outcome="whiff", declared=declared)
            yield from self.reinitiative()
            return
        win = res.winner
        self.initiative = win  # K-4: whoever hits (or ducks) gains initiative
        w, loser = ws[win], ws[1 - win]
        if decl[win] is None:
            text = ""
            yield log.emit("maneuver", text, actor=win, target=1 - win, outcome="duck", declared=declared)
        else:
            yield from self.perform(w, loser, decl[win], res, rolls[win], rolls[1 - win], declared)
        # K-38: an illegal move that rolled an automatic hit and still lost is a warning too.
        ld = decl[1 - win]
        if (
            self.outcome is None
            and not self.no_dq
            and ld is not None
            and referee.infraction(ld.move, rolls[1 - win], 0)
        ):
            yield from self.warning(loser, w, f"automatic hit with {ld.move.name}")

    def collide(self, declared):
        """K-19: head-to-head critical misses: both down, 3d6 Fatigue each, least damage gets initiative."""
        a, b = self.w
        took = []
        for w in self.w:
            dmg = sum(self.dice.roll(6, f"collision: {w.name}", side=w.side) for _ in range(COLLISION_DICE))
            damage.add_fatigue(w, dmg)
            w.prone = True
            took.append(dmg)
        tie = took[0] == took[1]
        if not tie:
            self.initiative = 0 if took[0] < took[1] else 1
        yield self.log.emit(
            "maneuver",
            "",
            outcome="collision",
            declared=declared,
            damage=took,
        )
        if tie:
            yield from self.reinitiative()

    def perform(self, w, opp, d, res, wroll, oroll, declared):
        """The winner's maneuver happens: lifting/knockdown, damage, Heat, then warnings, stun, submission."""
        dice, log = self.dice, self.log
        mv = d.move
        name = w.finisher_name if d.finisher else mv.name
        w.prone = False  # K-29: he hit a move
        fields = {
            "outcome": "hit",
            "declared": declared,
            "maneuver": name,
            "base": mv.name,
            "finisher": d.finisher,
            "critical": res.critical,
            "opponent_critical_miss": res.botched[opp.side],
        }
        if PIN in mv.mods:
            if mv.standing_pin:
                opp.prone = True
            counts = 1 if tactics.followup_after_finisher(w, log.round) else pins.COUNTS
            text = ""
            yield log.emit("maneuver", text, actor=w.side, target=opp.side, **fields)
            yield from pins.pin(self, w, opp, counts, tactics.cheats(w, counts))
            return
        if mv.heat:
            gained = heat.gain(w, mv.heat)
            yield log.emit("maneuver", "", actor=w.side, target=opp.side, heat_gained=gained, **fields)
            return
        if mv.stare:
            opp.next_mod = -mv.stare
            yield log.emit("maneuver", "", actor=w.side, target=opp.side, **fields)
            return
        key = w.attrs[mv.key]
        lifted = None
        if RL in mv.mods or KD in mv.mods:
            lift_key = key + (POWERHOUSE_BONUS if POWERHOUSE in w.gimmicks else 0)
            lifted = damage.lifts(lift_key, opp.wm, wroll.total - oroll.total)
            fields["margin_needed"] = damage.margin_needed(lift_key, opp.wm)
            fields["lifted" if RL in mv.mods else "knocked_down"] = lifted
        dmg = 0
        if RL in mv.mods and not lifted:
            # K-3: a hit (initiative is his) but no damage: the target was never off the ground.
            fields["outcome"] = "no-lift"
            text = ""
            yield log.emit("maneuver", text, actor=w.side, target=opp.side, damage=0, **fields)
        else:
            count = (damage.FINISHER_DICE if d.finisher else 1) + res.critical + res.botched[opp.side]
            die = mv.die
            if d.finisher and DEVASTATING_FINISHER in w.gimmicks:
                die = damage.step_up(die)
            dmg, _ = damage.roll_damage(dice, die, count, key, f"damage: {name}", w.side)
            damage.add_fatigue(opp, dmg)
            if lifted:
                opp.prone = True
            gained = heat.gain_for_damage(w, dmg)
            if d.finisher:
                w.finisher_round = log.round
            if mv.self_fatigue:
                damage.add_fatigue(w, dice.roll(mv.self_fatigue, f"self-inflicted: {name}", side=w.side), taken=False)
            if mv.restful:
                damage.rest(w)
            if mv.pin_bonus:
                w.pin_bonus = mv.pin_bonus
            text = ""
            yield log.emit(
                "maneuver", text, actor=w.side, target=opp.side, damage=dmg, dice=count, heat_gained=gained, **fields
            )
        if not self.no_dq and referee.infraction(mv, wroll, dmg):
            yield from self.warning(w, opp, f"illegal {mv.name}")
            if self.outcome:
                return
        if dmg > 0 and (ST in mv.mods or d.finisher):
            yield from self.stun(opp, dmg, name, w)
        if mv.self_stun and dmg // 2 > 0:
            yield from self.stun(w, dmg // 2, f"his own {name}", w)
        if dmg and SUB in mv.mods and submission.must_resist(opp):
            held, outcome, _ = submission.resist(dice, opp, dmg, name, SUBMISSION_SPECIALIST in w.gimmicks)
            yield log.emit(
                "submission",
                "",
                actor=w.side,
                target=opp.side,
                outcome="escaped" if held else "tapped",
            )
            if not held:
                self.finish(w.side, "submission", "")

    def second_wind(self, w):
        """Second Wind GE (once a match, as the round's action): spend 1 Heat, remove 2d6 Fatigue (not below 0).

        Declared like a finisher (its Heat is spent in its own event before the rolls); he then makes a plain
        Maneuver Roll that can only dodge the opponent's move."""
        heat.spend(w)
        w.second_wind_used = True
        rolled = sum(self.dice.roll(6, f"{SECOND_WIND}: {w.name}", side=w.side) for _ in range(SECOND_WIND_DICE))
        recovered = min(rolled, w.fatigue)
        w.fatigue -= recovered
        yield self.log.emit(
            "second-wind",
            "",
            actor=w.side,
            heat_spent=1,
            recovered=recovered,
        )

    def stun(self, victim, df, label, attacker):
        rounds, outcome, _ = stun.resist(self.dice, victim, df, label)
        if rounds:
            stun.apply(victim, rounds, self.stunned_now[victim.side])
        yield self.log.emit(
            "stun",
            "",
            actor=attacker.side,
            target=victim.side,
            rounds=rounds,
            outcome=outcome,
        )

    def warning(self, offender, victim, reason):
        self.warned.add(offender.side)
        chosen = None if self.choosers is None else choices.excuse(self, offender)
        survived, excuse, _ = referee.warn(self.dice, offender, chosen)
        yield self.log.emit(
            "warning",
            "",
            actor=offender.side,
            target=victim.side,
            warnings=offender.warnings,
            excuse=excuse,
            reason=reason,
            disqualified=not survived,
        )
        if not survived:
            self.finish(victim.side, "disqualification", "")


def resolve(setup, dice, seed=None, choosers=None):
    """The match's events, each with its ``text`` written by the commentary (``narration.narrate``).

    ``choosers`` maps a side to a rules.decisions.Chooser (a side without one plays its tactics)."""
    match = Match(setup, dice, seed)
    if choosers:
        match.choosers = dict(choosers)
    yield from narration.narrate(setup, match.run(), seed)
