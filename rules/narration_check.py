"""Contradictions between what the commentary says and what the events show.

``check(ruleset_id, events, sheets=None)`` returns one ``Contradiction`` per broken rule; an empty list means
every line is consistent with the event state. Used by ``tests/rules/test_narration_contradictions.py`` (over
thousands of seeded matches) and ``bench/narration.py`` (the "contradictions found" figure). Pure: it reads
the events and the sheets' pronouns, nothing else.

A *line* is an event with non-empty ``text``. An event whose text is empty was folded into the next line
(its words are there), so a line speaks for its *span*: the events since the previous line, up to and
including its own. ``before`` is the state before the span, ``after`` the state after it.

Each rule names the kind of contradiction it catches (the kinds listed in issue 17, and the ones found since).
A ruleset lists the rules that apply to it in ``RULES``.
"""

import re
from dataclasses import dataclass

from rules.narration_kit import short_names, template_key

PRONOUN_WORDS = {
    "he": {"he", "him", "his", "himself"},
    "she": {"she", "her", "hers", "herself"},
    "they": {"they", "them", "their", "theirs", "themselves", "themself"},
}
ALL_PRONOUNS = set().union(*PRONOUN_WORDS.values())
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


@dataclass(frozen=True)
class Contradiction:
    rule: str
    seq: int
    text: str
    why: str


@dataclass
class Line:
    index: int  # position among the lines
    event: dict
    text: str
    span: list  # the events this line speaks for (folded ones first)
    before: list  # state before the span
    after: list  # state after it


def lines_of(events):
    """The lines of a match, each with its span and the state before and after it."""
    out, span, before = [], [], None
    for event in events:
        if before is None:
            before = event["state"]
        span.append(event)
        if event.get("text"):
            out.append(Line(len(out), event, event["text"], span, before, event["state"]))
            before, span = event["state"], []
    return out


class Context:
    def __init__(self, ruleset_id, events, sheets):
        self.ruleset_id = ruleset_id
        self.events = events
        self.lines = lines_of(events)
        self.names = [w["name"] for w in events[0]["state"]] if events else []
        # every form a wrestler is called by: the ring name, and the short one used after the introductions
        self.forms = [
            sorted({full, short}, key=len, reverse=True)
            for full, short in zip(self.names, short_names(self.names), strict=True)
        ]
        sheets = sheets or [{} for _ in self.names]
        self.pronouns = [(s or {}).get("pronouns", "he") for s in sheets]
        self._rx = {}
        self.form_rx = [re.compile("|".join(_name_re(f) for f in forms)) for forms in self.forms]
        everyone = sorted({f for forms in self.forms for f in forms}, key=len, reverse=True)
        self.names_rx = re.compile("|".join(_name_re(f) for f in everyone)) if everyone else re.compile("$^")
        stip = (events[0].get("stipulation") or {}) if events else {}
        self.cage = bool(stip.get("cage"))
        self.bases = {}  # an ARM arsenal's own names -> the base maneuver
        for s in sheets:
            for row in (s or {}).get("arsenal") or []:
                if isinstance(row, dict) and row.get("name") and row.get("maneuver"):
                    self.bases[row["name"]] = row["maneuver"]
        self.extra_names = set()  # allies, finishers, moves: phrases whose words are not about anyone's pronouns
        for s in sheets:
            s = s or {}
            for key in ("ally",):
                if isinstance(s.get(key), str):
                    self.extra_names.add(s[key])

    def base_of(self, label):
        """The base maneuver of an ARM move label (a flagged or renamed move keeps its base name at the end)."""
        label = self.bases.get(label, label) or ""
        return next((t for t in ARM_TRICKS if label.endswith(t)), label)

    def rx(self, patterns, name):
        """One compiled regex for any of ``patterns`` with ``{n}`` = this name (kept for the match)."""
        key = (id(patterns), name)
        found = self._rx.get(key)
        if found is None:
            found = self._rx[key] = re.compile("|".join(f"(?:{p.format(n=_name_re(name))})" for p in patterns))
        return found

    def mentioned(self, text):
        return [i for i, rx in enumerate(self.form_rx) if rx.search(text)]

    def each(self):
        """(side, form) for every form of every wrestler's name, longest first."""
        pairs = [(i, f) for i, forms in enumerate(self.forms) for f in forms]
        return sorted(pairs, key=lambda p: len(p[1]), reverse=True)


