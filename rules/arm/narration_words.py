"""The commentary's words for ARM: templates by event, move family, position and stakes (data only).

In a template ``{a}`` acts on ``{b}`` (``rules.narration_kit.Person``: ``{a.his}``, ``{b.him}``, ``{a.s}``...);
``{M}`` is the move's name, ``{m}`` the move with its article ("a Body Slam"). A template that starts with
``"{a} "`` can take a lead-in ("Off the ropes, {a} ...", "{a} hits the ropes and ...") from the events folded
into it.
"""


def family(move_type, name, props=()):
    """The family of a maneuver: it picks the verbs (the names are free text, the type is the rules')."""
    low = (name or "").lower()
    if move_type == "Strike":
        if any(w in low for w in ("splash", "senton", "moonsault", "body press", "frog")):
            return "splash"
        if "drop" in low and "dropkick" not in low or "stomp" in low:
            return "drop"
        if any(w in low for w in ("kick", "boot", "knee", "enzuigiri")):
            return "kick"
        return "blow"
    if move_type == "Slam":
        if "suplex" in low:
            return "suplex"
        if any(w in low for w in ("ddt", "driver", "bomb", "neckbreaker", "breaker")):
            return "spike"
        return "slam"
    if move_type in ("Throw", "Takedown"):
        return "throw"
    if move_type in ("Hold", "Submission", "Sleeper"):
        return "hold"
    if move_type == "Pin-predicament":
        return "rollup"
    return "other"


