"""The Moves: "There are 6 different types of maneuvers that you can use to drain your opponent's HP."

Every move is an opposed d6 roll-off ("each player rolling a d6 ... If the attacking player rolls
highest, the move is successful"); a tie is a failure for the attacker (W1). The numbers of the text
are in ``MOVE_TABLE``, one row per move type, next to the sentence they come from.

Every *attack roll* (strike, grapple, the high-risk attack roll, the submission's apply roll, a
pinning combination's carrier roll, a declared finisher) is also the finisher check (W6): with the
defender at 15 HP or less and the dice showing attacker 6, defender 1, the attacker may swap his move
for his Trademark Finisher (``take_finisher`` in his tactics; on by default).
"""

from rules.hp_d6 import knockdown, pins
from rules.hp_d6.hit_points import damage
from rules.hp_d6.pins import PIN_HP

FINISHER_HP = 15  # "First, your opponent must be at 15 or less HPs."
TAPOUT_ROLLS = 5  # "the submission is locked for 5 rolls, the defending wrestler taps out"

MOVE_TYPES = ("strike", "grapple", "high_risk", "pinning_combination", "submission", "finisher")
NAMED_TYPES = ("strike", "grapple", "high_risk", "pinning_combination", "submission")  # names on the sheet
CARRIERS = ("grapple", "high_risk")  # what a pinning combination is "added to" (never a strike)

MOVE_TABLE = (
    {
        "type": "strike",
        "label": "Strike",
        "damage": 1,
        "rolls": ["attack"],
        "allowed": "both standing, or one prone and one standing",
        "on_failure": "nothing happens",
        "examples": ["punch", "kick", "leg drop"],
        "text": "These moves remove 1 HP if they are successful.",
    },
    {
        "type": "grapple",
        "label": "Grapple",
        "damage": 2,
        "rolls": ["attack", "reversal (if the defender rolled higher)"],
        "allowed": "attacker standing; a prone defender is stood up first",
        "on_failure": "if the defender wins the attack roll and the reversal roll, the attacker loses 1 HP",
        "examples": ["body slam", "DDT", "Irish whip"],
        "text": "These types of moves take 2 HPs from your opponent.",
    },
    {
        "type": "high_risk",
        "label": "High Risk",
        "damage": 3,
        "self_damage_on_miss": 1,
        "rolls": ["set-up", "attack"],
        "allowed": "attacker standing; defender standing or prone",
        "on_failure": "failed set-up: nothing; failed attack: the attacker loses 1 HP",
        "examples": ["missile drop kick", "flying elbow drop", "flying cross body"],
        "text": "These moves require 2 rolls and have the potential to remove 3 HPs from your opponent.",
    },
    {
        "type": "pinning_combination",
        "label": "Pinning Combination",
        "damage": None,
        "rolls": ["the carrier move's rolls", "one more roll", "the three pin rolls"],
        "allowed": f"opponent standing; pin only at {PIN_HP} HP or less",
        "on_failure": "the carrier move's own failure; a lost extra roll means no pin",
        "examples": ["power slam into a pin"],
        "text": "This can be added to any type of move (except for a strike) by adding an additional roll to it.",
    },
    {
        "type": "submission",
        "label": "Submission",
        "damage": 1,
        "rolls": ["apply", "sustain", "further rolls until the defender wins"],
        "allowed": "attacker standing; defender standing or prone",
        "on_failure": "the hold is not locked; once locked, a defender win breaks it and he stays prone",
        "examples": ["armbar", "sleeper hold", "Boston crab"],
        "text": f"If the defending wrestler has {PIN_HP} or less HP and the hold is locked for "
        f"{TAPOUT_ROLLS} rolls, he taps out.",
    },
    {
        "type": "finisher",
        "label": "Trademark Finisher",
        "damage": "all remaining HP",
        "rolls": ["attack (needs attacker 6, defender 1)", "the defender's kick-out d6 (a natural 6)"],
        "allowed": f"opponent at {FINISHER_HP} HP or less",
        "on_failure": "nothing happens",
        "examples": [],
        "text": "the attack must roll a 6 on his attack roll and the defender must roll a 1.",
    },
)

DAMAGE = {row["type"]: row["damage"] for row in MOVE_TABLE}

