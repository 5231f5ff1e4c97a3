"""The play-by-play of a wildknight match, called the way a commentator would call it.

Pure and deterministic, like hp-d6's: ``Narrator(setup, seed)`` is fed the events in order (``match.resolve``
does it) and returns each event's ``text`` from the event, the state before it (the previous event's) and after
it (its own). Variations are picked from a hash of (match seed, seq, what is said), skipping the templates of the
last three lines; the match dice are never touched, so the events are the same with any words.

* bookkeeping is folded into the action (an event whose text is ``""`` is told in the next line): a finisher's
  call is told with the exchange it led to ("Rampage calls for the Rampage Bomb, but McCoy cuts him off with a
  Dropkick"); a cover, its cheats and its counts are one line; an initiative re-roll and a stun shaken off say
  nothing of their own;
* words follow the move family (strikes, clotheslines, slams and bombs, holds, aerial moves, technical moves,
  dirty tricks, taunts), the damage (none, light, solid, 10 and more), a critical hit or the other man's botch,
  a failed lift or a knockdown that did not take, the stun, Heat (the crowd) and Fatigue (said once per level,
  where it rises), near falls and the stakes (a finisher, a title named in the stipulation's ``title``);
* a stunned wrestler declares nothing, so he never "swings and misses"; a hit for 0 damage is told as one that
  did nothing; the same finisher is never called the same way three rounds running;
* pronouns come from each sheet's ``pronouns``.

``recap(events)`` is the paragraph a finished match page shows.
"""

from rules.narration_kit import Person, Picker, a_an, distinct, mix, sentence, short_names
from rules.wildknight.tables import BY_NAME, ILL, KD, PIN, PRONE, RL, SUB

KICKOUT_WORDS = {
    "Athleticism": ("gets a shoulder up", "bridges out", "twists a shoulder off the mat"),
    "Flair": ("gets a foot on the rope", "grabs the bottom rope", "slides a foot under the ropes"),
    "Power": ("powers out", "kicks out", "throws the pinner off"),
}


def _clock(seconds):
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def _family(name):
    move = BY_NAME.get(name)
    if move is None:
        return "strike"
    if move.heat:
        return "taunt"
    if move.stare:
        return "stare"
    if PIN in move.mods:
        return "pin"
    if SUB in move.mods:
        return "hold"
    if ILL in move.mods:
        return "dirty"
    if move.key == "Athleticism" and move.die >= 6:
        return "aerial"
    if PRONE in move.mods:
        return "ground"
    if move.key == "Power":
        return "power" if RL in move.mods else "clothesline"
    if move.key == "Flair":
        return "technical"
    if KD in move.mods:
        return "clothesline"
    return "strike"


def _people(setup, short=False):
    sheets = [members[0] for members in setup.sides]
    names = distinct([s["name"] for s in sheets])
    if short:
        names = short_names([s["name"] for s in sheets])
    return [Person(n, side, s.get("pronouns", "he")) for side, (n, s) in enumerate(zip(names, sheets, strict=True))]


def _both(a, b):
    if a.pronouns == b.pronouns == "he":
        return "both men"
    if a.pronouns == b.pronouns == "she":
        return "both women"
    return "both wrestlers"


