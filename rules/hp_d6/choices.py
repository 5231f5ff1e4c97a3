"""The decision points of hp-d6 (rules/decisions.py; the table is in docs/rules/hp-d6.md "Decision points").

The seed gives a wrestler five choices: which move he makes on his turn ("On your turn to attack, if you choose to
apply a submission maneuver ..."; the pin "you can attempt"), whether an attack roll of 6 against 1 becomes his
Trademark Finisher ("the attacking wrestler may execute"), whether he covers after it ("may immediately go for the
pin"), whether the man who kicked out at one makes his free attack ("may make a free attack") and, with the
advanced rules, whether his run-in saves a pin that has been awarded ("may be used to stop a pinfall"). Each is a
``match.decide`` whose default is the tactics' own choice; the options carry the odds the rules give them (every
roll is an opposed d6 the side that wants something must win outright, W1: 15 chances in 36).
"""

from rules.decisions import Option
from rules.hp_d6 import moves
from rules.hp_d6.advanced import RUN_IN_DAMAGE
from rules.hp_d6.moves import FINISHER_HP
from rules.hp_d6.pins import PIN_HP

WIN = 15 / 36  # an opposed d6 won outright (a tie fails, W1)
KICK_OUT_FINISHER = 1 / 6  # the finisher pin: a natural 6
PROMPTS = {
    "move": "{name}'s turn: which move?",
    "finisher": "6 against 1: does {name} hit his Trademark Finisher instead?",
    "cover": "The finisher landed: does {name} go for the pin?",
    "free-attack": "{name} kicked out at one: a free attack from the mat?",
    "run-in": "{name} is pinned, the three is in: does his run-in save it?",
}
LABELS = {
    "strike": "Strike",
    "grapple": "Grapple",
    "high_risk": "High Risk",
    "submission": "Submission",
    "pinning_combination": "Pinning Combination",
}
FALLBACK = {
    "strike": "Forearm",
    "grapple": "Body Slam",
    "high_risk": "Flying Cross Body",
    "submission": "Headlock",
    "pinning_combination": "Roll-Up",
}


def check(odds, *rolls, **extra):
    """An hp-d6 check: opposed d6 roll-offs (``rolls`` names them in order) and the chance the rules give."""
    return {"die": "d6", "roll_off": True, "rolls": list(rolls), "odds": round(odds, 4), **extra}


def pct(odds):
    return f"{odds * 100:.0f} %" if odds >= 0.01 or odds == 0 else f"{odds * 100:.1f} %"


def pin_odds(hp):
    """The three counts won in a row; on a man at 0 HP the finisher's one d6 (D10)."""
    return 1 - KICK_OUT_FINISHER if hp == 0 else WIN**3


def _name(m, w, kind):
    return w.move_name(kind, FALLBACK[kind], m.turn_number)


def _no_names(w, kind):
    return None if w.moves.get(kind) else f"no {LABELS[kind].lower()} moves on his sheet"


def _move(kind, title, odds, check_, refusal=None, needs=(), cost=None):
    """A move option: id ``move:<kind>``, value ``kind`` (an ``ACTIONS`` key); the label has what it does to him
    (``check_["damage"]``) and the odds."""
    effect = check_.get("effect")
    label = f"{title} ({effect + ', ' if effect else ''}{pct(odds)})" if refusal is None else title
    return Option(f"move:{kind}", label, dict(cost or {}), check_, tuple(needs), kind, refusal)


