"""What the rules say at the moment it happens, for the Changes of Venue (tag teams, the cage), and the small
pieces every ``rules.arm.narration`` function uses: ``Said``, ``said``, ``person``, ``referee_name``."""

from rules.narration_kit import DEFAULT_PRONOUNS, Person


class Said(str):
    """A sentence (the fallback text) with what the commentary needs to call it: ``kind`` and ``facts``."""

    kind = ""
    facts = {}


def said(text, kind, **facts):
    out = Said(text)
    out.kind = kind
    out.facts = facts
    return out


def person(fighter):
    """A wrestler as the commentary says him (the sheet's ``pronouns``; he when a sheet has none)."""
    sheet = getattr(fighter, "sheet", None) or {}
    return Person(fighter.name, getattr(fighter, "side", None), sheet.get("pronouns", DEFAULT_PRONOUNS))


def referee_name(ref, lower=False):
    """The referee's name as written ("Slow-count Sam" stays "Slow-count Sam"); "the referee" is capitalised at the
    start of a sentence unless ``lower``."""
    name = ref.name
    if not lower and name[:1].islower():
        return name[0].upper() + name[1:]
    return name


TAG_HOW = {
    "tag": "tags in",
    "blind": "makes a blind tag to",
    "fake": "fakes a tag to",
    "lunge": "dives for the corner and makes the hot tag to",
}


def tag(out, new, how):
    if how == "fake":
        text = f"The referee buys it: {new.name} is in, and {out.name} heads to the apron!"
        return said(text, "tag", a=out.idx, b=new.idx, how=how)
    return said(f"{out.name} {TAG_HOW[how]} {new.name}!", "tag", a=out.idx, b=new.idx, how=how)


def blind_tag(new, defender):
    d = person(defender)
    text = f"{d} never saw the tag, and {new.name} is right behind {d.him}!"
    return said(text, "blind_tag", a=new.idx, b=defender.idx)


def fake_tag(attacker, partner, ok):
    a = person(attacker)
    if ok:
        text = f"{a} claps {a.his} hands loudly by {a.his} corner, and {partner.name} climbs in..."
        return said(text, "fake_tag", a=attacker.idx, ok=True)
    text = f"{a} tries to fake a tag to {partner.name}, but the referee saw the whole thing."
    return said(text, "fake_tag", a=attacker.idx, ok=False)


def block_attempt(blocker, saver, ok):
    if ok:
        return said(f"{blocker.name} is through the ropes to cut off {saver.name}!", "block", a=blocker.idx, ok=True)
    b = person(blocker)
    text = f"{b} tries to get in to stop {saver.name}, but the referee waves {b.him} back."
    return said(text, "block", a=blocker.idx, ok=False)


def save_blocked(blocker, saver):
    text = f"{blocker.name} cuts off the save: {saver.name} never gets there!"
    return said(text, "save_blocked", a=blocker.idx, b=saver.idx)


def save_missed(saver, pinner):
    text = f"{saver.name} charges in to break it up, but misses {pinner.name}!"
    return said(text, "save_missed", a=saver.idx, b=pinner.idx)


def saved(saver, victim):
    text = f"{saver.name} breaks up the count to save {victim.name}! The referee is furious."
    return said(text, "saved", a=saver.idx, b=victim.idx)


def double_team(attacker, partner, defender, e1, e2):
    if e1.move.name == e2.move.name:
        pair = f"{attacker.name} and {partner.name}"
        text = f"{partner.name} comes in: a double {e1.label} on {defender.name} from {pair}!"
    else:
        text = (
            f"{partner.name} comes in to help {attacker.name}: {e1.label} and {e2.label} together on {defender.name}!"
        )
    return said(text, "double_team", a=attacker.idx, b=defender.idx)


def back_to_apron(fighter):
    f = person(fighter)
    return said(f"{f} goes back to {f.his} corner.", "apron", a=fighter.idx)


def escaping(attacker, route, out, cage):
    facts = {"a": attacker.idx, "route": route, "out": out}
    if out:
        where = "through the door" if route == "door" else "over the top of the cage"
        return said(f"{attacker.name} is {where}!", "escaping", **facts)
    if route == "door":
        return said(f"{attacker.name} crawls for the cage door!", "escaping", **facts)
    return said(f"{attacker.name} starts climbing the {cage.height_ft}-foot cage!", "escaping", **facts)


def escaped(fighter, how, cage):
    f = person(fighter)
    if how == "lunge":
        return said(f"{f} dives out of the cage! {f.He} escape{f.s} and win{f.s}!", "end", a=fighter.idx)
    text = f"{f} drops to the floor outside the cage! {f.He} escape{f.s} and win{f.s}!"
    return said(text, "end", a=fighter.idx)


def pulled_down(defender, attacker, ok, amount):
    a = person(attacker)
    if ok:
        text = f"{defender.name} drags {a} off the cage and slams {a.him} to the mat ({amount})!"
        return said(text, "pulled_down", a=defender.idx, b=attacker.idx, ok=True)
    text = f"{defender.name} grabs at {a}, but {a.he} kick{a.s} free."
    return said(text, "pulled_down", a=defender.idx, b=attacker.idx, ok=False)