HIT = {
    "blow": (
        "{a} connects with {m} on {b}.",
        "{a} rocks {b} with {m}.",
        "{a} lands {m}, flush on {b}.",
        "{M} from {a} staggers {b}.",
        "{a} cracks {b} with {m}.",
        "{a} fires off {m}, and {b} feels that one.",
        "{a} lays in {m} on {b}.",
        "{a} catches {b} with {m}.",
    ),
    "kick": (
        "{a} boots {b} with {m}.",
        "{a} snaps off {m} right on the button.",
        "{a} catches {b} flush with {m}.",
        "{M} from {a} finds its mark on {b}.",
        "{a} lands {m}, and {b} wobbles.",
        "{a} lashes out with {m} and connects.",
    ),
    "drop": (
        "{a} drops {m} across {b}.",
        "{a} comes down on {b} with {m}.",
        "{a} connects with {m} on the fallen {b}.",
        "{M} from {a}, right across {b}.",
        "{a} hits {m}; {b} takes all of it.",
    ),
    "splash": (
        "{a} crashes down on {b} with {m}.",
        "{a} hits {m}, all of {a.his} weight on {b}.",
        "{M} from {a} flattens {b}.",
        "{a} lands {m} square on {b}.",
        "{a} squashes {b} with {m}.",
    ),
    "slam": (
        "{a} scoops {b} up and plants {b.him} with {m}.",
        "{a} slams {b} down with {m}.",
        "{M} from {a}! {b} is flat on {b.his} back.",
        "{a} hoists {b} up for {m} and drives {b.him} into the mat.",
        "{a} picks {b} clean up and slams {b.him} with {m}.",
        "{a} plants {b} with {m}.",
        "{a} brings {b} down hard with {m}.",
    ),
    "suplex": (
        "{a} hooks {b} and sends {b.him} up and over with {m}.",
        "{a} drops {b} with {m}.",
        "{M}! {a} dumps {b} on {b.his} back.",
        "{a} lifts {b} high and comes down with {m}.",
        "{a} launches {b} with {m}.",
        "{a} folds {b} over with {m}.",
    ),
    "spike": (
        "{a} spikes {b} with {m}.",
        "{a} drives {b} into the canvas with {m}.",
        "{M} from {a}, and {b} is folded up on the mat.",
        "{a} plants {b} with {m}.",
        "{a} hits {m}, and {b} lands in a heap.",
        "{a} drops {b} on {b.his} head with {m}.",
    ),
    "throw": (
        "{a} sends {b} flying with {m}.",
        "{a} takes {b} down with {m}.",
        "{M} from {a} puts {b} on the mat.",
        "{a} hurls {b} over with {m}.",
        "{a} turns {b} inside out with {m}.",
        "{a} whips {b} over with {m}.",
    ),
    "hold": (
        "{a} locks {m} on {b}.",
        "{a} cinches in {m} on {b}.",
        "{a} wrenches {m} on {b}.",
        "{a} grabs {b} and applies {m}.",
        "{a} clamps {m} on {b}.",
        "{a} ties {b} up in {m}.",
        "{a} has {m} locked in on {b}.",
    ),
    "rollup": (
        "{a} rolls {b} up with {m}!",
        "{a} catches {b} in {m}!",
        "{M} out of nowhere from {a}!",
        "{a} tucks {b} into {m}!",
        "{a} scores with {m}, shoulders down!",
    ),
    "other": (
        "{a} hits {m} on {b}.",
        "{a} gets {m} on {b}.",
        "{M} from {a} lands on {b}.",
    ),
}
HIT_FINISHER = (
    "{a} hits {m}, {a.his} finisher!",
    "It's the {M}! {a} hits {a.his} finisher on {b}!",
    "{a} calls for it... the {M}! {b} takes the whole thing!",
    "{a} plants {b} with the {M}! That's the finisher!",
    "There it is: the {M}, and {b} eats all of it!",
    "{a} finds the {M}, {a.his} finisher, dead centre!",
)
HIT_FINISHER_TITLE = (
    "With the {t} on the line, {a} hits {a.his} finisher, the {M}!",
    "{a} goes for the {t} with the {M}, {a.his} finisher, and hits it!",
)
HIT_REVERSED = (  # the defender turned the attack around into his own maneuver
    "{a} turns {b}'s {R} around into {m}!",
    "{a} reverses the {R}, and {b} eats {m}!",
    "{b} goes for the {R}, but {a} counters into {m}!",
    "{a} blocks the {R} and answers with {m}!",
    "{a} fights out of the {R} and catches {b} with {m}!",
)
HIT_REPLY = (  # the defender answers a miss at once
    "{a} makes {b} pay for the miss with {m}.",
    "{a} answers straight away with {m}.",
    "{b} is left open, and {a} hits {m}.",
    "{a} punishes the miss with {m}.",
    "{a} capitalises at once: {m}.",
)
HIT_REPLY_FINISHER = (
    "{a} makes {b} pay for the miss with the {M}, {a.his} finisher!",
    "{a} answers at once with {a.his} finisher, the {M}!",
    "{b} is left open, and {a} hits the {M}, {a.his} finisher!",
)
ACE = (" A textbook {M}.", " Picture perfect.", " That could not have gone better.", " Perfectly timed.")
BIG = (" That shook the ring.", " What a shot.", " That one will be felt later.", " The crowd felt that one.", "")
BEAT = (" {b}'s {C} was not enough.", " {b} tried {Ca} and got nothing.", " {b} went for {Ca}, too late.")
OVER = (
    " {b} sails over the top rope to the floor!",
    " {b} goes over the top and down to the floor!",
    " Over the top rope goes {b}!",
)
WEAR = {  # the target's new weardown level, said in the line that caused it
    "Winded": (" {b} is winded.", " {b} is breathing hard now.", " That takes the wind out of {b}."),
    "Tired": (" {b} is tiring.", " {b} is slowing down.", " {b} looks tired now."),
    "Groggy": (" {b} is groggy.", " {b} is on wobbly legs.", " {b} doesn't know where {b.he} {b.is_}."),
    "Exhausted": (" {b} is exhausted.", " {b} is running on fumes.", " {b} has almost nothing left."),
    "Spent": (" {b} is spent!", " {b} has nothing left!", " That's everything {b} had!"),
}
WEAR_LINE = {
    "Winded": ("{a} is winded now.", "{a} is sucking wind.", "{a} is breathing hard."),
    "Tired": ("{a} is tiring.", "{a} is slowing down now.", "Fatigue is setting in for {a}."),
    "Groggy": ("{a} is groggy.", "{a} is on wobbly legs.", "{a} is out on {a.his} feet, nearly."),
    "Exhausted": ("{a} is exhausted.", "{a} is running on fumes.", "{a} has almost nothing left."),
    "Spent": ("{a} is spent!", "{a} has nothing left!", "{a} is running on empty!"),
}