# {a} hits {b}; {m} is the move with its article, {M} the bare name.
HIT = {
    "strike": (
        "{a} rocks {b} with {m}.",
        "{a} lands {m} on {b}.",
        "{M_} from {a} snaps {b}'s head back.",
        "{a} tags {b} with {m}.",
        "{a} fires off {m}, right on target.",
        "{a} cracks {b} with {m}.",
        "{b} eats {m} from {a}.",
    ),
    "clothesline": (
        "{a} charges and levels {b} with {m}.",
        "{a} runs {b} over with {m}.",
        "{M_} from {a} hits {b} like a truck.",
        "{a} clobbers {b} with {m}.",
    ),
    "ground": (
        "{a} drops {m} on the fallen {b}.",
        "{a} punishes {b} on the mat with {m}.",
        "{a} keeps {b} grounded with {m}.",
    ),
    "power": (
        "{a} hoists {b} up and drives {b.him} down with {m}.",
        "{a} muscles {b} up for {m} and plants {b.him}.",
        "{M_}! {a} slams {b} into the canvas.",
        "{a} plants {b} with {m}.",
        "{a} lifts {b} like a sack of laundry: {m}.",
    ),
    "hold": (
        "{a} cinches in {m} on {b}.",
        "{a} locks {b} in {m} and squeezes.",
        "{a} wrenches away at {b} in {m}.",
        "{M_}! {a} has {b} trapped.",
    ),
    "aerial": (
        "{a} takes flight with {m} and wipes out {b}!",
        "{a} goes airborne: {m} on {b}!",
        "{M_} from {a}! {b} never saw it coming.",
        "{a} flies at {b} with {m}!",
        "{a} launches {a.himself} into {m}, right on {b}!",
    ),
    "technical": (
        "{a} snaps {b} over with {m}.",
        "{a} hits a crisp {M} on {b}.",
        "{M_} from {a}, textbook.",
        "{a} catches {b} in {m}.",
    ),
    "dirty": (
        "{a} fights dirty with {m} on {b}!",
        "{a} cheats with {m}, and {b} reels.",
        "{M_} from {a}! That's not legal anywhere.",
        "{a} takes a shortcut: {m} on {b}.",
    ),
}
HIT_BIG = (  # 10 damage or more: the kind of move that earns Heat
    "{a} DEVASTATES {b} with {m}!",
    "What {m} from {a}! {b} may not get up from that.",
    "{a} hits {m} with everything {a.he} {a.has}, and {b} crumples!",
    "{M_}! {a} nearly folds {b} in half!",
    "{a} plants {b} with {m}, and the whole building feels it!",
)
HIT_LIGHT = (
    "{a} catches {b} with {m}, but not flush.",
    "{a} clips {b} with {m}.",
    "{a} gets a glancing {M} in on {b}.",
)
HIT_NOTHING = (  # 0 damage: the move landed and did nothing
    "{a} lands {m}, but {b} barely feels it.",
    "{a} hits {m}; it has no effect on {b}.",
    "{b} takes {a}'s {M} and shrugs it off.",
    "{M_} from {a}, and {b} barely blinks.",
)
FINISHER_HIT = (
    "{a} hits the {F}!",
    "THERE IT IS! The {F} from {a}!",
    "{a} plants {b} with the {F}!",
    "{a} connects with the {F}, and {b} is in deep trouble!",
    "The {F}! {a} puts everything into it!",
    "{a} finally lands the {F} on {b}!",
)
CALLED_LOST = (  # he called for his finisher, and the other man's move came first
    "{x} calls for the {F}, but {a} cuts {x.him} off with {m}.",
    "{x} signals for the {F}; {a} gets there first with {m}.",
    "{x} wants the {F}, but {a} beats {x.him} to it with {m}.",
    "{x} sets up the {F}, and {a} makes {x.him} pay with {m}.",
)
CALLED_LOST_NO_LIFT = (
    "{x} calls for the {F}, but {a} moves first.",
    "{x} signals for the {F}; {a} interrupts.",
)
NO_LIFT = (
    "{a} goes for {m} but can't get {b} off the ground.",
    "{a} tries to lift {b} for {m}; {b} is too heavy.",
    "{b} plants {b.his} feet, and {a} can't get {b.him} up for the {M}.",
    "{a} strains for {m}, but {b} won't go up.",
)
DUCK = (  # the stunned man's roll won: no move happens
    "A dazed {x} stumbles out of the way of {y}'s {M}.",
    "{y} goes for {m} on the dazed {x}, who staggers clear by accident.",
    "{x} is out on {x.his} feet, and somehow {y}'s {M} misses.",
)
DUCK_PRONE = (  # ... and he was lying down
    "{y} goes for {m}, but the dazed {x} rolls away on instinct.",
    "{x} is barely conscious, yet rolls clear of {y}'s {M}.",
)
DUCK_COVER = (
    "{y} goes for the cover, but the dazed {x} rolls away on instinct.",
    "{y} dives for a pin; {x}, dazed as {x.he} {x.is_}, squirms out of reach.",
)
BREATHER = (
    "{x} keeps {x.his} distance from {y} and gets {x.his} breath back.",
    "{x} slides out of {y}'s reach and recovers.",
)
BOTH_STUNNED = (
    "{Both} are dazed; {x} is the first to stir.",
    "Nobody moves: {both} are dazed, and {x} recovers first.",
)
WHIFF_BOTH = (
    "{a} and {b} both swing and miss badly; nothing lands.",
    "{a} and {b} miss each other completely.",
    "A wild exchange: {a} misses, {b} misses, and nobody lands a thing.",
)
WHIFF_ONE = (  # one of them declared nothing (stunned, or catching a second wind)
    "{a} swings {m} and misses badly; {b} is in no shape to take advantage.",
    "{a} whiffs on {m}, and {b} stays out of it.",
)
COLLISION = (
    "Double clothesline! {a} and {b} collide, and both crash to the mat.",
    "{a} and {b} run into each other at full speed; {both} are down!",
    "Heads collide! {a} and {b} are both down and dazed.",
)
TAUNT = (
    "{a} plays to the crowd, and the fans eat it up.",
    "{a} poses for the fans and soaks up the Heat.",
    "{a} stops to taunt {b}, and the crowd roars.",
)
STARE = (
    "{a} stares a hole through {b}, who hesitates.",
    "{a} gets in {b}'s face, and {b} backs off a step.",
)


