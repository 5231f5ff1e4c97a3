"""Win probability from any point of a match: who is winning after event SEQ, and how it could end.

The match is the one ``resolve(setup, RandomDice(seed))`` plays (with its recorded decisions, if a person made
any). "The state after event SEQ" is the engine's state once every die shown in events 0..SEQ has been rolled:
a continuation replays the match from its seed with the official dice for exactly those rolls (and the recorded
choices made by then), and from the next roll on draws fresh dice from a stream derived from (match seed, SEQ,
continuation k). The official match is never touched: each continuation is its own engine and dice.

Why the count of rolls shown, not the moment the engine hands out event SEQ: an engine may play a whole round
before it hands out its first event (ARM does), so at that moment dice for events after SEQ are already rolled.
Counting the rolls shown makes every die the audience has not seen yet a fresh one, whatever the engine's
batching; where the engine hands out events as it plays them, the two are the same point.

Before the bell (``after=BEFORE_THE_BELL``) every die is fresh: the figure is the pre-match odds. After the
result event every die is the official one: the result is certain.

Continuations replay the prefix (a few milliseconds); there is no copy of an engine mid-match to restore, and a
replay is exact by construction (docs/benchmarks.md has the figures).
"""

import hashlib
import inspect
import math
import random
from collections import Counter

from rules.decisions import Chooser, ReplayChooser
from rules.dice import Dice
from rules.errors import RulesError
from rules.registry import get_ruleset

BEFORE_THE_BELL = -1
METHODS = ("pinfall", "submission", "knockout", "count-out", "disqualification", "escape", "draw", "no-contest")


class PointError(RulesError):
    """The point asked for is not one of the match's events (the message names the range)."""


