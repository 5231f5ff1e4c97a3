"""Reads for match pages: events, the scoreboard, the damage plot and the key moments."""

import functools

from matches.models import Match, MatchEvent
from matches.win_probability import with_swing

# Each ruleset's state speaks its own words; the scoreboard reads what is there.
METERS = [
    # (state key, max key or callable, label)
    ("hp", "hp_max", "HP"),
    ("damage", "stuntrack", "Damage"),
    ("fatigue", "fatigue_threshold", "Fatigue"),
]
BADGES = [
    ("weardown", "Weardown"),
    ("position", "Position"),
    ("advantage", "Advantage"),
    ("edge", "Edge"),
    ("heat", "Heat"),
    ("stunned", "Stunned"),
    ("fatigue_penalty", "Fatigue penalty"),
    ("prone", "Prone"),
    ("legal", "Legal"),
    ("warnings", "Warnings"),
]


def match_for_page(promotion, pk):
    return (
        Match.objects.select_related("card", "card__promotion", "referee", "title")
        .prefetch_related("participants__wrestler")
        .get(pk=pk, card__promotion=promotion)
    )


def events_after(match_id, after=-1, limit=None):
    qs = MatchEvent.objects.filter(match_id=match_id, seq__gt=after).order_by("seq").values_list("data", flat=True)
    return list(qs[:limit] if limit else qs)


def match_recap(match, events):
    """A finished match's recap: the one written at the final bell, else the ruleset's recap of ``events``."""
    from rules import get_ruleset

    return match.recap or get_ruleset(match.card.promotion.ruleset).recap(events)


def recap_at_the_bell(match_id):
    """The recap as soon as the result event is stored: the one written with the result, or (the result is
    applied a moment after its event is stored) the same recap computed from the same, final, events."""
    from rules import get_ruleset

    row = Match.objects.filter(pk=match_id).values_list("recap", "card__promotion__ruleset").first()
    if row is None:
        return ""
    recap, ruleset_id = row
    if recap:
        return recap
    events = events_after(match_id)
    return with_swing(get_ruleset(ruleset_id).recap(events), match_id, events)


def meter(state):
    for key, max_key, label in METERS:
        if key in state and isinstance(state[key], int | float):
            top = state.get(max_key)
            if isinstance(top, list):  # ARM's StunTrack: the last break is the knockout line
                top = top[-1] if top else None
            value = state[key]
            if key == "hp":
                value_taken = (top or value) - value
                return {
                    "label": label,
                    "value": value,
                    "max": top,
                    "percent": _percent(value, top),
                    "taken": value_taken,
                }
            return {"label": label, "value": value, "max": top, "percent": _percent(value, top), "taken": value}
    return None


def meters(state):
    """Every meter a wrestler's state has (HP, Damage against the StunTrack, Fatigue against its threshold), for
    the scoreboard. A meter without a top (a Damage with no limit) is a number with no bar; StunTrack breaks
    (where the weardown level changes) are ticks on the bar."""
    found = []
    for key, max_key, label in METERS:
        value = state.get(key)
        if not isinstance(value, int | float) or isinstance(value, bool):
            continue
        top = state.get(max_key)
        ticks = []
        if isinstance(top, list):
            breaks = [b for b in top if isinstance(b, int | float) and b > 0]
            top = breaks[-1] if breaks else None
            ticks = [_percent(b, top) for b in breaks[:-1]] if top else []
        if not isinstance(top, int | float) or not top:
            top = None
        found.append(
            {
                "key": key,
                "label": label,
                "value": value,
                "max": top,
                "percent": _percent(value, top),
                "ticks": ticks,
            }
        )
    return found


def _percent(value, top):
    if not top:
        return 0
    return max(0, min(100, round(100 * value / top)))


def scoreboard(event):
    """One card per wrestler from an event's ``state``."""
    cards = []
    for state in (event or {}).get("state") or []:
        badges = []
        for key, label in BADGES:
            if key not in state or state[key] in (None, False, 0, "") and key not in ("edge", "heat"):
                continue
            value = state[key]
            badges.append({"label": label, "value": "yes" if value is True else value})
        injuries = state.get("injuries") or {}
        cards.append(
            {
                "name": state.get("name", "?"),
                "side": state.get("side"),
                "meters": meters(state),
                "legal": state.get("legal"),
                "badges": badges,
                "injuries": injuries if isinstance(injuries, dict) else {},
                "square": state.get("square"),
            }
        )
    return cards


def initials(name):
    """Two letters for a wrestler's marker on the grid: "Rick Steel" RS, "The Iron Sheik-ah" IS."""
    words = [w for w in name.split() if w[:1].isalnum()]
    significant = [w for w in words if w.lower() not in ("the", "jr.", "jr", "sr.", "sr", "ii", "iii")] or words
    if not significant:
        return "?"
    if len(significant) == 1:
        return significant[0][:2].upper()
    return (significant[0][0] + significant[-1][0]).upper()


