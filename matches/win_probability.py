"""Who is winning: each side's chance after every round of a match, worked out by the worker that airs it.

The figures are continuations of the match from the point (``rules.win_probability``): every die the audience has
seen is the official one, every other die is fresh. The points are before the bell, the last event of each round,
and the result (certain). They are ``WinChance`` rows keyed by match and seq.

At a broadcast pace (``match_run``, through :class:`LiveLine`) the worker works out a round's point before the
round airs, in the time the pace leaves it: the wait before the round is shortened by the time the continuations
took. A round's chance is stored before its last event is, and every page and stream shows only the chances of
stored events, so nothing is shown early; the stream carries the updated plot with that event's scoreboard (an
out-of-band swap of ``#win-line``). ``KAYFABE_WIN_SIMS`` continuations a point (200); when a ruleset's
continuations do not fit in half a round's pace, fewer, and the standard error shown says so.

At instant pace the card is not held up: after the match, ``matches.compute_win_line`` works out every point for
the replay (in at most ``REPLAY_SECONDS`` of the worker: fewer continuations a point when they would take longer)
and adds the biggest swing to the recap. It works in slices of ``SLICE_SECONDS``, each a task that queues the next
behind whatever came meanwhile, so odds a promoter waits for (a queue the worker takes first) never wait for a
whole line.
"""

import logging
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string

from matches.models import Match, MatchEvent, MatchStatus, WinChance
from matches.tasks import compute_win_line
from matches.worker import frozen_setup
from rules.base import side_names
from rules.win_probability import BEFORE_THE_BELL, biggest_swing, continuations, finisher_name, line

log = logging.getLogger("kayfabe.live")

MIN_SIMS = 25
BUDGET = 0.5  # the share of a round's pace the continuations may take
REPLAY_SECONDS = 20.0  # the most an instant-pace match's whole line takes of the worker
SLICE_SECONDS = 2.0  # a replay's line is worked in slices this long: odds booked meanwhile wait at most one slice
WIDTH, HEIGHT = 420, 220
LEFT, RIGHT, TOP, BOTTOM = 52, 10, 12, 28


def sims_wanted():
    return getattr(settings, "KAYFABE_WIN_SIMS", 200)


def _points(events):
    """The seqs worked out for a whole match: before the bell, the last event of each round, the result."""
    seqs = [BEFORE_THE_BELL]
    for event, following in zip(events, events[1:], strict=False):
        if following["round"] != event["round"]:
            seqs.append(event["seq"])
    if events:
        seqs.append(events[-1]["seq"])
    return seqs


def _chance(match_id, ruleset, setup, seed, event, sims, events, choices=()):
    """The WinChance after ``event`` (None: before the bell), not saved."""
    after = BEFORE_THE_BELL if event is None else event["seq"]
    if event is not None and event["type"] == "result":
        sims = 1  # every die is the official one: the result, certain
    counts = continuations(ruleset.id, setup, seed=seed, after=after, sims=sims, choices=choices, events=events)
    return WinChance(
        match_id=match_id,
        seq=after,
        round=0 if event is None else event["round"],
        clock=0 if event is None else event.get("clock") or 0,
        sims=sims,
        data=line(counts, sims, len(setup.sides)),
    )


class LiveLine:
    """The chances of a match as it airs at a pace: ``stream(events)`` passes the engine's events on, a round at a
    time, and stores the round's chance before handing out its first event; ``take_spent()`` is the time that took
    (the wait before the round is that much shorter). ``stored``: the seq of the last event stored before (a
    resumed run works out only what has not aired)."""

    def __init__(self, match, ruleset, setup, *, stored, pace, choices=()):
        self.match_id, self.ruleset, self.setup, self.seed = match.pk, ruleset, setup, match.seed
        self.stored, self.pace, self.choices = stored, pace, choices
        self.sims = sims_wanted()
        self.on = bool(pace) and not match.is_segment and self.sims > 0
        self.spent = 0.0
        self.seen = []

    def take_spent(self):
        spent, self.spent = self.spent, 0.0
        return spent

    def stream(self, events):
        if not self.on:
            yield from events
            return
        if self.stored < 0:
            self._point(None)
        held = []
        try:
            for event in events:
                self.seen.append(event)
                if held and event["round"] != held[-1]["round"]:
                    self._point(held[-1])
                    yield from held
                    held = []
                held.append(event)
        except Exception:  # the engine stopped mid-round (e.g. a decision awaits a person): what it made still airs
            yield from held
            raise
        if held:
            self._point(held[-1])
            yield from held

    def _point(self, event):
        if event is not None and event["seq"] <= self.stored:
            return
        started = time.monotonic()
        try:
            chance = _chance(
                self.match_id, self.ruleset, self.setup, self.seed, event, self.sims, self.seen, self.choices
            )
            WinChance.objects.bulk_create([chance], ignore_conflicts=True)
        except Exception:  # noqa: BLE001 - a chance not worked out is a gap in the plot, never a stopped match
            log.exception("no win chance for match %s after %s", self.match_id, event and event["seq"])
            return
        elapsed = time.monotonic() - started
        self.spent += elapsed
        if chance.sims > 1 and elapsed > 0:
            fits = int(BUDGET * self.pace * chance.sims / elapsed)
            self.sims = max(MIN_SIMS, min(sims_wanted(), fits))


