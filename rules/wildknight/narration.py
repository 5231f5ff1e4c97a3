"""Narration: one sentence a fan enjoys for each event. Resolution never reads these strings.

Variety comes from the round number (never from the dice), so the text is as deterministic as the events.
"""

_HIT = (
    "{a} connects with {move} on {b}",
    "{a} drills {b} with {move}",
    "{a} lands {move} on {b}",
    "{move} from {a} rocks {b}",
)
_COUNTS = {1: "One...", 2: "Two...", 3: "THREE!"}
_KICK = {1: "Before the count of one", 2: "After one", 3: "At two and nine-tenths"}


def _pick(options, n):
    return options[n % len(options)]


def bell(a, b, winner):
    return f"Ding ding! {a} and {b} lock eyes; {winner} seizes the initiative."


def finisher_call(a, fin_name, heat):
    return f"{a} calls for the {fin_name}! The crowd rises ({heat} Heat left)."


def hit(round_no, a, b, move, damage, extras):
    text = _pick(_HIT, round_no).format(a=a, b=b, move=move)
    if extras:
        text += " (" + ", ".join(extras) + ")"
    return f"{text} for {damage} damage." if damage is not None else text + "."


def pin_hit(a, b, move):
    if move == "Pin Attempt":
        return f"{a} beats {b} to the punch and dives into a cover."
    return f"{a} catches {b} out of nowhere with a {move}!"


def submission_win(a, b, hold):
    return f"{a} wins by submission: the {hold} was too much for {b}."


def failed_lift(a, b, move):
    return f"{a} goes for {move} but can't get {b} off the ground!"


def duck(a, b):
    return f"A dazed {a} stumbles out of the way of {b}'s attack."


def both_stunned(a):
    return f"Both men are out on their feet; {a} is first to stir."


def whiff(a, b):
    return f"{a} and {b} both swing and miss badly; nothing lands."


def collision(a, b, da, db):
    return f"Double clothesline! {a} ({da}) and {b} ({db}) collide and both crash to the mat."


def taunt(a):
    return f"{a} plays to the crowd and soaks up the Heat!"


def stare(a, b):
    return f"{a} stares a hole through {b}, who hesitates."


def stun(name, rounds):
    if not rounds:
        return f"{name} shakes off the cobwebs."
    return f"{name} is stunned for {rounds} round{'s' if rounds > 1 else ''}!"


def warning(name, warnings, excuse, survived):
    talk = "argues with" if excuse == "lie" else "gets in the face of"
    if survived:
        return f"The referee warns {name} (warning {warnings}); {name} {talk} the official and stays in the match."
    return f"The referee has seen enough from {name}: that's a disqualification!"


def cheat(a, success, counts_left):
    if success:
        return f"{a} grabs a handful of tights for leverage ({counts_left} count{'s' if counts_left != 1 else ''})."
    return f"The referee catches {a} cheating and stops the count!"


def cover(a, b, counts):
    extra = " After that finisher the referee goes straight to the final count!" if counts == 1 else ""
    return f"{a} hooks the leg of {b} for the cover.{extra}"


def count(number, b, outcome, attr):
    if outcome == "kick-out":
        how = {"Athleticism": "gets a shoulder up", "Flair": "gets a foot on the rope", "Power": "powers out"}[attr]
        return f"{_KICK[number]}, {b} {how}!"
    if outcome == "automatic":
        return f"{_COUNTS[number]} {b} has nothing left to stop it."
    return _COUNTS[number]


def reversal(a, b):
    return f"{b} rolls through and reverses the pin onto {a}!"


def submission(b, hold, tapped):
    if tapped:
        return f"{b} taps out to the {hold}!"
    return f"{b} fights through the {hold}."


def pinfall(a, b):
    return f"{a} pins {b} for the three count!"


def time_limit(minutes):
    return f"The bell rings: the {minutes}-minute time limit has expired. It's a draw!"


def dq(winner, loser):
    return f"{loser} is disqualified; {winner} wins the match."


def hulk_up(name):
    return f"{name} is HULKING UP! He shakes off the punishment and points at his opponent."


def hulk_down(name, cost):
    return f"The adrenaline fades and {name} pays for it ({cost} Fatigue)."


def initiative(name):
    return f"{name} regains the initiative."


def second_wind(name, recovered, heat):
    return (
        f"{name} backs off to the ropes and catches his second wind ({recovered} Fatigue shaken off, {heat} Heat left)."
    )


def breather(a, b):
    return f"{a} keeps his distance from {b} and gets his breath back."


def high_flyer(name, move):
    return f"{name} twists in mid-air and lands on his feet: the botched {move} costs him nothing more (High Flyer)."