# --- the rules ---------------------------------------------------------------------------------------


def _name_re(name):
    return r"\b" + re.escape(name) + r"\b"


ARM_STANDING = ("Facing", "Behind")
ARM_FALLEN = ("Prone", "Facedown")


def _down(w):
    """Off his feet: ``prone`` (hp-d6, wildknight) or, in ARM, any position but the two standing ones."""
    if "prone" in w:
        return w["prone"]
    return w.get("position") not in ARM_STANDING


def _lying(w):
    """Flat on the mat: ``prone``, or ARM's two fallen positions."""
    if "prone" in w:
        return w["prone"]
    return w.get("position") in ARM_FALLEN


def wrong_pronoun(line, ctx):
    """ "Lady Vendetta gets to his feet": a pronoun that belongs to nobody the line names."""
    text = line.text
    for phrase in ctx.extra_names:
        text = re.sub(re.escape(phrase), " ", text, flags=re.I)
    text = ctx.names_rx.sub(" ", text)
    text = re.sub(r"\breferees?\b[^.!?;:]*", " ", text, flags=re.I) if "referee" in text.lower() else text
    words = {w.lower() for w in _WORD.findall(text)}
    used = words & ALL_PRONOUNS
    if not used:
        return None
    who = ctx.mentioned(line.text)
    allowed = set().union(*(PRONOUN_WORDS[ctx.pronouns[i]] for i in who)) if who else set()
    # "They" may also be the two wrestlers together ("they trade blows") when two are named.
    if len(who) >= 2:
        allowed |= PRONOUN_WORDS["they"]
    bad = used - allowed
    if bad:
        return f"pronoun {sorted(bad)} for {[ctx.names[i] for i in who]} ({[ctx.pronouns[i] for i in who]})"
    return None


_STAND_UP = (
    r"{n} (?:gets|get|climbs|climb|staggers|stagger|scrambles|scramble) (?:back )?(?:up|to \w+ feet)",
    r"{n} (?:pulls|pull|drags|drag|picks|pick|hauls|haul) (?:himself|herself|themselves|themself) up",
    r"{n} (?:is|are) back (?:up|on \w+ feet)",
    r"{n} kips? up",
    r"{n} springs? (?:up|to \w+ feet)",
    r"[Bb]ack on \w+ feet, {n}",
    r"{n} (?:is|are) barely (?:back )?up",
    r"[Bb]ack up, {n}",
)


def stands_while_standing(line, ctx):
    """ "gets to his feet" for a man already standing."""
    for i, name in ctx.each():
        if name not in line.text:
            continue
        if ctx.rx(_STAND_UP, name).search(line.text):
            was_down = _down(line.before[i]) or any(_down(e["state"][i]) for e in line.span[:-1])
            if not was_down:
                return f"{name} gets up but was standing"
    return None


_HAULED_UP = (
    r"(?:hauls|drags|pulls|picks|yanks|scoops) {n}(?: up)? (?:off the mat|off the canvas|to \w+ feet)",
    r"(?:hauls|drags|pulls|yanks|picks) {n} (?:back )?up\b",
)


def hauls_up_a_standing_man(line, ctx):
    """ "pulls him up" / "drags him to his feet" when he was already standing."""
    for i, name in ctx.each():
        if name not in line.text:
            continue
        if ctx.rx(_HAULED_UP, name).search(line.text):
            was_down = _down(line.before[i]) or any(_down(e["state"][i]) for e in line.span[:-1])
            if not was_down:
                return f"{name} is hauled up but was standing"
    return None


