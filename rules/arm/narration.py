"""Turning what happened into sentences a fan reads. Separate from resolution: these functions only
format; they roll nothing and change nothing. Numbers a scoreboard needs are in the event's fields;
the text carries a few in brackets for readers of the plain-text CLI."""

from rules.arm.ring import in_ring

VERBS = {
    "Strike": "connects with",
    "Slam": "plants him with",
    "Throw": "sends him flying with",
    "Takedown": "takes him down with",
    "Hold": "locks on",
    "Submission": "cinches in",
    "Sleeper": "sinks in",
    "Pin-predicament": "rolls him up with",
}
EDGE_NAMES = {
    "seize_initiative": "seizes the initiative",
    "squeeze_count": "digs deep (Squeeze Count)",
    "hanging_on": "refuses to quit (Hanging On)",
    "second_wind": "finds a second wind",
    "fired_up": "is FIRED UP",
    "working_over": "starts working over the",
}
BREAKS = {"TEC": "slips out of", "STR": "powers out of", "SAV": "grabs the ropes to break"}
COUNT_NAMES = {
    "choke": "choke",
    "rope_break": "rope break",
    "ring_out": "count-out",
    "top_rope": "top rope",
    "tag_switch": "illegal man",
}


def introduction(match):
    a, b = match.fighters[0], match.fighters[1]
    limit = match.time_limit // 60
    tail = " No disqualifications!" if match.stip["no_dq"] else ""
    if match.tag:
        teams = [" and ".join(f.name for f in side) for side in match.sides]
        return (
            f"Tag team action: {teams[0]} against {teams[1]}; {match.legal[0].name} and {match.legal[1].name} "
            f"start. {match.ref.name.capitalize()} has the match, {limit}-minute time limit.{tail}"
        )
    if match.cage is not None:
        c = match.cage
        how = {"pinfall": "falls count, no escapes", "escape": "escape only", "either": "falls or escape"}[c.escape]
        return (
            f"Inside a {c.height_ft}-foot {'steel-pipe' if c.material == 'steel' else 'chain-link'} cage"
            f"{' with a roof' if c.roof else ''} ({'around the ring' if c.internal else 'around the ringside'}; "
            f"{how}): {a.name} against {b.name}. {match.ref.name.capitalize()} has the match, {limit}-minute time "
            f"limit.{tail}"
        )
    return (
        f"In this corner, {a.name} ({a.alignment}, {a.sheet['weight']} lb); in the other, {b.name} "
        f"({b.alignment}, {b.sheet['weight']} lb). {match.ref.name.capitalize()} has the match, "
        f"{limit}-minute time limit.{tail}"
    )


def advantage(fighter, why):
    return f"{fighter.name} takes control ({why})."


def calls_cet(fighter):
    return f"{fighter.name} offers the collar-elbow tie-up."


def calls_tos(fighter):
    return f"{fighter.name} raises a hand: a test of strength!"


def ambush(attacker, victim, ritual):
    extra = f" while {victim.name} is still in his ritual" if ritual else ""
    return f"{attacker.name} attacks {victim.name} before the bell{extra}!"


def no_ambush(attacker):
    return f"{attacker.name} thinks about jumping his man before the bell, but holds back."


def conceal(fighter, obj, ok):
    if ok:
        return f"{fighter.name} has something hidden in his tights..."
    return f"The referee finds a {obj} on {fighter.name} before the bell and takes it away."


def positioning(attacker, plan, was_perched=""):
    bits = []
    if plan.draw:
        bits.append(f"pulls a {plan.draw} from his tights")
    if plan.grab and plan.grab != "Own Boot":
        bits.append(f"grabs a {plan.grab} from ringside")
    if plan.launch:
        bits.append(f"steps up on {plan.launch} to launch himself")
    elif plan.perch == "rope3":
        bits.append("climbs to the top rope")
    elif plan.perch == "rope2":
        bits.append("springs onto the ropes")
    elif plan.perch == "apron":
        bits.append("steps out to the apron")
    elif plan.perch == "" and was_perched:
        bits.append("climbs down")
    elif plan.whip:
        bits.append("whips him into the ropes" + (" and follows him in" if plan.whip == "follow" else ""))
    elif plan.run:
        bits.append("hits the ropes")
    elif plan.grab == "Own Boot":
        bits.append("pulls off his boot")
    elif plan.square is not None and not in_ring(plan.square) and plan.kind != "move":
        bits.append("follows him to the floor")
    elif plan.square is not None and plan.kind == "move" and in_ring(plan.square):
        bits.append("heads back into the ring")
    if plan.position in ("Facing", "Behind") and not bits:
        bits.append("gets to his feet" if plan.position == "Facing" else "moves behind his opponent")
    if not bits:
        bits.append("repositions")
    return f"{attacker.name} {' and '.join(bits)}."


