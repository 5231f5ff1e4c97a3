"""ADVANCED RULES, "Cheating (within the rules)": Foreign Objects, Run-Ins, Attacking the Referee.

What survives of the original page (REFERENCE §3.1, FOUND) is implemented as found; the missing rest
of Attacking the Referee follows proposal W10. Each rule is off unless the stipulation switches it on:
``advanced: {"foreign_objects": true, "run_ins": true, "attack_referee": true}`` (or ``advanced: true``).
"""

from rules.hp_d6 import knockdown
from rules.hp_d6.hit_points import damage

# Foreign Objects: "If he connects, roll a further d6": 1-2 the referee sees it (DQ), else HP lost.
FOREIGN_OBJECT_TABLE = {1: "seen", 2: "seen", 3: 2, 4: 2, 5: 3, 6: 5}
UNSEEN_DAMAGE = 2  # a 1-2 nobody can see (referee down, or no DQ) lands like a 3-4 (decision H-ADV-2)
WEAPONS = ("steel chair", "ring bell", "kendo stick", "title belt", "pair of brass knuckles", "broken crutch")

RUN_IN_DAMAGE = 10  # "hits the opponent with his Trademark Finisher (-10 HP)"

P_PICK_UP = ("foreign object pick-up: attacker", "foreign object pick-up: defender")
P_CONNECT = ("foreign object connect: attacker", "foreign object connect: defender")
P_FO_RESULT = "foreign object: result"
P_RUN_IN = "run-in: does he come?"
P_RUN_IN_SEEN = "run-in: does the referee see it?"
P_ATTACK_REF = "attack referee"
P_REF_DOWN = "attack referee: turns down"
P_REPLACEMENT = "replacement referee: turns"


def foreign_object(m, att, dfn):
    """Pick a weapon up (a roll-off), then connect (a roll-off), then the d6 table."""
    if att.weapon is None:
        a, d = m.opposed(P_PICK_UP, att, dfn)
        if a <= d:
            m.emit(
                "foreign_object",
                "",
                att.side,
                dfn.side,
                {"outcome": "no weapon", "damage": 0},
            )
            return
        att.weapon = WEAPONS[(m.turn_number + att.side) % len(WEAPONS)]
        att.snap = None
    weapon = att.weapon
    a, d = m.opposed(P_CONNECT, att, dfn)
    if a <= d:  # he keeps holding it
        m.emit(
            "foreign_object",
            "",
            att.side,
            dfn.side,
            {"weapon": weapon, "outcome": "missed", "damage": 0},
        )
        return
    value = m.roll(6, P_FO_RESULT, att.side)
    result = FOREIGN_OBJECT_TABLE[value]
    if result == "seen" and m.dq_possible():
        m.emit(
            "foreign_object",
            "",
            att.side,
            dfn.side,
            {"weapon": weapon, "outcome": "seen", "damage": 0},
        )
        m.finish(dfn.side, "disqualification", "")
    amount = UNSEEN_DAMAGE if result == "seen" else result
    dealt = damage(dfn, amount)
    knockdown.knock_down(dfn)
    m.emit(
        "foreign_object",
        "",
        att.side,
        dfn.side,
        {"weapon": weapon, "outcome": "hit", "damage": dealt},
    )


def run_in(m, caller, victim, save=False):
    """One per wrestler per match: 4-6 someone runs in with his finisher (-10 HP); then 1-4 the ref sees it.

    ``save`` is the run-in that stops a pinfall "even after the pin has been awarded". Returns True if
    somebody ran in (and the match goes on).
    """
    caller.run_in_used = True
    caller.snap = None
    value = m.roll(6, P_RUN_IN, caller.side)
    if value <= 3:
        m.emit(
            "run_in",
            "",
            caller.side,
            victim.side,
            {"outcome": "no run-in", "damage": 0, "save": save},
        )
        return False
    dealt = damage(victim, RUN_IN_DAMAGE)
    knockdown.knock_down(victim)
    seen = m.dq_possible() and m.roll(6, P_RUN_IN_SEEN, caller.side) <= 4
    m.emit(
        "run_in",
        "",
        caller.side,
        victim.side,
        {"outcome": "seen" if seen else "unseen", "damage": dealt, "save": save},
    )
    if seen:
        m.finish(victim.side, "disqualification", "")
    return True


def attack_referee(m, att, dfn):
    """Roll d6: 1-2 he fails to knock the referee out and is disqualified; 3-4 down 1d6 turns; 5-6 out (W10)."""
    value = m.roll(6, P_ATTACK_REF, att.side)
    if value <= 2:
        m.emit(
            "attack_referee",
            "",
            att.side,
            None,
            {"outcome": "disqualified" if not m.no_dq else "shrugged off"},
        )
        if not m.no_dq:
            m.finish(dfn.side, "disqualification", "")
        return
    if value <= 4:
        turns = m.roll(6, P_REF_DOWN, att.side)
        m.referee = "down"
    else:
        turns = m.roll(6, P_REPLACEMENT, att.side) + m.roll(6, P_REPLACEMENT, att.side)
        m.referee = "out"
    m.referee_turns = turns + 1  # the turns *after* this one (end_turn counts this one down first)
    m.emit(
        "attack_referee",
        "",
        att.side,
        None,
        {"outcome": m.referee, "turns": turns},
    )


def referee_clock(m):
    """Called at the end of every turn while the referee is down or out."""
    m.referee_turns -= 1
    if m.referee_turns > 0:
        return
    m.referee = "up"
    m.emit("referee", "", None, None, {"outcome": "back"})
