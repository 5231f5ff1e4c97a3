"""Tactics: which maneuver a wrestler declares, when he exerts, covers, cheats and calls his finisher.

Deterministic from the match state and the sheet's ``tactics``; the one random pick (which ordinary move)
draws from the match dice and is recorded as a roll ``tactics: maneuver``.
"""

from rules.wildknight import heat
from rules.wildknight.tables import ILL, PIN, PIN_ATTEMPT, SECOND_WIND, SIGNATURE_MOVE

SECOND_WIND_AT = 2  # he takes his Second Wind at a Fatigue penalty of 2 or more ...
REST = "second wind"  # what ``choose`` returns when he takes it (no maneuver this round)


class Declaration:
    __slots__ = ("move", "finisher", "exertion")

    def __init__(self, move, finisher=False, exertion=0):
        self.move = move
        self.finisher = finisher
        self.exertion = exertion

    def as_dict(self, side, name):
        return {
            "side": side,
            "maneuver": name if self.finisher else self.move.name,
            "base": self.move.name,
            "finisher": self.finisher,
            "exertion": self.exertion,
            "stunned": False,
        }


def usable(me, opp, move):
    """Can ``me`` declare ``move`` now? Prone-only moves need a prone opponent."""
    return not move.needs_prone or opp.prone


def followup_after_finisher(me, round_no):
    """REFERENCE K7: the round after his finisher hit, a Pin Attempt needs only one count."""
    return me.finisher_round is not None and me.finisher_round == round_no - 1


def choose(dice, me, opp, round_no):
    """Pick this round's Declaration for ``me`` (who is not stunned)."""
    t = me.tactics
    opp_penalty = opp.tiredness
    if opp.prone and followup_after_finisher(me, round_no):
        return Declaration(PIN_ATTEMPT, exertion=t["exertion"])
    fin = me.finisher
    if (
        heat.can_spend(me)
        and usable(me, opp, fin)
        and (t["illegal"] or ILL not in fin.mods)
        and (opp_penalty >= t["finisher_at"] or me.heat >= 3)
    ):
        return Declaration(fin, finisher=True, exertion=t["finisher_exertion"])
    if opp.prone and opp_penalty >= t["cover_at"]:
        return Declaration(PIN_ATTEMPT, exertion=t["exertion"])
    if second_wind(me, opp):
        return REST
    roll_up = opp_penalty >= t["cover_at"]  # a standing pin (small package) once the opponent is tired
    options = [
        m
        for m in me.moves
        if (PIN not in m.mods or (m.standing_pin and roll_up))
        and usable(me, opp, m)
        and (t["illegal"] or ILL not in m.mods)
        and not (m.heat and me.heat >= heat.HEAT_MAX)
    ]
    if not options:  # nothing else fits: any move that works on him now, even illegal ones or a roll-up
        options = [m for m in me.moves if m is not PIN_ATTEMPT and usable(me, opp, m)]
    if SIGNATURE_MOVE in me.gimmicks:  # a player favours his signature move: it is in the hat twice
        options += [m for m in options if m.name == me.signature]
    pick = dice.roll(len(options), "tactics: maneuver", side=me.side) - 1 if len(options) > 1 else 0
    move = options[pick]
    return Declaration(move, exertion=t["exertion"])


def second_wind(me, opp):
    """Second Wind GE: once a match, with Heat to spend, when he is at penalty 2+ and more tired than the
    opponent, and not Hulking Up (his penalty is already gone)."""
    return (
        SECOND_WIND in me.gimmicks
        and not me.second_wind_used
        and heat.can_spend(me)
        and not me.hulk
        and me.tiredness >= SECOND_WIND_AT
        and me.tiredness > opp.tiredness
    )


def kickout_order(wrestler, used):
    """K-32: the defender's next kick-out attribute: his best one not used yet in this pin attempt."""
    options = [a for a in ("Athleticism", "Flair", "Power") if a not in used]
    return max(options, key=lambda a: wrestler.attrs[a])


def cheats(wrestler, counts):
    """How many pin cheats to try (K-36: pointless when one count is left)."""
    if counts <= 1:
        return 0
    return min(wrestler.tactics["cheat"], counts - 1)