def placed(attacker, defender, ok, sitting, shoulders=False):
    if shoulders:
        if not ok:
            return f"{attacker.name} can't get {defender.name} up onto his shoulders."
        return f"{attacker.name} hoists {defender.name} onto his shoulders!"
    if not ok:
        return f"{attacker.name} tries to set {defender.name} up top, but can't get him there."
    return f"{attacker.name} {'sits' if sitting else 'stands'} {defender.name} on the top turnbuckle!"


def recovers(defender):
    return f"{defender.name} uses the breather to recover ({defender.position.lower()})."


def moves_opponent(attacker, defender, what):
    return f"{attacker.name} {what}."


def hit(attacker, defender, entry, dealt, outcome, countered, over):
    man = entry.move
    name = entry.label
    fin = " -- his FINISHER" if entry.finisher else ""
    if man.is_hold:
        text = f"{attacker.name} {VERBS[man.type]} the {name} on {defender.name}{fin}"
    elif man.type == "Pin-predicament":
        text = f"{attacker.name} {VERBS[man.type]} the {name}{fin}"
    else:
        text = f"{attacker.name} {VERBS.get(man.type, 'hits')} the {name}{fin}"
        if man.type == "Strike":
            text = f"{attacker.name} {VERBS['Strike']} the {name} on {defender.name}{fin}"
    if countered is not None:
        text += f", beating {defender.name}'s {countered.label}"
    if outcome == "ace":
        text += " -- a perfect one"
    if over:
        text += f", and {defender.name} goes over the top rope to the floor"
    if not dealt and man.type in ("Pin-predicament", "Trick"):
        return f"{text}!"
    return f"{text}! [{dealt} damage]"


def miss(attacker, defender, entry, outcome):
    if outcome == "botch":
        return f"{attacker.name} botches the {entry.label} badly!"
    return f"{attacker.name} goes for the {entry.label} but {defender.name} avoids it."


def standoff(attacker, defender, fired=False):
    if fired:
        return f"{attacker.name} shrugs it off and keeps coming!"
    return f"{attacker.name} and {defender.name} trade misses: a standoff."


def collision(first, second):
    return f"{first.name} and {second.name} collide and both go down! [3 damage each]"


def telegraphed(botcher, other):
    return f"{botcher.name} telegraphs it, and {other.name} saw it coming."


def desperation(attacker, entry, amount):
    return f"{attacker.name} pushes himself past the pain for the {entry.label}! [{amount} damage to himself]"


def crash(attacker, entry, amount):
    return f"{attacker.name} crashes and burns on the {entry.label}! [{amount} damage]"


def countered(defender, attacker, c_entry, entry):
    return f"{defender.name} counters the {entry.label} with a {c_entry.label}."


def reversed_(defender, attacker, c_entry, entry):
    return f"{defender.name} reverses the {entry.label} into a {c_entry.label}!"


def weardown(fighter, name):
    return f"{fighter.name} is {name.lower()} now."


def stays_conscious(fighter):
    return f"{fighter.name} is out on his feet, but still conscious."


def passes_out(fighter, how):
    return f"{fighter.name} collapses from {how}!"


def knockout(ref, fighter):
    return f"{ref.name.capitalize()} checks on {fighter.name} and waves it off: he cannot continue!"


def injury(fighter, part, added, reasons):
    if added:
        return f"{fighter.name} is hurt: {added} injur{'y' if added == 1 else 'ies'} to the {part.lower()}."
    return f"{fighter.name} shakes off any injury to the {part.lower()}."


def stall(fighter, healed):
    if healed:
        return f"{fighter.name} takes a breather and catches his wind. [-{healed} damage]"
    return f"{fighter.name} takes a breather, but can't catch his wind."


def unseen(ref, fighter, infraction):
    return f"{fighter.name} gets away with {infraction}."


def warning(ref, fighter, infraction):
    return f"{ref.name.capitalize()} warns {fighter.name} for {infraction} (warning {fighter.warnings})."


def dq_call(ref, fighter, infraction):
    return f"{ref.name.capitalize()} saw that: {infraction}!"


