"""Taking Turns: the match loop, the wrestlers' state and the one place dice are rolled.

"The order of turn is determined by each player rolling a d6 for initiative each turn. The player
that rolls the highest gets to go first. After both players have taken their turns, each player rolls
initiative again, and the turn sequence begins again."

A ``Match`` runs in one of two modes that roll exactly the same dice in the same order:

* loud (``resolve``): every die is a roll record, every step an event (``events`` is the buffer);
* quiet (``outcome``, used by odds and the benchmark): no records and no events, only the ``seq``
  counter advances, so the final result event is byte-identical to the loud one.

Loud mode on a core ``RandomDice`` (every live match) takes a fast lane that builds the very same
events with less work: dice drawn straight from the generator (as quiet mode does), the records of an
opposed roll-off or an initiative roll taken from tables built once (a record is a read-only dict, so
one object can stand in many events), and the ``state`` list shared by consecutive events while
neither wrestler changed (each ``Wrestler`` keeps his state dict until something about him changes:
every change goes through a function that drops it). Any other dice object (scripted dice in tests)
takes the plain lane through ``Dice.roll_record`` and ``EventLog``. Both lanes give the same bytes;
the tests hold them to it. Events, their ``rolls`` and ``state`` are read-only for consumers.
"""

import random
from functools import partial

from rules.base import RESULT_METHODS, EventLog
from rules.decisions import AwaitingDecision, DecisionPoints
from rules.dice import RandomDice
from rules.errors import SetupError
from rules.hp_d6 import advanced, choices, knockdown, moves, narration
from rules.hp_d6.tactics import ACTIONS, Tactics, choose

SECONDS_PER_TURN = 5  # one wrestler's turn (one move attempt); a round (both turns) is 10 seconds of match time
DEFAULT_TIME_LIMIT = 1200  # 20 minutes, then a time-limit draw (when the stipulation names none)
TIME_LIMIT_MIN = 10
TIME_LIMIT_MAX = 14400
ADVANCED_KEYS = ("foreign_objects", "run_ins", "attack_referee")
STIPULATION_KEYS = ("time_limit", "advanced", "no_dq")  # the keys hp-d6 reads; others are ignored
P_INITIATIVE = "initiative"
P_INITIATIVE_TIE = "initiative (tie, re-roll)"


def _fast_draws(rng):
    """d6 and dN draws straight from ``rng.getrandbits``, the way ``Random.randint(1, n)`` makes them.

    CPython's ``randint(1, n)`` is ``1 + _randbelow(n)``: take ``n.bit_length()`` bits, retry while too
    big. Doing the same without the four layers of calls is what makes quiet mode fast. ``FAST_DICE``
    checks at import that both give the same numbers; if a Python version ever differs, quiet mode falls
    back to ``dice._draw`` (and the tests comparing quiet with loud results would tell).
    """
    bits = rng.getrandbits

    def d6():
        r = bits(3)
        while r >= 6:
            r = bits(3)
        return r + 1

    def dn(n, purpose=None, side=None):  # the signature of Match.roll
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r + 1

    def opposed(purposes, att, dfn):
        a = bits(3)
        while a >= 6:
            a = bits(3)
        d = bits(3)
        while d >= 6:
            d = bits(3)
        return a + 1, d + 1

    return d6, dn, opposed


def _rng_of(dice):
    """The ``random.Random`` behind a core ``RandomDice``, or None (then quiet mode uses ``dice._draw``)."""
    rng = getattr(dice, "_rng", None) if type(dice) is RandomDice else None
    return rng if isinstance(rng, random.Random) else None


def _check_fast_draws():
    """Do the fast draws give what ``RandomDice`` itself gives? (checked once, at import)"""
    slow = RandomDice(20261130)
    fast = _rng_of(RandomDice(20261130))
    if fast is None:
        return False
    d6, dn, opposed = _fast_draws(fast)
    sizes = (6, 6, 2, 6, 13, 6, 31, 6, 64, 6, 7, 100)
    same = all(slow._draw(n) == (d6() if n == 6 else dn(n)) for n in sizes * 50)
    return same and all((slow._draw(6), slow._draw(6)) == opposed(None, None, None) for _ in range(100))