def _silent(event, before, after):
    return ""


class Narrator:
    """Turns a wildknight match's events into lines. Call it with each event, in order; it returns the text."""

    def __init__(self, setup, seed=None):
        self.full = self.people = _people(setup)
        self.short = _people(setup, short=True)
        stip = setup.stipulation or {}
        title = stip.get("title")
        self.title = title.strip() if isinstance(title, str) and title.strip() else None
        self.seed = seed or 0
        self.picker = Picker(self.seed)
        self.handlers = {}  # event type -> its method
        self.before = None
        self.seq = 0
        self.called = {}  # side -> finisher name called this round
        self.pin = None  # the cover being told
        self.tired = [0, 0]  # the highest Fatigue penalty already said, per wrestler
        self.last_move = None  # the last maneuver that landed (a submission roll follows its hold)
        self.near_falls = 0

    def pick(self, key, options):
        return self.picker.pick(key, options, self.seq)

    def say(self, text, *parts):
        self.picker.used(*parts)
        return sentence(text)

    def __call__(self, event):
        self.seq = seq = event["seq"]
        kind = event["type"]
        if kind == "decision":  # a person's call (or his time-out): the engine wrote it; the story goes on round it
            return event["text"]
        if kind not in ("initiative", "finisher", "pin"):  # these only keep the books: no words, no names to choose
            full = kind in ("bell", "result") or mix(self.seed, seq, "name") % 6 == 0
            self.people = self.full if full else self.short
        before = self.before or event["state"]
        handler = self.handlers.get(kind)
        if handler is None:
            handler = self.handlers[kind] = getattr(self, "on_" + kind.replace("-", "_"), None) or _silent
        text = handler(event, before, event["state"])
        self.before = event["state"]
        return text

    # --- tails: what changed, said once --------------------------------------------------------------
    def tails(self, event, before, after, att, dfn):
        out, used = [], []
        if event.get("heat_gained"):
            heat = after[att.side]["heat"]
            if heat >= 4:
                t = self.pick(
                    "heat max",
                    (" The crowd is on its feet for {a}!", " {a} has the crowd in the palm of {a.his} hand."),
                )
            else:
                t = self.pick(
                    "heat",
                    (
                        " The crowd is behind {a} now.",
                        " The fans come alive for {a}.",
                        " That fires up the crowd.",
                        " The arena is buzzing.",
                        " You can feel the momentum swing to {a}.",
                        " The noise goes up a notch.",
                    ),
                )
            out.append(t.format(a=att))
            used.append(t)
        level = after[dfn.side]["fatigue_penalty"]
        if level > self.tired[dfn.side] and level > before[dfn.side]["fatigue_penalty"]:
            self.tired[dfn.side] = level
            options = {
                1: (" {b} is starting to slow down.", " That takes something out of {b}."),
                2: (" {b} is running out of gas.", " {b} is really feeling it now."),
            }.get(level, (" {b} is exhausted.", " {b} can barely stand."))
            t = self.pick(f"tired {min(level, 3)}", options)
            out.append(t.format(b=dfn))
            used.append(t)
        return "".join(out), used

    def _moves(self, event):
        name = event.get("maneuver") or ""
        return {"m": a_an(name), "M": name, "M_": sentence(a_an(name))}

    # --- the events -----------------------------------------------------------------------------------
    def on_bell(self, event, before, after):
        a, b = self.people
        first = self.people[event["actor"]]
        stakes = f" with the {self.title} on the line" if self.title else ""
        t = self.pick(
            "bell",
            (
                "Ding ding! {a} and {b} lock eyes{s}; {f} makes the first move.",
                "The bell rings{s}: {a} against {b}, and {f} is quicker out of the corner.",
                "Here we go{s}! {a} and {b} circle, and {f} strikes first.",
                "{a} meets {b}{s}; {f} wins the early jockeying.",
            ),
        )
        return self.say(t.format(a=a, b=b, s=stakes, f=first), t)

    def on_finisher(self, event, before, after):
        self.called[event["actor"]] = event.get("finisher")
        return ""

    def on_initiative(self, event, before, after):
        return ""

    def on_hulk_up(self, event, before, after):
        a = self.people[event["actor"]]
        if event.get("fatigue") is not None:
            t = self.pick(
                "hulk down",
                (
                    "The adrenaline fades, and {a} pays for it.",
                    "{a}'s surge is over; the tiredness comes flooding back.",
                ),
            )
        else:
            t = self.pick(
                "hulk up",
                (
                    "{a} is HULKING UP! {a.He} shake{a.s} off the punishment!",
                    "{a} feeds off the crowd and fires up, ignoring the pain!",
                ),
            )
        return self.say(t.format(a=a), t)

    def on_second_wind(self, event, before, after):
        a = self.people[event["actor"]]
        t = self.pick(
            "second wind",
            (
                "{a} backs off to the ropes and catches {a.his} second wind.",
                "{a} takes a moment, breathes, and finds a second wind.",
            ),
        )
        return self.say(t.format(a=a), t)

    def on_high_flyer(self, event, before, after):
        a = self.people[event["actor"]]
        t = self.pick(
            "high flyer",
            (
                "{a} twists in mid-air and lands on {a.his} feet: the High Flyer's botch costs {a.him} nothing more.",
                "{a} turns the crash into a landing; the High Flyer knows how to fall.",
            ),
        )
        return self.say(t.format(a=a), t)

    def on_maneuver(self, event, before, after):
        outcome = event["outcome"]
        called, self.called = self.called, {}
        declared = {d["side"]: d for d in event.get("declared") or []}
        if outcome == "whiff":
            return self._whiff(event, declared, called)
        if outcome == "collision":
            a, b = self.people
            t = self.pick("collision", COLLISION)
            return self.say(t.format(a=a, b=b, both=_both(a, b)), t)
        att, dfn = self.people[event["actor"]], self.people[event["target"]]
        fmt = self._moves(event)
        if outcome == "duck":
            d_other = declared.get(dfn.side) or {}
            if d_other.get("maneuver") is None:
                t = self.pick("both stunned", BOTH_STUNNED)
                x, y = att, dfn
                return self.say(t.format(x=x, Both=sentence(_both(x, y)), both=_both(x, y)), t)
            mine = declared.get(att.side) or {}
            name = d_other.get("maneuver") or ""
            if mine.get("second_wind"):
                t = self.pick("breather", BREATHER)
            elif _family(d_other.get("base") or name) == "pin":
                t = self.pick("duck cover", DUCK_COVER)
            elif before[att.side]["prone"]:
                t = self.pick("duck prone", DUCK_PRONE)
            else:
                t = self.pick("duck", DUCK)
            return self.say(t.format(x=att, y=dfn, m=a_an(name), M=name), t)
        base = event.get("base") or fmt["M"]
        family = _family(base)
        if family == "pin":
            self.pin = {"by": att.side, "how": "small package" if base == "Small Package" else "dive", "cheats": 0}
            self.pin["finisher"] = bool(called.get(att.side))
            return ""
        lost_call = called.get(dfn.side)
        if outcome == "no-lift":
            t = self.pick("no lift", NO_LIFT)
            text = t.format(a=att, b=dfn, **fmt)
            t0 = None
            if lost_call:
                t0 = self.pick("lost call no lift", CALLED_LOST_NO_LIFT)
                text = t0.format(x=dfn, a=att, F=lost_call) + " " + text
            return self.say(text, t0, t)
        if family == "taunt":
            t = self.pick("taunt", TAUNT)
            text = t.format(a=att, b=dfn)
            tail, used = self.tails(event, before, after, att, dfn)
            return self.say(text + tail, t, *used)
        if family == "stare":
            t = self.pick("stare", STARE)
            return self.say(t.format(a=att, b=dfn), t)
        dmg = event.get("damage") or 0
        if event.get("finisher"):
            t = self.pick("finisher " + fmt["M"], FINISHER_HIT)
            text = t.format(a=att, b=dfn, F=fmt["M"])
            if dmg == 0:
                text += " " + self.pick(
                    "fin nothing", ("Somehow it has no effect!", "But it does nothing to {b}!")
                ).format(b=dfn)
        elif dmg == 0:
            t = self.pick("nothing", HIT_NOTHING)
            text = t.format(a=att, b=dfn, **fmt)
        elif lost_call:
            t = self.pick("lost call", CALLED_LOST)
            text = t.format(x=dfn, a=att, F=lost_call, **fmt)
        elif dmg >= 10:
            t = self.pick("big", HIT_BIG)
            text = t.format(a=att, b=dfn, **fmt)
        elif dmg <= 2:
            t = self.pick("light", HIT_LIGHT)
            text = t.format(a=att, b=dfn, **fmt)
        else:
            if event.get("knocked_down") is False:  # the knockdown did not take: no words that put him down
                family = "strike"
            t = self.pick("hit " + family, HIT.get(family, HIT["strike"]))
            text = t.format(a=att, b=dfn, **fmt)
        extras, more = [], []
        if event.get("critical"):
            e = self.pick("crit", (" A perfect hit!", " Right on the button!", " Flush!"))
            extras.append(e)
            more.append(e)
        if event.get("opponent_critical_miss"):
            e = self.pick(
                "botch",
                (" {b} botched {b.his} own move and walked right into it.", " {b} slipped, and it cost {b.him}."),
            )
            extras.append(e.format(b=dfn))
            more.append(e)
        if event.get("knocked_down") is True and dmg and not before[dfn.side]["prone"]:
            e = self.pick("down", (" Down goes {b}!", " {b} hits the mat.", " {b} is off {b.his} feet."))
            extras.append(e.format(b=dfn))
            more.append(e)
        elif event.get("knocked_down") is False and dmg:
            e = self.pick("stays up", (" {b} stays on {b.his} feet.", " {b} rocks but doesn't go down."))
            extras.append(e.format(b=dfn))
            more.append(e)
        tail, used = self.tails(event, before, after, att, dfn)
        self.last_move = fmt["M"]
        return self.say(text + "".join(extras) + tail, t, *more, *used)

    def _whiff(self, event, declared, called):
        a, b = self.people
        swung = [s for s in (0, 1) if (declared.get(s) or {}).get("maneuver")]
        if len(swung) == 2:
            t = self.pick("whiff", WHIFF_BOTH)
            text = t.format(a=a, b=b)
            calls = [self.people[s] for s in called]
            if calls:
                c = calls[0]
                text += f" {c}'s {called[c.side]} came to nothing."
            return self.say(text, t)
        if len(swung) == 1:
            x, y = self.people[swung[0]], self.people[1 - swung[0]]
            name = declared[swung[0]]["maneuver"]
            t = self.pick("whiff one", WHIFF_ONE)
            return self.say(t.format(a=x, b=y, m=a_an(name)), t)
        t = self.pick("both stunned", BOTH_STUNNED)
        first = self.people[1 if event["state"][1]["initiative"] else 0]
        return self.say(t.format(x=first, Both=sentence(_both(a, b)), both=_both(a, b)), t)

    def on_stun(self, event, before, after):
        rounds = event.get("rounds") or 0
        if not rounds:
            return ""
        victim = self.people[event["target"]]
        own = event["target"] == event["actor"]
        if own:
            t = self.pick(
                "self stun",
                ("{x} rattled {x.himself} with that one: dazed for a moment.", "{x} is dazed by {x.his} own move!"),
            )
        elif rounds >= 2:
            t = self.pick(
                "stun long",
                (
                    "{x} is out on {x.his} feet!",
                    "{x} is seeing stars and can barely defend {x.himself}!",
                    "{x} is in a bad way: glassy-eyed and wobbling.",
                    "{x} is completely out of it!",
                ),
            )
        else:
            t = self.pick(
                "stun",
                (
                    "{x} is dazed!",
                    "{x} staggers, stunned.",
                    "That leaves {x} wobbling.",
                    "{x} doesn't know where {x.he} {x.is_} for a moment.",
                    "{x} is rubber-legged after that one.",
                    "The lights are flickering for {x}.",
                    "{x} is slow to react: stunned.",
                ),
            )
        return self.say(t.format(x=victim), t)

    def on_warning(self, event, before, after):
        x = self.people[event["actor"]]
        n = event.get("warnings") or 1
        why = event.get("reason") or ""
        if "cheating on a pin" in why:
            what = "the tights"
        elif why.startswith("automatic hit with") or why.startswith("illegal"):
            what = why.split(" with ")[-1] if " with " in why else why.replace("illegal ", "")
            what = f"the {what}"
        else:
            what = f"losing {x.his} temper"
        if event.get("disqualified"):
            t = self.pick(
                "dq",
                (
                    "The referee has seen enough from {x}: that's a disqualification!",
                    "{x} argues once too often, and the referee calls for the bell!",
                ),
            )
            return self.say(t.format(x=x), t)
        talk = (
            (
                "{x} pleads innocence over {w}, and the referee lets it go: warning number {n}.",
                "The referee warns {x} for {w} (warning {n}); {x} swears it was an accident.",
            )
            if event.get("excuse") == "lie"
            else (
                "The referee warns {x} for {w} (warning {n}); {x} gets right in the official's face.",
                "{x} stares down the referee after a warning for {w} (number {n}).",
            )
        )
        t = self.pick("warn", talk)
        return self.say(t.format(x=x, w=what, n=n), t)

    # --- pins -----------------------------------------------------------------------------------------
    def on_pin(self, event, before, after):
        story = self.pin or {"by": event["actor"], "how": "dive", "cheats": 0, "finisher": False}
        if event.get("reversal"):
            story = {"by": event["actor"], "how": "reversal", "cheats": 0, "finisher": False}
        story["counts"] = event.get("counts") or 3
        story["after_finisher"] = story["counts"] == 1
        story["auto"] = 0
        self.pin = story
        return ""

    def on_cheat(self, event, before, after):
        story = self.pin or {"by": event["actor"], "how": "dive", "cheats": 0, "counts": 3, "auto": 0}
        self.pin = story
        if event.get("counts"):
            story["cheats"] += 1
            return ""
        a, b = self.people[event["actor"]], self.people[event["target"]]
        intro, t1 = self._intro(story, a, b)
        t = self.pick(
            "cheat caught",
            (
                "{i}, grabs a fistful of tights, and the referee catches it and stops the count!",
                "{i} with {a.his} feet on the ropes, but the referee sees it and waves the count off!",
                "{i}, but the referee spots the hand on the tights and refuses to count!",
            ),
        )
        self.pin = None
        return self.say(t.format(i=intro, a=a), t1, t)

    def _intro(self, story, a, b):
        how = story.get("how", "dive")
        options = {
            "dive": (
                "{a} dives on top of {b}",
                "{a} beats {b} to the punch and covers",
                "{a} makes the cover",
                "{a} hooks the leg",
            ),
            "small package": (
                "{a} rolls {b} up in a small package",
                "{a} snaps {b} into a small package",
                "{a} cradles {b} out of nowhere",
            ),
            "reversal": ("now {a} is on top of {b}", "{a} has {b}'s shoulders down"),
        }[how]
        if story.get("after_finisher"):
            options = (
                "{a} covers {b} after the finisher",
                "{a} drapes an arm over {b}",
                "{a} hooks the leg after the finisher",
            )
        t = self.pick("wk intro " + how, options)
        text = t.format(a=a, b=b)
        if story.get("cheats"):
            c = self.pick(
                "cheat ok",
                (" with a handful of tights", " with {a.his} feet on the ropes", " with some help from the ropes"),
            )
            text += c.format(a=a)
        return text, t

    def on_pin_count(self, event, before, after):
        outcome, number = event["outcome"], event["count"]
        story = self.pin or {"by": event["actor"], "how": "dive", "cheats": 0, "counts": 3, "auto": 0}
        self.pin = story
        pinner_side = story["by"]
        a, b = self.people[pinner_side], self.people[1 - pinner_side]
        if outcome == "automatic":
            story["auto"] += 1
        if outcome in ("count", "automatic") and number < 3:
            return ""
        intro, t1 = self._intro(story, a, b)
        counted = {1: "", 2: "one... ", 3: "one... two... "}[number] if story.get("counts", 3) == 3 else ""
        if outcome in ("count", "automatic"):
            self.pin = None
            if story.get("after_finisher"):
                t = self.pick(
                    "wk three fin",
                    ("{i}, and the referee goes straight to three!", "{i}: one count is all it takes. THREE!"),
                )
            else:
                t = self.pick(
                    "wk three",
                    (
                        "{i}: {c}THREE!",
                        "{i}, and the referee counts {c}three!",
                        "{i}: {c}and {b} can't kick out. Three!",
                        "{i}. {C}It's over!",
                    ),
                )
            return self.say(
                t.format(i=intro, c=counted, C=sentence(counted) + "three! " if counted else "Three! ", b=b), t1, t
            )
        if outcome == "reversal":
            self.pin = None
            t = self.pick(
                "wk reversal",
                (
                    "{i}: {c}but {b} rolls through and reverses the pin!",
                    "{i}, {c}and {b} turns it around into a pin of {b.his} own!",
                ),
            )
            return self.say(t.format(i=intro, c=counted, b=b), t1, t)
        self.pin = None
        how = event.get("kickout") or "Power"
        word = self.pick("kick " + how, KICKOUT_WORDS.get(how, KICKOUT_WORDS["Power"]))
        if story.get("after_finisher") or story.get("counts", 3) == 1:
            t = self.pick(
                "wk fin kick",
                (
                    "{i}, and the referee goes straight to three, but {b} {k}!",
                    "{i}: one count is all it should take, and {b} {k}!",
                    "{i}, but {b} somehow {k} on the only count!",
                ),
            )
            return self.say(t.format(i=intro, b=b, k=word), t1, t, word)
        if number == 3:
            t = self.pick(
                "wk near",
                (
                    "{i}: one... two... {b} {k} at two and nine-tenths!",
                    "{i}! One! Two! NO! {b} {k} a split second before three!",
                    "{i}: one, two, and {b} {k} just in time!",
                ),
            )
            stakes = ""
            self.near_falls += 1
            if self.title and self.near_falls <= 2:  # the stakes, on the first near falls only
                options = (" The {t} nearly changed hands!", " So close for the {t}!")
                stakes = self.pick("wk near title", options).format(t=self.title)
            return self.say(t.format(i=intro, b=b, k=word) + stakes, t1, t, word)
        t = self.pick(
            "wk kick",
            (
                "{i}: {c}{b} {k} {at}.",
                "{i}, but {b} {k} {at}.",
                "{i}; {b} {k} {at}.",
            ),
        )
        at = "at one" if number == 1 else "at two"
        return self.say(t.format(i=intro, c=counted, b=b, k=word, at=at), t1, t, word)

    def on_submission(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        hold = self.last_move or "hold"
        if event["outcome"] == "tapped":
            options = (
                "{b} taps out to the {M}!",
                "{b} can't take any more of the {M} and taps!",
                "That's it, {b} submits!",
            )
            t = self.pick("wk tap", options)
        else:
            options = (
                "{b} refuses to tap to the {M}!",
                "{b} grits {b.his} teeth and fights through the {M}.",
                "{a} wrenches on the {M}, but {b} shakes {b.his} head: no surrender.",
                "{b} will not give up in the {M}.",
            )
            t = self.pick("wk refuse", options)
        return self.say(t.format(a=a, b=b, M=hold), t)

    def on_result(self, event, before, after):
        return result_line(event, self.full, self.title, self.seed)


def result_line(event, people, title=None, seed=0):
    """The result event's sentence, from the result event alone."""
    a, b = people
    method = event["method"]
    clock = _clock(event["clock"])
    key = mix(seed, event["seq"], "result " + method)
    if method == "draw":
        options = (
            "Time has expired at {c}: {a} and {b} fight to a draw.",
            "The bell! The time limit runs out at {c}; it's a draw between {a} and {b}.",
        )
        return sentence(options[key % len(options)].format(a=a, b=b, c=clock))
    w, lose = people[event["winner"]], people[1 - event["winner"]]
    t = f" the {title} match" if title else ""
    options = {
        "pinfall": (
            "{w} wins{t} by pinfall at {c}.",
            "Here is your winner, by pinfall in {c}: {w}!",
            "{w} pins {l} at {c}.",
        ),
        "submission": ("{w} wins{t} by submission at {c}.", "{l} gives up at {c}: {w} wins by submission."),
        "disqualification": (
            "{l} is disqualified at {c}; {w} wins{t}.",
            "The referee throws {l} out at {c}: {w} wins by disqualification.",
        ),
    }.get(method, ("{w} wins{t} at {c}.",))
    return sentence(options[key % len(options)].format(w=w, l=lose, c=clock, t=t))


def narrate(setup, events, seed=None):
    """Yield the events with their ``text`` written (the engine builds them with empty text)."""
    narrator = Narrator(setup, seed)
    for event in events:
        event["text"] = narrator(event)
        yield event


# --- the recap -----------------------------------------------------------------------------------------------


def recap(events, setup=None, *, title=None, title_changed=None, streak=None):
    """A short paragraph about a finished match: who won, how, the turning point, the near falls, what it means.

    Same contract as hp-d6's ``recap``: pure, no pronouns needed; ``title``, ``title_changed`` and ``streak`` come
    from the league when it knows them (``setup`` may name the title in its stipulation).
    """
    events = list(events)
    if not events or events[-1]["type"] != "result":
        return ""
    result = events[-1]
    full = distinct([w["name"] for w in events[0]["state"]])
    short = short_names(full)
    if title is None and setup is not None:
        named = (setup.stipulation or {}).get("title")
        title = named.strip() if isinstance(named, str) and named.strip() else None
    clock = _clock(result["clock"])
    method = result["method"]
    parts = []
    biggest = None
    near = []
    finishers = {0: [], 1: []}
    warnings = [0, 0]
    counts = 3
    for e in events:
        if e["type"] == "pin":
            counts = e.get("counts") or 3
        if e["type"] == "maneuver" and e.get("outcome") == "hit" and e.get("damage"):
            if biggest is None or e["damage"] > biggest["damage"]:
                biggest = e
            if e.get("finisher"):
                finishers[e["actor"]].append(e)
        if e["type"] == "pin-count" and e["outcome"] == "kick-out" and (e["count"] >= 2 or counts == 1):
            near.append((e, counts))
        if e["type"] == "warning":
            warnings[e["actor"]] += 1
    if method == "draw":
        parts.append(f"{full[0]} and {full[1]} fought to a time-limit draw at {clock}.")
        f = [w["fatigue"] for w in result["state"]]
        fresher = 0 if f[0] < f[1] else 1
        if f[0] != f[1]:
            parts.append(f"{short[fresher]} finished the fresher ({f[fresher]} Fatigue to {f[1 - fresher]}).")
    else:
        w, lose = result["winner"], 1 - result["winner"]
        how = {"pinfall": "by pinfall", "submission": "by submission", "disqualification": "by disqualification"}.get(
            method, method
        )
        if method == "submission":
            hold = next((e for e in reversed(events) if e["type"] == "maneuver" and e.get("actor") == w), None)
            if hold is not None and hold.get("maneuver"):
                how = f"by submission with the {hold['maneuver']}"
        if method == "pinfall":
            how = _how_pinned(events, w)
        parts.append(f"{full[w]} beat {full[lose]} {how} at {clock}.")
        if method == "disqualification":
            parts.append(
                f"{short[lose]} ran out of excuses after {warnings[lose]} warning{'s' if warnings[lose] != 1 else ''}."
            )
        turn = _turning_point(events, w)
        if turn:
            parts.append(turn.format(w=short[w], l=short[lose]))
    if biggest is not None:
        parts.append(
            f"The biggest blow: {short[biggest['actor']]}'s {biggest.get('maneuver')} for {biggest['damage']} at "
            f"{_clock(biggest['clock'])}."
        )
    if near:
        closest, n = max(near, key=lambda p: (p[1] == 1, p[0]["count"], p[0]["seq"]))
        who = short[closest["actor"]]  # the kick-out is his event
        if n == 1:
            what = f"{who} kicking out of a finisher"
        else:
            what = f"{who} at {'two and nine-tenths' if closest['count'] == 3 else 'two'}"
        parts.append(
            f"The one near fall: {what}." if len(near) == 1 else f"{len(near)} near falls, the closest {what}."
        )
    bits = []
    winner = result.get("winner")
    if title and winner is not None:
        if title_changed is True:
            bits.append(f"{short[winner]} is the new {title} champion.")
        elif title_changed is False:
            bits.append(f"The {title} stays where it was.")
        else:
            bits.append(f"The {title} was on the line.")
    if streak and winner is not None and streak >= 2:
        bits.append(f"That makes {streak} wins in a row for {short[winner]}.")
    parts.extend(bits)
    return " ".join(parts)


def _how_pinned(events, winner):
    """How the winning pin came: straight after a finisher, a small package, a reversal, a cheat, or a cover."""
    pin = next((e for e in reversed(events) if e["type"] == "pin" and e["actor"] == winner), None)
    if pin is None:
        return "by pinfall"
    if pin.get("reversal"):
        return "by pinfall, reversing a pin"
    cheated = any(e["type"] == "cheat" and e.get("counts") for e in events[pin["seq"] :])
    tail = ", with a little help from the ropes" if cheated else ""
    if pin.get("counts") == 1:
        fin = next((e for e in reversed(events[: pin["seq"]]) if e["type"] == "maneuver" and e.get("finisher")), None)
        if fin is not None:
            return f"by pinfall straight after the {fin.get('maneuver')}"
    move = events[pin["seq"] - 1] if pin["seq"] else None
    if move is not None and move.get("base") == "Small Package":
        return f"by pinfall with a small package{tail}"
    return f"by pinfall{tail}"


def _turning_point(events, winner):
    """The exchange after which the winner was never again the more tired of the two (by Fatigue)."""
    point, trailed = None, False
    for e in events[:-1]:
        f = [w["fatigue"] for w in e["state"]]
        mine, theirs = f[winner], f[1 - winner]
        if mine > theirs:
            trailed, point = True, None
        elif mine < theirs and trailed and point is None:
            point = e
    if not trailed:
        return "{w} was the fresher wrestler from start to finish."
    if point is None or point["type"] != "maneuver" or point.get("actor") != winner:
        return "{w} won it while the more tired of the two."
    return f"The turning point: {{w}}'s {point.get('maneuver')} at {_clock(point['clock'])}."