# --- instant pace: the line for the replay -------------------------------------------------------------------


def after_the_bell(match_id, pace):
    """At instant pace, enqueue the whole line of a finished match (the card goes on meanwhile)."""
    if pace or sims_wanted() <= 0:
        return
    try:
        compute_win_line.delay(match_id)
    except Exception:  # noqa: BLE001 - the broker is down: the match page goes without its line
        log.warning("could not enqueue the win line of match %s", match_id, exc_info=True)


@dataclass(frozen=True)
class LineSlice:
    """What one slice of a replay's line did: points stored, the worker's seconds on the line so far (this slice
    included), the continuations a point for the next slice, and whether every point is worked out."""

    stored: int
    spent: float
    sims: int
    done: bool


def line_compute(match_id):
    """Every point of a finished match not worked out yet, then the biggest swing in its recap. Safe to run twice.
    Returns the number of points stored."""
    return line_slice(match_id).stored


def line_slice(match_id, *, spent=0.0, sims=None, seconds=None):
    """The points of a finished match not worked out yet, in order, for about ``seconds`` of this worker (at least
    one point; all of them when None); once none is left, the biggest swing in its recap. ``spent`` and ``sims``
    carry the line's time so far and the continuations a point from the slice before: the whole line keeps within
    ``REPLAY_SECONDS``. Safe to run twice, or two slices at once: a point is stored once."""
    match = Match.objects.select_related("card__promotion").filter(pk=match_id).first()
    if match is None or match.status != MatchStatus.FINISHED or match.is_segment or match.seed is None:
        return LineSlice(0, spent, 0, True)
    ruleset, setup = frozen_setup(match)
    events = list(MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("data", flat=True))
    if not events or events[-1]["type"] != "result":
        return LineSlice(0, spent, 0, True)
    have = set(WinChance.objects.filter(match_id=match_id).values_list("seq", flat=True))
    by_seq = {e["seq"]: e for e in events}
    # An interactive match's continuations replay the players' choices made by each point (tactics after it).
    choices = [d.as_choice() for d in match.decisions.filter(made__isnull=False)] if match.interactive else ()
    todo = [seq for seq in _points(events) if seq not in have]
    chances, sims, started = [], sims or sims_wanted(), time.monotonic()
    for n, seq in enumerate(todo):
        if seconds is not None and chances and time.monotonic() - started >= seconds:
            break
        point_started = time.monotonic()
        chance = _chance(match_id, ruleset, setup, match.seed, by_seq.get(seq), sims, events, choices)
        chances.append(chance)
        spent += time.monotonic() - point_started
        if chance.sims > 1 and spent > 0:  # keep the whole line within REPLAY_SECONDS of the worker's time
            per = (time.monotonic() - point_started) / chance.sims
            left = max(1, len(todo) - n - 1)
            sims = max(MIN_SIMS, min(sims_wanted(), int((REPLAY_SECONDS - spent) / (left * per))))
    WinChance.objects.bulk_create(chances, ignore_conflicts=True)
    if len(chances) < len(todo):
        return LineSlice(len(chances), spent, sims, False)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        recap = with_swing(match.recap, match_id, events)
        if recap != match.recap:
            match.recap = recap
            match.save(update_fields=["recap"])
    return LineSlice(len(chances), spent, sims, True)


# --- reading the line ----------------------------------------------------------------------------------------


def _rows(match_id, upto):
    return list(
        WinChance.objects.filter(match_id=match_id, seq__lte=upto)
        .order_by("seq")
        .values("seq", "round", "clock", "sims", "data")
    )


def pct(p):
    return f"{round(100 * p)} %"