FAST_DICE = _check_fast_draws()


class MatchEnded(Exception):  # noqa: N818 - control flow, not an error
    """Raised by ``Match.finish`` after the result event so nested moves unwind at once."""


class Wrestler:
    """One wrestler's match state (``state()`` is what every event carries)."""

    __slots__ = (
        "side",
        "name",
        "alignment",
        "hp",
        "hp_max",
        "prone",
        "turns_not_hit",
        "hit",
        "finisher",
        "moves",
        "ally",
        "tactics",
        "weapon",
        "run_in_used",
        "opp",
        "snap",
    )

    def __init__(self, sheet, side, tactics):
        self.side = side
        self.name = sheet["name"]
        self.alignment = sheet.get("alignment", "face")
        self.hp = self.hp_max = sheet.get("hp", 20)
        self.prone = False
        self.turns_not_hit = 0
        self.hit = False  # successfully attacked during the current turn
        self.finisher = sheet["finisher"]
        self.moves = sheet["moves"]
        self.ally = sheet.get("ally") or "a friend from the locker room"
        self.tactics = tactics
        self.weapon = None  # the foreign object he is holding (advanced rules)
        self.run_in_used = False
        self.opp = None  # the other wrestler, set by the Match
        self.snap = None  # his state() while it is still true (fast lane); whatever changes him drops it

    def move_name(self, kind, fallback, turn):
        """Which of his favourite moves of ``kind`` he uses on this turn (no dice: it only changes the words)."""
        names = self.moves.get(kind)
        if not names:
            return fallback
        return names[turn % len(names)]

    def fresh_state(self):
        """``state()``, kept as ``snap`` until he changes (the fast lane)."""
        snap = self.snap = self.state()
        return snap

    def state(self):
        return {
            "name": self.name,
            "side": self.side,
            "hp": self.hp,
            "hp_max": self.hp_max,
            "prone": self.prone,
            "turns_not_hit": self.turns_not_hit,
            "finisher": self.finisher,
            "weapon": self.weapon,
            "run_in_used": self.run_in_used,
        }


def parse_stipulation(stipulation):
    """Check and normalize the stipulation keys hp-d6 reads; raise SetupError naming the key."""
    limit = stipulation.get("time_limit")
    if limit is None:
        limit = DEFAULT_TIME_LIMIT
    if isinstance(limit, bool) or not isinstance(limit, int | float):
        raise SetupError("time_limit: must be a number of seconds")
    if not TIME_LIMIT_MIN <= limit <= TIME_LIMIT_MAX:
        raise SetupError(f"time_limit: must be between {TIME_LIMIT_MIN} and {TIME_LIMIT_MAX} seconds")
    raw = stipulation.get("advanced") or {}
    if raw is True:
        raw = dict.fromkeys(ADVANCED_KEYS, True)
    if not isinstance(raw, dict):
        raise SetupError("advanced: must be true or a mapping like {'run_ins': true}")
    for key, value in raw.items():
        if key not in ADVANCED_KEYS:
            raise SetupError(f"advanced.{key}: unknown option (known: {', '.join(ADVANCED_KEYS)})")
        if not isinstance(value, bool):
            raise SetupError(f"advanced.{key}: must be true or false")
    no_dq = stipulation.get("no_dq", False)
    if not isinstance(no_dq, bool):
        raise SetupError("no_dq: must be true or false")
    return limit, {key: bool(raw.get(key, False)) for key in ADVANCED_KEYS}, no_dq


_COMPILED = {}
_COMPILED_MAX = 32