def stream_seed(seed, after, k):
    """The seed of continuation ``k``'s fresh dice after event ``after`` of the match of ``seed``."""
    digest = hashlib.sha256(f"kayfabe-continuation:{seed}:{after}:{k}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class ContinuationDice(Dice):
    """The match's own dice (``random.Random(seed)``, as ``RandomDice``) for the first ``official`` rolls, then
    ``random.Random(fresh)``. Before the switch it gives the very values ``RandomDice(seed)`` gives."""

    def __init__(self, seed, official, fresh):
        super().__init__()
        self.seed = seed
        self.official = official
        self._fresh = fresh
        self.drawn = 0  # every draw (an engine's quiet mode draws through ``_draw`` without recording a roll)
        self._source = random.Random(seed)  # noqa: S311 - game dice, not cryptography
        if official <= 0:
            self._switch()

    @property
    def switched(self):
        return self._fresh is None

    def _switch(self):
        self._source = random.Random(self._fresh)  # noqa: S311
        self._fresh = None

    def _draw(self, sides):
        if self._fresh is not None and self.drawn >= self.official:
            self._switch()
        self.drawn += 1
        return self._source.randint(1, sides)


class _ChoicesUntil(Chooser):
    """Replays the recorded choices made by the point (their indexes), and the tactics after it."""

    def __init__(self, choices, made):
        self.replay = ReplayChooser([c for c in choices if c.get("index") in made])
        self.made = made

    def choose(self, match, decision_index, kind, side, build, default):
        if decision_index not in self.made:
            return default()
        return self.replay.choose(match, decision_index, kind, side, build, default)


def _resolve(ruleset, setup, dice, seed, choosers):
    if not choosers:
        return ruleset.resolve(setup, dice, seed=seed)
    if "choosers" not in inspect.signature(ruleset.resolve).parameters:
        raise RulesError(f"ruleset {ruleset.id} has no decision points: a match of it has no recorded choices")
    return ruleset.resolve(setup, dice, seed=seed, choosers=choosers)


def _play(ruleset, setup, dice, seed, choosers):
    """The result event of one match on ``dice``."""
    if not choosers:
        return ruleset.outcome(setup, dice, seed=seed)
    stream = _resolve(ruleset, setup, dice, seed, choosers)
    last = None
    for last in stream:  # noqa: B007 - only the last one
        pass
    return last


class Point:
    """Event ``after`` of the match of ``seed``: the official rolls shown by then, and the choices made by then."""

    def __init__(self, ruleset_id, setup, seed, after, choices=(), events=None):
        self.ruleset = get_ruleset(ruleset_id)
        self.setup = setup
        self.seed = seed
        self.after = after
        self.choices = list(choices or ())
        if after == BEFORE_THE_BELL:
            self.rolls, made = 0, set()
        else:
            if events is None:
                events = official_events(ruleset_id, setup, seed, self.choices)
            last = events[-1]["seq"] if events else -1
            if not isinstance(after, int) or not 0 <= after <= last:
                raise PointError(
                    f"--after {after}: the match with seed {seed} has events 0 to {last} "
                    f"(or {BEFORE_THE_BELL}: before the bell)"
                )
            shown = [e for e in events if e["seq"] <= after]
            self.rolls = sum(len(e.get("rolls") or ()) for e in shown)
            made = {e["decision"] for e in shown if e.get("type") == "decision" and "decision" in e}
        self.made = frozenset(made)

    def continuation(self, k):
        """The result event of continuation ``k``."""
        dice = ContinuationDice(self.seed, self.rolls, stream_seed(self.seed, self.after, k))
        choosers = None
        if self.choices:
            sides = {c.get("side") for c in self.choices}
            choosers = {side: _ChoicesUntil(self.choices, self.made) for side in sides}
        return _play(self.ruleset, self.setup, dice, self.seed, choosers)


def official_events(ruleset_id, setup, seed, choices=()):
    """Every event of the official match (its seed, its recorded choices)."""
    from rules.dice import RandomDice

    choosers = {c.get("side"): ReplayChooser(list(choices), side=c.get("side")) for c in choices}
    return list(_resolve(get_ruleset(ruleset_id), setup, RandomDice(seed), seed, choosers))


def _count(ruleset_id, setup, seed, after, choices, rolls, made, ks):
    point = Point.__new__(Point)
    point.ruleset, point.setup, point.seed, point.after = get_ruleset(ruleset_id), setup, seed, after
    point.choices, point.rolls, point.made = list(choices), rolls, made
    counts = Counter()
    for k in ks:
        result = point.continuation(k)
        counts[(result["winner"], result["method"])] += 1
    return counts


def continuations(ruleset_id, setup, *, seed, after, sims, choices=(), events=None, jobs=1):
    """``Counter({(winner side or None, method): continuations})`` of ``sims`` continuations after event
    ``after`` of the match of ``seed``. The same arguments give the same counts, whatever ``jobs``."""
    if sims < 1:
        raise RulesError("sims must be at least 1")
    point = Point(ruleset_id, setup, seed, after, choices, events)
    args = (ruleset_id, setup, seed, after, point.choices, point.rolls, point.made)
    ks = range(sims)
    if jobs <= 1 or sims < 200:
        return _count(*args, ks)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    chunks = [ks[i::jobs] for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        return sum(pool.map(_count, *[[a] * jobs for a in args], chunks), Counter())


def standard_error(p, sims):
    return math.sqrt(max(p * (1 - p), 0.0) / sims)


def line(counts, sims, sides):
    """The figures of ``counts``: ``{"sims", "win": [p per side], "win_se": [...], "draw", "draw_se",
    "methods": [{method: p} per side], "methods_se": [...]}`` (a side's methods in the order of METHODS)."""
    win = [sum(n for (w, _m), n in counts.items() if w == s) / sims for s in range(sides)]
    draw = sum(n for (w, _m), n in counts.items() if w is None) / sims
    methods = []
    for s in range(sides):
        own = {m: n for (w, m), n in counts.items() if w == s}
        methods.append({m: own[m] / sims for m in sorted(own, key=_method_order)})
    return {
        "sims": sims,
        "win": win,
        "win_se": [standard_error(p, sims) for p in win],
        "draw": draw,
        "draw_se": standard_error(draw, sims),
        "methods": methods,
        "methods_se": [{m: standard_error(p, sims) for m, p in side.items()} for side in methods],
    }


def _method_order(method):
    return METHODS.index(method) if method in METHODS else len(METHODS)


# --- reading a line: the moves that swung it -----------------------------------------------------------------


def finisher_name(event):
    """The finisher an event shows, or None: a ``finisher`` event (its ``finisher`` or ``move`` names it) or a
    move whose ``finisher`` flag is true and which landed."""
    if event.get("type") == "finisher":
        named = event.get("finisher")
        return named if isinstance(named, str) and named else event.get("move") or event.get("maneuver") or "finisher"
    if event.get("finisher") is True and event.get("outcome") in (None, "success", "hit"):
        return event.get("maneuver") or event.get("move") or "finisher"
    return None


def move_name(event):
    """The move an event is about (its finisher first), or None."""
    name = finisher_name(event)
    if name:
        return name
    for key in ("move", "maneuver"):
        value = event.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def biggest_swing(events, points):
    """The biggest change of one side's chance between two points of the line, as ``{"side", "before", "after",
    "from_seq", "to_seq", "move"}`` (``move``: the finisher, else the hardest-hitting move, that side made in
    between; None when it made none), or None for a line of fewer than two points.

    ``points`` is ``[(seq, [p per side]), ...]`` in order; ``events`` the match's events."""
    best = None
    for (seq0, win0), (seq1, win1) in zip(points, points[1:], strict=False):
        for side, (p0, p1) in enumerate(zip(win0, win1, strict=True)):
            if p1 > p0 and (best is None or p1 - p0 > best["after"] - best["before"]):
                best = {"side": side, "before": p0, "after": p1, "from_seq": seq0, "to_seq": seq1}
    if best is None:
        return None
    between = [e for e in events if best["from_seq"] < e["seq"] <= best["to_seq"] and e.get("actor") == best["side"]]
    moves = [e for e in between if move_name(e)]
    finishers = [e for e in moves if finisher_name(e)]
    if finishers:
        best["move"] = finisher_name(finishers[-1])
    elif moves:
        hardest = max(moves, key=lambda e: e.get("damage") if isinstance(e.get("damage"), int | float) else 0)
        best["move"] = move_name(hardest)
    else:
        best["move"] = None
    return best
