"""What the rules say happened, at the moment it happens: one ``Said`` per event (docs/rules/arm.md, "Narration").

The rules modules call these functions when they emit an event. Each returns a ``Said``: a plain sentence (the
fallback text, right in pronouns and names) that also carries ``kind`` and ``facts`` (fighter indexes, the
maneuver's type, the plan's moves: what the event's fields do not hold). The commentary
(:mod:`rules.arm.narration_call`) reads them and writes the line a fan reads; the stored event keeps only that
line (a plain ``str``). Nothing here rolls a die or changes the match.

The Changes of Venue (tag teams, the cage) are in :mod:`rules.arm.narration_venue`, re-exported here.
"""

from rules.arm.narration_referee import (  # noqa: F401 - the rules modules call them as narration.<name>
    bump,
    bump_seen,
    count,
    count_start,
    counted_out,
    disqualified,
    distract,
    distract_seen,
    double_countout,
    dq_call,
    draw,
    engineered,
    engineered_result,
    knockout,
    referee_up,
    restart,
    rope_breaks,
    run_in,
    time_limit,
    trick,
    unseen,
    warning,
)
from rules.arm.narration_venue import (  # noqa: F401 - the rules modules call them as narration.<name>
    Said,
    back_to_apron,
    blind_tag,
    block_attempt,
    double_team,
    escaped,
    escaping,
    fake_tag,
    person,
    pulled_down,
    referee_name,
    said,
    save_blocked,
    save_missed,
    saved,
    tag,
)
from rules.arm.ring import in_ring