def move_options(m, w, opp):
    """Every move type the text has, in its order, each with its odds; the ones not allowed now are refused."""
    ref_up = m.referee == "up"
    out = []
    # the pin first: "When you come to your turn and your opponent is prone ... you can attempt to go for the pin"
    reason = None
    if not ref_up:
        reason = f"the referee is {m.referee}: nobody counts"
    elif not opp.prone:
        reason = "he is standing: a pin needs him down (a pinning combination covers a standing man)"
    elif opp.hp > PIN_HP:
        reason = f"he is at {opp.hp} HP: a pin needs {PIN_HP} or less"
    odds = pin_odds(opp.hp)
    rolls = ("finisher pin: his natural 6 kicks out",) if opp.hp == 0 else ("count 1", "count 2", "count 3")
    out.append(_move("pin", "Go for the pin", odds, check(odds, *rolls), reason, ("no roll to start the cover",)))
    name = _name(m, w, "strike")
    out.append(
        _move("strike", f"Strike: {name}", WIN, check(WIN, "attack", damage=1, effect="-1 HP"), None, ("-1 HP",))
    )
    name = _name(m, w, "grapple")
    needs = ("-2 HP", f"reversed {pct(WIN * WIN)}: -1 HP to him")
    if opp.prone:
        needs += ("stands him up first",)
    out.append(
        _move(
            "grapple", f"Grapple: {name}", WIN, check(WIN, "attack", "reversal", damage=2, effect="-2 HP"), None, needs
        )
    )
    name = _name(m, w, "high_risk")
    needs = ("-3 HP", f"misses {pct(WIN * (1 - WIN))}: -1 HP to him and he crashes")
    odds = WIN * WIN
    out.append(
        _move(
            "high_risk",
            f"High Risk: {name}",
            odds,
            check(odds, "set-up", "attack", damage=3, effect="-3 HP"),
            _no_names(w, "high_risk"),
            needs,
        )
    )
    name = _name(m, w, "submission")
    needs = ("-1 HP, then -1 a roll he wins", f"a tap-out after 5 locked rolls at {PIN_HP} HP or less")
    out.append(
        _move(
            "submission",
            f"Submission: {name}",
            odds,
            check(odds, "apply", "sustain", damage=1, effect="-1 HP, more while locked"),
            _no_names(w, "submission"),
            needs,
        )
    )
    out += combination_options(m, w, opp)
    odds = 1 / 36
    reason = None if opp.hp <= FINISHER_HP else f"he is at {opp.hp} HP: the finisher needs {FINISHER_HP} or less"
    needs = ("6 against 1, else it fizzles", "all his HP")
    out.append(
        _move(
            "finisher",
            f"Declare {w.finisher}",
            odds,
            check(odds, "attack (6 against 1)", effect="all his HP"),
            reason,
            needs,
        )
    )
    out += cheat_options(m, w, opp)
    return out


def combination_options(m, w, opp):
    """D13: a grapple or high-risk move, one more roll, then the three counts (against a standing man)."""
    out = []
    combo = _name(m, w, "pinning_combination")
    for carrier in moves.CARRIERS:
        reason = _no_names(w, "pinning_combination") or _no_names(w, carrier)
        if reason is None and opp.prone:
            reason = "he is down: just cover him"
        after = max(opp.hp - moves.DAMAGE[carrier], 0)
        landed = WIN if carrier == "grapple" else WIN * WIN
        odds = landed * WIN * pin_odds(after)
        needs = [f"the {LABELS[carrier].lower()} lands, one more roll, then the pin"]
        if after > PIN_HP:
            needs.append(f"no pin unless he is at {PIN_HP} HP or less after it")
            odds = 0.0
        if m.referee != "up":
            needs.append("no pin while the referee is down")
            odds = 0.0
        title = f"Pinning Combination: {_name(m, w, carrier)} into a {combo}"
        rolls = ["carrier", "one more roll", "the pin"]
        out.append(_move(f"pinning_combination:{carrier}", title, odds, check(odds, *rolls), reason, tuple(needs)))
    return out


