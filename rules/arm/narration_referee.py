"""What the rules say at the moment it happens (see :mod:`rules.arm.narration`): the referee, counts,
interference, tricks and the endings."""

from rules.arm.narration_venue import person, referee_name, said

COUNT_NAMES = {
    "choke": "choke",
    "rope_break": "rope break",
    "ring_out": "count-out",
    "top_rope": "top rope",
    "tag_switch": "illegal man",
}


def knockout(ref, fighter):
    f = person(fighter)
    text = f"{referee_name(ref)} checks on {f} and waves it off: {f.he} cannot continue!"
    return said(text, "knockout", a=fighter.idx, referee=referee_name(ref))


def unseen(ref, fighter, infraction):
    text = f"{fighter.name} gets away with {infraction}."
    return said(text, "unseen", a=fighter.idx, infraction=infraction, referee=referee_name(ref))


def warning(ref, fighter, infraction):
    r = referee_name(ref)
    text = f"{r} warns {fighter.name} for {infraction} (warning {fighter.warnings})."
    return said(text, "warning", a=fighter.idx, infraction=infraction, referee=r, n=fighter.warnings)


def dq_call(ref, fighter, infraction):
    r = referee_name(ref)
    return said(f"{r} saw that: {infraction}!", "dq_call", a=fighter.idx, infraction=infraction, referee=r)


def disqualified(fighter, why, fighters):
    other = [x for x in fighters if x.side != fighter.side][0]
    text = f"{fighter.name} is disqualified ({why})! {other.name} wins by disqualification."
    return said(text, "end", a=fighter.idx, why=why)


def counted_out(fighter):
    return said(f"{fighter.name} is counted out!", "end", a=fighter.idx)


def double_countout(fighters):
    return said(f"{' and '.join(f.name for f in fighters)} are both counted out: a draw!", "end")


def draw(reason):
    return said(f"The match ends in a draw ({reason}).", "end", why=reason)


def time_limit(limit, fighters):
    return said(f"The bell! The {limit // 60}-minute time limit has expired: a draw!", "end", limit=limit // 60)


def count_start(ref, fighter, kind):
    r = referee_name(ref)
    text = f"{r} starts the {COUNT_NAMES[kind]} count on {fighter.name}."
    return said(text, "count_start", a=fighter.idx, count=COUNT_NAMES[kind], referee=r)


def count(ref, fighter, kind, total):
    text = f"{COUNT_NAMES[kind].capitalize()} count on {fighter.name}: {total}."
    return said(text, "count", a=fighter.idx, count=COUNT_NAMES[kind], total=total, referee=referee_name(ref))


def restart(ref):
    r = referee_name(ref)
    return said(f"{r} separates them and calls for a fresh tie-up.", "restart", referee=r)


def bump(ref, attacker, rounds):
    r = referee_name(ref, lower=True)
    lasts = "for a long while" if rounds >= 5 else "for a moment"
    text = f"{attacker.name} 'accidentally' sends {r} sprawling! {referee_name(ref)} is down {lasts}."
    return said(text, "bump", a=attacker.idx, referee=referee_name(ref), long=rounds >= 5)


def bump_seen(ref, attacker):
    r = referee_name(ref, lower=True)
    return said(f"{attacker.name} shoves {r}, and {r} knows exactly what that was!", "bump_seen", a=attacker.idx)


def run_in(second, helped, victim, hit, dealt):
    if hit:
        text = f"{second.name} runs in and levels {victim.name} behind the referee's back! [{dealt} damage]"
        return said(text, "run_in", b=victim.idx, second=second.name, hit=True)
    text = f"{second.name} runs in to help {helped.name}, but {victim.name} sees it coming."
    return said(text, "run_in", b=victim.idx, second=second.name, hit=False)


def rope_breaks(attacker, ref):
    text = (
        f"The top rope snaps under {attacker.name}! {referee_name(ref)} waves it off: "
        "this match cannot be finished as sanctioned. No contest!"
    )
    return said(text, "end", a=attacker.idx)


def referee_up(ref):
    return said(f"{referee_name(ref)} is back up.", "referee_up", referee=referee_name(ref))


def distract(attacker, ref, rounds):
    return said(f"{attacker.name} distracts {referee_name(ref, lower=True)}!", "distract", a=attacker.idx, ok=True)


def distract_seen(attacker, ref):
    text = f"{referee_name(ref)} sees what {attacker.name} is up to and keeps watching the ring."
    return said(text, "distract", a=attacker.idx, ok=False)


def trick(attacker, entry):
    return said(f"{attacker.name} pulls a {entry.label}.", "trick", a=attacker.idx, move=entry.label)


def engineered(match, eng):
    who = " and ".join(match.legal[s].name for s in eng["by"])
    return said(f"Something is wrong here: {who} {'are' if len(eng['by']) > 1 else 'is'} not trying.", "engineered")


def engineered_result(match, eng):
    w = match.legal[eng["winner"]]
    return said(f"{w.name} wins by {eng['method']} -- and the crowd knows it was a fix.", "end", a=w.idx)