def _compile(setup):
    """The stipulation and both wrestlers' tactics for a setup, kept while the same setup is played again.

    Odds and the benchmark play thousands of matches from one setup; the tactics tables (a pure function
    of sheet, stipulation and situation) are then built once. Keyed by the setup's identity (a setup is
    frozen; its sheets are not to be changed while it is in use).
    """
    hit = _COMPILED.get(id(setup))
    if hit is not None and hit[0] is setup:
        return hit[1]
    compiled = (parse_stipulation(setup.stipulation), tuple(Tactics(side[0]) for side in setup.sides))
    if len(_COMPILED) >= _COMPILED_MAX:
        _COMPILED.clear()
    _COMPILED[id(setup)] = (setup, compiled)
    return compiled


# --- the fast lane's read-only roll records (built once per purpose, shared by every match) -------------
_OPPOSED = {}  # purposes -> 72 (attacker's record, defender's record) pairs, by attacker side, a and d
_GET_UP = {}  # (side, bonus) -> 36 (prone wrestler's record, opponent's record) pairs, by a and d
_GET_UP_CACHED = 12  # bonuses above this (rare) are built on the spot
_SINGLE = {}  # purpose -> 12 records of a d6, by side and value


class _DieNames(dict):
    """'d6', 'd14': the name of a die by its number of faces, written once."""

    def __missing__(self, sides):
        name = self[sides] = f"d{sides}"
        return name


_DIE = _DieNames()


def _opposed_table(purposes):
    """Every pair of records an opposed roll-off for ``purposes`` can make (as ``Match.opposed`` writes them)."""
    table = [
        (
            {
                "die": "d6",
                "value": a,
                "for": purposes[0],
                "side": side,
                "need": d + 1,
                "outcome": "success" if a > d else "failure",
            },
            {"die": "d6", "value": d, "for": purposes[1], "side": 1 - side},
        )
        for side in (0, 1)
        for a in range(1, 7)
        for d in range(1, 7)
    ]
    _OPPOSED[purposes] = table
    return table


def _get_up_pair(side, bonus, a, d):
    rec = {"die": "d6", "value": a, "for": knockdown.P_GET_UP, "side": side}
    rec["modifiers"], rec["need"], rec["outcome"] = knockdown.get_up_check(bonus, a, d)
    return rec, {"die": "d6", "value": d, "for": knockdown.P_GET_UP_OPP, "side": 1 - side}


def _get_up_table(side, bonus):
    table = [_get_up_pair(side, bonus, a, d) for a in range(1, 7) for d in range(1, 7)]
    if bonus <= _GET_UP_CACHED:
        _GET_UP[side, bonus] = table
    return table


def _single_table(purpose):
    table = _SINGLE[purpose] = [
        {"die": "d6", "value": v, "for": purpose, "side": side} for side in (0, 1) for v in range(1, 7)
    ]
    return table


