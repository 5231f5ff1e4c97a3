"""Reads for match pages: events, the scoreboard, the damage plot and the key moments."""

from matches.models import Match, MatchEvent

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
RING_COLS = "abcdefghijkl"


def match_for_page(promotion, pk):
    return (
        Match.objects.select_related("card", "card__promotion", "referee", "title")
        .prefetch_related("participants__wrestler")
        .get(pk=pk, card__promotion=promotion)
    )


def events_after(match_id, after=-1, limit=None):
    qs = MatchEvent.objects.filter(match_id=match_id, seq__gt=after).order_by("seq").values_list("data", flat=True)
    return list(qs[:limit] if limit else qs)


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
                "meter": meter(state),
                "badges": badges,
                "injuries": injuries if isinstance(injuries, dict) else {},
                "square": state.get("square"),
            }
        )
    return cards


def ring(event):
    """The ARM ring grid: squares with the wrestlers standing on them (None when the state has no squares)."""
    states = (event or {}).get("state") or []
    squares = {s.get("square"): s for s in states if isinstance(s.get("square"), str)}
    if not squares:
        return None
    rows = []
    for r in range(1, 13):
        row = []
        for c in RING_COLS:
            sq = f"{c}{r}"
            in_ring = c in "defghi" and 4 <= r <= 9
            who = [s.get("name", "?") for s in states if s.get("square") == sq]
            row.append({"id": sq, "in_ring": in_ring, "who": who})
        rows.append(row)
    outside = [
        (sq, s.get("name"))
        for sq, s in squares.items()
        if sq[0] not in RING_COLS or not sq[1:].isdigit() or int(sq[1:]) > 12
    ]
    return {"rows": rows, "outside": outside}


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
    interesting = [e for e in events[:-1] if e.get("rolls") or e["type"] in ("finisher", "pin", "cover", "submission")]
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