def disqualified(fighter, why, fighters):
    other = [x for x in fighters if x.side != fighter.side][0]
    return f"{fighter.name} is disqualified ({why})! {other.name} wins by disqualification."


def counted_out(fighter):
    return f"{fighter.name} is counted out!"


def double_countout(fighters):
    return f"{' and '.join(f.name for f in fighters)} are both counted out: a draw!"


def draw(reason):
    return f"The match ends in a draw ({reason})."


def time_limit(limit, fighters):
    return f"The bell! The {limit // 60}-minute time limit has expired: a draw!"


def count_start(ref, fighter, kind):
    return f"{ref.name.capitalize()} starts the {COUNT_NAMES[kind]} count on {fighter.name}."


def count(ref, fighter, kind, total):
    return f"{COUNT_NAMES[kind].capitalize()} count on {fighter.name}: {total}."


def restart(ref):
    return f"{ref.name.capitalize()} separates them and calls for a fresh tie-up."


def edge(fighter, option, cost, detail=""):
    name = EDGE_NAMES[option]
    if option == "working_over":
        return f"{fighter.name} {name} {detail.lower()}. [{cost} Edge]"
    if option == "seize_initiative" and detail:
        return f"{fighter.name} {name} from {detail}! [{cost} Edge]"
    tail = f": {detail}" if detail and option == "second_wind" else ""
    return f"{fighter.name} {name}{tail}! [{cost} Edge]"


def pin(attacker, defender, count, method, predicament, hook, interrupted=False):
    cover = (
        "the pin"
        if predicament
        else ("a lobster cover" if hook == 2 else "the cover, hooking the leg" if hook else "the cover")
    )
    if interrupted:
        return f"{attacker.name} makes {cover}... 1... 2... and here comes help for {defender.name}!"
    if count >= 3:
        return f"{attacker.name} makes {cover}... 1... 2... 3!"
    counts = "... ".join(str(n) for n in range(1, count + 1))
    shown = f"{counts}... " if count else ""
    return f"{attacker.name} makes {cover}... {shown}{defender.name} {method}!"


def pinfall(attacker, defender, cheated=False):
    how = " with his feet on the ropes" if cheated else ""
    return f"{attacker.name} pins {defender.name}{how}! {attacker.name} wins by pinfall."


def no_count(attacker, defender, ref):
    return f"{attacker.name} covers {defender.name}, but {ref.name} is not there to count!"


def screwjob_fail(attacker):
    return f"{attacker.name} tries to get his feet on the ropes, but can't."


def screwjob(attacker, defender, ref, caught):
    if caught:
        return f"{attacker.name} puts his feet on the ropes -- {ref.name} sees it and stops the count!"
    return f"{attacker.name} puts his feet on the ropes and {ref.name} doesn't see it!"


def release(holder, victim, entry):
    return f"{holder.name} lets go of the {entry.label}."


def leverage(holder, victim):
    return f"{holder.name} grabs the ropes for extra leverage!"


def refuses_break(holder, victim):
    return f"{victim.name} reaches the ropes, but {holder.name} won't let go!"


def hold_broken(victim, holder, entry, option, outcome):
    extra = " and turns the tables" if outcome == "ace" else ""
    return f"{victim.name} {BREAKS[option]} the {entry.label}{extra}."


def hold_reversed(victim, holder, rev, entry):
    return f"{victim.name} reverses the {entry.label} into a {rev.label}!"


def hold_damage(holder, victim, entry, dealt, healed):
    rest = " while resting" if healed else ""
    return f"{holder.name} keeps the {entry.label} on{rest}. [{dealt} damage]"


def submits(victim, holder, entry):
    return f"{victim.name} taps out to the {entry.label}! {holder.name} wins by submission."


def fades(victim):
    return f"{victim.name} is fading in the sleeper..."


def arm_drop(ref, victim, drops):
    if drops >= 3:
        return "The arm drops once... twice... three times!"
    times = "once" if drops == 1 else f"{drops} times"
    return f"{ref.name.capitalize()} lifts {victim.name}'s arm: it drops {times}, then stays up!"


def sleeper_ko(victim):
    return f"{victim.name} is out: the referee calls for the bell!"


def comes_round(fighter):
    return f"{fighter.name} comes round."


def play_to_crowd(fighter):
    return f"{fighter.name} plays to the crowd! (Heat {fighter.heat:+d})"


