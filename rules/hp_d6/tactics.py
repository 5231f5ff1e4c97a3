"""How a wrestler picks his move type, the way a player at the table would.

Hard rules first (no dice): cover a prone opponent at 10 HP or less; swing a foreign object he is
holding when the referee is down or he is behind on HP. Then a weighted draw over the legal move
types, made with the match dice (one ``d<total>`` roll, ``for: "tactics: move"``) only when more than
one type is possible. The weights come from the
alignment (below) and may be overridden per sheet in ``tactics.weights``. Situational changes:

* pinning combination only against a standing opponent the carrier move can bring to 10 HP or less;
* submission weight doubled when the opponent is at ``submission_below`` HP or less (default 11: a
  tap-out needs him at 10 or less);
* declared finisher only at 15 HP or less (weight 0 by default: the finisher normally comes from W6);
* cheating (advanced rules, weight ``cheat``): with the referee watching, and only when behind on HP,
  attack him (or, if that rule is off, risk a foreign object); with the referee down, foreign objects
  (weight x3) and the run-in (weight x2).
"""

from functools import partial

from rules.hp_d6 import advanced, moves, pins
from rules.hp_d6.moves import DAMAGE, FINISHER_HP
from rules.hp_d6.pins import PIN_HP

DEFAULT_WEIGHTS = {
    "face": {
        "strike": 3,
        "grapple": 5,
        "high_risk": 3,
        "submission": 2,
        "pinning_combination": 4,
        "finisher": 0,
        "cheat": 0,
    },
    "heel": {
        "strike": 5,
        "grapple": 5,
        "high_risk": 1,
        "submission": 3,
        "pinning_combination": 3,
        "finisher": 0,
        "cheat": 2,
    },
}
DEFAULTS = {"submission_below": 11, "combination_carrier": "grapple", "pin": True, "take_finisher": True}
RUN_IN_SAVE = {"face": False, "heel": True}
P_TACTICS = "tactics: move"


class Tactics:
    """A sheet's effective tactics: alignment defaults overridden by the sheet's ``tactics``."""

    __slots__ = (
        "weights",
        "submission_below",
        "combination_carrier",
        "pin",
        "take_finisher",
        "run_in_save",
        "combo_hp",
        "basic",
        "cache",
    )

    def __init__(self, sheet):
        alignment = sheet.get("alignment", "face")
        raw = sheet.get("tactics") or {}
        weights = dict(DEFAULT_WEIGHTS[alignment])
        weights.update(raw.get("weights", {}))
        names = sheet["moves"]
        for kind in moves.NAMED_TYPES:  # no move names of a type: he never uses it
            if not names.get(kind):
                weights[kind] = 0
        self.weights = weights
        self.submission_below = raw.get("submission_below", DEFAULTS["submission_below"])
        self.combination_carrier = raw.get("combination_carrier", DEFAULTS["combination_carrier"])
        self.pin = raw.get("pin", DEFAULTS["pin"])
        self.take_finisher = raw.get("take_finisher", DEFAULTS["take_finisher"])
        self.run_in_save = raw.get("run_in_save", RUN_IN_SAVE[alignment])
        self.combo_hp = PIN_HP + DAMAGE[self.combination_carrier]
        self.basic = tuple((k, weights[k]) for k in ("strike", "grapple", "high_risk") if weights[k] > 0)
        self.cache = {}  # situation -> (kinds, cumulative weights, total); shared by matches of one setup


def options(m, w, opp):
    """The legal move types right now with their weights, in a fixed order."""
    t = w.tactics
    weights = t.weights
    opts = list(t.basic)
    sub = weights["submission"]
    if sub:
        opts.append(("submission", sub * 2 if opp.hp <= t.submission_below else sub))
    ref_up = m.referee == "up"
    combo = weights["pinning_combination"]
    if combo and ref_up and not opp.prone and opp.hp <= t.combo_hp:
        opts.append(("pinning_combination", combo))
    if weights["finisher"] and opp.hp <= FINISHER_HP:
        opts.append(("finisher", weights["finisher"]))
    cheat = weights["cheat"]
    if cheat and not m.plain:
        if ref_up:
            if w.hp >= opp.hp:  # a player only risks a disqualification when he is behind
                return opts
            if m.attack_referee:
                opts.append(("attack_referee", cheat))
            elif m.foreign_objects:
                opts.append(("foreign_object", cheat))
        else:
            if m.foreign_objects:
                opts.append(("foreign_object", cheat * 3))
            if m.run_ins and not w.run_in_used:
                opts.append(("run_in", cheat * 2))
    return opts


def _entry(m, w, opp):
    """(the only kind or None, kind for each face of the tactics die, die size) for this situation."""
    if w.tactics.pin and pins.can_pin(m, w, opp):
        return "pin", (), 0
    opts = options(m, w, opp) or [("strike", 1)]
    if len(opts) == 1:
        return opts[0][0], (), 0
    faces = tuple(kind for kind, weight in opts for _ in range(weight))
    return None, faces, len(faces)


def choose(m, w, opp):
    """The action for a standing wrestler's turn.

    The weighted table depends only on the situation (the opponent's HP and position; with advanced
    rules also the referee, the run-in and who is behind), so it is built once per situation and kept.
    """
    if m.plain:
        key = opp.hp * 2 + opp.prone
    else:
        behind = w.hp < opp.hp
        if w.weapon is not None and (behind or m.referee != "up"):
            return "foreign_object"
        key = (opp.hp, opp.prone, m.referee, w.run_in_used, behind)
    cache = w.tactics.cache
    entry = cache.get(key)
    if entry is None:
        entry = cache[key] = _entry(m, w, opp)
    only, faces, size = entry
    if only is not None:
        return only
    return faces[m.roll(size, P_TACTICS, w.side) - 1]


ACTIONS = {
    "pin": pins.pin,
    "strike": moves.strike,
    "grapple": moves.grapple,
    "high_risk": moves.high_risk,
    "pinning_combination": moves.pinning_combination,
    # a person picks the carrier (decision "move", rules/hp_d6/choices.py); the tactics use the sheet's
    "pinning_combination:grapple": partial(moves.pinning_combination, carrier="grapple"),
    "pinning_combination:high_risk": partial(moves.pinning_combination, carrier="high_risk"),
    "submission": moves.submission,
    "finisher": moves.finisher_attempt,
    "foreign_object": advanced.foreign_object,
    "run_in": advanced.run_in,
    "attack_referee": advanced.attack_referee,
}