def swing_sentence(events, rows):
    """ "Rick Steel was 12 % to win before the Steel Bomb, 80 % after it." for the biggest swing, or ""."""
    if not events or len(rows) < 2:
        return ""
    swing = biggest_swing(events, [(row["seq"], row["data"]["win"]) for row in rows])
    if swing is None or swing["after"] - swing["before"] < 0.1:
        return ""
    names = side_names(events[-1].get("state"))
    if swing["side"] >= len(names):
        return ""
    name = names[swing["side"]]
    if swing["move"]:
        return f"{name} was {pct(swing['before'])} to win before the {swing['move']}, {pct(swing['after'])} after it."
    to_round = next((e["round"] for e in events if e["seq"] == swing["to_seq"]), None)
    return f"{name} went from {pct(swing['before'])} to {pct(swing['after'])} to win in round {to_round}."


def with_swing(recap, match_id, events):
    """The recap with the biggest swing of the match's line after it (once)."""
    sentence = swing_sentence(events, _rows(match_id, events[-1]["seq"] if events else -1))
    if not sentence or sentence in (recap or ""):
        return recap
    return f"{recap} {sentence}".strip()


def plot(match_id, events, title_changed=False):
    """The line up to the last of ``events`` (the stored ones) for ``_win_line.html``, or None before any point.

    Server-rendered SVG: x is the match clock, y the chance to win (0 to 100 %); a line per side, a mark at each
    finisher and at the title change."""
    upto = events[-1]["seq"] if events else BEFORE_THE_BELL
    rows = _rows(match_id, upto)
    if not rows:
        return None
    names = side_names((events[-1] if events else {}).get("state")) or [f"Side {n + 1}" for n in range(2)]
    end = max(max(row["clock"] for row in rows), 60.0)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(clock):
        return round(LEFT + min(clock, end) / end * inner_w, 1)

    def y(p):
        return round(TOP + (1 - p) * inner_h, 1)

    lines = []
    sides = len(rows[-1]["data"]["win"])
    for side in range(sides):
        pts = " ".join(f"{x(row['clock'])},{y(row['data']['win'][side])}" for row in rows)
        last = rows[-1]["data"]
        lines.append(
            {
                "index": side,
                "name": names[side] if side < len(names) else f"Side {side + 1}",
                "points": pts,
                "now": pct(last["win"][side]),
                "se": pct(last["win_se"][side]),
                "end_x": x(rows[-1]["clock"]),
                "end_y": y(last["win"][side]),
            }
        )
    marks = []
    for event in events:
        name = finisher_name(event)
        if name and event["seq"] <= upto:
            who = names[event["actor"]] if isinstance(event.get("actor"), int) and event["actor"] < len(names) else ""
            marks.append({"x": x(event.get("clock") or 0), "label": f"{name}{f' ({who})' if who else ''}"})
    title = None
    if title_changed and events and events[-1]["type"] == "result":
        title = {"x": x(rows[-1]["clock"]), "label": "The title changes hands"}
    last = rows[-1]
    minutes, seconds = divmod(int(end), 60)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "middle": y(0.5),
        "lines": lines,
        "marks": marks,
        "title": title,
        "draw": pct(last["data"]["draw"]) if last["data"].get("draw") else "",
        "sims": last["sims"],
        "after_round": last["round"],
        "points": len(rows),
        "end": f"{minutes}:{seconds:02d}",
        "final": bool(events) and events[-1]["type"] == "result" and last["seq"] == events[-1]["seq"],
    }


def render(match_id, events, *, oob=False, title_changed=False):
    """``#win-line`` for the page, or as an out-of-band swap for the stream and the poll ("" before any point)."""
    return render_to_string("matches/_win_line.html", {"win_line": plot(match_id, events, title_changed), "oob": oob})


def render_for_event(match_id, event):
    """The out-of-band ``#win-line`` to send with ``event``'s scoreboard when a chance was worked out after it, else
    "" (the hub renders this once per process and event)."""
    if event is None or not WinChance.objects.filter(match_id=match_id, seq=event["seq"]).exists():
        return ""
    before = MatchEvent.objects.filter(match_id=match_id, seq__lt=event["seq"]).order_by("seq")
    events = list(before.values_list("data", flat=True))
    return render(match_id, [*events, event], oob=True)


def render_after(match_id, events):
    """For the poll: the out-of-band ``#win-line`` when a chance was worked out after one of ``events`` (the new
    ones), else ""."""
    if not events:
        return ""
    seqs = [e["seq"] for e in events]
    if not WinChance.objects.filter(match_id=match_id, seq__in=seqs).exists():
        return ""
    before = MatchEvent.objects.filter(match_id=match_id, seq__lt=seqs[0]).order_by("seq")
    return render(match_id, [*before.values_list("data", flat=True), *events], oob=True)