_STILL_DOWN = (
    r"{n} (?:is|are) still down",
    r"{n} stays? down",
    r"the fallen {n}",
    r"{n} (?:tries|try) to get up",
    r"{n} (?:is|are) down on the mat",
    r"{n}, still down",
)


def down_while_standing(line, ctx):
    """ "is still down" / "the fallen X" for a wrestler on his feet."""
    for i, name in ctx.each():
        if name not in line.text:
            continue
        if ctx.rx(_STILL_DOWN, name).search(line.text) and not _down(line.before[i]):
            return f"{name} is called down but was standing"
    return None


_QUICK = (
    r"{n} seizes the moment",
    r"{n} (?:is|are) quicker off the mark",
    r"{n} wins the race to the first move",
    r"[Qq]uicker off the mark, {n}",
    r"[Ff]irst to move, {n}",
    r"{n} (?:beats|beat) \S+(?: \S+)? to the punch",
    r"{n} seizes the initiative",
)


def seizes_then_still_down(line, ctx):
    """ "X seizes the moment" and then "X is still down": the initiative claimed by a man who cannot use it."""
    for i, name in ctx.each():
        if not ctx.rx(_QUICK, name).search(line.text):
            continue
        # the claim must be used: this line or the next one is about him doing something, not lying there
        nxt = ctx.lines[line.index + 1].text if line.index + 1 < len(ctx.lines) else ""
        down = ctx.rx(_STILL_DOWN, name)
        if down.search(nxt) or down.search(line.text):
            return f"{name} seizes the moment but is still down"
        event = line.event
        if event["type"] != "initiative" and event.get("actor") is not None and event["actor"] != i:
            return f"{name} seizes the moment in a line about the other wrestler's move"
    return None


ACTIONS_HP_D6 = (
    "strike",
    "grapple",
    "high_risk",
    "submission",
    "finisher_attempt",
    "foreign_object",
    "attack_referee",
    "pinning_combination",
    "pin",
    "get_up",
)


def out_cold_wrestles_on(line, ctx):
    """An "out cold (0 HP)" man who wrestles on: a move of his own while at 0 HP."""
    for event in line.span:
        actor = event.get("actor")
        if event["type"] not in ACTIONS_HP_D6 or actor is None:
            continue
        if event["type"] == "strike" and event.get("free"):
            pass
        before = _state_before(ctx, event)
        if before is not None and before[actor]["hp"] == 0:
            return f"{ctx.names[actor]} acts ({event['type']}) at 0 HP"
    return None


def _state_before(ctx, event):
    seq = event["seq"]
    return ctx.events[seq - 1]["state"] if seq > 0 and ctx.events[seq - 1]["seq"] == seq - 1 else None


_ZERO = re.compile(r"\bfor 0\b|\b0 damage\b|\(-0\b|-0 HP|\b0 HP left")
_SOFT = re.compile(r"no effect|nothing|barely|shrugs|no damage|empty")
_IMPACT = re.compile(r"\b(?:drills|rocks|crushes|flattens|levels|connects|lands|nails|plants|hammers)\b")


def connects_for_nothing(line, ctx):
    """ "connects ... for 0 damage": a hit that did nothing, told as if it hurt."""
    event = line.event
    if _ZERO.search(line.text):
        return "says 0 damage"
    empty_hit = event.get("outcome") == "hit" and event.get("damage") == 0 and event["type"] in ("maneuver", "strike")
    if empty_hit and _IMPACT.search(line.text) and not _SOFT.search(line.text):
        return "a 0-damage hit told as a blow that hurt"
    return None


def same_finisher_line_three_rounds(line, ctx):
    """The same finisher line three rounds running."""

    def is_finisher(ln):
        e = ln.event
        if e["type"] == "finisher":
            return True
        return e["type"] == "maneuver" and bool(e.get("finisher"))

    if not is_finisher(line):
        return None
    names = [f for _, f in ctx.each()] + sorted(ctx.extra_names)
    key = template_key(line.text, names)
    run = [line]
    for prev in reversed(ctx.lines[: line.index]):
        if not is_finisher(prev):
            continue
        if prev.event["round"] != run[-1].event["round"] - 1:
            break
        run.append(prev)
        if len(run) == 3:
            break
    if len(run) == 3 and all(template_key(ln.text, names) == key for ln in run):
        return "the same finisher line three rounds running"
    return None


