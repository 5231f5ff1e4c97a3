"""The play-by-play of an ARM match, called the way a commentator would call it (docs/rules/arm.md, "Narration").

Pure and deterministic. ``narrate(setup, events, seed)`` is fed the events in order (``ArmRuleset.resolve`` does
it) and rewrites each event's ``text``: the rules wrote a ``Said`` (a plain sentence carrying ``kind`` and
``facts``, :mod:`rules.arm.narration`); the commentary reads it, the event's fields and the state before and after
it, and writes the line. Where there are several ways to say a thing, the choice comes from a hash of (match seed,
seq, what is said) skipping the templates of the last three lines (``rules.narration_kit.Picker``); it never draws
from the match's dice, so the events without their text are the same with any words.

* bookkeeping is folded: an event whose text is ``""`` is told in the next line (a get-up, a move behind, a whip
  or a climb, the opponent hauled up, a change of control, a reversal told with the move it became) or, when it
  only kept the books, left to its dice row;
* a change that matters is said once, where it happens: a new weardown level in the line of the blow that caused
  it, an injury on its own line, a near fall with its count;
* words follow the move family, the position (a man on the mat, a flyer off the top), the damage, the finisher,
  near falls (a kick-out at two, out of the finisher), Heat and the stakes (a title named in the stipulation's
  ``title``).
"""

import re

from rules.arm import narration_more as more
from rules.arm import narration_words as words
from rules.arm.narration_recap import people_of, quiet_result, result_line, title_of  # noqa: F401 - quiet_result
from rules.narration_kit import Person, Picker, a_an, mix, sentence, team_name

FALLEN = ("Prone", "Facedown")
STANDING = ("Facing", "Behind")
NOTABLE = frozenset(("draw", "grab", "launch", "rope3", "rope2", "apron", "floor", "ring", "boot", "whip-follow"))
SUBJECT = "{a} "


_OBJECT = re.compile(r"(?<=[a-z]{2})(?<!and)(?<!but)(?<!fallen)(?<!the) \{b\}(?!'s)")


def _object_pronoun(rest):
    """The opponent named once already ("hauls Vega up"): the first {b} that is an object becomes "him"/"her"."""
    return _OBJECT.sub(" {b.him}", rest, count=1)