def bump(ref, attacker, rounds):
    lasts = "for a long while" if rounds >= 5 else "for a moment"
    return f"{attacker.name} 'accidentally' sends {ref.name} sprawling! {ref.name.capitalize()} is down {lasts}."


def bump_seen(ref, attacker):
    return f"{attacker.name} shoves {ref.name}, and {ref.name} knows exactly what that was!"


def run_in(second, helped, victim, hit, dealt):
    if hit:
        return f"{second.name} runs in and levels {victim.name} behind the referee's back! [{dealt} damage]"
    return f"{second.name} runs in to help {helped.name}, but {victim.name} sees him coming."


def rope_breaks(attacker, ref):
    return (
        f"The top rope snaps under {attacker.name}! {ref.name.capitalize()} waves it off: "
        "this match cannot be finished as sanctioned. No contest!"
    )


def referee_up(ref):
    return f"{ref.name.capitalize()} is back on his feet."


def distract(attacker, ref, rounds):
    return f"{attacker.name} distracts {ref.name}!"


def distract_seen(attacker, ref):
    return f"{ref.name.capitalize()} sees what {attacker.name} is up to and keeps his eyes on the ring."


def trick(attacker, entry):
    return f"{attacker.name} pulls a {entry.label}."


def engineered(match, eng):
    who = " and ".join(match.legal[s].name for s in eng["by"])
    return f"Something is wrong here: {who} {'are' if len(eng['by']) > 1 else 'is'} not trying."


def engineered_result(match, eng):
    w = match.legal[eng["winner"]]
    return f"{w.name} wins by {eng['method']} -- and the crowd knows it was a fix."


# --- Changes of Venue -------------------------------------------------------------------------------

TAG_HOW = {
    "tag": "tags in",
    "blind": "makes a blind tag to",
    "fake": "fakes a tag to",
    "lunge": "dives for his corner and makes the hot tag to",
}


def tag(out, new, how):
    if how == "fake":
        return f"The referee buys it: {new.name} is in, and {out.name} heads to the apron!"
    return f"{out.name} {TAG_HOW[how]} {new.name}!"


def blind_tag(new, defender):
    return f"{defender.name} never saw the tag, and {new.name} is right behind him!"


def fake_tag(attacker, partner, ok):
    if ok:
        return f"{attacker.name} claps his hands loudly by his corner, and {partner.name} climbs in..."
    return f"{attacker.name} tries to fake a tag to {partner.name}, but the referee saw the whole thing."


def block_attempt(blocker, saver, ok):
    if ok:
        return f"{blocker.name} is through the ropes to cut off {saver.name}!"
    return f"{blocker.name} tries to get in to stop {saver.name}, but the referee waves him back."


def save_blocked(blocker, saver):
    return f"{blocker.name} cuts off the save: {saver.name} never gets there!"


def save_missed(saver, pinner):
    return f"{saver.name} charges in to break it up, but misses {pinner.name}!"


def saved(saver, victim):
    return f"{saver.name} breaks up the count to save {victim.name}! The referee is furious."


def double_team(attacker, partner, defender, e1, e2):
    if e1.move.name == e2.move.name:
        return (
            f"{partner.name} comes in: a double {e1.label} on {defender.name} from {attacker.name} and {partner.name}!"
        )
    return f"{partner.name} comes in to help {attacker.name}: {e1.label} and {e2.label} together on {defender.name}!"


def back_to_apron(fighter):
    return f"{fighter.name} goes back to his corner."


def escaping(attacker, route, out, cage):
    if out:
        return f"{attacker.name} is {'through the door' if route == 'door' else 'over the top of the cage'}!"
    if route == "door":
        return f"{attacker.name} crawls for the cage door!"
    return f"{attacker.name} starts climbing the {cage.height_ft}-foot cage!"


def escaped(fighter, how, cage):
    if how == "lunge":
        return f"{fighter.name} dives out of the cage! He escapes and wins!"
    return f"{fighter.name} drops to the floor outside the cage! He escapes and wins!"


def pulled_down(defender, attacker, ok, amount):
    if ok:
        return f"{defender.name} drags {attacker.name} off the cage and slams him to the mat ({amount})!"
    return f"{defender.name} grabs at {attacker.name}, but he kicks free."


def decision(fighter, option, auto):
    """A decision a person made (or his tactics made for him)."""
    if option is None:
        why = "time runs out" if auto == "timeout" else "corner decides"
        return f"{fighter.name}'s {why}: his tactics choose."
    return f"{fighter.name} calls for {option.label.split(' (')[0]}."