P_STRIKE = ("strike: attacker", "strike: defender")
P_GRAPPLE = ("grapple: attacker", "grapple: defender")
P_REVERSAL = ("grapple reversal: attacker", "grapple reversal: defender")
P_SETUP = ("high risk set-up: attacker", "high risk set-up: defender")
P_HIGH = ("high risk attack: attacker", "high risk attack: defender")
P_COMBO = ("pinning combination: attacker", "pinning combination: defender")
P_APPLY = ("submission apply: attacker", "submission apply: defender")
P_SUSTAIN = ("submission sustain: attacker", "submission sustain: defender")
P_HOLD = ("submission hold: attacker", "submission hold: defender")
P_FINISHER = ("finisher: attacker", "finisher: defender")


def finisher_chance(m, att, dfn, a, d, instead_of=None):
    """W6: the attack roll shows 6 against 1 and the defender is at 15 HP or less; then he "may" take it (his
    tactics' ``take_finisher``, or a person's decision ``finisher``)."""
    if not (a == 6 and d == 1 and dfn.hp <= FINISHER_HP):
        return False
    if m.choosers is None:
        return att.tactics.take_finisher
    return m.choices.takes_finisher(m, att, dfn, instead_of)


# Each move emits one event per step. In quiet mode (odds, benchmark) the event is only counted, and
# the move names (words only) are not looked up; the dice and the state changes are the same.


def strike(m, att, dfn, free=False):
    """Strike: 1 HP. Legal unless both are down; the only move a prone wrestler can make (his free attack)."""
    a, d = m.opposed(P_STRIKE, att, dfn)
    loud = m.loud
    name = att.move_name("strike", "Forearm", m.turn_number) if loud else None
    if a == 6 and d == 1 and finisher_chance(m, att, dfn, a, d, name):
        return finisher(m, att, dfn, instead_of=name)
    hit = a > d
    dealt = 0
    if hit:
        dealt = damage(dfn, 1)
        knockdown.knock_down(dfn)
    if loud:
        m.emit(
            "strike",
            "",
            att.side,
            dfn.side,
            {"move": name, "move_type": "strike", "outcome": "hit" if hit else "miss", "damage": dealt, "free": free},
        )
    else:
        m.log.seq += 1
    return hit


def grapple(m, att, dfn, combo=None):
    """Grapple: 2 HP; a prone defender is stood up first; two lost roll-offs in a row reverse it."""
    stood = dfn.prone
    if stood:  # "if you grapple with a prone wrestler, he/she is automatically returned to a standing position"
        knockdown.stand(dfn)
    a, d = m.opposed(P_GRAPPLE, att, dfn)
    loud = m.loud
    name = att.move_name("grapple", "Body Slam", m.turn_number) if loud else None
    if a == 6 and d == 1 and finisher_chance(m, att, dfn, a, d, name):
        return finisher(m, att, dfn, instead_of=name)
    dealt = self_dealt = 0
    if a > d:
        dealt = damage(dfn, 2)
        knockdown.knock_down(dfn)
        outcome = "hit"
    elif d > a:
        a2, d2 = m.opposed(P_REVERSAL, att, dfn)
        if d2 > a2:  # "then the move is reversed and the attacking player loses 1 HP"
            self_dealt = damage(att, 1)
            knockdown.knock_down(att)
            outcome = "reversed"
        else:
            outcome = "blocked"
    else:
        outcome = "blocked"
    if loud:
        m.emit(
            "grapple",
            "",
            att.side,
            dfn.side,
            {
                "move": name,
                "move_type": "grapple",
                "outcome": outcome,
                "damage": dealt,
                "self_damage": self_dealt,
                "stood_up": stood,
            },
        )
    else:
        m.log.seq += 1
    return outcome == "hit"


def high_risk(m, att, dfn, combo=None):
    """High Risk: a set-up roll, then the attack roll: 3 HP, or a miss that costs the attacker 1 HP."""
    a, d = m.opposed(P_SETUP, att, dfn)
    loud = m.loud
    name = att.move_name("high_risk", "Flying Cross Body", m.turn_number) if loud else None
    dealt = self_dealt = 0
    if a <= d:  # "If you fail the first roll, your turn ends and nothing happens."
        outcome = "set-up failed"
    else:
        a, d = m.opposed(P_HIGH, att, dfn)
        if a == 6 and d == 1 and finisher_chance(m, att, dfn, a, d, name):
            return finisher(m, att, dfn, instead_of=name)
        if a > d:
            dealt = damage(dfn, 3)
            knockdown.knock_down(dfn)
            outcome = "hit"
        else:  # "you attempt the high risk maneuver and miss (remove 1 HP from yourself)"
            self_dealt = damage(att, 1)
            knockdown.crash(att)
            outcome = "missed"
    if loud:
        m.emit(
            "high_risk",
            "",
            att.side,
            dfn.side,
            {"move": name, "move_type": "high_risk", "outcome": outcome, "damage": dealt, "self_damage": self_dealt},
        )
    else:
        m.log.seq += 1
    return outcome == "hit"


