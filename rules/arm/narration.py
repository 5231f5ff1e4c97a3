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


def introduction(m):
    a, b = m.fighters[0], m.fighters[1]
    limit = m.time_limit // 60
    tail = " No disqualifications!" if m.stip["no_dq"] else ""
    if m.tag:
        teams = [" and ".join(f.name for f in side) for side in m.sides]
        return (
            f"Tag team action: {teams[0]} against {teams[1]}; {m.legal[0].name} and {m.legal[1].name} "
            f"start. {m.ref.name.capitalize()} has the match, {limit}-minute time limit.{tail}"
        )
    if m.cage is not None:
        c = m.cage
        how = {"pinfall": "falls count, no escapes", "escape": "escape only", "either": "falls or escape"}[c.escape]
        return (
            f"Inside a {c.height_ft}-foot {'steel-pipe' if c.material == 'steel' else 'chain-link'} cage"
            f"{' with a roof' if c.roof else ''} ({'around the ring' if c.internal else 'around the ringside'}; "
            f"{how}): {a.name} against {b.name}. {m.ref.name.capitalize()} has the match, {limit}-minute time "
            f"limit.{tail}"
        )
    return (
        f"In this corner, {a.name} ({a.alignment}, {a.sheet['weight']} lb); in the other, {b.name} "
        f"({b.alignment}, {b.sheet['weight']} lb). {m.ref.name.capitalize()} has the match, "
        f"{limit}-minute time limit.{tail}"
    )


def advantage(f, why):
    return f"{f.name} takes control ({why})."


def calls_cet(f):
    return f"{f.name} offers the collar-elbow tie-up."


def calls_tos(f):
    return f"{f.name} raises a hand: a test of strength!"


def ambush(a, b, ritual):
    extra = f" while {b.name} is still in his ritual" if ritual else ""
    return f"{a.name} attacks {b.name} before the bell{extra}!"


def no_ambush(a):
    return f"{a.name} thinks about jumping his man before the bell, but holds back."


def conceal(f, obj, ok):
    if ok:
        return f"{f.name} has something hidden in his tights..."
    return f"The referee finds a {obj} on {f.name} before the bell and takes it away."


def positioning(a, plan, was_perched=""):
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
    return f"{a.name} {' and '.join(bits)}."


def placed(a, d, ok, sitting, shoulders=False):
    if shoulders:
        if not ok:
            return f"{a.name} can't get {d.name} up onto his shoulders."
        return f"{a.name} hoists {d.name} onto his shoulders!"
    if not ok:
        return f"{a.name} tries to set {d.name} up top, but can't get him there."
    return f"{a.name} {'sits' if sitting else 'stands'} {d.name} on the top turnbuckle!"


def recovers(d):
    return f"{d.name} uses the breather to recover ({d.position.lower()})."


def moves_opponent(a, d, what):
    return f"{a.name} {what}."


def hit(a, d, entry, dealt, outcome, countered, over):
    man = entry.move
    name = entry.label
    fin = " -- his FINISHER" if entry.finisher else ""
    if man.is_hold:
        text = f"{a.name} {VERBS[man.type]} the {name} on {d.name}{fin}"
    elif man.type == "Pin-predicament":
        text = f"{a.name} {VERBS[man.type]} the {name}{fin}"
    else:
        text = f"{a.name} {VERBS.get(man.type, 'hits')} the {name}{fin}"
        if man.type == "Strike":
            text = f"{a.name} {VERBS['Strike']} the {name} on {d.name}{fin}"
    if countered is not None:
        text += f", beating {d.name}'s {countered.label}"
    if outcome == "ace":
        text += " -- a perfect one"
    if over:
        text += f", and {d.name} goes over the top rope to the floor"
    if not dealt and man.type in ("Pin-predicament", "Trick"):
        return f"{text}!"
    return f"{text}! [{dealt} damage]"


def miss(a, d, entry, outcome):
    if outcome == "botch":
        return f"{a.name} botches the {entry.label} badly!"
    return f"{a.name} goes for the {entry.label} but {d.name} avoids it."


def standoff(a, d, fired=False):
    if fired:
        return f"{a.name} shrugs it off and keeps coming!"
    return f"{a.name} and {d.name} trade misses: a standoff."


def collision(a, b):
    return f"{a.name} and {b.name} collide and both go down! [3 damage each]"