class Narrator:
    """Turns an ARM match's events into lines. Call it with each event, in order; it returns the text."""

    def __init__(self, setup, seed=None):
        self.full = people_of(setup)
        self.short = people_of(setup, short=True)
        self.people = self.full
        self.sides = [list(range(len(side))) for side in setup.sides]
        self.kind = setup.kind
        self.title = title_of(setup)
        self.seed = seed or 0
        self.picker = Picker(self.seed)
        self.seq = 0
        self.count = 0
        self.before = None
        self.pending = []  # (kind, facts, state before, state after) of the events folded since the last line
        self.told_level = {}  # fighter -> the weardown level the commentary has said
        self.last_finisher = None  # (fighter, seq) of the last finisher hit
        self.last_miss = None  # (fighter, target, round) of the last missed attack
        self.near_falls = 0
        self.alignments = {}  # fighter -> face / heel (singles: from the introduction)

    # --- helpers ----------------------------------------------------------------------------------------
    def pick(self, key, options):
        return self.picker.pick(key, options, self.seq)

    def who(self, i):
        return self.people[i] if i is not None and 0 <= i < len(self.people) else Person("someone")

    def other(self, i):
        """The opponent a line names when the rules did not (singles: the other one; tag: the other legal man)."""
        if len(self.people) == 2:
            return 1 - i
        state = self.before or []
        for j, w in enumerate(state):
            if w.get("side") != self.people[i].side and w.get("legal", True):
                return j
        return next(j for j, p in enumerate(self.people) if p.side != self.people[i].side)

    def actor_of(self, event):
        """The wrestler an event is about (tag events name him: their ``actor`` is a side)."""
        name = event.get("actor_name")
        if name is not None:
            return next((i for i, p in enumerate(self.full) if p.name == name), event.get("actor"))
        return event.get("actor")

    def __call__(self, event):
        said = event["text"]
        kind = getattr(said, "kind", "")
        facts = getattr(said, "facts", {})
        if event["type"] == "decision":  # a person's choice: said as it is, and the commentary goes on as if
            return str(said)  # it were not there (the same words whoever chose)
        self.seq = seq = self.count  # the events but decisions: a match played with choosers reads the same
        self.count += 1
        full = kind in ("intro", "end") or mix(self.seed, seq, "name") % 7 == 0
        self.people = self.full if full else self.short
        before = self.before or event["state"]
        after = event["state"]
        handler = getattr(self, "on_" + kind, None) if kind else None
        if event["type"] == "result":
            handler = self.on_end
        if handler is None:
            text = self.flush_prefix(event) + str(said) if said else ""
            if text:
                self.picker.used(None)
        else:
            text = handler(event, facts, before, after)
        if kind not in ("miss", "crash", "telegraph", "hit"):
            self.last_miss = None  # a reply answers the miss at once, nothing in between
        if text:
            self.pending = []
        else:
            self.pending.append((kind, facts, before, after))
        self.before = after
        return sentence(text) if text else ""

    def fold(self, *parts):
        """The event is told in the next line (its text is "")."""
        return ""

    def say(self, text, *parts):
        self.picker.used(*parts)
        return text

    # --- lead-ins from folded events ------------------------------------------------------------------
    def leads(self, actor):
        """(prefix without subject, verb phrase for "{x} <vp> and ...", the state before) of the folded events
        that concern ``actor``, the newest of each kind."""
        adv = vp = None
        for kind, facts, before, after in self.pending:
            a = facts.get("a")
            if kind == "advantage" and a == actor:
                why = facts.get("why", "")
                options = more.ADVANTAGE_ADV.get(why, more.ADVANTAGE_ADV[""])
                adv = ("adv " + why, options, {})
            elif kind == "telegraph" and facts.get("b") == actor:
                adv = ("adv telegraphed", more.ADVANTAGE_ADV["telegraphed"], {})
            elif kind == "position" and a == actor:
                keys = facts.get("keys") or []
                up = before[a]["position"] not in STANDING and after[a]["position"] in STANDING
                key = next((k for k in keys if k in more.POSITION_VP), None)
                if key == "ropes" and self.kind == "cage":
                    key = "run"
                if key in ("whip", "whip-follow") and self.kind == "cage":
                    key = "whip-cage"
                if key == "behind" and up:
                    key = None
                if key is not None:
                    fmt = {"o": a_an(facts.get("obj") or "weapon"), "l": facts.get("launch") or "the ropes"}
                    vp = (key, more.POSITION_VP[key], fmt)
                elif up and adv is None:
                    adv = ("up", more.UP_ADV, {})
                elif up:
                    vp = ("up", more.UP_VP, {})
            elif kind == "moved" and a == actor:
                what = facts.get("what", "lift")
                lying = before[a]["position"] in FALLEN
                if what == "lift" and lying:
                    continue  # a man on the mat hauls nobody up: the dice row shows it
                vp = ("moved " + what, more.MOVED_VP[what], {})
        return adv, vp

    def open_line(self, template, key, fmt, actor, target, missed=False):
        """``template`` (of the line by ``actor``) with the lead-ins of the folded events in front of it (a missed
        attack takes no "now in control" lead: only a get-up)."""
        adv, vp = self.leads(actor)
        if adv is not None and (not template.startswith(SUBJECT) or missed and adv[0] != "up"):
            adv = None
        x, y = self.who(actor), self.who(target)
        parts = [key]
        body = template.format(**fmt)
        if template.startswith(SUBJECT) and vp is not None:
            t = self.pick("vp " + vp[0], vp[1])
            parts.append(t)
            rest = template[len(SUBJECT) :]
            if "{y}" in t:
                rest = _object_pronoun(rest)
            rest = rest.format(**fmt)
            joint = ", then " if " and " in t else ", " if " and " in rest else " and "
            body = f"{x} " + t.format(x=x, y=y, **vp[2]) + joint + rest
        elif vp is not None and vp[0] in NOTABLE:
            t = self.pick("vp " + vp[0], vp[1])
            parts.append(t)
            body = f"{x} " + t.format(x=x, y=y, **vp[2]) + ". " + sentence(body)
        if adv is not None and body.startswith(x.name):
            t = self.pick(adv[0], adv[1])
            parts.append(t)
            body = t.format(x=x, y=y) + body
        return body, parts

    def flush_prefix(self, event):
        """What a folded notable event must still say when the line is not its actor's (a climb, a weapon)."""
        for kind, facts, _before, _after in self.pending:
            if kind == "position":
                key = next((k for k in facts.get("keys") or [] if k in NOTABLE), None)
                if key is not None and facts.get("a") != self.actor_of(event):
                    if key == "whip-follow" and self.kind == "cage":
                        key = "whip-cage"
                    x = self.who(facts["a"])
                    fmt = {"o": a_an(facts.get("obj") or "weapon"), "l": facts.get("launch") or "the ropes"}
                    t = self.pick("vp " + key, more.POSITION_VP[key])
                    return f"{x} " + t.format(x=x, y=self.who(self.other(facts["a"])), **fmt) + ". "
            if kind == "reverse":
                x, y = self.who(facts["a"]), self.who(facts["b"])
                return f"{x} reverses {y}'s {facts.get('move')}. "
        return ""

    # --- the events -------------------------------------------------------------------------------------
    def on_intro(self, event, facts, before, after):
        a, b = self.full[0], self.full[-1]
        r = facts.get("referee", "The referee")
        rl = r[0].lower() + r[1:] if r.startswith("The ") else r
        lim = facts.get("limit", 10)
        stakes = f" The {self.title} is on the line!" if self.title else ""
        tail = " No disqualifications!" if facts.get("no_dq") else ""
        venue = facts.get("venue")
        if venue == "tag":
            teams = [team_name([self.full[i] for i in range(len(self.full)) if self.full[i].side == s]) for s in (0, 1)]
            legal = [self.full[i] for i in facts.get("legal", (0, len(self.full) - 1))]
            text = (
                f"Tag team action: {teams[0]} against {teams[1]}; {legal[0]} and {legal[1]} start. {r} has the "
                f"match, {lim}-minute time limit."
            )
            return self.say(text + stakes + tail, "intro")
        if venue == "cage":
            return self.say(str(event["text"]) + stakes, "intro")
        al, wt = facts.get("alignments", ("face", "face")), facts.get("weights", (0, 0))
        self.alignments = dict(enumerate(al))
        t = self.pick("intro", more.INTRO)
        text = t.format(a=a, b=b, al=al[0], bl=al[1], wa=wt[0], wb=wt[1], r=r, rl=rl, lim=lim)
        return self.say(text + stakes + tail, t)

    def on_call(self, event, facts, before, after):
        return self.fold()

    def on_advantage(self, event, facts, before, after):
        call = next((f for k, f, _b, _a in self.pending if k == "call"), None)
        x = self.who(facts["a"])
        if call is not None:
            y = self.who(call["a"]) if call["a"] != facts["a"] else self.who(self.other(facts["a"]))
            options = more.ADVANTAGE_TOS if call.get("what") == "tos" else more.ADVANTAGE_LINE
            t = self.pick("advantage call", options)
            return self.say(t.format(x=x, y=y), t)
        if facts.get("why") in ("the hot tag", "lunge tag", "STA contest after the collision"):
            t = self.pick("advantage solo", more.ADVANTAGE_SOLO)
            return self.say(t.format(x=x), t)
        return self.fold()

    def on_position(self, event, facts, before, after):
        return self.fold()

    def on_moved(self, event, facts, before, after):
        return self.fold()

    def on_recover(self, event, facts, before, after):
        return self.fold()

    def on_telegraph(self, event, facts, before, after):
        return self.fold()

    def on_reverse(self, event, facts, before, after):
        return self.fold()

    def on_release(self, event, facts, before, after):
        return self.fold()

    def on_weardown(self, event, facts, before, after):
        a = facts["a"]
        level = facts["level"]
        if self.told_level.get(a) == level:
            return self.fold()
        self.told_level[a] = level
        options = words.WEAR_LINE.get(level, words.WEAR_LINE["Winded"])
        t = self.pick("wear line", options)
        return self.say(t.format(a=self.who(a)), t)

    def tail_weardown(self, target, before, after):
        """The target's new weardown level, said in the line of the blow that caused it."""
        if target is None or target >= len(after):
            return "", None
        was, now = before[target].get("weardown"), after[target].get("weardown")
        if was == now or now not in words.WEAR:
            return "", None
        self.told_level[target] = now
        t = self.pick("wear " + now, words.WEAR[now])
        return t.format(b=self.who(target)), t

    def on_hit(self, event, facts, before, after):
        a, b = facts["a"], facts["b"]
        fam = words.family(facts.get("type"), facts.get("move"), facts.get("props"))
        move = facts.get("move") or "move"
        fmt = {"a": self.who(a), "b": self.who(b), "m": a_an(move), "M": move, "t": self.title}
        reversal = next((f for k, f, _b, _a in self.pending if k == "reverse" and f.get("a") == a), None)
        reply = self.last_miss is not None and self.last_miss[:2] == (b, a) and self.last_miss[2] == event["round"]
        self.last_miss = None
        if reversal is not None:
            key, options = "hit reversed", words.HIT_REVERSED
            fmt["R"] = reversal.get("move")
        elif facts.get("finisher") and reply:
            key, options = "hit reply finisher", words.HIT_REPLY_FINISHER
            self.last_finisher = (a, self.seq, move)
        elif facts.get("finisher"):
            key, options = "hit finisher", words.HIT_FINISHER
            if self.title:
                options = words.HIT_FINISHER_TITLE + options
            self.last_finisher = (a, self.seq, move)
        elif reply:
            key, options = "hit reply", words.HIT_REPLY
        else:
            key, options = "hit " + fam, words.HIT[fam]
        t = self.pick(key, options)
        body, parts = self.open_line(t, t, fmt, a, b)
        extra = []
        if facts.get("over"):
            extra.append((self.pick("over", words.OVER), {}))
        elif facts.get("ace"):
            extra.append((self.pick("ace", words.ACE), {}))
        elif facts.get("beat"):
            extra.append((self.pick("beat", words.BEAT), {"C": facts["beat"], "Ca": a_an(facts["beat"])}))
        elif facts.get("dealt", 0) >= 8 and not facts.get("finisher"):
            extra.append((self.pick("big", words.BIG), {}))
        for tt, more_fmt in extra:
            body += tt.format(**fmt, **more_fmt)
            parts.append(tt)
        wear, wt = self.tail_weardown(b, before, after)
        return self.say(body + wear, *parts, wt)

    def on_miss(self, event, facts, before, after):
        a, b = facts["a"], facts["b"]
        move = facts.get("move") or "move"
        fmt = {"a": self.who(a), "b": self.who(b), "m": a_an(move), "M": move}
        reply = self.last_miss is not None and self.last_miss[:2] == (b, a) and self.last_miss[2] == event["round"]
        self.last_miss = (a, b, event["round"])
        kind = facts.get("type")
        if reply and kind == "Trick":
            key, options = "reply trick", words.REPLY_TRICK
        elif reply:
            key, options = ("reply botch", words.REPLY_BOTCH) if facts.get("botch") else ("reply", words.REPLY_MISS)
        elif kind == "Trick":
            key = "trick " + move
            options = words.TRICK_MISS.get(move, words.TRICK_MISS[""])
        elif facts.get("botch"):
            key, options = "botch", words.BOTCH
        elif facts.get("high_risk"):
            key, options = "miss high", words.MISS["high"]
        else:
            fam = words.family(kind, move)
            if fam in ("blow", "kick", "drop", "splash"):
                down = before[b]["position"] in FALLEN
                group = "strike_down" if down else "strike"
            else:
                group = {"hold": "hold", "rollup": "rollup"}.get(fam, "grapple")
            key, options = "miss " + group, words.MISS[group]
        t = self.pick(key, options)
        body, parts = self.open_line(t, t, fmt, a, b, missed=True)
        return self.say(body, *parts)

    def on_crash(self, event, facts, before, after):
        t = self.pick("crash", words.CRASH)
        wear, wt = self.tail_weardown(facts["a"], before, after)
        return self.say(t.format(a=self.who(facts["a"])) + wear, t, wt)

    def on_counter(self, event, facts, before, after):
        a, b = facts["a"], facts["b"]
        move = facts.get("move") or "move"
        counter = facts.get("counter", "")
        options = words.COUNTER.get(counter, words.COUNTER[""])
        _adv, vp = self.leads(b)
        led = vp is not None and vp[0] not in ("up", "behind")
        if led:
            options = tuple(o for o in options if o.startswith(SUBJECT)) or options
        t = self.pick("counter " + counter, options)
        self.last_miss = None
        body = t.format(a=self.who(a), b=self.who(b), m=a_an(move), M=move)
        parts = [t]
        if led:
            tv = self.pick("vp " + vp[0], vp[1])
            y = self.who(b)
            body = f"{y} " + tv.format(x=y, y=self.who(a), **vp[2]) + ", but " + body
            parts.append(tv)
        return self.say(body, *parts)

    def on_standoff(self, event, facts, before, after):
        if facts.get("fired"):
            t = self.pick("standoff fired", words.STANDOFF_FIRED)
            return self.say(t.format(a=self.who(facts["a"])), t)
        t = self.pick("standoff", words.STANDOFF)
        return self.say(t.format(a=self.who(facts["a"]), b=self.who(facts["b"])), t)

    def on_hold(self, event, facts, before, after):
        a, b = facts["a"], facts["b"]
        move = facts.get("move") or "hold"
        options = words.HOLD_REST if facts.get("resting") else words.HOLD
        t = self.pick("hold rest" if facts.get("resting") else "hold", options)
        wear, wt = self.tail_weardown(b, before, after)
        return self.say(t.format(a=self.who(a), b=self.who(b), M=move) + wear, t, wt)

    def on_break(self, event, facts, before, after):
        options = words.BREAK_ACE if facts.get("ace") else words.BREAK.get(facts.get("method"), words.BREAK["TEC"])
        t = self.pick("break " + str(facts.get("ace")) + facts.get("method", ""), options)
        return self.say(t.format(a=self.who(facts["a"]), b=self.who(facts["b"]), M=facts.get("move")), t)

    def on_crowd(self, event, facts, before, after):
        a = facts["a"]
        heat = after[a].get("heat", 0)
        if heat >= 4:
            key, options = "crowd hot", words.CROWD_HOT
        elif self.alignments.get(a) == "heel":
            key, options = "crowd heel", words.CROWD_HEEL
        else:
            key, options = "crowd", words.CROWD
        t = self.pick(key, options)
        return self.say(t.format(a=self.who(a)), t)

    def on_injury(self, event, facts, before, after):
        n = facts.get("added", 0)
        if not n:
            return self.fold()
        t = self.pick("injury", words.INJURY)
        return self.say(t.format(a=self.who(facts["a"]), n=n, p=facts["part"], ies="y" if n == 1 else "ies"), t)

    def on_edge(self, event, facts, before, after):
        option = facts.get("option")
        t = self.pick("edge " + option, words.EDGE.get(option, words.EDGE["fired_up"]))
        a = facts["a"]
        p = (facts.get("detail") or "").lower() or "body"
        return self.say(t.format(a=self.who(a), b=self.who(self.other(a)), p=p), t)

    def on_pin(self, event, facts, before, after):
        a, b = facts["a"], facts["b"]
        fmt = {"a": self.who(a), "b": self.who(b), "t": self.title}
        if facts.get("interrupted"):
            t = self.pick("pin interrupted", more.PIN_INTERRUPTED)
            return self.say(t.format(**fmt), t)
        count = min(3, event.get("count", 0))
        how_options = more.PIN_HOW.get(facts.get("how"), (facts.get("how") or "kicks out",))
        how = self.pick("pin how", how_options).format(**fmt)
        fin = self.last_finisher
        after_finisher = fin is not None and fin[0] == a and self.seq - fin[1] <= 3
        if count == 2:
            self.near_falls += 1
            if after_finisher:
                options = more.PIN_FINISHER
            elif self.title and self.near_falls <= 2:
                options = more.PIN_TITLE + more.PIN[2]
            else:
                options = more.PIN[2]
        else:
            options = more.PIN[count]
        t = self.pick(f"pin {count}", options)
        return self.say(t.format(how=how, F=fin[2] if after_finisher else "finisher", **fmt), t)

    def on_count(self, event, facts, before, after):
        c = facts.get("count", "")
        t = self.pick("count " + c, more.COUNT.get(c, more.COUNT[""]))
        return self.say(t.format(a=self.who(facts["a"]), n=facts.get("total"), c=c, C=sentence(c)), t)

    def on_stall(self, event, facts, before, after):
        healed = event.get("healed")
        t = self.pick("stall " + str(bool(healed)), more.STALL if healed else more.STALL_FAIL)
        return self.say(t.format(a=self.who(facts["a"])), t)

    def on_fades(self, event, facts, before, after):
        t = self.pick("fades", more.FADES)
        return self.say(t.format(a=self.who(facts["a"])), t)

    def on_unseen(self, event, facts, before, after):
        t = self.pick("unseen", more.UNSEEN)
        return self.say(t.format(a=self.who(facts["a"]), i=facts.get("infraction", "it")), t)

    def on_warning(self, event, facts, before, after):
        t = self.pick("warning", more.WARNING)
        fmt = {
            "a": self.who(facts["a"]),
            "i": facts.get("infraction", "that"),
            "n": facts.get("n"),
            "r": facts["referee"],
        }
        return self.say(t.format(**fmt), t)

    def on_tag(self, event, facts, before, after):
        if facts.get("how") != "tag":
            return self.say(str(event["text"]), None)
        t = self.pick("tag", more.TAG)
        return self.say(t.format(a=self.who(facts["a"]), b=self.who(facts["b"])), t)

    def on_end(self, event, facts, before, after):
        return result_line(event, self.full, self.title, self.seed)


def narrate(setup, events, seed=None):
    """Yield the events with their ``text`` written by the commentary."""
    narrator = Narrator(setup, seed)
    for event in events:
        event["text"] = narrator(event)
        yield event