VERBS = {
    "Strike": "connects with",
    "Slam": "plants {b.him} with",
    "Throw": "sends {b.him} flying with",
    "Takedown": "takes {b.him} down with",
    "Hold": "locks on",
    "Submission": "cinches in",
    "Sleeper": "sinks in",
    "Pin-predicament": "rolls {b.him} up with",
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
MOVED = {  # follow_up.py's words for what the attacker did with his opponent -> the commentary's key
    "rolls him back into the ring": "roll-in",
    "slides back into the ring": "slide-in",
    "heads up to the top rope": "to-top",
    "drags him to the corner": "to-corner",
    "pulls him up": "lift",
    "drags him to his own corner": "own-corner",
    "drives him into the corner": "trap",
    "backs him into the corner": "corner",
}
_MOVED_TEXT = {
    "roll-in": "{a} rolls {b} back into the ring.",
    "slide-in": "{a} slides back into the ring.",
    "to-top": "{a} heads up to the top rope.",
    "to-corner": "{a} drags {b} to the corner.",
    "lift": "{a} pulls {b} up.",
    "own-corner": "{a} drags {b} to {a.his} own corner.",
    "trap": "{a} drives {b} into the corner.",
    "corner": "{a} backs {b} into the corner.",
}


def _move_facts(entry):
    man = entry.move
    return {
        "move": entry.label,
        "type": man.type,
        "props": tuple(sorted(man.props)),
        "flags": tuple(man.flags),
        "high_risk": bool(man.high_risk),
        "finisher": bool(entry.finisher),
    }


def introduction(match):
    a, b = match.fighters[0], match.fighters[1]
    limit = match.time_limit // 60
    ref = referee_name(match.ref)
    tail = " No disqualifications!" if match.stip["no_dq"] else ""
    facts = {"limit": limit, "referee": ref, "no_dq": bool(match.stip["no_dq"])}
    if match.tag:
        teams = [" and ".join(f.name for f in side) for side in match.sides]
        text = (
            f"Tag team action: {teams[0]} against {teams[1]}; {match.legal[0].name} and {match.legal[1].name} "
            f"start. {ref} has the match, {limit}-minute time limit.{tail}"
        )
        return said(text, "intro", venue="tag", legal=[f.idx for f in match.legal], **facts)
    if match.cage is not None:
        c = match.cage
        how = {"pinfall": "falls count, no escapes", "escape": "escape only", "either": "falls or escape"}[c.escape]
        material = "steel-pipe" if c.material == "steel" else "chain-link"
        text = (
            f"Inside a {c.height_ft}-foot {material} cage{' with a roof' if c.roof else ''} "
            f"({'around the ring' if c.internal else 'around the ringside'}; {how}): {a.name} against {b.name}. "
            f"{ref} has the match, {limit}-minute time limit.{tail}"
        )
        cage = {"height": c.height_ft, "material": material, "roof": bool(c.roof), "internal": bool(c.internal)}
        return said(text, "intro", venue="cage", escape=c.escape, cage=cage, **facts)
    text = (
        f"In this corner, {a.name} ({a.alignment}, {a.sheet['weight']} lb); in the other, {b.name} "
        f"({b.alignment}, {b.sheet['weight']} lb). {ref} has the match, {limit}-minute time limit.{tail}"
    )
    weights = [a.sheet["weight"], b.sheet["weight"]]
    return said(text, "intro", venue="", alignments=[a.alignment, b.alignment], weights=weights, **facts)


def advantage(fighter, why):
    return said(f"{fighter.name} takes control ({why}).", "advantage", a=fighter.idx, why=why)


def calls_cet(fighter):
    return said(f"{fighter.name} offers the collar-elbow tie-up.", "call", a=fighter.idx, what="cet")


def calls_tos(fighter):
    return said(f"{fighter.name} raises a hand: a test of strength!", "call", a=fighter.idx, what="tos")


def ambush(attacker, victim, ritual):
    v = person(victim)
    extra = f" while {v} is still in {v.his} ritual" if ritual else ""
    return said(f"{attacker.name} attacks {v} before the bell{extra}!", "ambush", a=attacker.idx, b=victim.idx)


def no_ambush(attacker):
    a = person(attacker)
    text = f"{a} thinks about jumping {a.his} opponent before the bell, but holds back."
    return said(text, "no_ambush", a=attacker.idx)


def conceal(fighter, obj, ok):
    f = person(fighter)
    if ok:
        return said(f"{f} has something hidden in {f.his} tights...", "conceal", a=fighter.idx, ok=True, obj=obj)
    text = f"The referee finds a {obj} on {f} before the bell and takes it away."
    return said(text, "conceal", a=fighter.idx, ok=False, obj=obj)


def positioning(attacker, plan, was_perched=""):
    a = person(attacker)
    bits, keys = [], []
    if plan.draw:
        bits.append(f"pulls a {plan.draw} from {a.his} tights")
        keys.append("draw")
    if plan.grab and plan.grab != "Own Boot":
        bits.append(f"grabs a {plan.grab} from ringside")
        keys.append("grab")
    if plan.launch:
        bits.append(f"steps up on {plan.launch} to launch {a.himself}")
        keys.append("launch")
    elif plan.perch == "rope3":
        bits.append("climbs to the top rope")
        keys.append("rope3")
    elif plan.perch == "rope2":
        bits.append("springs onto the ropes")
        keys.append("rope2")
    elif plan.perch == "apron":
        bits.append("steps out to the apron")
        keys.append("apron")
    elif plan.perch == "" and was_perched:
        bits.append("climbs down")
        keys.append("down")
    elif plan.whip:
        bits.append("whips the opponent into the ropes" + (" and follows" if plan.whip == "follow" else ""))
        keys.append("whip-follow" if plan.whip == "follow" else "whip")
    elif plan.run:
        ropes = bool(plan.rebound) and in_ring(attacker.square)
        bits.append("hits the ropes" if ropes else "gets a running start")
        keys.append("ropes" if ropes else "run")
    elif plan.grab == "Own Boot":
        bits.append(f"pulls off {a.his} boot")
        keys.append("boot")
    elif plan.square is not None and not in_ring(plan.square) and plan.kind != "move":
        bits.append("follows the opponent to the floor")
        keys.append("floor")
    elif plan.square is not None and plan.kind == "move" and in_ring(plan.square):
        bits.append("heads back into the ring")
        keys.append("ring")
    if plan.position in ("Facing", "Behind") and not bits:
        bits.append("squares up" if plan.position == "Facing" else "moves behind the opponent")
        keys.append("facing" if plan.position == "Facing" else "behind")
    if not bits:
        bits.append("repositions")
        keys.append("reposition")
    obj = plan.draw or (plan.grab if plan.grab != "Own Boot" else "")
    return said(f"{a} {' and '.join(bits)}.", "position", a=attacker.idx, keys=keys, obj=obj, launch=plan.launch)


def placed(attacker, defender, ok, sitting, shoulders=False):
    a, b = person(attacker), person(defender)
    facts = {"a": attacker.idx, "b": defender.idx, "ok": ok, "sitting": sitting, "shoulders": shoulders}
    if shoulders:
        if not ok:
            return said(f"{a} can't get {b} up onto {a.his} shoulders.", "placed", **facts)
        return said(f"{a} hoists {b} onto {a.his} shoulders!", "placed", **facts)
    if not ok:
        return said(f"{a} tries to set {b} up top, but can't get {b.him} there.", "placed", **facts)
    return said(f"{a} {'sits' if sitting else 'stands'} {b} on the top turnbuckle!", "placed", **facts)


def recovers(defender):
    text = f"{defender.name} uses the breather to recover ({defender.position.lower()})."
    return said(text, "recover", a=defender.idx, position=defender.position)


def moves_opponent(attacker, defender, what):
    key = MOVED.get(what, "lift")
    text = _MOVED_TEXT[key].format(a=person(attacker), b=person(defender))
    return said(text, "moved", a=attacker.idx, b=defender.idx, what=key)


def hit(attacker, defender, entry, dealt, outcome, countered, over):
    a, b = person(attacker), person(defender)
    man = entry.move
    name = entry.label
    fin = f" -- {a.his} FINISHER" if entry.finisher else ""
    verb = VERBS.get(man.type, "hits").format(b=b)
    if man.is_hold or man.type == "Strike":
        text = f"{a} {verb} the {name} on {b}{fin}"
    else:
        text = f"{a} {verb} the {name}{fin}"
    if countered is not None:
        text += f", beating {b}'s {countered.label}"
    if outcome == "ace":
        text += " -- a perfect one"
    if over:
        text += f", and {b} goes over the top rope to the floor"
    text = f"{text}!" if not dealt and man.type in ("Pin-predicament", "Trick") else f"{text}! [{dealt} damage]"
    facts = _move_facts(entry)
    return said(
        text,
        "hit",
        a=attacker.idx,
        b=defender.idx,
        dealt=dealt,
        ace=outcome == "ace",
        beat=countered.label if countered is not None else "",
        over=bool(over),
        **facts,
    )


def miss(attacker, defender, entry, outcome):
    facts = dict(_move_facts(entry), a=attacker.idx, b=defender.idx, botch=outcome == "botch")
    if outcome == "botch":
        return said(f"{attacker.name} botches the {entry.label} badly!", "miss", **facts)
    if entry.move.type == "Trick":
        return said(f"{attacker.name} tries the {entry.label}, but it gets nowhere.", "miss", **facts)
    return said(f"{attacker.name} goes for the {entry.label}, but {defender.name} avoids it.", "miss", **facts)


def standoff(attacker, defender, fired=False):
    if fired:
        return said(f"{attacker.name} shrugs it off and keeps coming!", "standoff", a=attacker.idx, fired=True)
    text = f"{attacker.name} and {defender.name} trade misses: a standoff."
    return said(text, "standoff", a=attacker.idx, b=defender.idx, fired=False)


def collision(first, second):
    text = f"{first.name} and {second.name} collide and both go down! [3 damage each]"
    return said(text, "collision", a=first.idx, b=second.idx)


def telegraphed(botcher, other):
    text = f"{botcher.name} telegraphs it, and {other.name} saw it coming."
    return said(text, "telegraph", a=botcher.idx, b=other.idx)


def desperation(attacker, entry, amount):
    a = person(attacker)
    text = f"{a} pushes {a.himself} past the pain for the {entry.label}! [{amount} damage to {a.himself}]"
    return said(text, "desperation", a=attacker.idx, move=entry.label, amount=amount)


def crash(attacker, entry, amount):
    text = f"{attacker.name} crashes and burns on the {entry.label}! [{amount} damage]"
    return said(text, "crash", a=attacker.idx, amount=amount, **_move_facts(entry))


def countered(defender, attacker, c_entry, entry):
    text = f"{defender.name} counters the {entry.label} with a {c_entry.label}."
    return said(text, "counter", a=defender.idx, b=attacker.idx, counter=c_entry.move.name, **_move_facts(entry))


def reversed_(defender, attacker, c_entry, entry):
    text = f"{defender.name} reverses the {entry.label} into a {c_entry.label}!"
    return said(text, "reverse", a=defender.idx, b=attacker.idx, into=c_entry.label, **_move_facts(entry))


def weardown(fighter, name):
    return said(f"{fighter.name} is {name.lower()} now.", "weardown", a=fighter.idx, level=name)


def stays_conscious(fighter):
    f = person(fighter)
    return said(f"{f} is out on {f.his} feet, but still conscious.", "conscious", a=fighter.idx)


def passes_out(fighter, how):
    return said(f"{fighter.name} collapses from {how}!", "passes_out", a=fighter.idx, how=how)


def injury(fighter, part, added, reasons):
    facts = {"a": fighter.idx, "part": part.lower(), "added": added}
    if added:
        text = f"{fighter.name} is hurt: {added} injur{'y' if added == 1 else 'ies'} to the {part.lower()}."
        return said(text, "injury", **facts)
    return said(f"{fighter.name} shakes off any injury to the {part.lower()}.", "injury", **facts)


def stall(fighter, healed):
    f = person(fighter)
    if healed:
        return said(f"{f} takes a breather and catches {f.his} wind. [-{healed} damage]", "stall", a=fighter.idx)
    return said(f"{f} takes a breather, but can't catch {f.his} wind.", "stall", a=fighter.idx)


def edge(fighter, option, cost, detail=""):
    name = EDGE_NAMES[option]
    facts = {"a": fighter.idx, "option": option, "detail": detail}
    if option == "working_over":
        return said(f"{fighter.name} {name} {detail.lower()}. [{cost} Edge]", "edge", **facts)
    if option == "seize_initiative" and detail:
        return said(f"{fighter.name} {name} from {detail}! [{cost} Edge]", "edge", **facts)
    tail = f": {detail}" if detail and option == "second_wind" else ""
    return said(f"{fighter.name} {name}{tail}! [{cost} Edge]", "edge", **facts)


def pin(attacker, defender, reached, method, predicament, hook, interrupted=False):
    cover = (
        "the pin"
        if predicament
        else ("a lobster cover" if hook == 2 else "the cover, hooking the leg" if hook else "the cover")
    )
    facts = {"a": attacker.idx, "b": defender.idx, "how": method, "predicament": predicament, "hook": hook}
    if interrupted:
        text = f"{attacker.name} makes {cover}... 1... 2... and here comes help for {defender.name}!"
        return said(text, "pin", interrupted=True, **facts)
    if reached >= 3:
        return said(f"{attacker.name} makes {cover}... 1... 2... 3!", "pin", interrupted=False, **facts)
    reacheds = "... ".join(str(n) for n in range(1, reached + 1))
    shown = f"{reacheds}... " if reached else ""
    return said(f"{attacker.name} makes {cover}... {shown}{defender.name} {method}!", "pin", interrupted=False, **facts)


def pinfall(attacker, defender, cheated=False):
    a = person(attacker)
    how = f" with {a.his} feet on the ropes" if cheated else ""
    text = f"{a} pins {defender.name}{how}! {a} wins by pinfall."
    return said(text, "end", a=attacker.idx, b=defender.idx, cheated=cheated)


def no_count(attacker, defender, ref):
    text = f"{attacker.name} covers {defender.name}, but {referee_name(ref, lower=True)} is not there to count!"
    return said(text, "no_count", a=attacker.idx, b=defender.idx)


def screwjob_fail(attacker):
    a = person(attacker)
    return said(f"{a} tries to get {a.his} feet on the ropes, but can't.", "screwjob", a=attacker.idx, ok=False)


def screwjob(attacker, defender, ref, caught):
    a, r = person(attacker), referee_name(ref, lower=True)
    if caught:
        text = f"{a} puts {a.his} feet on the ropes -- {r} sees it and stops the count!"
        return said(text, "screwjob", a=attacker.idx, ok=False, caught=True)
    text = f"{a} puts {a.his} feet on the ropes and {r} doesn't see it!"
    return said(text, "screwjob", a=attacker.idx, ok=True)


def release(holder, victim, entry):
    return said(f"{holder.name} lets go of the {entry.label}.", "release", a=holder.idx, b=victim.idx, move=entry.label)


def leverage(holder, victim):
    return said(f"{holder.name} grabs the ropes for extra leverage!", "leverage", a=holder.idx, b=victim.idx)


def refuses_break(holder, victim):
    text = f"{victim.name} reaches the ropes, but {holder.name} won't let go!"
    return said(text, "refuses_break", a=holder.idx, b=victim.idx)


def hold_broken(victim, holder, entry, option, outcome):
    extra = " and turns the tables" if outcome == "ace" else ""
    text = f"{victim.name} {BREAKS[option]} the {entry.label}{extra}."
    facts = {"a": victim.idx, "b": holder.idx, "method": option, "ace": outcome == "ace"}
    return said(text, "break", move=entry.label, **facts)


def hold_reversed(victim, holder, rev, entry):
    text = f"{victim.name} reverses the {entry.label} into a {rev.label}!"
    return said(text, "hold_reversed", a=victim.idx, b=holder.idx, move=entry.label, into=rev.label)


def hold_damage(holder, victim, entry, dealt, healed):
    rest = " while resting" if healed else ""
    text = f"{holder.name} keeps the {entry.label} on{rest}. [{dealt} damage]"
    facts = {"a": holder.idx, "b": victim.idx, "dealt": dealt, "resting": bool(healed)}
    return said(text, "hold", **facts, **_move_facts(entry))


def submits(victim, holder, entry):
    text = f"{victim.name} taps out to the {entry.label}! {holder.name} wins by submission."
    return said(text, "end", a=holder.idx, b=victim.idx, move=entry.label)


def fades(victim):
    return said(f"{victim.name} is fading in the sleeper...", "fades", a=victim.idx)


def arm_drop(ref, victim, drops):
    if drops >= 3:
        return said("The arm drops once... twice... three times!", "arm_drop", a=victim.idx, drops=drops)
    times = "once" if drops == 1 else f"{drops} times"
    text = f"{referee_name(ref)} lifts {victim.name}'s arm: it drops {times}, then stays up!"
    return said(text, "arm_drop", a=victim.idx, drops=drops)


def sleeper_ko(victim):
    return said(f"{victim.name} is out: the referee calls for the bell!", "end", b=victim.idx)


def comes_round(fighter):
    return said(f"{fighter.name} comes round.", "comes_round", a=fighter.idx)


def play_to_crowd(fighter):
    return said(f"{fighter.name} plays to the crowd! (Heat {fighter.heat:+d})", "crowd", a=fighter.idx)


def decision(fighter, option, auto):
    """A decision a person made (or his tactics made for him)."""
    f = person(fighter)
    if option is None:
        why = "time runs out" if auto == "timeout" else "corner decides"
        return said(f"{f}'s {why}: {f.his} tactics choose.", "decision", a=fighter.idx)
    return said(f"{f} calls for {option.label.split(' (')[0]}.", "decision", a=fighter.idx)


__all__ = ["Said"]
