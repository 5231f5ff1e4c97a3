"""Play-by-play: one sentence per event, for the fans. Only called in loud mode; never rolls dice.

Variety comes from the match state (HP totals, the round), so the same match always reads the same.
Where there are several ways to say it, the state picks one and only that sentence is written (a
sentence is built for every event of every live match, so nothing is formatted to be thrown away).
"""

_ARTICLES = {}


def _a(name):
    """'a Suplex', 'an Armbar'."""
    phrase = _ARTICLES.get(name)
    if phrase is None:
        phrase = _ARTICLES[name] = f"an {name}" if name[:1].upper() in "AEIOU" else f"a {name}"
    return phrase


def _hp(w):
    return f"{w.hp} HP"


def bell(m):
    a, b = m.w
    seconds = int(m.time_limit)
    limit = f"{seconds // 60}-minute" if seconds % 60 == 0 else f"{seconds}-second"
    cheats = [k.replace("_", " ") for k, on in m.advanced.items() if on]
    extra = f"; advanced rules: {', '.join(cheats)}" if cheats else ""
    return (
        f"Ding ding! {a.name} ({a.alignment}, {a.hp} HP) meets {b.name} ({b.alignment}, {b.hp} HP), "
        f"{limit} time limit{extra}."
    )


def initiative(m, first, a, b):
    if first.side == 1:
        a, b = b, a
    pick = m.log.round % 3
    if pick == 0:
        return f"{first.name} wins the race to the first move ({a}-{b})."
    if pick == 1:
        return f"Initiative {a}-{b}: {first.name} is quicker off the mark."
    return f"{first.name} seizes the moment ({a}-{b})."


def time_limit(m):
    a, b = m.w
    return f"The bell! The time limit has expired with {a.name} on {a.hp} HP and {b.name} on {b.hp} HP: a draw."


def strike(att, dfn, name, hit, free):
    if free:
        if hit:
            return f"{dfn.name} eats {_a(name)} from {att.name} off the mat and goes down ({_hp(dfn)} left)."
        return f"{att.name} swings {_a(name)} up from the mat, but {dfn.name} shrugs it off."
    pick = (att.hp + dfn.hp) % 3
    if hit:
        if pick == 0:
            return f"{att.name} connects with {_a(name)} and {dfn.name} goes down ({dfn.hp} HP left)."
        if pick == 1:
            return f"A stiff {name} from {att.name} drops {dfn.name} ({dfn.hp} HP left)."
        return f"{att.name} lays in {_a(name)}: {dfn.name} hits the canvas ({dfn.hp} HP left)."
    if pick == 0:
        return f"{att.name} throws {_a(name)}, but {dfn.name} sees it coming."
    if pick == 1:
        return f"{dfn.name} blocks the {name} from {att.name}."
    return f"{att.name}'s {name} whiffs."


def grapple(att, dfn, name, outcome, stood, combo):
    lift = f"{att.name} drags {dfn.name} to his feet and " if stood else f"{att.name} "
    into = f" and looks to roll into {_a(combo)}" if combo else ""
    if outcome == "hit":
        return f"{lift}hits {_a(name)}{into}! {dfn.name} is down to {_hp(dfn)}."
    if outcome == "reversed":
        return f"{lift}goes for {_a(name)}, but {dfn.name} reverses it and {att.name} crashes down ({_hp(att)})!"
    return f"{lift}goes for {_a(name)}, but {dfn.name} fights out of it."


def high_risk(att, dfn, name, outcome, combo):
    if outcome == "set-up failed":
        return f"{att.name} heads for the top rope, but {dfn.name} cuts him off: no {name} this time."
    if outcome == "hit":
        into = f", hooking into {_a(combo)}" if combo else ""
        return f"{att.name} flies with {_a(name)}{into}! {dfn.name} is down to {_hp(dfn)}."
    return f"{att.name} comes off the top with {_a(name)}... and hits nothing but canvas ({_hp(att)})!"


def combination_too_early(att, dfn, combo):
    return f"{att.name} rolls {dfn.name} up in {_a(combo)}, but there is too much fight left in him to count."


def combination(att, dfn, combo, won):
    if won:
        return f"{att.name} rolls straight into {_a(combo)}! The referee drops to count!"
    return f"{att.name} tries to roll into {_a(combo)}, but {dfn.name} squirms free."


def submission(att, dfn, name, outcome):
    if outcome == "locked":
        return f"{att.name} locks in the {name}! {dfn.name} is in trouble ({_hp(dfn)})."
    if outcome == "escaped":
        return f"{att.name} gets the {name} on, but {dfn.name} slips out before it is locked."
    return f"{att.name} reaches for {_a(name)}; {dfn.name} will have none of it."


