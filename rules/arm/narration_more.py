"""More of the commentary's words for ARM: the lead-ins folded events give the next line, covers and counts, the
introduction and the result (data only; see :mod:`rules.arm.narration_words`)."""

# What a folded position event did, as a verb phrase for "{x} <vp> and <rest of the line>" ({y}: the opponent).
POSITION_VP = {
    "draw": ("pulls {o} from {x.his} tights", "produces {o} from {x.his} tights"),
    "grab": ("grabs {o} from ringside", "snatches up {o} from ringside"),
    "launch": ("launches {x.himself} off {l}", "uses {l} as a springboard"),
    "rope3": ("climbs to the top rope", "goes up top", "heads to the top turnbuckle"),
    "rope2": ("springs onto the ropes", "springboards off the ropes"),
    "apron": ("steps out to the apron",),
    "down": ("climbs back down",),
    "whip": ("whips {y} into the ropes", "sends {y} into the ropes"),
    "whip-follow": ("whips {y} into the ropes and follows {y.him} in", "sends {y} off the ropes and chases"),
    "whip-cage": ("whips {y} across the ring", "sends {y} across the ring"),
    "ropes": ("hits the ropes", "bounces off the ropes", "comes off the ropes"),
    "run": ("gets a running start", "charges", "comes running"),
    "boot": ("pulls off {x.his} boot",),
    "floor": ("follows {y} to the floor", "goes out after {y}"),
    "ring": ("heads back into the ring", "climbs back in"),
    "behind": ("slips behind {y}", "circles behind {y}", "gets around behind {y}"),
}
# The same, as a prefix to a line whose subject is {x}.
POSITION_ADV = {
    "rope3": ("From the top rope, ", "Off the top, "),
    "ropes": ("Off the ropes, ", "On the rebound, "),
    "run": ("On the run, ", "At full speed, "),
    "behind": ("From behind, ",),
    "grab": ("Armed with {o}, ", "With {o} in hand, "),
    "draw": ("With {o} in hand, ",),
    "floor": ("Out on the floor, ",),
}
UP_ADV = ("Back on {x.his} feet, ", "Up again, ", "Back up, ", "On {x.his} feet again, ")
UP_VP = ("gets back up", "is back on {x.his} feet", "climbs back up")
MOVED_VP = {
    "lift": ("hauls {y} back up", "drags {y} up off the mat", "pulls {y} up", "picks {y} up off the canvas"),
    "roll-in": ("rolls {y} back into the ring",),
    "slide-in": ("slides back into the ring",),
    "to-top": ("heads up to the top rope",),
    "to-corner": ("drags {y} to the corner",),
    "own-corner": ("drags {y} to {x.his} own corner",),
    "trap": ("drives {y} into the corner",),
    "corner": ("backs {y} into the corner",),
}
ADVANTAGE_ADV = {
    "a missed attack": ("Making the most of the miss, ", "After that miss, ", "With the opening, ", "Now in charge, "),
    "telegraphed": ("Having seen it coming, ", "Wise to it, ", "Reading it all the way, "),
    "an Ace on the kick-out": ("Straight off the kick-out, ", "Out of the kick-out, "),
    "an Ace on the break": ("Straight out of the hold, ", "Free of the hold, "),
    "seized the initiative": ("Seizing the moment, ", "First to move, "),
    "the high-risk miss": ("After that crash, ", "With the flyer down, "),
    "": ("Now in control, ", "In charge now, ", "On the offence, ", "Taking over, "),
}
ADVANTAGE_LINE = (
    "{y} offers the collar-and-elbow tie-up, and {x} gets the better of it.",
    "Collar and elbow to start: {x} wins the tie-up with {y}.",
    "{x} and {y} lock up, and {x} comes out on top.",
    "The tie-up goes to {x}; {y} is backed off.",
)
ADVANTAGE_TOS = (
    "{y} raises a hand for a test of strength, and {x} wins it.",
    "A test of strength, {y}'s idea, and {x} takes it.",
    "{x} and {y} lock fingers in a test of strength: {x} wins out.",
)
ADVANTAGE_SOLO = (
    "{x} takes control.",
    "{x} is in charge now.",
    "{x} has the upper hand.",
    "{x} takes over.",
)

