"""The recap of a finished ARM match: a short paragraph for the match page and the export.

Pure: it reads the stored events (their fields, never their text) and what the league knows (``title``,
``title_changed``, ``streak``). Who won and how (the move that set up the fall, the hold that made him tap), the
turning point (when the winner went ahead on damage for good), the near falls, a finisher kicked out of, the
dirty work, and what it means.
"""

from rules.arm import narration_more as more
from rules.arm.tables import MANEUVER_ROWS
from rules.base import Ruleset
from rules.narration_kit import Person, a_an, distinct, mix, sentence, short_names, team_name

ROLL_UPS = frozenset(row[1] for row in MANEUVER_ROWS if row[7] == "Pin-predicament")


def _clock(seconds):
    seconds = int(seconds or 0)
    return f"{seconds // 60}:{seconds % 60:02d}"


def _who(event, key, names, sides):
    """The wrestler an event's ``actor``/``target`` is: tag events name him (``actor_name``), else the index."""
    name = event.get(f"{key}_name")
    if name is not None:
        return names.get(name, name)
    i = event.get(key)
    return sides[i] if isinstance(i, int) and 0 <= i < len(sides) else None


def _side(event, key, state):
    i = event.get(key)
    if event.get(f"{key}_name") is not None:
        return i  # tag: already a side
    return state[i]["side"] if isinstance(i, int) and 0 <= i < len(state) else None


def recap(events, setup=None, *, title=None, title_changed=None, streak=None):
    events = list(events)
    if not events or events[-1].get("type") != "result":
        return ""
    result = events[-1]
    state = result["state"]
    full = [w["name"] for w in state]
    short = dict(zip(full, short_names(full), strict=True))
    per_index = [short[n] for n in full]
    if title is None and setup is not None:
        named = (setup.stipulation or {}).get("title")
        title = named.strip() if isinstance(named, str) and named.strip() else None
    side_ids = sorted({w["side"] for w in state})
    teams = {s: team_name([w["name"] for w in state if w["side"] == s]) for s in side_ids}
    method, winner = result.get("method"), result.get("winner")
    clock, rounds = _clock(result.get("clock")), result.get("rounds") or result.get("round")
    if method in ("draw", "no-contest") or winner not in teams:
        generic = Ruleset().recap(events, setup)
        return f"{generic} {_dirty(events)}".strip() if generic else ""
    loser = next(s for s in side_ids if s != winner)
    parts = [f"{teams[winner]} beat {teams[loser]} {_how(events, result, winner, state)} at {clock} ({rounds} rounds)."]
    names = {s: team_name([short[w["name"]] for w in state if w["side"] == s]) for s in side_ids}
    turn = _turning_point(events, winner)
    if turn:
        parts.append(turn.format(w=names[winner]))
    fin_kicks = _finisher_kick_outs(events)
    kicked = {e["seq"] for e, _move in fin_kicks}
    near = [e for e in events if e["type"] == "pin" and e.get("count") == 2 and e["seq"] not in kicked]
    told = set()
    for e, move in fin_kicks:
        who = _who(e, "target", short, per_index)
        if (who, move) in told:
            continue
        told.add((who, move))
        parts.append(f"{who} even kicked out of the {move} at {_clock(e['clock'])}.")
    if near:
        last = near[-1]
        who = _who(last, "target", short, per_index)
        if len(near) == 1:
            parts.append(f"The one near fall: {who} kicking out at two at {_clock(last['clock'])}.")
        else:
            parts.append(
                f"There were {len(near)} more near falls, the last {who} kicking out at {_clock(last['clock'])}."
                if fin_kicks
                else f"There were {len(near)} near falls, the last {who} kicking out at {_clock(last['clock'])}."
            )
    elif method == "pinfall" and not fin_kicks:
        parts.append("Not one cover reached two before the end.")
    dirty = _dirty(events)
    if dirty:
        parts.append(dirty)
    meaning = _meaning(teams[winner], title, title_changed, streak, result)
    if meaning:
        parts.append(meaning)
    return " ".join(parts)


def _how(events, result, winner, state):
    method = result.get("method")
    before = events[:-1]
    if method == "submission":
        hold = next((e.get("maneuver") for e in reversed(before) if e.get("maneuver")), None)
        return f"by submission with the {hold}" if hold else "by submission"
    if method == "knockout":
        return "by knockout" + (" in the sleeper" if result.get("reason") == "sleeper" else "")
    if method == "disqualification":
        why = result.get("reason")
        return f"by disqualification ({why})" if why else "by disqualification"
    if method == "count-out":
        return "by count-out"
    if method == "escape":
        return "by escaping the cage"
    for e in reversed(before):
        if e["type"] == "maneuver" and _side(e, "actor", state) == winner:
            move = e.get("maneuver")
            if e.get("finisher"):
                return f"by pinfall with {_finisher_words(move)}"
            if e.get("base") in ROLL_UPS:
                return f"by pinfall with {a_an(move)}"
            return f"by pinfall after {a_an(move)}" if move else "by pinfall"
        if e["type"] == "result":
            break
    return "by pinfall"


def _finisher_words(move):
    return f"the {move} (the finisher)" if move else "the finisher"