def hold(att, dfn, name, outcome, locked):
    if outcome == "broken":
        return hold_broken(att, dfn, name)
    if outcome == "tap out":
        return tap_out(att, dfn, name)
    if outcome == "unseen tap":
        return f"{dfn.name} is tapping in the {name}, but there is no referee to see it!"
    if outcome == "wrenched":
        pick = locked % 3
        if pick == 0:
            return f"{att.name} wrenches back on the {name} ({dfn.hp} HP left, {locked} locked)."
        if pick == 1:
            return f"{dfn.name} screams in the {name} ({dfn.hp} HP left)."
        return f"The {name} is cinched in tighter ({dfn.hp} HP left)."
    return f"{dfn.name} hangs on in the {name}."


def hold_broken(att, dfn, name):
    return f"{dfn.name} breaks the {name}, but he is still down on the mat."


def tap_out(att, dfn, name):
    return f"{dfn.name} TAPS OUT to the {name}!"


def submission_result(att, dfn, name):
    return f"{att.name} wins by submission with the {name}!"


def finisher_fizzles(att, dfn):
    return f"{att.name} signals for the {att.finisher}, but {dfn.name} wriggles free."


def finisher(att, dfn, instead_of):
    if instead_of:
        return f"{att.name} turns the {instead_of} into the {att.finisher}! {dfn.name} is out cold (0 HP)."
    return f"{att.name} hits the {att.finisher}! {dfn.name} is out cold (0 HP)."


def get_up(w, opp, outcome, bonus):
    push = f" (+{bonus})" if bonus else ""
    if outcome == "up and attack":
        return f"{w.name} kips up in one motion{push} and goes straight after {opp.name}!"
    if outcome == "up":
        return f"{w.name} pulls himself up by the ropes{push}."
    if w.hp % 2 == 0:
        return f"{w.name} tries to get up{push}, but {opp.name} keeps him down."
    return f"{w.name} is still down{push}."


def spent(w, opp):
    if w.prone:
        return f"{w.name} is down and out: there is nothing left in him."
    return f"{w.name} is out on his feet, with nothing left to fight {opp.name} with."


def both_spent(m):
    a, b = m.w
    return f"Neither {a.name} nor {b.name} has anything left: the referee calls it a draw."


def cover(att, dfn):
    return f"{att.name} covers {dfn.name} and hooks the leg!"


def count(att, dfn, n):
    return ("One!", "Two!", "THREE!")[n - 1]


def kick_out(att, dfn, n):
    if n == 1:
        return f"{dfn.name} kicks out at one and fires back!"
    if n == 2:
        return f"Kick-out at two! {dfn.name} is back on his feet."
    return f"{dfn.name} kicks out at two and nine-tenths, but stays down."


def finisher_kick_out(att, dfn):
    return f"One! Two! {dfn.name} KICKS OUT of the {att.finisher} and is up! Unbelievable!"


def finisher_three(att, dfn):
    return f"One! Two! Three! Nobody kicks out of the {att.finisher}."


def pinfall(att, dfn):
    return f"{att.name} pins {dfn.name}!"


def weapon_denied(att, dfn):
    return f"{att.name} reaches under the ring for a weapon, but {dfn.name} stops him."


def weapon_miss(att, dfn, weapon):
    return f"{att.name} swings the {weapon} and misses {dfn.name}!"


def weapon_seen(att, dfn, weapon):
    return f"{att.name} nails {dfn.name} with the {weapon}, right in front of the referee!"


def weapon_hit(att, dfn, weapon, dealt):
    return f"{att.name} nails {dfn.name} with the {weapon} behind the referee's back (-{dealt}, {_hp(dfn)} left)!"


def dq_result(att, dfn, what):
    return f"{att.name} is disqualified for {what}; {dfn.name} wins."


def run_in_no_show(caller, victim, save):
    return f"{caller.name} looks to the entrance ramp for {caller.ally}, but nobody comes."


def run_in(caller, victim, dealt, seen, save):
    who = caller.ally[0].upper() + caller.ally[1:]
    stop = " to break up the pin" if save else ""
    tail = "and the referee saw everything!" if seen else "and the referee never saw it."
    return f"{who} runs in{stop} and flattens {victim.name} (-{dealt}, {_hp(victim)} left), {tail}"


def referee_survives(att, no_dq):
    if no_dq:
        return f"{att.name} shoves the referee, who stays on his feet; no disqualifications tonight."
    return f"{att.name} shoves the referee, who stays on his feet and calls for the bell!"


def referee_down(att, status, turns):
    if status == "down":
        return f"{att.name} flattens the referee! He is down and out for a while."
    return f"{att.name} knocks the referee out cold; they will need a replacement."


def referee_back(replacement):
    if replacement:
        return "A replacement referee sprints down the aisle and takes charge."
    return "The referee is back on his feet."
