"""The play-by-play of an hp-d6 match, called the way a commentator would call it.

Pure and deterministic. ``Narrator(setup, seed)`` is fed the events in order (``match.resolve`` does it) and
returns each event's ``text``; it reads only the event, the state before it (the previous event's) and after it
(its own), and what it has said so far. Where there are several ways to say a thing, the choice comes from a hash
of (match seed, seq, what is said) and skips the templates of the last three lines (``rules.narration_kit``);
it never draws from the match's dice, so the events are the same with any words.

What it does with the events:

* bookkeeping is folded into the action: an event whose text is ``""`` is told in the next line (the initiative
  roll, a cover and its counts, a get-up, a hold that merely goes on, the turn of a man at 0 HP). "Harlan hauls
  Rude off the mat and plants him with a Body Slam" is one line (the grapple that stood him up first);
* a state change that matters is said once, where it happens: into finisher range (15 HP), into pinning range
  (10 HP), nothing left (0 HP), both wrestlers down;
* words follow the move family (slams, suplexes, spikes, throws, kicks, blows, drops), the position (a strike on a
  fallen man, a free attack from the mat), the damage, near falls (a kick-out at two and nine-tenths, out of a
  finisher), cheating and the stakes (a title named in the stipulation's ``title``, a finisher);
* pronouns come from each sheet's ``pronouns``; nothing is said that the state contradicts (checked over
  thousands of matches by ``rules.narration_check``).

``result_line`` (the result event's text) depends on the result event alone, so the quiet ``outcome`` writes the
same sentence. ``recap(events)`` is the paragraph a finished match page shows: who won, how, the turning point,
the near falls, and what it means when the caller knows (a title, a streak).
"""

from rules.narration_kit import Person, Picker, a_an, distinct, mix, sentence, short_names

FINISHER_HP = 15
PIN_HP = 10
LEAD_TYPES = frozenset(
    ("strike", "grapple", "high_risk", "submission", "finisher_attempt", "foreign_object", "attack_referee", "pin")
)


def _clock(seconds):
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def _family(name, kind):
    """The family of a move by its name (the names are free text, D24): it picks the verbs."""
    low = (name or "").lower()
    if kind == "strike":
        if "drop" in low and "dropkick" not in low and "drop kick" not in low:
            return "drop"
        if any(w in low for w in ("kick", "boot", "knee")):
            return "kick"
        return "blow"
    if kind == "grapple":
        if "slam" in low:
            return "slam"
        if "suplex" in low:
            return "suplex"
        if any(w in low for w in ("whip", "toss", "throw")):
            return "throw"
        return "spike"
    return kind


def _people(setup, short=False):
    sheets = [members[0] for members in setup.sides]
    names = distinct([s["name"] for s in sheets])
    if short:
        names = short_names([s["name"] for s in sheets])
    return [
        Person(name, side, s.get("pronouns", "he")) for side, (name, s) in enumerate(zip(names, sheets, strict=True))
    ]


def _pair_word(a, b):
    """'both men' only when both are he; otherwise 'both wrestlers'."""
    if a.pronouns == b.pronouns == "he":
        return "both men"
    if a.pronouns == b.pronouns == "she":
        return "both women"
    return "both wrestlers"


# --- templates -----------------------------------------------------------------------------------------------
# {a} acts on {b}; {m} is the move with its article ("a Suplex"), {M} the bare name. Templates that start with
# "{a} " can take a lead-in ("Back on her feet, {a} ..." / "{x} is barely up when {a} ...").

STRIKE_HIT = {
    "blow": (
        "{a} lands {m}, and {b} goes down.",
        "{M_} from {a} drops {b}.",
        "{a} catches {b} with {m}, and down {b.he} go{b.es}.",
        "{a} rocks {b} with {m}; {b} hits the canvas.",
        "{a} cracks {b} with {m} and puts {b.him} on the mat.",
        "{b} eats {m} from {a} and falls.",
        "{a} finds the mark with {m}, and {b} crumples.",
        "{a} fires off {m} that knocks {b} flat.",
        "{a} unloads {m} on {b}, who drops like a stone.",
        "{a} clocks {b} with {m}; {b} is down.",
    ),
    "kick": (
        "{a} boots {b} down with {m}.",
        "{a} connects with {m}, and {b} goes down.",
        "{M_} from {a} sweeps {b} off {b.his} feet.",
        "{a} snaps off {m} right on the button; {b} falls.",
        "{b} walks into {m} from {a} and goes down hard.",
        "{a} catches {b} flush with {m}.",
        "{a} lays {b} out with {m}.",
    ),
    "drop": (
        "{a} drops {m} across {b}, who goes down.",
        "{a} connects with {m}; {b} crashes to the mat.",
        "{M_} from {a} flattens {b}.",
        "{a} comes down on {b} with {m}.",
        "{a} hits {m}, and {b} is down.",
    ),
}
EMPTY_HIT = (  # a landed move on a man already at 0 HP: it takes nothing, because there is nothing left
    "{a} hits {b} with {m}, but there is nothing left in {b} to hurt.",
    "{a} lands {m}; {b} has nothing left to give and simply goes down.",
    "{M_} from {a}, and {b}, empty already, crumples.",
    "{a} adds {m}, though {b} has nothing left.",
    "{a} keeps going with {m} on an empty {b}.",
)
STRIKE_HIT_PRONE = (
    "{a} drops {m} on the fallen {b}.",
    "{a} keeps {b} down with {m}.",
    "{a} won't let {b} up: {m}, and {b.he} stay{b.s} down.",
    "{a} stays on {b} with {m} while {b.he} {b.is_} down.",
    "{a} punishes {b} on the mat with {m}.",
    "{a} puts the boots to {b}, then adds {m} for good measure.",
    "{M_} from {a} keeps the fallen {b} grounded.",
    "{a} picks {b.his} spot and hits {m} on {b}, still on the mat.",
)
STRIKE_MISS = (
    "{a} throws {m}, but {b} sees it coming.",
    "{b} blocks {a}'s {M}.",
    "{a}'s {M} whiffs.",
    "{b} ducks under {a}'s {M}.",
    "{a} swings {m} and hits nothing but air.",
    "{b} catches the {M} and shoves {a} away.",
    "{a} goes for {m}; {b} is wise to it.",
    "{b} steps out of the way of {a}'s {M}.",
    "{a} misfires with {m}, and {b} is still standing.",
    "{b} slips the {M} from {a}.",
    "{a} telegraphs {m}, and {b} blocks it easily.",
)
STRIKE_MISS_PRONE = (
    "{b} rolls away from {a}'s {M}.",
    "{a} aims {m} at {b} on the mat, but {b.he} roll{b.s} clear.",
    "{a} comes down with {m}, but {b} rolls out of the way.",
    "{b} sees the {M} coming and rolls aside; {a} finds only canvas.",
    "{a} misses {m} on the fallen {b}.",
)
FREE_HIT = (
    "From flat on {a.his} back, {a} fires {m} up at {b}, and {b} goes down!",
    "{a} answers from the mat with {m}, and {b} is down!",
    "{a} lashes out with {m} from the mat and takes {b} off {b.his} feet!",
    "Still on the mat, {a} catches {b} with {m}!",
)
FREE_MISS = (
    "{a} swings {m} up from the mat, but {b} backs off.",
    "{a} tries {m} from the mat, but {b} stays clear.",
    "{a} kicks out and throws {m} from the mat; {b} swats it away.",
    "{a} fires back from the mat with {m}, but it misses {b}.",
)