def _finisher_kick_outs(events):
    """(pin event, finisher) for every cover after a finisher that was kicked out of."""
    out, last_fin = [], None
    for e in events:
        if e["type"] == "maneuver":
            last_fin = (e, e.get("maneuver")) if e.get("finisher") else None
        elif e["type"] == "pin" and last_fin is not None and 0 < e["seq"] - last_fin[0]["seq"] <= 4:
            if (e.get("count") or 0) < 3:
                out.append((e, last_fin[1]))
            last_fin = None
    return out


def _turning_point(events, winner):
    """When the winner went ahead on damage for good (less damage taken than the other side), or that he never
    trailed."""
    trailed, ahead_since = False, None
    for e in events[:-1]:
        taken = {}
        for w in e["state"]:
            taken[w["side"]] = taken.get(w["side"], 0) + w.get("damage", 0)
        mine = taken.get(winner, 0)
        theirs = max((v for s, v in taken.items() if s != winner), default=0)
        if mine > theirs:
            trailed, ahead_since = True, None
        elif mine < theirs and trailed and ahead_since is None:
            ahead_since = e
    if not trailed:
        return "{w} never trailed on damage."
    if ahead_since is None:
        return "{w} won it from behind, having taken more punishment."
    move = ahead_since.get("maneuver")
    when = _clock(ahead_since["clock"])
    if move and ahead_since["type"] == "maneuver":
        return f"The turning point came at {when}: {a_an(move)} that put {{w}} ahead for good."
    return f"{{w}} went ahead for good at {when}."


def _dirty(events):
    warnings = sum(1 for e in events if e["type"] == "referee" and e.get("warnings"))
    run_ins = sum(1 for e in events if e["type"] == "interference")
    bumps = sum(1 for e in events if e["type"] == "referee" and e.get("down"))
    unseen = sum(1 for e in events if e["type"] == "referee" and e.get("noticed") is False and not e.get("down"))
    bits = []
    if run_ins:
        bits.append(f"{run_ins} run-in{'s' if run_ins > 1 else ''}")
    if warnings:
        bits.append(f"{warnings} warning{'s' if warnings > 1 else ''} from the referee")
    if unseen:
        bits.append(f"{unseen} thing{'s' if unseen > 1 else ''} the referee missed")
    if bumps:
        bits.append("a referee bump")
    return f"It got dirty: {', '.join(bits)}." if bits else ""


def _meaning(winner, title, title_changed, streak, result):
    bits = []
    if title:
        if title_changed is True:
            plural = " and " in winner
            bits.append(f"{winner} {'are' if plural else 'is'} the new {title} champion{'s' if plural else ''}.")
        elif title_changed is False:
            bits.append(f"The {title} stays where it was.")
        else:
            bits.append(f"The {title} was on the line.")
    if streak and streak >= 2:
        bits.append(f"That makes {streak} wins in a row for {winner}.")
    return " ".join(bits)


# --- the result line (the quiet ``outcome`` writes it too) ---------------------------------------------


def people_of(setup, short=False):
    sheets = [w for side in setup.sides for w in side]
    sides = [s for s, side in enumerate(setup.sides) for _ in side]
    names = distinct([w["name"] for w in sheets])
    if short:
        names = short_names([w["name"] for w in sheets])
    return [Person(n, s, w.get("pronouns", "he")) for n, s, w in zip(names, sides, sheets, strict=True)]


def title_of(setup):
    title = (setup.stipulation or {}).get("title")
    return title.strip() if isinstance(title, str) and title.strip() else None


def result_line(event, people, title, seed):
    """The result event's text: from the result event alone (the quiet ``outcome`` writes the same)."""
    said = event["text"]
    facts = getattr(said, "facts", {})
    method = event.get("method")
    winner = event.get("winner")
    options = more.RESULT.get(method)
    if options is None:
        return str(said)
    sides = sorted({p.side for p in people})
    teams = {s: team_name([p for p in people if p.side == s]) for s in sides}
    w = teams.get(winner, "")
    loser = event.get("loser")
    if loser is None and winner is not None:
        loser = next((s for s in sides if s != winner), None)
    lose = teams.get(loser, "")
    fallen = facts.get("a") if getattr(said, "kind", "") == "knockout" else facts.get("b")
    if method in ("submission", "knockout") and fallen is not None and len(people) > 2:
        lose = people[fallen].name  # a tag team loses by the man who tapped or was knocked out
    why = event.get("reason") or facts.get("why") or "no winner"
    if method == "no-contest":
        return str(said)
    if method == "draw" and event.get("reason") == "time limit":
        return str(said)
    t = options[mix(seed, event.get("rounds") or 0, "result " + str(method)) % len(options)]
    plural = " and " in w
    verbs = {"s": "" if plural else "s", "has": "have" if plural else "has", "is_": "are" if plural else "is"}
    text = t.format(w=w, l=lose, M=facts.get("move") or "hold", why=why, **verbs)
    if title and winner is not None:
        text += f" The {title} was on the line."
    return sentence(text)


def quiet_result(setup, event, seed=None):
    """The result event of the quiet ``outcome``, with the sentence ``narrate`` writes."""
    event["text"] = result_line(event, people_of(setup), title_of(setup), seed or 0)
    return event