PIN = {  # (count, how): the cover and its count
    3: (
        "{a} covers {b}... one... two... three!",
        "{a} hooks the leg: one, two, THREE!",
        "Cover by {a}! One! Two! Three!",
        "{a} falls on top of {b}, and the referee counts one, two, three!",
        "{a} makes the cover, and this time the count reaches three!",
    ),
    2: (
        "{a} covers {b}: one... two... {b} {how} at two and nine-tenths!",
        "Cover! One, two... {b} {how}, just in time!",
        "{a} hooks the leg: one, two, and {b} {how}!",
        "One... two... no! {b} {how}!",
        "{a} has {b} pinned: one, two... {b} {how} at the last moment!",
        "A near fall! {b} {how} a split second before three!",
    ),
    1: (
        "{a} covers, but {b} {how} at one.",
        "{a} goes for a quick cover; {b} {how} at one.",
        "One... and {b} {how}.",
        "{a} tries a cover; {b} {how} right away.",
    ),
    0: (
        "{a} covers, but {b} {how} before the count starts.",
        "{a} tries a cover; {b} {how} at once.",
        "{b} {how} before the referee can count.",
    ),
}
PIN_FINISHER = (  # a kick-out after the finisher
    "{a} covers after the {F}... one... two... {b} {how}! {b} survived the {F}!",
    "The {F}, the cover, one, two... and {b} {how}! Unbelievable!",
    "One... two... {b} {how} after the {F}! The crowd can't believe it!",
)
PIN_TITLE = (
    "The {t} is almost gone! One, two... {b} {how}!",
    "{a} covers for the {t}: one, two... and {b} {how}!",
)
PIN_HOW = {  # the rules' method -> the words after the name
    "kicks out": ("kicks out", "gets a shoulder up", "kicks out"),
    "powers out": ("powers out", "throws {a} off", "bridges out"),
    "lifts a shoulder": ("lifts a shoulder", "gets a shoulder up", "squirms free"),
    "pulls the hair": ("pulls the hair to get out", "yanks the hair and escapes"),
    "gets a foot on the ropes": ("gets a foot on the ropes", "reaches the ropes with a foot"),
}
PIN_INTERRUPTED = (
    "{a} covers {b}: one, two... and here comes help for {b}!",
    "One, two... and the cover on {b} is broken up!",
)

INTRO = (
    "In this corner, {a} ({al}, {wa} lb); in the other, {b} ({bl}, {wb} lb). {r} has the match, {lim}-minute "
    "time limit.",
    "{a} ({wa} lb, a {al}) against {b} ({wb} lb, a {bl}), {lim} minutes on the clock, {rl} in charge.",
    "The bell rings: {a}, {wa} lb, against {b}, {wb} lb, with {rl} in charge and {lim} minutes on the clock.",
)
RESULT = {
    "pinfall": (
        "Here is your winner, by pinfall: {w}!",
        "{w} win{s} it by pinfall!",
        "It's over! {w} pin{s} {l}!",
        "{w} get{s} the three-count over {l}!",
    ),
    "submission": (
        "{l} taps out! {w} win{s} by submission!",
        "{l} gives up to the {M}! {w} win{s} it!",
        "{w} make{s} {l} tap to the {M}!",
    ),
    "knockout": (
        "{l} can't go on: {w} win{s} by knockout!",
        "The referee waves it off! {w} win{s} by knockout!",
        "{w} {has} knocked {l} out!",
    ),
    "disqualification": (
        "{l} is disqualified ({why})! {w} win{s}.",
        "That's a disqualification ({why}): {w} win{s} it.",
    ),
    "count-out": ("{l} is counted out! {w} win{s}.", "{l} doesn't beat the count: {w} win{s} by count-out."),
    "escape": ("{w} escape{s} the cage and win{s}!", "{w} {is_} out of the cage! {w} win{s} it!"),
    "draw": ("The match ends in a draw ({why}).", "No winner tonight: a draw ({why})."),
    "no-contest": ("No contest: {why}.",),
}
TITLE_WIN = " {w} takes the {t}!"
TITLE_KEEP = " And the {t} stays with {w}!"

COUNT = {  # a referee's count on a wrestler ({c}: what is counted, {n}: how far)
    "count-out": (
        "The referee's count on {a} reaches {n}.",
        "{n}! {a} is still outside.",
        "The count is up to {n}, and {a} is not back in.",
        "{a} is still on the outside at {n}.",
        "{n}, counts the referee; {a} had better hurry.",
    ),
    "": (
        "{C} count on {a}: {n}.",
        "The {c} count on {a} is at {n}.",
        "{n}, and the referee is counting {a}'s {c}.",
    ),
}
STALL = (
    "{a} takes a breather and catches {a.his} wind.",
    "{a} backs off to get {a.his} breath back.",
    "{a} takes a moment and recovers some strength.",
)
STALL_FAIL = (
    "{a} takes a breather, but can't catch {a.his} wind.",
    "{a} backs off, still breathing hard.",
    "{a} tries to recover, without much luck.",
    "{a} buys a moment, but it doesn't help much.",
)
FADES = (
    "{a} is fading in the sleeper...",
    "{a}'s arms are going limp in the sleeper...",
    "The sleeper is taking {a} under...",
    "{a} is slipping away in the sleeper...",
)
UNSEEN = (
    "{a} gets away with {i}.",
    "The referee misses it: {a} gets away with {i}.",
    "{a} sneaks in {i} behind the referee's back.",
)
WARNING = (
    "{r} warns {a} for {i} (warning {n}).",
    "{r} is in {a}'s face over {i}: warning {n}.",
    "Warning number {n} for {a}, for {i}.",
)
TAG = (
    "{a} tags in {b}!",
    "{a} makes the tag, and in comes {b}!",
    "{a} reaches the corner and tags {b}!",
)