GRAPPLE_HIT = {
    "slam": (
        "{a} scoops {b} up and plants {b.him} with {m}.",
        "{a} lifts {b} and slams {b.him} down with {m}.",
        "{M_} from {a}! {b} is flat on {b.his} back.",
        "{a} hoists {b} up for {m} and drives {b.him} into the mat.",
        "{a} picks {b} clean off the mat and slams {b.him} with {m}.",
    ),
    "suplex": (
        "{a} hooks {b} and sends {b.him} up and over with {m}.",
        "{a} hoists {b} up and drops {b.him} with {m}.",
        "{M_}! {a} dumps {b} on {b.his} back.",
        "{a} lifts {b} high and comes down with {m}.",
        "{a} grabs {b} around the waist and launches {b.him} with {m}.",
    ),
    "spike": (
        "{a} spikes {b} with {m}.",
        "{a} drives {b} into the canvas with {m}.",
        "{M_} from {a}, and {b} is folded up on the mat.",
        "{a} plants {b} with {m}.",
        "{a} hits {m}, and {b} lands in a heap.",
        "{a} drops {b} on {b.his} head with {m}.",
    ),
    "throw": (
        "{a} sends {b} flying with {m}.",
        "{a} launches {b} across the ring with {m}.",
        "{M_} from {a} puts {b} down hard.",
        "{a} hurls {b} with {m}, and {b} crashes to the mat.",
    ),
}
GRAPPLE_HIT_ANY = (
    "{a} takes {b} down hard with {m}.",
    "{a} hits {m} on {b}.",
    "{a} nails {m}, and {b} goes down.",
    "{M_} from {a} leaves {b} on the mat.",
)
STOOD_HIT = {  # the grapple stood a prone man up first (W4): said in the same breath
    "slam": (
        "{a} scoops {b} off the mat and slams {b.him} right back down with {m}.",
        "{a} hauls {b} up and plants {b.him} with {m}.",
    ),
    "suplex": (
        "{a} drags {b} to {b.his} feet and sends {b.him} up and over with {m}.",
        "{a} pulls {b} off the canvas, hooks {b.him} and hits {m}.",
    ),
    "spike": (
        "{a} yanks {b} up by the hair and spikes {b.him} with {m}.",
        "{a} hauls {b} off the mat, only to drive {b.him} back into it with {m}.",
    ),
    "throw": (
        "{a} pulls {b} up and sends {b.him} flying with {m}.",
        "{a} drags {b} off the mat and hurls {b.him} across the ring with {m}.",
    ),
}
STOOD_HIT_ANY = (
    "{a} hauls {b} off the mat and plants {b.him} with {m}.",
    "{a} drags {b} to {b.his} feet and puts {b.him} right back down with {m}.",
    "{a} pulls {b} up off the canvas, only to flatten {b.him} again with {m}.",
    "{a} picks {b} up off the mat for {m}, and down {b.he} go{b.es} again.",
)
GRAPPLE_BLOCKED = (
    "{a} goes for {m}, but {b} blocks it.",
    "{b} fights out of {a}'s {M}.",
    "{a} can't get {b} up for the {M}.",
    "{b} blocks the {M} and shoves {a} off.",
    "{a} tries {m}; {b} hooks a leg and blocks it.",
    "{b} wriggles free before {a} can hit the {M}.",
    "{a} locks up for {m}, but {b} won't budge.",
    "{b} elbows out of {a}'s {M}.",
    "{a} sets up {m}, but {b} breaks the grip.",
)
GRAPPLE_BLOCKED_STOOD = (
    "{a} hauls {b} to {b.his} feet for {m}, but {b} blocks it.",
    "{a} pulls {b} up off the mat, but {b} fights out of the {M}.",
    "{a} drags {b} up for the {M}; {b} breaks free, back on {b.his} feet.",
)
GRAPPLE_REVERSED = (
    "{a} goes for {m}, but {b} reverses it, and {a} is the one who hits the mat!",
    "{b} counters the {M} and dumps {a} on the canvas!",
    "{b} turns {a}'s {M} around: {a} goes down!",
    "{a} tries {m}; {b} reverses, and {a} crashes down!",
    "Reversal! {b} flips the {M} on {a}, who lands hard.",
    "{b} blocks the {M} and counters, sending {a} to the mat!",
)
GRAPPLE_REVERSED_STOOD = (
    "{a} drags {b} up for {m}, but {b} reverses it, and {a} is the one on the mat!",
    "{a} hauls {b} to {b.his} feet, and {b} counters the {M}: {a} goes down!",
)

HIGH_HIT = (
    "{a} flies off the top with {m} and crushes {b}!",
    "{a} comes off the top rope: {m}, right on target!",
    "{M_} from the top! {a} wipes out {b}!",
    "{a} takes to the air and lands {m} on {b}!",
    "{a} climbs, leaps, and connects with {m}! {b} is down!",
    "What a {M} from {a}! {b} never saw it coming.",
    "{a} goes high risk and it pays off: {m} flattens {b}!",
)
HIGH_SETUP_FAILED = (
    "{a} heads up top, but {b} cuts {a.him} off.",
    "{a} climbs the ropes, but {b} is there to stop the {M}.",
    "{b} shakes the ropes, and {a} has to come down: no {M}.",
    "{a} looks to the top rope for {m}, but {b} won't allow it.",
    "{b} catches {a} on the turnbuckles before the {M}.",
)
HIGH_SETUP_FAILED_PRONE = (
    "{a} heads up top while {b} is down, but loses {a.his} footing and climbs back down.",
    "{a} climbs the turnbuckles, but {b} rolls out of range of the {M}.",
    "{a} thinks about {m} from the top, then thinks better of it.",
)
HIGH_MISSED = (
    "{a} flies with {m}... and hits nothing but canvas!",
    "{b} moves, and {a}'s {M} crashes into the mat!",
    "{a} comes off the top with {m}, and {b} isn't there! {a} crashes and burns.",
    "{a} misses the {M} and lands hard on the mat.",
    "{a} goes for broke with {m}, but {b} rolls away and {a} eats the canvas.",
)