def both_swing_when_stunned(line, ctx):
    """ "both swing and miss badly" when one of them is stunned (a stunned wrestler declares no move)."""
    if not re.search(r"\bboth (?:swing|miss|whiff)|swing and miss|both men miss", line.text, re.I):
        return None
    for d in line.event.get("declared") or []:
        if d.get("stunned") or d.get("second_wind"):
            return "both swing, but one of them declared no move"
    return None


_DAZED = (r"[Dd]azed {n}", r"{n} (?:is|are) (?:still )?(?:dazed|out on \w+ feet)")


def dazed_but_not_stunned(line, ctx):
    """ "A dazed X" / "X is out on his feet" when X is not stunned (wildknight)."""
    for i, name in ctx.each():
        if ctx.rx(_DAZED, name).search(line.text):
            declared = {d.get("side"): d for d in line.event.get("declared") or []}
            stunned = (
                line.before[i].get("stunned", 0) > 0
                or (declared.get(i) or {}).get("stunned")
                or (line.event["type"] == "stun" and line.after[i].get("stunned", 0) > 0)
            )
            if not stunned and line.before[i].get("hp", 1) != 0:
                return f"{name} called dazed but not stunned"
    return None


_KICKS = (r"{n} (?:\w+ )?(?:kicks? out|powers? out|gets? a shoulder up|gets? a foot on the rope)",)
_THREE = re.compile(r"[Oo]ne[,.!]*\s+[Tt]wo[,.!]*\s+(?:and\s+)?[Tt]hree|THREE!|counts? (?:to )?three")


def kick_out_on_a_three(line, ctx):
    """A line that says he kicked out when the count reached three (or three when he kicked out)."""
    event = line.event
    if event["type"] in ("pin_count", "pin-count", "finisher_pin"):
        outcome = event.get("outcome", "")
        three = (event["type"] == "finisher_pin" and outcome == "three") or (
            event.get("count") == 3 and outcome == "count"
        )
        for _, name in ctx.each():
            if three and ctx.rx(_KICKS, name).search(line.text):
                return "a kick-out told on a three-count"
        if "kick" in outcome and _THREE.search(line.text):
            return "a three told on a kick-out"
    return None


# --- ARM -------------------------------------------------------------------------------------------------

_HAULER = (
    r"{n} (?:hauls|drags|pulls|picks|yanks|scoops) \w+(?: \w+)? (?:back )?up\b",
    r"{n} (?:hauls|drags|pulls|picks|yanks) \w+(?: \w+)? (?:off the mat|off the canvas|to \w+ feet)",
)


def hauler_lying_down(line, ctx):
    """ "X pulls him up" said of a man who is himself lying on the mat."""
    for i, name in ctx.each():
        if name not in line.text or not ctx.rx(_HAULER, name).search(line.text):
            continue
        # as the line's own event begins (he may have got up in the span before it: then he hauls standing)
        lying = _lying((_state_before(ctx, line.event) or line.before)[i])
        if lying:
            return f"{name} hauls his man up while lying on the mat"
    return None


def _acts(ctx, event):
    """The wrestler (state index) an event is about: ``actor_name`` in tag matches, else ``actor``."""
    name = event.get("actor_name")
    if name is not None:
        return ctx.names.index(name) if name in ctx.names else None
    return event.get("actor")


_REBOUND = (
    r"{n} (?:hits|bounces off|comes off|runs off) the ropes",
    r"(?:[Oo]ff the ropes|[Oo]n the rebound), {n}",
    r"(?:whips|sends|throws) {n} (?:into|off) the ropes",
)


def _in_ring(square):
    from rules.arm.ring import SQUARE_AT, in_ring  # ARM's grid, only for ARM's rules

    sq = SQUARE_AT.get(square)
    return sq is not None and in_ring(sq)