MISS = {
    "strike": (
        "{a} throws {m}, but {b} sees it coming.",
        "{b} ducks under {a}'s {M}.",
        "{a}'s {M} whiffs.",
        "{a} swings {m} and hits nothing but air.",
        "{b} steps out of the way of {a}'s {M}.",
        "{a} misfires with {m}.",
        "{b} slips the {M}.",
        "{a} goes for {m}; {b} is wise to it.",
    ),
    "strike_down": (
        "{b} rolls away from {a}'s {M}.",
        "{a} comes down with {m}, but {b} rolls clear.",
        "{a} misses {m}, and finds only canvas.",
        "{b} sees the {M} coming and rolls aside.",
    ),
    "grapple": (
        "{a} goes for {m}, but {b} wriggles free.",
        "{b} blocks the {M}.",
        "{a} can't get {b} up for the {M}.",
        "{b} won't go for the {M}.",
        "{a} tries {m}; {b} fights it off.",
        "{b} slips out before {a} can hit the {M}.",
        "{a} reaches for {m}, but {b} backs away.",
        "{b} shoves {a} off and escapes the {M}.",
    ),
    "hold": (
        "{a} goes for {m}, but {b} squirms out.",
        "{b} fights off the {M}.",
        "{a} can't lock in the {M}.",
        "{a} reaches for {m}; {b} won't give {a.him} the arm.",
        "{b} slips out of the {M} before it is locked.",
        "{a} tries to tie {b} up in {m}, without success.",
    ),
    "rollup": (
        "{a} tries {m}, but {b} rolls through.",
        "{b} sees the {M} coming and stays on {b.his} feet.",
        "{a} goes for {m}; {b} won't go down.",
        "{b} sits out of the {M}.",
    ),
    "high": (
        "{a} flies with {m}... and {b} moves!",
        "{a} goes for {m}, but {b} rolls out of the way!",
        "{b} moves just in time to dodge the {M}!",
        "{a} leaps for {m} and {b} isn't there!",
    ),
}
BOTCH = (
    "{a} botches the {M} badly!",
    "{a} makes a mess of the {M}!",
    "The {M} goes all wrong for {a}!",
    "{a} slips and the {M} falls apart!",
    "{a} loses {a.his} footing on the {M}!",
)
REPLY_MISS = (  # the defender's answer to a miss, missed too
    "{a} tries to answer with {m}, but {b} is ready for it.",
    "{a} fires back with {m} of {a.his} own, but it misses.",
    "{a} looks to make {b} pay with {m}, but {b} gets clear.",
    "{a} counters with {m}, and {b} blocks it.",
)
REPLY_BOTCH = (
    "{a} tries to answer with {m}, but botches it badly!",
    "{a} goes for {m} of {a.his} own and makes a mess of it!",
    "{a} has an opening for {m}, and blows it!",
)
REPLY_TRICK = (
    "{a} answers with {m}, but it gets {a.him} nowhere.",
    "{a} tries to make the most of the opening with {m}; it doesn't come off.",
)
TRICK_MISS = {
    "Distract Referee": (
        "{a} tries to distract the referee, but the referee isn't buying it.",
        "{a} tries to get the referee's attention; the referee waves {a.him} off.",
        "{a}'s attempt to distract the referee goes nowhere.",
        "{a} argues with the referee, who turns straight back to the action.",
        "{a} calls the referee over; the referee won't look away.",
    ),
    "": (
        "{a} tries {m}, but it gets {a.him} nowhere.",
        "{a}'s {M} doesn't come off.",
        "{a} goes for {m}; nothing comes of it.",
    ),
}
CRASH = (
    "{a} crashes and burns!",
    "{a} crashes hard to the mat!",
    "{a} eats nothing but canvas!",
    "{a} comes down hard on nothing!",
    "All {a} finds is the mat, and it hurts!",
)
COUNTER = {
    "Dodge": (
        "{a} dodges {b}'s {M}.",
        "{a} sidesteps the {M}.",
        "{a} is too quick for {b}'s {M}.",
        "{b} goes for {m}, but {a} is out of the way.",
    ),
    "Block": (
        "{a} blocks {b}'s {M}.",
        "{a} gets a forearm up to block the {M}.",
        "{a} stops the {M} cold.",
        "{b} throws {m}; {a} blocks it.",
    ),
    "Sprawl": (
        "{a} sprawls out of the {M}.",
        "{a} sprawls and {b}'s {M} goes nowhere.",
        "{a} sprawls to stuff the {M}.",
    ),
    "Hip Block": (
        "{a} blocks the {M} with a hip block.",
        "{a} drops {a.his} weight and blocks the {M}.",
        "{b} can't lift {a} for the {M}.",
        "{a} hip-blocks {b}'s {M}.",
    ),
    "Counter-Hold": (
        "{a} counters the {M} with a counter-hold.",
        "{a} slips the {M} and wrenches a counter-hold on {b}.",
        "{b} goes for {m}, but {a} counters the hold.",
    ),
    "Grab the Ropes": (
        "{a} grabs the ropes to block the {M}.",
        "{a} hangs on to the ropes, and the {M} goes nowhere.",
        "{a} holds the ropes: no {M}.",
    ),
    "": (
        "{a} counters {b}'s {M}.",
        "{a} stops the {M}.",
        "{a} turns the {M} aside.",
    ),
}
HOLD = (
    "{a} keeps the {M} on {b}.",
    "{a} wrenches the {M} tighter.",
    "{b} is still trapped in the {M}.",
    "{a} won't let go of the {M}.",
    "{a} cranks on the {M}.",
    "{b} struggles in the {M}.",
    "{a} keeps {b} tied up in the {M}.",
    "The {M} is still locked in, and {b} is in trouble.",
)
HOLD_REST = (
    "{a} keeps the {M} on and catches {a.his} breath.",
    "{a} rests in the {M}, {b} still trapped.",
    "{a} takes a breather in the {M}.",
    "{a} grinds the {M} and gets some air back.",
)
BREAK = {
    "TEC": (
        "{a} slips out of the {M}.",
        "{a} wriggles free of the {M}.",
        "{a} finds a way out of the {M}.",
        "{a} twists free from the {M}.",
    ),
    "STR": (
        "{a} powers out of the {M}.",
        "{a} muscles {a.his} way out of the {M}.",
        "{a} forces {b} to let go of the {M}.",
        "{a} breaks the {M} by sheer strength.",
    ),
    "SAV": (
        "{a} grabs the ropes to break the {M}.",
        "{a} gets to the ropes; {b} must break the {M}.",
        "{a} reaches the ropes, and the {M} is broken.",
    ),
}
BREAK_ACE = (
    "{a} breaks the {M} and turns the tables!",
    "{a} escapes the {M}, and now {a.he} {a.is_} in charge.",
    "Out of the {M} comes {a}, and {a.he} take{a.s} over!",
)
STANDOFF = (
    "{a} and {b} trade misses: a standoff.",
    "Neither {a} nor {b} can land anything.",
    "{a} and {b} circle each other: nobody gets the upper hand.",
    "A standoff: {a} and {b} cancel each other out.",
    "{a} and {b} have each other scouted.",
    "Stalemate between {a} and {b}.",
    "{a} and {b} tie up and break apart, no one ahead.",
)
STANDOFF_FIRED = (
    "{a} shrugs it off and keeps coming!",
    "{a} doesn't even feel it and keeps coming!",
    "Fired up, {a} walks right through it!",
)
CROWD = (
    "{a} plays to the crowd.",
    "{a} soaks up the crowd's reaction.",
    "{a} poses for the fans.",
    "{a} whips the crowd up.",
    "{a} takes a moment to play to the fans.",
    "{a} raises an arm to the crowd.",
    "{a} works the crowd.",
)
CROWD_HOT = (
    "The crowd is firmly behind {a} now!",
    "{a} has the whole building going!",
    "{a} plays to a crowd that is on fire!",
    "The whole crowd is standing for {a}!",
)
CROWD_HEEL = (
    "{a} taunts the crowd, and the fans let {a.him} have it.",
    "{a} mocks the fans and soaks up the boos.",
    "{a} jaws at the front row.",
)
INJURY = (
    "{a} is hurting: that's {n} injur{ies} to the {p}.",
    "{a} clutches the {p}: {n} injur{ies}.",
    "That did damage: {a} is hurt in the {p} ({n}).",
    "{a} is favouring the {p} now ({n} injur{ies}).",
    "The {p} of {a} takes real damage ({n}).",
    "{a} is in pain, the {p} hurt ({n}).",
)
EDGE = {
    "seize_initiative": (
        "{a} seizes the initiative!",
        "{a} reaches deep and grabs the initiative!",
        "{a} will not wait: {a.he} take{a.s} the initiative!",
    ),
    "squeeze_count": ("{a} digs deep!", "{a} finds something extra!", "{a} summons some reserve!"),
    "hanging_on": ("{a} refuses to quit!", "{a} hangs on!", "{a} won't give in!"),
    "second_wind": ("{a} finds a second wind!", "{a} gets a second wind!", "{a} is breathing again!"),
    "fired_up": ("{a} is FIRED UP!", "{a} is fired up and shaking the ropes!", "{a} is all fired up!"),
    "working_over": (
        "{a} goes to work on the {p} of {b}.",
        "{a} zeroes in on the {p}.",
        "{a} targets the {p} of {b}.",
        "{a} has a plan: the {p}.",
    ),
}