class Match(DecisionPoints):
    def __init__(self, setup, dice, seed=None, loud=True):
        if setup.kind != "singles" or len(setup.sides) != 2 or any(len(s) != 1 for s in setup.sides):
            raise SetupError("hp-d6 plays singles matches: two sides of one wrestler")
        (self.time_limit, advanced, self.no_dq), tactics = _compile(setup)
        self.foreign_objects = advanced["foreign_objects"]
        self.run_ins = advanced["run_ins"]
        self.attack_referee = advanced["attack_referee"]
        self.advanced = advanced
        self.plain = not any(advanced.values())  # no advanced rules: tactics depend on less
        self.w = (Wrestler(setup.sides[0][0], 0, tactics[0]), Wrestler(setup.sides[1][0], 1, tactics[1]))
        self.w0, self.w1 = self.w
        self.w0.opp, self.w1.opp = self.w1, self.w0
        self.dice = dice
        self.seed = seed
        self.loud = loud
        self.referee = "up"  # up | down | out (advanced rule Attacking the Referee)
        self.referee_turns = 0  # turns until he is back (down) or a replacement arrives (out)
        self.log = EventLog(dice, self.snapshot, seed=seed)
        self.events = []
        self.turn_number = 0
        # decisions (rules/decisions.py, docs/rules/hp-d6.md "Decision points"): None = the tactics choose for
        # both and no decision point is even counted (the automatic match, byte for byte as before)
        self.choosers = None
        self.choices = choices
        # the free attack of a kick-out at one (pins.pin_rolls): a strike from the mat; passed in, as the pins may not
        # import the moves (the moves go for the pin)
        self.free_attack = partial(moves.strike, free=True)
        self.decisions = 0  # decision points so far (the next one's index), counted while choosers are set
        self.asking = ("", "")  # the wrestler and the question of the decision being made
        self.turn = self._make_turn()
        rng = _rng_of(dice) if FAST_DICE else None
        self.fast = loud and rng is not None  # the fast lane of loud mode (see the module's docstring)
        if self.fast:
            self._fast_lane(rng)
        elif loud:
            self.roll = self._roll_loud
        else:
            if rng is not None:
                _, dn, opposed = _fast_draws(rng)
            else:
                draw = dice._draw

                def opposed(purposes, att, dfn):
                    return draw(6), draw(6)

                def dn(sides, purpose=None, side=None):
                    return draw(sides)

            self.roll = dn
            self.opposed = opposed

    def _fast_lane(self, rng):
        """Loud mode on ``RandomDice``: the same draws as quiet mode, records from the tables, shared state."""
        bits = rng.getrandbits
        self.pending = []  # the records of the event being built
        self.shared = None  # the state list the last event carried
        self.emit = self._emit_fast
        opposed_tables, get_up_tables, die_names = _OPPOSED, _GET_UP, _DIE
        m = self

        def roll(sides, purpose, side):
            k = sides.bit_length()
            r = bits(k)
            while r >= sides:
                r = bits(k)
            m.pending.append({"die": die_names[sides], "value": r + 1, "for": purpose, "side": side})
            return r + 1

        def opposed(purposes, att, dfn):
            a = bits(3)
            while a >= 6:
                a = bits(3)
            d = bits(3)
            while d >= 6:
                d = bits(3)
            table = opposed_tables.get(purposes) or _opposed_table(purposes)
            m.pending += table[att.side * 36 + a * 6 + d]
            return a + 1, d + 1

        def get_up_rolls(w, opp, bonus):
            a = bits(3)
            while a >= 6:
                a = bits(3)
            d = bits(3)
            while d >= 6:
                d = bits(3)
            table = get_up_tables.get((w.side, bonus)) or _get_up_table(w.side, bonus)
            m.pending += table[a * 6 + d]
            return a + 1, d + 1

        def d6_pair(purpose):
            a = bits(3)
            while a >= 6:
                a = bits(3)
            b = bits(3)
            while b >= 6:
                b = bits(3)
            table = _SINGLE.get(purpose) or _single_table(purpose)
            m.pending += (table[a], table[6 + b])
            return a + 1, b + 1

        self.roll, self.opposed, self.get_up_rolls, self.d6_pair = roll, opposed, get_up_rolls, d6_pair

    # --- dice (the plain lane of loud mode; the fast lane and quiet mode replace these) ---------
    def _roll_loud(self, sides, purpose, side):
        return self.dice.roll_record(sides, purpose, side=side)["value"]

    def opposed(self, purposes, att, dfn):
        """Both roll a d6, the attacker first; returns (attacker's value, defender's value).

        In loud mode the attacker's record also says what he needed (beat the defender) and the outcome.
        """
        dice = self.dice
        ra = dice.roll_record(6, purposes[0], side=att.side)
        rd = dice.roll_record(6, purposes[1], side=dfn.side)
        a, d = ra["value"], rd["value"]
        ra["need"] = d + 1
        ra["outcome"] = "success" if a > d else "failure"
        return a, d

    def get_up_rolls(self, w, opp, bonus):
        """The get-up roll-off: the prone wrestler's d6 (his +1s, what he needed, the outcome), then the other's."""
        dice = self.dice
        rec = dice.roll_record(6, knockdown.P_GET_UP, side=w.side)
        d = dice.roll_record(6, knockdown.P_GET_UP_OPP, side=opp.side)["value"]
        a = rec["value"]
        rec["modifiers"], rec["need"], rec["outcome"] = knockdown.get_up_check(bonus, a, d)
        return a, d

    def d6_pair(self, purpose):
        """Side 0's d6, then side 1's, both for ``purpose`` (initiative)."""
        return self.roll(6, purpose, 0), self.roll(6, purpose, 1)

    # --- events ----------------------------------------------------------------------------
    def snapshot(self):
        return [self.w[0].state(), self.w[1].state()]

    def emit(self, type, text, actor=None, target=None, fields=None):
        """Append one event (loud) or just count it (quiet). ``text`` is written later by the commentary
        (``narration.narrate``), so the engine passes ``""``; ``fields`` (a dict) are the event's own fields."""
        if not self.loud:
            self.log.seq += 1
            return
        if callable(text):
            text = text()
        fields = dict(fields or ())
        if self.attack_referee:
            fields["referee"] = self.referee
        self.events.append(self.log.emit(type, text, actor=actor, target=target, **fields))

    def _emit_fast(self, type, text, actor=None, target=None, fields=None):
        """``emit`` in the fast lane: the same event as ``EventLog.emit`` writes, key for key."""
        if text.__class__ is not str:
            text = text()
        log = self.log
        seq = log.seq
        rolls = self.pending
        if rolls:
            self.pending = []
            self.dice.count += len(rolls)
        else:
            rolls = []
        shared = self.shared
        if shared is None or self.w0.snap is None or self.w1.snap is None:
            shared = self.shared = [self.w0.snap or self.w0.fresh_state(), self.w1.snap or self.w1.fresh_state()]
        event = {
            "seq": seq,
            "round": log.round,
            "clock": log.clock,  # a float already (whole seconds): round(clock, 1) is itself
            "type": type,
            "actor": actor,
            "target": target,
            "rolls": rolls,
            "state": shared,
            "text": text,
        }
        if seq == 0 and self.seed is not None:
            event["seed"] = self.seed
        if fields:
            event.update(fields)
        if self.attack_referee:
            event["referee"] = self.referee
        log.seq = seq + 1
        self.events.append(event)

    def finish(self, winner, method, text, **fields):
        """Emit the result event (in both modes) and end the match."""
        if self.fast:
            if method not in RESULT_METHODS:
                raise ValueError(f"unknown result method {method!r}")
            self._emit_fast(
                "result", text, winner, None, {"winner": winner, "method": method, "rounds": self.log.round, **fields}
            )
            raise MatchEnded
        if self.attack_referee:
            fields["referee"] = self.referee
        self.events.append(self.log.result(winner, method, text, **fields))
        raise MatchEnded

    # --- decisions ------------------------------------------------------------------------------------
    def note_decision(self, decision, option, auto):
        """The log says who chose what: a ``decision`` event with no rolls (those rolled before it, if any, stay
        with the event they belong to), its words written here."""
        fields = {"decision": decision.index, "kind": decision.kind}
        if option is not None:
            fields["option"] = option.id
            text = f"{decision.wrestler}'s call: {option.label.split(' (')[0]}."
        else:
            fields["auto"] = auto
            text = f"{decision.wrestler}'s time runs out: the tactics choose." if auto == "timeout" else ""
            if auto == "tactics":
                text = f"{decision.wrestler} leaves the call to the tactics."
        if self.fast:
            pending, self.pending = self.pending, []
            self._emit_fast("decision", text, decision.side, None, fields)
            self.pending = pending
            return
        if self.attack_referee:
            fields["referee"] = self.referee
        self.events.append(self.log.emit("decision", text, actor=decision.side, take_rolls=False, **fields))

    # --- helpers used by every move ----------------------------------------------------------
    def dq_possible(self):
        return self.referee == "up" and not self.no_dq

    # --- the match -------------------------------------------------------------------------
    def initiative(self):
        """Each rolls a d6, side 0 first; ties are rolled again (W1). Returns the turn order."""
        if not self.loud:
            opposed = self.opposed
            a, b = opposed(None, None, None)
            while a == b:
                a, b = opposed(None, None, None)
            self.log.seq += 1
            return self.w[0] if a > b else self.w[1]
        a, b = self.d6_pair(P_INITIATIVE)
        while a == b:
            a, b = self.d6_pair(P_INITIATIVE_TIE)
        first = self.w[0] if a > b else self.w[1]
        self.emit("initiative", "", first.side, None, {"first": first.side})
        return first

    def _make_turn(self):
        """``turn(w)``: one wrestler's turn. A closure over the match, so the hot loop looks little up."""
        log, get_up, spent, pick, actions = self.log, knockdown.get_up, knockdown.spent, choose, ACTIONS
        step = SECONDS_PER_TURN

        def turn(w):
            """Get up if he is down (a natural 6 lets him act too), act, then the turn's end."""
            opp = w.opp
            opp.hit = w.hit = False
            self.turn_number += 1
            if not w.hp:  # D10: nothing left to compete with
                spent(self, w, opp)
            elif not w.prone or get_up(self, w, opp):
                if self.choosers is None:
                    actions[pick(self, w, opp)](self, w, opp)
                else:
                    actions[choices.choose_move(self, w, opp, lambda: pick(self, w, opp))](self, w, opp)
            if not w.hp and not opp.hp:  # D10: neither can go on
                self.finish(None, "draw", "", reason="both at 0 HP")
            # "For every turn the prone wrestler is not attacked successfully, he/she adds a +1 to his/her roll."
            if opp.prone and not opp.hit:
                opp.turns_not_hit += 1
                opp.snap = None
            log.clock += step
            if self.referee != "up":
                advanced.referee_clock(self)

        return turn

    def time_up(self):
        self.finish(None, "draw", "", reason="time limit")

    def run(self):
        """Yield the events turn by turn (loud), or play silently (quiet); the last event is the result."""
        log, events, turn = self.log, self.events, self.turn
        limit = self.time_limit
        last_start = limit - SECONDS_PER_TURN  # a turn starts only if it ends within the time limit
        self.emit("bell", "", None, None, {"time_limit": limit, "advanced": self.advanced})
        try:
            while True:
                if log.clock > last_start:  # the bell before a new round
                    self.time_up()
                log.round += 1
                first = self.initiative()
                turn(first)
                if events:
                    yield from events
                    events.clear()
                if log.clock > last_start:  # the bell between the two turns
                    self.time_up()
                turn(first.opp)
                if events:
                    yield from events
                    events.clear()
        except MatchEnded:
            pass
        except AwaitingDecision:  # a person's turn to choose: what happened so far, then the stop
            yield from events
            events.clear()
            raise
        yield from events
        events.clear()


def resolve(setup, dice, seed=None, choosers=None):
    """The match's events, each with its ``text`` written by the commentary (``narration.narrate``).

    ``choosers`` maps a side to a rules.decisions.Chooser (a side without one plays its tactics)."""
    match = Match(setup, dice, seed=seed)
    if choosers:
        match.choosers = dict(choosers)
    return narration.narrate(setup, match.run(), seed)


def outcome(setup, dice, seed=None):
    """The result event only, computed without building the others (same dice, same result, same sentence)."""
    last = None
    for last in Match(setup, dice, seed=seed, loud=False).run():  # noqa: B007 - only the last one
        pass
    return narration.quiet_result(setup, last, seed)