def ring(event, grid):
    """The ring grid of the ruleset (``Ruleset.ring_grid()``, None without one): every square with its kind and the
    wrestlers on it, a marker per wrestler and where each stands (None when the state has no squares)."""
    states = (event or {}).get("state") or []
    placed = [s for s in states if isinstance(s.get("square"), str)]
    if not placed or not grid:
        return None
    markers, taken = [], set()
    for n, s in enumerate(placed):
        mark = initials(s.get("name") or "?")
        if mark in taken:
            mark = f"{mark[0]}{n + 1}"
        taken.add(mark)
        markers.append(mark)
    squares, unknown = grid["squares"], grid["unknown"]
    who = {}
    for s, mark in zip(placed, markers, strict=True):
        who.setdefault(s["square"], []).append({"name": s.get("name", "?"), "side": s.get("side"), "mark": mark})
    rows = []
    for r in range(1, grid["rows"] + 1):
        row = []
        for c in grid["columns"]:
            sq = f"{c}{r}"
            kind, _label, in_ring = squares.get(sq, unknown)
            row.append({"id": sq, "kind": kind, "in_ring": in_ring, "who": who.get(sq, [])})
        rows.append({"number": r, "squares": row})
    wrestlers = [
        {
            "name": s.get("name", "?"),
            "side": s.get("side"),
            "mark": mark,
            "square": s["square"],
            "where": squares.get(s["square"], unknown)[1].lower(),
        }
        for s, mark in zip(placed, markers, strict=True)
    ]
    return {"columns": grid["columns"], "rows": rows, "wrestlers": wrestlers, "legend": grid["legend"]}


@functools.lru_cache(maxsize=4096)
def ring_grid_of_match(match_id):
    """The ring grid of a match's ruleset (a match never changes promotion, nor a promotion with cards its
    ruleset), read once per process and match: the live stream renders a scoreboard per event."""
    from rules import get_ruleset

    ruleset_id = Match.objects.filter(pk=match_id).values_list("card__promotion__ruleset", flat=True).first()
    return get_ruleset(ruleset_id).ring_grid() if ruleset_id else None


def damage_plot(events, width=600, height=160):
    """Damage taken over the rounds for each wrestler, as SVG polyline points."""
    series = {}
    last_round = max((e["round"] for e in events), default=0) or 1
    top = 1
    for e in events:
        for i, state in enumerate(e.get("state") or []):
            m = meter(state)
            if m is None:
                continue
            points = series.setdefault(i, {"name": state.get("name", "?"), "points": []})
            points["points"].append((e["round"], m["taken"]))
            top = max(top, m["taken"])
    lines = []
    for i, s in sorted(series.items()):
        pts = " ".join(
            f"{round(r / last_round * width, 1)},{round(height - taken / top * height, 1)}" for r, taken in s["points"]
        )
        lines.append({"name": s["name"], "points": pts, "index": i, "final": s["points"][-1][1] if s["points"] else 0})
    return {"width": width, "height": height, "lines": lines, "rounds": last_round, "top": top}


def key_moments(events, count=5):
    """Why the winner won: the result and the events that led to it (finishers, pin counts, big dice)."""
    if not events or events[-1]["type"] != "result":
        return []
    interesting = [
        e
        for e in events[:-1]
        if e.get("text") and (e.get("rolls") or e["type"] in ("finisher", "pin", "cover", "submission"))
    ]
    return [*interesting[-count:], events[-1]]


def ranking_moves(match):
    """How the match moved each title's contender ranking: the snapshot taken after it against the one before."""
    from promotion.models import ContenderSnapshot
    from roster.models import Wrestler

    moves = []
    for after in ContenderSnapshot.objects.filter(match=match).select_related("title"):
        before = ContenderSnapshot.objects.filter(title=after.title, pk__lt=after.pk).order_by("-pk").first()
        old = {wid: i + 1 for i, (wid, _) in enumerate(before.ranking)} if before else {}
        involved = set(match.participants.values_list("wrestler_id", flat=True))
        rows = []
        for rank, (wid, score) in enumerate(after.ranking, start=1):
            if wid in involved or old.get(wid) != rank:
                rows.append({"wrestler": wid, "rank": rank, "was": old.get(wid), "score": score})
        dropped = [wid for wid in involved if wid in old and wid not in {w for w, _ in after.ranking}]
        names = dict(
            Wrestler.objects.filter(pk__in=[r["wrestler"] for r in rows] + dropped).values_list("pk", "ring_name")
        )
        for row in rows:
            row["name"] = names.get(row["wrestler"], "?")
            row["moved"] = (row["was"] - row["rank"]) if row["was"] else None
        moves.append({"title": after.title, "rows": rows, "dropped": [names.get(w, "?") for w in dropped]})
    return moves