def pinning_combination(m, att, dfn, carrier=None):
    """A carrier move (grapple or high risk: his tactics', or a person's pick), one more winning roll, then the
    three pin rolls."""
    combo = att.move_name("pinning_combination", "Roll-Up", m.turn_number) if m.loud else None
    carrier = carrier or att.tactics.combination_carrier
    landed = (grapple if carrier == "grapple" else high_risk)(m, att, dfn, combo=combo)
    if landed is not True:  # the carrier failed, or became a finisher
        return
    if dfn.hp > PIN_HP or m.referee != "up":
        m.emit(
            "pinning_combination",
            "",
            att.side,
            dfn.side,
            {"move": combo, "move_type": "pinning_combination", "outcome": "no pin"},
        )
        return
    a, d = m.opposed(P_COMBO, att, dfn)
    won = a > d
    m.emit(
        "pinning_combination",
        "",
        att.side,
        dfn.side,
        {"move": combo, "move_type": "pinning_combination", "outcome": "cover" if won else "escaped"},
    )
    if won:
        pins.pin_rolls(m, att, dfn)


def submission(m, att, dfn):
    """Apply, sustain (-1 HP), then roll on: each attacker win -1 HP, until the defender wins or taps."""
    a, d = m.opposed(P_APPLY, att, dfn)
    name = att.move_name("submission", "Headlock", m.turn_number)  # also in the result: quiet mode too
    if a == 6 and d == 1 and finisher_chance(m, att, dfn, a, d, name):
        return finisher(m, att, dfn, instead_of=name)
    if a > d:
        a, d = m.opposed(P_SUSTAIN, att, dfn)
        outcome = "locked" if a > d else "escaped"
    else:
        outcome = "blocked"
    dealt = 0
    if outcome == "locked":
        dealt = damage(dfn, 1)
        knockdown.knock_down(dfn)
    m.emit(
        "submission",
        "",
        att.side,
        dfn.side,
        {"move": name, "move_type": "submission", "outcome": outcome, "damage": dealt},
    )
    if outcome != "locked":
        return
    locked = 0
    loud = m.loud
    opposed = m.opposed
    while True:
        a, d = opposed(P_HOLD, att, dfn)
        if d > a:  # "Keep rolling until the defending wrestler rolls the highest ... the hold is broken"
            outcome, dealt = "broken", 0
        else:
            locked += 1
            dealt = damage(dfn, 1) if a > d else 0
            if locked >= TAPOUT_ROLLS and dfn.hp <= PIN_HP:
                outcome = "tap out" if m.referee == "up" else "unseen tap"
            else:
                outcome = "wrenched" if dealt else "held"
        if loud:
            m.emit(
                "submission_hold",
                "",
                att.side,
                dfn.side,
                {"move": name, "outcome": outcome, "damage": dealt, "locked_rolls": locked},
            )
        else:
            m.log.seq += 1
        if outcome == "broken":  # "the hold is broken, but the defending wrestler remains prone"
            return
        if outcome == "tap out":
            m.finish(att.side, "submission", "", move=name)


def finisher_attempt(m, att, dfn):
    """A declared Trademark Finisher: one roll-off that must show 6 against 1; anything else fizzles."""
    a, d = m.opposed(P_FINISHER, att, dfn)
    if a == 6 and d == 1 and dfn.hp <= FINISHER_HP:
        return finisher(m, att, dfn)
    m.emit(
        "finisher_attempt",
        "",
        att.side,
        dfn.side,
        {"move": att.finisher, "move_type": "finisher", "outcome": "countered", "damage": 0},
    )
    return False


def finisher(m, att, dfn, instead_of=None):
    """The Trademark Finisher lands: every remaining HP is gone; he may go for the pin at once."""
    dealt = damage(dfn, dfn.hp)
    knockdown.knock_down(dfn)
    m.emit(
        "finisher",
        "",
        att.side,
        dfn.side,
        {"move": att.finisher, "move_type": "finisher", "outcome": "hit", "damage": dealt, "instead_of": instead_of},
    )
    if m.referee == "up" and (att.tactics.pin if m.choosers is None else m.choices.covers_after_finisher(m, att, dfn)):
        pins.finisher_pin(m, att, dfn)
    return "finisher"