def telegraphed(botcher, other):
    return f"{botcher.name} telegraphs it, and {other.name} saw it coming."


def desperation(a, entry, amount):
    return f"{a.name} pushes himself past the pain for the {entry.label}! [{amount} damage to himself]"


def crash(a, entry, amount):
    return f"{a.name} crashes and burns on the {entry.label}! [{amount} damage]"


def countered(d, a, c_entry, entry):
    return f"{d.name} counters the {entry.label} with a {c_entry.label}."


def reversed_(d, a, c_entry, entry):
    return f"{d.name} reverses the {entry.label} into a {c_entry.label}!"


def weardown(f, name):
    return f"{f.name} is {name.lower()} now."


def stays_conscious(f):
    return f"{f.name} is out on his feet, but still conscious."


def passes_out(f, how):
    return f"{f.name} collapses from {how}!"


def knockout(ref, f):
    return f"{ref.name.capitalize()} checks on {f.name} and waves it off: he cannot continue!"


def injury(f, part, added, reasons):
    if added:
        return f"{f.name} is hurt: {added} injur{'y' if added == 1 else 'ies'} to the {part.lower()}."
    return f"{f.name} shakes off any injury to the {part.lower()}."


def stall(f, healed):
    if healed:
        return f"{f.name} takes a breather and catches his wind. [-{healed} damage]"
    return f"{f.name} takes a breather, but can't catch his wind."


def unseen(ref, f, infraction):
    return f"{f.name} gets away with {infraction}."


def warning(ref, f, infraction):
    return f"{ref.name.capitalize()} warns {f.name} for {infraction} (warning {f.warnings})."


def dq_call(ref, f, infraction):
    return f"{ref.name.capitalize()} saw that: {infraction}!"


def disqualified(f, why, fighters):
    other = [x for x in fighters if x.side != f.side][0]
    return f"{f.name} is disqualified ({why})! {other.name} wins by disqualification."


def counted_out(f):
    return f"{f.name} is counted out!"


def double_countout(fighters):
    return f"{' and '.join(f.name for f in fighters)} are both counted out: a draw!"


def draw(reason):
    return f"The match ends in a draw ({reason})."


def time_limit(limit, fighters):
    return f"The bell! The {limit // 60}-minute time limit has expired: a draw!"


def count_start(ref, f, kind):
    return f"{ref.name.capitalize()} starts the {COUNT_NAMES[kind]} count on {f.name}."


def count(ref, f, kind, total):
    return f"{COUNT_NAMES[kind].capitalize()} count on {f.name}: {total}."


def restart(ref):
    return f"{ref.name.capitalize()} separates them and calls for a fresh tie-up."


def edge(f, option, cost, detail=""):
    name = EDGE_NAMES[option]
    if option == "working_over":
        return f"{f.name} {name} {detail.lower()}. [{cost} Edge]"
    if option == "seize_initiative" and detail:
        return f"{f.name} {name} from {detail}! [{cost} Edge]"
    tail = f": {detail}" if detail and option == "second_wind" else ""
    return f"{f.name} {name}{tail}! [{cost} Edge]"


def pin(a, d, count, method, predicament, hook, interrupted=False):
    cover = (
        "the pin"
        if predicament
        else ("a lobster cover" if hook == 2 else "the cover, hooking the leg" if hook else "the cover")
    )
    if interrupted:
        return f"{a.name} makes {cover}... 1... 2... and here comes help for {d.name}!"
    if count >= 3:
        return f"{a.name} makes {cover}... 1... 2... 3!"
    counts = "... ".join(str(n) for n in range(1, count + 1))
    shown = f"{counts}... " if count else ""
    return f"{a.name} makes {cover}... {shown}{d.name} {method}!"


def pinfall(a, d, cheated=False):
    how = " with his feet on the ropes" if cheated else ""
    return f"{a.name} pins {d.name}{how}! {a.name} wins by pinfall."


def no_count(a, d, ref):
    return f"{a.name} covers {d.name}, but {ref.name} is not there to count!"


def screwjob_fail(a):
    return f"{a.name} tries to get his feet on the ropes, but can't."


def screwjob(a, d, ref, caught):
    if caught:
        return f"{a.name} puts his feet on the ropes -- {ref.name} sees it and stops the count!"
    return f"{a.name} puts his feet on the ropes and {ref.name} doesn't see it!"


def release(h, v, entry):
    return f"{h.name} lets go of the {entry.label}."