def ropes_off_the_floor_or_in_a_cage(line, ctx):
    """ "hits the ropes" for a man on the floor, or inside a cage (no rope rebounds there)."""
    for i, name in ctx.each():
        if name not in line.text or not ctx.rx(_REBOUND, name).search(line.text):
            continue
        if ctx.cage:
            return f"{name} runs the ropes inside a cage"
        states = [line.before] + [e["state"] for e in line.span]
        if not any(_in_ring(st[i]["square"]) for st in states):
            return f"{name} runs the ropes but is on the floor"
    return None


ARM_TRICKS = ("Distract Referee", "Conceal Object", "Blind Tag", "Fake Tag")
_AVOIDED = re.compile(r"\b(?:avoids?|dodges?|blocks?|ducks?|sidesteps?|sees? it coming)\b")


def trick_avoided_by_the_opponent(line, ctx):
    """ "goes for the Distract Referee but Ace avoids it": a trick is not a blow the opponent can dodge."""
    for event in line.span:
        tricked = event["type"] == "miss" and ctx.base_of(event.get("maneuver")) in ARM_TRICKS
        if tricked and _AVOIDED.search(line.text):
            return f"the {event.get('maneuver')} told as avoided"
    return None


_ANSWER = re.compile(
    r"answer|fires back|of (?:his|her|their) own|makes? .{1,40}? pay|opening|counters|punish|capitalis"
    r"|left open|straight away|at once",
    re.I,
)


def reply_without_its_reason(line, ctx):
    """An improvised reply to a miss (the defender answers at once) told as if it came from nowhere: "Y avoids
    it. Y botches the Powerslam badly!" must say that Y was answering."""
    event = line.event
    if event["type"] not in ("miss", "maneuver"):
        return None
    prev = ctx.events[event["seq"] - 1] if event["seq"] > 0 else None
    while prev is not None and prev["type"] in ("crash", "decision") and prev["seq"] > 0:
        prev = ctx.events[prev["seq"] - 1]
    if prev is None or prev["type"] != "miss" or prev["round"] != event["round"]:
        return None
    if (prev.get("target"), prev.get("actor")) != (event.get("actor"), event.get("target")):
        return None
    if not _ANSWER.search(line.text):
        return "a reply to a miss told without the miss"
    return None


def arm_kick_out_on_a_three(line, ctx):
    """ARM's covers: a kick-out told on a three, or a three told on a kick-out."""
    event = line.event
    if event["type"] != "pin" or "count" not in event:
        return None
    for _, name in ctx.each():
        if event["count"] >= 3 and ctx.rx(_KICKS, name).search(line.text):
            return "a kick-out told on a three-count"
    if event["count"] < 3 and _THREE.search(line.text):
        return "a three told on a kick-out"
    return None


GENERIC = [wrong_pronoun, stands_while_standing, hauls_up_a_standing_man, kick_out_on_a_three]
RULES = {
    "hp-d6": [*GENERIC, down_while_standing, seizes_then_still_down, out_cold_wrestles_on, connects_for_nothing],
    "wildknight": [
        *GENERIC,
        connects_for_nothing,
        same_finisher_line_three_rounds,
        both_swing_when_stunned,
        dazed_but_not_stunned,
    ],
    "arm": [
        wrong_pronoun,
        stands_while_standing,
        hauls_up_a_standing_man,
        down_while_standing,
        hauler_lying_down,
        ropes_off_the_floor_or_in_a_cage,
        trick_avoided_by_the_opponent,
        reply_without_its_reason,
        arm_kick_out_on_a_three,
    ],
}


def check(ruleset_id, events, sheets=None):
    """Every contradiction in a match's lines: a list of ``Contradiction`` (empty when none)."""
    ctx = Context(ruleset_id, list(events), sheets)
    found = []
    for line in ctx.lines:
        for rule in RULES.get(ruleset_id, ()):
            why = rule(line, ctx)
            if why:
                found.append(Contradiction(rule.__name__, line.event["seq"], line.text, why))
    return found