def cheat_options(m, w, opp):
    """ADVANCED RULES: only the ones the promotion switched on (and a weapon he already holds)."""
    out = []
    dq = m.dq_possible()
    if m.foreign_objects or w.weapon is not None:
        seen = 2 / 6 if dq else 0
        odds = WIN if w.weapon is not None else WIN * WIN
        rolls = ("connect", "result d6") if w.weapon is not None else ("pick up", "connect", "result d6")
        title = f"Swing the {w.weapon}" if w.weapon is not None else "Grab a foreign object and swing it"
        needs = ("-2 to -5 HP", "illegal")
        if seen:
            needs += (f"the referee sees it {pct(seen)} of hits: disqualified",)
        out.append(
            _move(
                "foreign_object",
                title,
                odds,
                check(odds, *rolls, dq=round(odds * seen, 4), effect="-2 to -5 HP"),
                None,
                needs,
            )
        )
    if m.run_ins:
        reason = "his run-in is used up" if w.run_in_used else None
        seen = 4 / 6 if dq else 0
        needs = ("once a match", f"-{RUN_IN_DAMAGE} HP", "illegal")
        if seen:
            needs += (f"the referee sees it {pct(seen)}: disqualified",)
        out.append(
            _move(
                "run_in",
                f"Call in {w.ally}",
                0.5,
                check(0.5, "does he come", dq=round(0.5 * seen, 4), effect=f"-{RUN_IN_DAMAGE} HP"),
                reason,
                needs,
                {"run_in": 1},
            )
        )
    if m.attack_referee:
        reason = None if m.referee == "up" else f"the referee is {m.referee}"
        dq = 0 if m.no_dq else 1 / 3
        needs = ("down 1d6 turns on 3-4, out (a replacement in 2d6) on 5-6", "fails on 1-2: disqualified")
        out.append(
            _move("attack_referee", "Knock the referee out", 2 / 3, check(2 / 3, "d6", dq=round(dq, 4)), reason, needs)
        )
    return out


def yes_no(kind, yes, no, odds=None, rolls=(), needs=()):
    chk = check(odds, *rolls) if odds is not None else None
    label = f"{yes} ({pct(odds)})" if odds is not None else yes
    return [Option(f"{kind}:yes", label, {}, chk, tuple(needs), True), Option(f"{kind}:no", no, value=False)]


def finisher_options(m, att, dfn, instead_of):
    needs = [f"all {dfn.hp} HP he has left"]
    if m.referee == "up":
        needs.append(f"then the pin: he kicks out only on a natural 6 ({pct(KICK_OUT_FINISHER)})")
    return yes_no("finisher", f"{att.finisher} instead of the {instead_of}", f"Stay with the {instead_of}", needs=needs)


def cover_options(m, att, dfn):
    odds = 1 - KICK_OUT_FINISHER
    return yes_no(
        "cover", "Go for the pin", "Stay off the cover", odds, ("his kick-out d6",), ("a natural 6 kicks out",)
    )


def free_attack_options(m, att, dfn):
    name = _name(m, att, "strike")
    return yes_no("free-attack", f"Strike from the mat: {name}", "No free attack", WIN, ("attack",), ("-1 HP",))


def run_in_options(m, caller, victim):
    seen = 4 / 6 if m.dq_possible() else 0
    needs = ["once a match", f"-{RUN_IN_DAMAGE} HP to {victim.name}"]
    if seen:
        needs.append(f"the referee sees it {pct(seen)}: disqualified")
    return yes_no("run-in", f"{caller.ally} runs in", "Let the three stand", 0.5, ("does he come",), needs)


# --- the engine's side ---------------------------------------------------------------------------------------


def choose_move(m, w, opp, default):
    return m.decide("move", w.side, lambda: move_options(m, w, opp), default, who=w, prompt=PROMPTS["move"])


def takes_finisher(m, att, dfn, instead_of):
    return m.decide(
        "finisher",
        att.side,
        lambda: finisher_options(m, att, dfn, instead_of),
        lambda: att.tactics.take_finisher,
        who=att,
        prompt=PROMPTS["finisher"],
    )


def covers_after_finisher(m, att, dfn):
    return m.decide(
        "cover", att.side, lambda: cover_options(m, att, dfn), lambda: att.tactics.pin, who=att, prompt=PROMPTS["cover"]
    )


def makes_free_attack(m, dfn, att):
    return m.decide(
        "free-attack",
        dfn.side,
        lambda: free_attack_options(m, dfn, att),
        lambda: True,
        who=dfn,
        prompt=PROMPTS["free-attack"],
    )


def saves_with_run_in(m, caller, victim):
    return m.decide(
        "run-in",
        caller.side,
        lambda: run_in_options(m, caller, victim),
        lambda: caller.tactics.run_in_save,
        who=caller,
        prompt=PROMPTS["run-in"],
    )