SUB_LOCKED = (
    "{a} locks in {m}! {b} is in trouble.",
    "{a} applies {m} and cinches it in.",
    "{a} takes {b} down into {m}!",
    "{M}! {a} has {b} tied up on the mat.",
    "{a} grapevines {b} into {m}.",
    "{a} wrenches {b} down into {m}.",
)
SUB_ESCAPED = (
    "{a} gets {m} on, but {b} slips out before it's locked in.",
    "{a} almost has {m} in, but {b} wriggles free.",
    "{b} squirms out of the {M} before {a} can lock it.",
    "{a} goes for {m}; {b} rolls through and out of it.",
)
SUB_BLOCKED = (
    "{a} reaches for {m}; {b} will have none of it.",
    "{b} fends off {a}'s attempt at {m}.",
    "{a} looks for {m}, but {b} keeps {b.his} limbs clear.",
    "{b} blocks {a}'s {M} attempt.",
    "{a} can't find the grip for {m}.",
)
HOLD_BROKEN = (
    "{b} finally breaks the {M}, but {b.he} {b.is_} still down on the mat.",
    "{b} fights out of the {M}, still down.",
    "{b} breaks {a}'s grip on the {M}, but can't get up yet.",
    "{a} has to let go of the {M}; {b} is free but still on the mat.",
)
HOLD_BROKEN_LONG = (
    "{b} survives the {M}, {n} HP the poorer, and stays down.",
    "After a long fight in the {M}, {b} breaks free, {n} HP lighter and still down.",
    "{b} refuses to give up and finally breaks the {M}, though it cost {b.him} {n} HP.",
)
HOLD_DANGER = (
    "{b} is fading in the {M}!",
    "{a} wrenches back on the {M}; {b} is close to tapping!",
    "{b} is in real trouble in the {M}: the hand is coming up!",
)
HOLD_UNSEEN = (
    "{b} is tapping to the {M}, but there's no referee to see it!",
    "{b} taps and taps to the {M}, but nobody is there to call it!",
)
TAP_OUT = (
    "{b} TAPS OUT to the {M}!",
    "{b} can't take any more of the {M} and taps!",
    "That's it! {b} taps to the {M}!",
)

FINISHER_FIZZLE = (
    "{a} signals for the {F}, but {b} wriggles free.",
    "{a} sets up the {F}; {b} fights out of it.",
    "{a} calls for the {F}, but {b} won't go down for it.",
)
FINISHER = (
    "{a} hits the {F}! {b} is out cold.",
    "There it is, the {F}! {a} plants {b}, and {b.he} {b.is_} out cold.",
    "{a} nails the {F}! {b} is laid out.",
    "{a} delivers the {F}, and {b} is done.",
)
FINISHER_INSTEAD = (
    "{a} turns the {I} into the {F}! {b} is out cold.",
    "{a} goes for {i}, but it becomes the {F}! {b} is laid out.",
    "Out of nowhere, {a} turns {i} into the {F}, and {b} is out cold!",
)
FINISHER_EMPTY = (
    "{a} hits the {F} on a {b} who had nothing left anyway.",
    "{a} adds the {F} for good measure; {b} was already empty.",
)

WEAPON_DENIED = (
    "{a} reaches under the ring for a weapon, but {b} stops {a.him}.",
    "{a} goes looking for a weapon; {b} drags {a.him} back in empty-handed.",
)
WEAPON_MISS = (
    "{a} swings the {w} at {b} and misses!",
    "{b} ducks the {w}, and {a} hits nothing.",
)
WEAPON_GRAB_MISS = (
    "{a} grabs {W} from under the ring, swings it at {b} and misses!",
    "{a} comes up with {W}, but {b} ducks the swing.",
)
WEAPON_HIT = (
    "{a} nails {b} with the {w} behind the referee's back!",
    "{a} blasts {b} with the {w}, and the referee never sees it!",
)
WEAPON_GRAB_HIT = (
    "{a} grabs {W} from under the ring and nails {b} with it behind the referee's back!",
    "{a} slides in with {W} and blasts {b} while the referee looks away!",
)
WEAPON_REF_DOWN = (
    "With the referee down, {a} wallops {b} with the {w}!",
    "Nobody is watching, and {a} cracks {b} with the {w}!",
)
WEAPON_NO_DQ = (
    "{a} wallops {b} with the {w}; there are no disqualifications tonight!",
    "{a} cracks {b} with the {w} in full view, and it's perfectly legal tonight.",
)
WEAPON_SEEN = (
    "{a} nails {b} with the {w}, right in front of the referee!",
    "{a} swings the {w} into {b} with the referee looking straight at it!",
)


_MOVE_WORDS = {}  # move name -> its words for a template (read-only)


def _silent(event, before, after):
    return ""