def leverage(h, v):
    return f"{h.name} grabs the ropes for extra leverage!"


def refuses_break(h, v):
    return f"{v.name} reaches the ropes, but {h.name} won't let go!"


def hold_broken(v, h, entry, option, outcome):
    extra = " and turns the tables" if outcome == "ace" else ""
    return f"{v.name} {BREAKS[option]} the {entry.label}{extra}."


def hold_reversed(v, h, rev, entry):
    return f"{v.name} reverses the {entry.label} into a {rev.label}!"


def hold_damage(h, v, entry, dealt, healed):
    rest = " while resting" if healed else ""
    return f"{h.name} keeps the {entry.label} on{rest}. [{dealt} damage]"


def submits(v, h, entry):
    return f"{v.name} taps out to the {entry.label}! {h.name} wins by submission."


def fades(v):
    return f"{v.name} is fading in the sleeper..."


def arm_drop(ref, v, drops):
    if drops >= 3:
        return "The arm drops once... twice... three times!"
    times = "once" if drops == 1 else f"{drops} times"
    return f"{ref.name.capitalize()} lifts {v.name}'s arm: it drops {times}, then stays up!"


def sleeper_ko(v):
    return f"{v.name} is out: the referee calls for the bell!"


def comes_round(f):
    return f"{f.name} comes round."


def play_to_crowd(f):
    return f"{f.name} plays to the crowd! (Heat {f.heat:+d})"


def bump(ref, a, rounds):
    lasts = "for a long while" if rounds >= 5 else "for a moment"
    return f"{a.name} 'accidentally' sends {ref.name} sprawling! {ref.name.capitalize()} is down {lasts}."


def bump_seen(ref, a):
    return f"{a.name} shoves {ref.name}, and {ref.name} knows exactly what that was!"


def run_in(sec, helped, victim, hit, dealt):
    if hit:
        return f"{sec.name} runs in and levels {victim.name} behind the referee's back! [{dealt} damage]"
    return f"{sec.name} runs in to help {helped.name}, but {victim.name} sees him coming."


def rope_breaks(a, ref):
    return (
        f"The top rope snaps under {a.name}! {ref.name.capitalize()} waves it off: "
        "this match cannot be finished as sanctioned. No contest!"
    )


def referee_up(ref):
    return f"{ref.name.capitalize()} is back on his feet."


def distract(a, ref, rounds):
    return f"{a.name} distracts {ref.name}!"


def distract_seen(a, ref):
    return f"{ref.name.capitalize()} sees what {a.name} is up to and keeps his eyes on the ring."


def trick(a, entry):
    return f"{a.name} pulls a {entry.label}."


def engineered(m, eng):
    who = " and ".join(m.legal[s].name for s in eng["by"])
    return f"Something is wrong here: {who} {'are' if len(eng['by']) > 1 else 'is'} not trying."


def engineered_result(m, eng):
    w = m.legal[eng["winner"]]
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


def blind_tag(new, d):
    return f"{d.name} never saw the tag, and {new.name} is right behind him!"


def fake_tag(a, partner, ok):
    if ok:
        return f"{a.name} claps his hands loudly by his corner, and {partner.name} climbs in..."
    return f"{a.name} tries to fake a tag to {partner.name}, but the referee saw the whole thing."


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


def double_team(a, partner, d, e1, e2):
    if e1.move.name == e2.move.name:
        return f"{partner.name} comes in: a double {e1.label} on {d.name} from {a.name} and {partner.name}!"
    return f"{partner.name} comes in to help {a.name}: {e1.label} and {e2.label} together on {d.name}!"


def back_to_apron(f):
    return f"{f.name} goes back to his corner."


def escaping(a, route, out, cage):
    if out:
        return f"{a.name} is {'through the door' if route == 'door' else 'over the top of the cage'}!"
    if route == "door":
        return f"{a.name} crawls for the cage door!"
    return f"{a.name} starts climbing the {cage.height_ft}-foot cage!"


def escaped(f, how, cage):
    if how == "lunge":
        return f"{f.name} dives out of the cage! He escapes and wins!"
    return f"{f.name} drops to the floor outside the cage! He escapes and wins!"


def pulled_down(d, a, ok, amount):
    if ok:
        return f"{d.name} drags {a.name} off the cage and slams him to the mat ({amount})!"
    return f"{d.name} grabs at {a.name}, but he kicks free."