class Narrator:
    """Turns an hp-d6 match's events into lines. Call it with each event, in order; it returns the text."""

    def __init__(self, setup, seed=None):
        self.full = self.people = _people(setup)
        self.short = _people(setup, short=True)  # after the introductions: "Harlan", "Rude"
        self.sheets = [members[0] for members in setup.sides]
        stip = setup.stipulation or {}
        title = stip.get("title")
        self.title = title.strip() if isinstance(title, str) and title.strip() else None
        self.no_dq = bool(stip.get("no_dq"))
        self.seed = seed or 0
        self.picker = Picker(self.seed)
        self.handlers = {}  # event type -> its method
        self.before = None
        self.seq = 0
        self.prefix = ""  # a finished sentence the next line starts with (a kick-out before the free attack)
        self.lead = None  # (kind, side, until seq) a clause the next line may open with
        self.pin = None  # the cover being told: (pinner side, how: cover | combo name | finisher | empty)
        self.counts = 0
        self.hold = None  # (attacker side, move, HP lost so far, danger told)
        self.initiative_run = (None, 0)  # who won the last initiatives, and how many in a row
        self.referee = "up"  # as the last event showed it (advanced rule Attacking the Referee)
        self.near_falls = 0  # kick-outs at two and nine-tenths so far

    # --- small helpers ------------------------------------------------------------------------------------
    def pick(self, key, options):
        return self.picker.pick(key, options, self.seq)

    def fill(self, template, a, b, **more):
        return template.format(a=a, b=b, **more)

    def say(self, text, *parts):
        """A finished line: the pending prefix, then the text; remember the templates used."""
        self.picker.used(*parts)
        if self.prefix:
            text = f"{self.prefix} {text}"
            self.prefix = ""
        return sentence(text)

    def __call__(self, event):
        self.seq = seq = event["seq"]
        kind = event["type"]
        if kind == "decision":  # a person's call (or his time-out): the engine wrote it; the story goes on round it
            return event["text"]
        # Ring names at the bell and the result, and now and then in between; the short name otherwise.
        if kind not in (
            "initiative",
            "get_up",
            "spent",
            "pin",
        ):  # these only keep the books: no words, no names to choose
            full = kind in ("bell", "result") or mix(self.seed, seq, "name") % 6 == 0
            self.people = self.full if full else self.short
        before = self.before or event["state"]
        handler = self.handlers.get(kind)
        if handler is None:
            handler = self.handlers[kind] = getattr(self, "on_" + kind, None) or _silent
        text = handler(event, before, event["state"])
        if text:
            self.lead = None  # a lead-in is for the very next line only
        self.before = event["state"]
        self.referee = event.get("referee", self.referee)
        return text

    # --- lead-ins and tails -------------------------------------------------------------------------------
    def open_with(self, event, template, a, b, **fmt):
        """``template`` (starting with "{a} ") with a pending lead-in in front of it when one applies."""
        lead, self.lead = self.lead, None
        if lead is None or not template.startswith("{a} ") or event["seq"] > lead[2]:
            return self.fill(template, a, b, **fmt), None
        kind, side = lead[0], lead[1]
        actor = event.get("actor")
        x = self.people[side]
        rest = self.fill(template[4:], a, b, **fmt)
        if kind == "springs" and actor == side:
            t = self.pick(
                "lead springs",
                (
                    "{x} kips up and ",
                    "Springing up off the mat, {x} ",
                    "Up in a flash, {x} ",
                    "In one motion {x} is off the mat and ",
                ),
            )
            return t.format(x=x) + rest, t
        if kind == "quick" and actor == side:
            t = self.pick(
                "lead quick",
                (
                    "Quicker off the mark again, {x} ",
                    "First to move yet again, {x} ",
                    "{x} keeps getting there first and ",
                    "{x} is first to move once more and ",
                ),
            )
            return t.format(x=x) + rest, t
        if kind == "up" and actor == side:
            t = self.pick(
                "lead up self",
                ("Back on {x.his} feet, {x} ", "Up again, {x} ", "{x} is back up and ", "Finally up, {x} "),
            )
            return t.format(x=x) + rest, t
        if kind == "up" and actor == 1 - side:
            t = self.pick(
                "lead up other",
                (
                    "{x} is back up. ",
                    "{x} makes it back to {x.his} feet. ",
                    "{x} is up again. ",
                    "{x} gets back up. ",
                ),
            )
            return t.format(x=x) + self.fill(template, a, b, **fmt), t
        return self.fill(template, a, b, **fmt), None

    def tail(self, before, after, hurt, fin_of=None):
        """What changed that matters, said once: into finisher range, pinning range, nothing left, both down."""
        i = hurt.side
        was, now = before[i]["hp"], after[i]["hp"]
        if now == 0 < was:
            t = self.pick(
                "tail empty",
                (
                    " {x} has nothing left.",
                    " That's everything {x} had.",
                    " {x} is running on empty.",
                    " {x} is spent.",
                ),
            )
            return t.format(x=hurt), t
        if now <= PIN_HP < was:
            t = self.pick(
                "tail pin",
                (
                    " That puts {x} in pinning range.",
                    " {x} can be pinned now.",
                    " {x} is fading.",
                    " {x} is down to {n} HP: pinning range.",
                ),
            )
            return t.format(x=hurt, n=now), t
        if now <= FINISHER_HP < was and fin_of is not None:
            t = self.pick(
                "tail fin",
                (
                    " {x} is in range of the {f} now.",
                    " {y} can think about the {f} now.",
                    " The {f} is in play.",
                ),
            )
            return t.format(x=hurt, y=fin_of, f=after[fin_of.side]["finisher"]), t
        if after[0]["prone"] and after[1]["prone"] and not (before[0]["prone"] and before[1]["prone"]):
            a, b = self.people
            t = self.pick("tail both down", (" {Both} are down!", " Nobody is standing!", " {Both} are on the mat!"))
            return t.format(Both=sentence(_pair_word(a, b))), t
        return "", None

    def momentum(self, before, after, att):
        """A comeback said once: the one who trailed by 6 HP or more is level or ahead now."""
        i, j = att.side, 1 - att.side
        gap_before = before[j]["hp"] - before[i]["hp"]
        gap_after = after[j]["hp"] - after[i]["hp"]
        if gap_before >= 6 and gap_after <= 0 < after[j]["hp"]:
            t = self.pick("momentum", (" The tide has turned!", " {a} has fought all the way back!"))
            return t.format(a=att), t
        return "", None

    # --- the events -------------------------------------------------------------------------------------
    def on_bell(self, event, before, after):
        a, b = self.people
        limit = event.get("time_limit") or 1200
        minutes = int(limit) // 60
        clock = f"{minutes} minutes on the clock" if limit % 60 == 0 else f"{int(limit)} seconds on the clock"
        stakes = f" for the {self.title}" if self.title else ""
        on = [k for k, v in (event.get("advanced") or {}).items() if v]
        extras = []
        if on:
            words = {"foreign_objects": "weapons", "run_ins": "run-ins", "attack_referee": "the referee fair game"}
            extras.append("anything goes: " + ", ".join(words[k] for k in on))
        if self.no_dq:
            extras.append("no disqualifications")
        extra = f" ({'; '.join(extras)})" if extras else ""
        intro = self.pick(
            "bell",
            (
                "Ding ding! {a} and {b} go at it{s}, {c}{x}.",
                "The bell rings{s}: {a} against {b}, {c}{x}.",
                "Here we go{s}! {a} squares off with {b}, {c}{x}.",
                "{a} and {b} circle each other at the bell{s}, {c}{x}.",
                "{a} meets {b}{s}, {c}{x}.",
            ),
        )
        return self.say(intro.format(a=a, b=b, s=stakes, c=clock, x=extra), intro)

    def on_initiative(self, event, before, after):
        side = event["actor"]
        who, run = self.initiative_run
        run = run + 1 if who == side else 1
        self.initiative_run = (side, run)
        if run >= 3 and mix(self.seed, event["seq"], "quick") % 2 == 0:
            self.lead = ("quick", side, event["seq"] + 1)
        return ""

    def on_get_up(self, event, before, after):
        side = event["actor"]
        outcome = event["outcome"]
        if outcome == "up and attack":
            self.lead = ("springs", side, event["seq"] + 1)
        elif outcome == "up":
            self.lead = ("up", side, event["seq"] + 3)
        return ""

    def on_spent(self, event, before, after):
        return ""

    def _move(self, event):
        """The move's words for a template (kept per name: a match uses a handful of moves)."""
        name = event.get("move") or ""
        found = _MOVE_WORDS.get(name)
        if found is None:
            if len(_MOVE_WORDS) >= 4096:  # the names are free text: keep the table bounded in a long-lived worker
                _MOVE_WORDS.clear()
            found = _MOVE_WORDS[name] = {"m": a_an(name), "M": name, "M_": sentence(a_an(name))}
        return found

    def on_strike(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        fmt = self._move(event)
        hit = event["outcome"] == "hit"
        if event.get("free"):
            template = self.pick("free hit" if hit else "free miss", FREE_HIT if hit else FREE_MISS)
            text, lead = self.fill(template, a, b, **fmt), None
        else:
            prone = before[b.side]["prone"]
            if hit and not before[b.side]["hp"]:
                options = EMPTY_HIT
            elif hit:
                options = STRIKE_HIT_PRONE if prone else STRIKE_HIT[_family(fmt["M"], "strike")]
            else:
                options = STRIKE_MISS_PRONE if prone else STRIKE_MISS
            template = self.pick(f"strike {hit} {prone}", options)
            text, lead = self.open_with(event, template, a, b, **fmt)
        tail, t2 = self.tail(before, after, b, a) if hit else ("", None)
        more, t3 = self.momentum(before, after, a) if hit and not tail else ("", None)
        return self.say(text + tail + more, template, lead, t2, t3)

    def on_grapple(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        fmt = self._move(event)
        outcome, stood = event["outcome"], event.get("stood_up")
        lead = None
        if outcome == "hit":
            family = _family(fmt["M"], "grapple")
            if not before[b.side]["hp"]:
                template = self.pick("empty hit", EMPTY_HIT)
            elif stood:
                template = self.pick("grapple stood", STOOD_HIT[family] + STOOD_HIT_ANY)
            else:
                template = self.pick("grapple hit", GRAPPLE_HIT[family] + GRAPPLE_HIT_ANY)
            text, lead = self.open_with(event, template, a, b, **fmt)
            tail, t2 = self.tail(before, after, b, a)
            more, t3 = self.momentum(before, after, a) if not tail else ("", None)
            return self.say(text + tail + more, template, lead, t2, t3)
        if outcome == "reversed":
            template = self.pick("grapple reversed", GRAPPLE_REVERSED_STOOD if stood else GRAPPLE_REVERSED)
            text, lead = self.open_with(event, template, a, b, **fmt)
            tail, t2 = self.tail(before, after, a, b)
            return self.say(text + tail, template, lead, t2)
        template = self.pick("grapple blocked", GRAPPLE_BLOCKED_STOOD if stood else GRAPPLE_BLOCKED)
        text, lead = self.open_with(event, template, a, b, **fmt)
        return self.say(text, template, lead)

    def on_high_risk(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        fmt = self._move(event)
        outcome = event["outcome"]
        if outcome == "hit":
            template = self.pick("high hit", HIGH_HIT if before[b.side]["hp"] else EMPTY_HIT)
            text, lead = self.open_with(event, template, a, b, **fmt)
            tail, t2 = self.tail(before, after, b, a)
            return self.say(text + tail, template, lead, t2)
        if outcome == "missed":
            template = self.pick("high miss", HIGH_MISSED)
            text, lead = self.open_with(event, template, a, b, **fmt)
            tail, t2 = self.tail(before, after, a)
            return self.say(text + tail, template, lead, t2)
        prone = before[b.side]["prone"]
        template = self.pick("high setup", HIGH_SETUP_FAILED_PRONE if prone else HIGH_SETUP_FAILED)
        text, lead = self.open_with(event, template, a, b, **fmt)
        return self.say(text, template, lead)

    def on_pinning_combination(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        combo = event.get("move") or "Roll-Up"
        outcome = event["outcome"]
        if outcome == "cover":
            self.pin, self.counts = (a.side, combo), 0
            return ""
        if outcome == "escaped":
            template = self.pick(
                "combo escaped",
                (
                    "{a} tries to roll {b} up in {c}, but {b} squirms free.",
                    "{a} goes straight into {c}; {b} rolls out before the count.",
                    "{b} slips out of {a}'s {C} attempt.",
                ),
            )
        elif after[b.side]["hp"] > PIN_HP:
            template = self.pick(
                "combo early",
                (
                    "{a} rolls {b} up in {c}, but there's too much fight in {b} for a count yet.",
                    "{a} hooks {c}, but {b} is too fresh to be pinned.",
                ),
            )
        else:
            template = self.pick(
                "combo no ref",
                (
                    "{a} rolls {b} up in {c}, but there's no referee to count!",
                    "{a} has {b} pinned in {c}, and nobody is there to count it!",
                ),
            )
        return self.say(self.fill(template, a, b, c=a_an(combo), C=combo), template)

    def on_submission(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        fmt = self._move(event)
        outcome = event["outcome"]
        if outcome == "locked":
            self.hold = [a.side, fmt["M"], event.get("damage") or 0, False]
            template = self.pick("sub locked", SUB_LOCKED)
            text, lead = self.open_with(event, template, a, b, **fmt)
            tail, t2 = self.tail(before, after, b, a)
            if not tail and after[b.side]["hp"] <= PIN_HP:
                t2 = self.pick(
                    "sub danger", (" {b} could tap here.", " This could end it.", " A tap-out is on the cards.")
                )
                tail = t2.format(b=b)
            return self.say(text + tail, template, lead, t2)
        template = self.pick(
            "sub escaped" if outcome == "escaped" else "sub blocked",
            SUB_ESCAPED if outcome == "escaped" else SUB_BLOCKED,
        )
        text, lead = self.open_with(event, template, a, b, **fmt)
        return self.say(text, template, lead)

    def on_submission_hold(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        hold = self.hold or [a.side, event.get("move") or "hold", 0, False]
        hold[2] += event.get("damage") or 0
        self.hold = hold
        move = event.get("move") or hold[1]
        outcome = event["outcome"]
        if outcome == "broken":
            self.hold = None
            lost = hold[2]
            if event["locked_rolls"] >= 3 and lost >= 2:
                template = self.pick("hold broken long", HOLD_BROKEN_LONG)
            else:
                template = self.pick("hold broken", HOLD_BROKEN)
            return self.say(self.fill(template, a, b, M=move, n=lost), template)
        if outcome == "tap out":
            self.hold = None
            template = self.pick("tap", TAP_OUT)
            return self.say(self.fill(template, a, b, M=move), template)
        if outcome == "unseen tap":
            template = self.pick("unseen tap", HOLD_UNSEEN)
            return self.say(self.fill(template, a, b, M=move), template)
        if after[b.side]["hp"] <= PIN_HP and event["locked_rolls"] >= 3 and not hold[3]:
            hold[3] = True
            template = self.pick("hold danger", HOLD_DANGER)
            tail, t2 = self.tail(before, after, b, a) if not after[b.side]["hp"] else ("", None)
            return self.say(self.fill(template, a, b, M=move) + tail, template, t2)
        if after[b.side]["hp"] == 0 < before[b.side]["hp"]:
            template = self.pick("hold empty", ("{a} squeezes the last of the fight out of {b} in the {M}.",))
            return self.say(self.fill(template, a, b, M=move), template)
        return ""

    def on_finisher_attempt(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        template = self.pick("fin fizzle", FINISHER_FIZZLE)
        text, lead = self.open_with(event, template, a, b, F=event.get("move") or before[a.side]["finisher"])
        return self.say(text, template, lead)

    def on_finisher(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        fin = event.get("move") or before[a.side]["finisher"]
        self.pin, self.counts = (a.side, "finisher"), 0
        if before[b.side]["hp"] == 0:
            template = self.pick("fin empty", FINISHER_EMPTY)
            return self.say(self.fill(template, a, b, F=fin), template)
        instead = event.get("instead_of")
        if instead:
            template = self.pick("fin instead", FINISHER_INSTEAD)
            fmt = {"F": fin, "I": instead, "i": a_an(instead)}
        else:
            template = self.pick("fin", FINISHER)
            fmt = {"F": fin}
        text, lead = self.open_with(event, template, a, b, **fmt)
        stakes = ""
        t2 = None
        if self.title:
            t2 = self.pick("fin stakes", (" Is this the end for the {t} match?", " The {t} could be decided here."))
            stakes = t2.format(t=self.title)
        return self.say(text + stakes, template, lead, t2)

    # --- pins -------------------------------------------------------------------------------------------
    def on_pin(self, event, before, after):
        self.pin = (event["actor"], "empty" if before[event["target"]]["hp"] == 0 else "cover")
        self.counts = 0
        return ""

    def _intro(self, a, b):
        how = self.pin[1] if self.pin else "cover"
        if how == "cover":
            options = (
                "{a} covers {b}",
                "{a} hooks the leg",
                "{a} drops on top of {b}",
                "{a} makes the cover",
                "{a} pins {b}'s shoulders to the mat",
                "{a} lies across {b} for the cover",
            )
        elif how == "empty":
            options = ("{a} covers the motionless {b}", "{a} drapes an arm over {b}", "{a} rolls {b} over and covers")
        elif how == "finisher":
            options = ("{a} covers {b}", "{a} hooks the leg", "{a} makes the cover", "{a} drapes an arm over {b}")
        else:
            options = ("{a} rolls {b} up in {c}", "{a} snaps {b} into {c}", "{a} cradles {b} in {c}")
        template = self.pick("pin intro " + how, options)
        return template.format(a=a, b=b, c=a_an(how)), template

    def on_pin_count(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        outcome, count = event["outcome"], event["count"]
        if outcome == "count" and count < 3:
            self.counts = count
            return ""
        intro, t1 = self._intro(a, b)
        self.pin = None
        if outcome == "count":  # three
            t2 = self.pick(
                "three",
                (
                    "{i}: one, two, three!",
                    "{i}... one... two... THREE!",
                    "{i}, and the referee counts to three!",
                    "{i}. One! Two! Three! It's over!",
                    "{i}, and this time {b} can't kick out: one, two, three!",
                ),
            )
            return self.say(t2.format(i=intro, b=b), t1, t2)
        if count == 1:
            t2 = self.pick(
                "kick 1",
                (
                    "{i}, but {b} kicks out at one.",
                    "{i}; {b} kicks out before two.",
                    "{i}, but {b} gets a shoulder up at one.",
                ),
            )
            self.prefix = sentence(t2.format(i=intro, b=b))
            self.picker.used(t1, t2)
            return ""
        if count == 2:
            t2 = self.pick(
                "kick 2",
                (
                    "{i}: one... and {b} kicks out at two and is back up!",
                    "{i}. One... kick-out at two from {b}, who is back on {b.his} feet.",
                    "{i}, one, two, no! {b} kicks out and gets back up.",
                    "{i}: one... two... {b} powers out and scrambles up.",
                ),
            )
            return self.say(t2.format(i=intro, b=b), t1, t2)
        t2 = self.pick(
            "kick 3",
            (
                "{i}: one... two... {b} kicks out at two and nine-tenths!",
                "{i}! One! Two! NO! {b} gets a shoulder up a split second before three!",
                "{i}: one, two... {b} kicks out just in time, but stays down!",
                "{i}, one, two, and {b} somehow kicks out at two and nine-tenths!",
                "{i}... one... two... {b} kicks out by a hair!",
            ),
        )
        near = ""
        t3 = None
        self.near_falls += 1
        if self.title and self.near_falls <= 2:  # the stakes, said on the first near falls, not on every one
            t3 = self.pick("near title", (" The {t} almost changed hands there!", " So close to the {t} decision!"))
            near = t3.format(t=self.title)
        return self.say(t2.format(i=intro, b=b) + near, t1, t2, t3)

    def on_finisher_pin(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        intro, t1 = self._intro(a, b)
        after_finisher = self.pin is not None and self.pin[1] == "finisher"
        self.pin = None
        fin = before[a.side]["finisher"]
        if event["outcome"] == "kick-out":
            if after_finisher:
                options = (
                    "{i}: one, two... {b} KICKS OUT of the {f}! Unbelievable!",
                    "{i}... one... two... and {b} kicks out of the {f}! {b} is back on {b.his} feet!",
                    "{i}, but {b} somehow kicks out of the {f} and gets up!",
                )
            else:
                options = (
                    "{i}: one, two... {b} kicks out and staggers up, with nothing left!",
                    "{i}, but {b} kicks out on sheer instinct and rises, empty!",
                )
            t2 = self.pick("fin kick", options)
            return self.say(t2.format(i=intro, b=b, f=fin), t1, t2)
        if after_finisher:
            options = (
                "{i}: one, two, three! Nobody kicks out of the {f}.",
                "{i}, and the referee counts three! The {f} does it again.",
                "{i}... one... two... THREE! The {f} puts {b} away.",
            )
        else:
            options = (
                "{i}: one, two, three!",
                "{i}, and {b} has nothing left to kick out with: one, two, three!",
                "{i}... one... two... THREE!",
            )
        t2 = self.pick("fin three" if after_finisher else "empty three", options)
        return self.say(t2.format(i=intro, b=b, f=fin), t1, t2)

    # --- the advanced rules ------------------------------------------------------------------------------
    def on_foreign_object(self, event, before, after):
        a, b = self.people[event["actor"]], self.people[event["target"]]
        outcome = event["outcome"]
        weapon = event.get("weapon")
        grabbed = before[a.side]["weapon"] is None
        fmt = {"w": weapon, "W": a_an(weapon or "weapon")}
        if outcome == "no weapon":
            options = WEAPON_DENIED
        elif outcome == "missed":
            options = WEAPON_GRAB_MISS if grabbed else WEAPON_MISS
        elif outcome == "seen":
            options = WEAPON_SEEN
        elif event.get("referee", "up") != "up":
            options = WEAPON_REF_DOWN
        elif self.no_dq:
            options = WEAPON_NO_DQ
        else:
            options = WEAPON_GRAB_HIT if grabbed else WEAPON_HIT
        template = self.pick("weapon " + outcome, options)
        text, lead = self.open_with(event, template, a, b, **fmt)
        tail, t2 = self.tail(before, after, b, a) if outcome == "hit" else ("", None)
        return self.say(text + tail, template, lead, t2)

    def _ally(self, side, named):
        """Who runs in for him: "his bodyguard" becomes "Rude's bodyguard" (``named``: the line may not name
        Rude) or "her bodyguard" in Rude's own pronouns."""
        ally = self.sheets[side].get("ally") or "a friend from the locker room"
        first, _, rest = ally.partition(" ")
        if first.lower() in ("his", "her", "their") and rest:
            person = self.people[side]
            return f"{person}'s {rest}" if named else f"{person.his} {rest}"
        return ally

    def on_run_in(self, event, before, after):
        caller, victim = self.people[event["actor"]], self.people[event["target"]]
        ally = self._ally(caller.side, named=event["outcome"] != "no run-in")
        outcome, save = event["outcome"], event.get("save")
        if outcome == "no run-in":
            template = self.pick(
                "run-in none",
                (
                    "{a} looks to the entrance for {y}, but nobody comes.",
                    "{a} calls for {y}; the ramp stays empty.",
                ),
            )
            return self.say(template.format(a=caller, y=ally), template)
        stop = " to break up the pin" if save else ""
        if save:
            options = (
                (
                    "But wait! {Y} storms in after the count, flattens {b}, and the referee saw all of it!",
                    "Hold on! {Y} hits the ring to wipe out the decision, right in front of the referee!",
                )
                if outcome == "seen"
                else (
                    "But wait! {Y} storms in after the count and flattens {b}; the referee never saw it, and the "
                    "match goes on!",
                    "Hold on! {Y} hits the ring behind the referee's back and wipes out {b}: the pin doesn't stand!",
                )
            )
            template = self.pick("run-in save " + outcome, options)
            tail, t2 = self.tail(before, after, victim)
            return self.say(template.format(Y=sentence(ally), b=victim) + tail, template, t2)
        if outcome == "seen":
            template = self.pick(
                "run-in seen",
                (
                    "{Y} storms the ring{s} and flattens {b}, and the referee saw every second of it!",
                    "{Y} runs in{s} and lays out {b}, right in front of the referee!",
                ),
            )
        else:
            template = self.pick(
                "run-in unseen",
                (
                    "{Y} runs in{s} and flattens {b}, and the referee never saw it!",
                    "{Y} sneaks in{s}, hits {b} with everything and is gone before the referee turns around.",
                ),
            )
        text = template.format(Y=sentence(ally), s=stop, b=victim)
        tail, t2 = self.tail(before, after, victim)
        return self.say(text + tail, template, t2)

    def on_attack_referee(self, event, before, after):
        a = self.people[event["actor"]]
        outcome = event["outcome"]
        options = {
            "disqualified": (
                "{a} shoves the referee, who stays upright and calls for the bell!",
                "{a} puts hands on the referee, and that's a disqualification!",
            ),
            "shrugged off": (
                "{a} shoves the referee, who stays upright; there are no disqualifications tonight.",
                "{a} goes after the referee, who shrugs it off: no disqualifications in this one.",
            ),
            "down": (
                "{a} flattens the referee! The referee is down.",
                "{a} takes out the referee! Nobody is counting.",
            ),
            "out": (
                "{a} knocks the referee out cold; a replacement will be needed.",
                "{a} lays the referee out! The officials send for a replacement.",
            ),
        }[outcome]
        template = self.pick("ref " + outcome, options)
        text, lead = self.open_with(event, template, a, self.people[1 - a.side])
        return self.say(text, template, lead)

    def on_referee(self, event, before, after):
        prev = self.referee  # what he was before this event: down, or out (then a replacement comes)
        options = (
            ("A replacement referee sprints down the aisle and takes charge.", "A new referee slides into the ring.")
            if prev == "out"
            else ("The referee is back up and in position.", "The referee recovers and is back in charge.")
        )
        template = self.pick("ref back", options)
        return self.say(template, template)

    def on_result(self, event, before, after):
        self.prefix = ""
        return result_line(event, self.full, self.title, self.seed)


def result_line(event, people, title=None, seed=0):
    """The result event's sentence, from the result event alone (the quiet ``outcome`` writes the same)."""
    a, b = people
    method = event["method"]
    clock = _clock(event["clock"])
    key = mix(seed, event["seq"], "result " + method)
    if method == "draw":
        if event.get("reason") == "both at 0 HP":
            options = (
                "Neither {a} nor {b} can go on: the referee calls it a draw at {c}.",
                "{a} and {b} have both given everything; the referee waves it off as a draw at {c}.",
            )
        else:
            options = (
                "Time has expired at {c}: {a} and {b} fight to a draw.",
                "The bell! The time limit runs out at {c}, and it's a draw between {a} and {b}.",
                "That's the time limit ({c}): neither {a} nor {b} could finish it. A draw.",
            )
        return sentence(options[key % len(options)].format(a=a, b=b, c=clock))
    w = people[event["winner"]]
    lose = people[1 - event["winner"]]
    if method == "pinfall":
        options = (
            "{w} wins by pinfall at {c}.",
            "Here is your winner, by pinfall in {c}: {w}!",
            "The referee raises {w}'s hand: a pinfall win over {l} at {c}.",
        )
        titled = (
            "{w} wins the {t} match by pinfall at {c}.",
            "Here is your winner of the {t} match, by pinfall in {c}: {w}!",
            "{w} pins {l} at {c}, and the {t} match is over.",
        )
    elif method == "submission":
        options = (
            "{w} wins by submission with the {m} at {c}.",
            "{l} submits to the {m}: {w} wins at {c}.",
            "Here is your winner, by submission in {c}: {w}!",
        )
        titled = (
            "{w} wins the {t} match by submission with the {m} at {c}.",
            "{l} submits to the {m} at {c}: {w} wins the {t} match.",
        )
    else:
        options = (
            "{l} is disqualified, and {w} wins at {c}.",
            "The referee has seen enough: {l} is disqualified at {c}. {w} wins.",
        )
        titled = ("{l} is disqualified at {c}; {w} wins the {t} match.",)
    if title:
        options = titled
    move = event.get("move") or "hold"
    return sentence(options[key % len(options)].format(w=w, l=lose, c=clock, m=move, t=title))


def narrate(setup, events, seed=None):
    """Yield the events with their ``text`` written (the engine builds them with empty text)."""
    narrator = Narrator(setup, seed)
    for event in events:
        event["text"] = narrator(event)
        yield event


def quiet_result(setup, event, seed=None):
    """The result event of the quiet ``outcome``, with the same sentence ``narrate`` writes."""
    stip = setup.stipulation or {}
    title = stip.get("title") if isinstance(stip.get("title"), str) and stip.get("title").strip() else None
    event["text"] = result_line(event, _people(setup), title.strip() if title else None, seed or 0)
    return event


# --- the recap -----------------------------------------------------------------------------------------------


def recap(events, setup=None, *, title=None, title_changed=None, streak=None):
    """A short paragraph about a finished match: who won, how, the turning point, the near falls, what it means.

    ``events`` is the whole match (the last one the result). ``setup`` (optional) is the match's setup: it gives
    the title named in its stipulation; the paragraph needs no pronouns, so it is right without it. ``title``
    names the title on the line, ``title_changed`` says whether it changed hands (the league knows), ``streak`` is
    the winner's run of wins including this one. Pure: the same events give the same paragraph.
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
    near, fin_kicks, saves, weapons, run_ins = [], [], [], 0, 0
    for e in events:
        if e["type"] == "pin_count" and e["outcome"].startswith("kick-out") and e["count"] >= 2:
            near.append(e)
        if e["type"] == "finisher_pin" and e["outcome"] == "kick-out":
            fin_kicks.append(e)
        if e["type"] == "foreign_object" and e["outcome"] == "hit":
            weapons += 1
        if e["type"] == "run_in" and e["outcome"] != "no run-in":
            run_ins += 1
            if e.get("save") and e["outcome"] == "unseen":
                saves.append(e)
    parts = []
    if method == "draw":
        why = "neither could go on" if result.get("reason") == "both at 0 HP" else "the time limit ran out"
        hp = result["state"]
        parts.append(f"{full[0]} and {full[1]} fought to a draw at {clock}: {why}.")
        parts.append(f"{short[0]} finished on {hp[0]['hp']} HP, {short[1]} on {hp[1]['hp']}.")
    else:
        w, lose = result["winner"], 1 - result["winner"]
        parts.append(f"{full[w]} beat {full[lose]} {_how(events, result, w, short[lose])} at {clock}.")
        turn = _turning_point(events, w)
        if turn:
            parts.append(turn.format(w=short[w], l=short[lose]))
    for e in fin_kicks:
        fin = e["state"][e["actor"]]["finisher"]
        parts.append(f"{short[e['target']]} even kicked out of the {fin} at {_clock(e['clock'])}.")
    if near:
        closest = max(near, key=lambda e: (e["count"], e["seq"]))
        at = "two and nine-tenths" if closest["count"] == 3 else "two"
        who = short[closest["target"]]
        if len(near) == 1:
            parts.append(f"The one near fall: {who} kicking out at {at} at {_clock(closest['clock'])}.")
        else:
            parts.append(
                f"There were {len(near)} near falls, the closest {who} kicking out at {at} at "
                f"{_clock(closest['clock'])}."
            )
    for e in saves:
        parts.append(f"A three-count on {short[e['actor']]} was wiped out by a run-in at {_clock(e['clock'])}.")
    if not near and not fin_kicks and not saves and method == "pinfall":
        parts.append("There was not a single near fall before the end.")
    if weapons or run_ins:
        dirty = []
        if weapons:
            dirty.append(f"{weapons} weapon shot{'s' if weapons > 1 else ''}")
        if run_ins:
            dirty.append(f"{run_ins} run-in{'s' if run_ins > 1 else ''}")
        parts.append(f"It got dirty: {' and '.join(dirty)}.")
    meaning = _meaning(short, result, title, title_changed, streak)
    if meaning:
        parts.append(meaning)
    return " ".join(parts)


def _how(events, result, w, lose):
    """How side ``w`` won (``lose`` is the loser's name)."""
    method = result["method"]
    if method == "submission":
        return f"by submission with the {result.get('move') or 'hold'}"
    if method == "disqualification":
        for e in reversed(events[:-1]):
            if e["type"] == "foreign_object" and e["outcome"] == "seen":
                return f"by disqualification ({lose} was caught with the {e.get('weapon')})"
            if e["type"] == "run_in" and e["outcome"] == "seen":
                return f"by disqualification ({lose}'s run-in was seen)"
            if e["type"] == "attack_referee":
                return f"by disqualification ({lose} attacked the referee)"
        return "by disqualification"
    before = events[:-1]
    last = before[-1] if before else None
    if last is not None and last["type"] == "finisher_pin":
        fin = next((e for e in reversed(before) if e["type"] == "finisher"), None)
        if fin is not None and fin["seq"] == last["seq"] - 1:
            return f"by pinfall with the {fin.get('move')}"
    combo = next((e for e in reversed(before) if e["type"] in ("pin", "pinning_combination", "finisher_pin")), None)
    if combo is not None and combo["type"] == "pinning_combination":
        return f"by pinfall with {a_an(combo.get('move') or 'roll-up')}"
    for e in reversed(before):
        if e.get("actor") != w:
            continue
        if e["type"] == "finisher":
            return f"by pinfall after the {e.get('move')}"
        if e["type"] == "run_in" and e.get("outcome") == "unseen":
            return "by pinfall after a run-in"
        if (
            e["type"] in ("strike", "grapple", "high_risk", "submission", "foreign_object")
            and e.get("outcome") == "hit"
        ):
            move = e.get("move") or e.get("weapon")
            return f"by pinfall after {a_an(move)}" if move else "by pinfall"
    return "by pinfall"


def _turning_point(events, winner):
    """When the winner took the HP lead for good (or that he led all the way)."""
    last_change = None
    trailed = False
    for e in events:
        if e["type"] == "result":
            break
        hp = e["state"]
        mine, theirs = hp[winner]["hp"], hp[1 - winner]["hp"]
        if mine < theirs:
            trailed = True
            last_change = None
        elif mine > theirs and trailed and last_change is None:
            last_change = e
    if not trailed:
        return "{w} never trailed on HP."
    if last_change is None:
        return "{w} won it from behind on HP."
    move = last_change.get("move") or last_change.get("weapon")
    when = _clock(last_change["clock"])
    if last_change["type"] == "finisher":
        return f"The turning point: the {move} at {when}."
    if move and last_change.get("actor") == winner:
        return f"The turning point came at {when}: {a_an(move)} that put {{w}} ahead for good."
    return f"{{w}} went ahead for good at {when}."


def _meaning(names, result, title, title_changed, streak):
    bits = []
    winner = result.get("winner")
    if title and winner is not None:
        if title_changed is True:
            bits.append(f"{names[winner]} is the new {title} champion.")
        elif title_changed is False:
            bits.append(f"The {title} stays where it was.")
        else:
            bits.append(f"The {title} was on the line.")
    elif title:
        bits.append(f"The {title} does not change hands on a draw.")
    if streak and winner is not None and streak >= 2:
        bits.append(f"That makes {streak} wins in a row for {names[winner]}.")
    return " ".join(bits)
