"""Going for the Pin.

"Once you have taken your opponent down to 10 HPs or less, you can attempt to go for the pin. When
you come to your turn and your opponent is prone, you don't have to make any rolls to attempt the pin.
However, you must defeat your opponent in three consecutive rolls to win in this manner. ... If you
fail the first roll, your opponent kicks out of the pin and may make a free attack. If you fail the
second roll, your opponent kicks out and returns to a standing position. If you fail the third roll,
your opponent kicks out of the pin, but remains in his/her prone position."
"""

from rules.hp_d6 import advanced, knockdown

PIN_HP = 10  # "Once you have taken your opponent down to 10 HPs or less, you can attempt to go for the pin."

P_COUNT = (
    None,
    ("pin count 1: pinner", "pin count 1: pinned"),
    ("pin count 2: pinner", "pin count 2: pinned"),
    ("pin count 3: pinner", "pin count 3: pinned"),
)
P_FINISHER_KICKOUT = "finisher pin: kick-out"
KICKOUT = {1: "kick-out, free attack", 2: "kick-out, stands up", 3: "kick-out, stays down"}


def can_pin(m, att, dfn):
    """W8: the opponent is prone and at 10 HP or less when the turn starts; a referee must be there to count."""
    return dfn.prone and dfn.hp <= PIN_HP and m.referee == "up"


def pin(m, att, dfn):
    """Cover a prone opponent (no roll to start), then the three counts."""
    m.emit("pin", "", att.side, dfn.side, {"outcome": "cover"})
    return pin_rolls(m, att, dfn)


def pin_rolls(m, att, dfn):
    """Three consecutive roll-offs, the pinner must win each (a tie is a kick-out, W1).

    A wrestler at 0 HP has nothing left to kick out with: he is pinned the finisher's way (D10).
    """
    if dfn.hp == 0:
        return finisher_pin(m, att, dfn)
    for count in (1, 2, 3):
        a, d = m.opposed(P_COUNT[count], att, dfn)
        if a <= d:
            outcome = KICKOUT[count]
            if count == 2:
                knockdown.stand(dfn)
            m.emit(
                "pin_count",
                "",
                att.side,
                dfn.side,
                {"count": count, "outcome": outcome},
            )
            # "your opponent kicks out of the pin and may make a free attack" (from the mat): a strike, which the
            # match passes in (``Match.free_attack``)
            if count == 1 and (m.choosers is None or m.choices.makes_free_attack(m, dfn, att)):
                m.free_attack(m, dfn, att)
            return False
        if m.loud:
            m.emit("pin_count", "", att.side, dfn.side, {"count": count, "outcome": "count"})
        else:
            m.log.seq += 1
    return award_pin(m, att, dfn)


def finisher_pin(m, att, dfn):
    """After a finisher, or on any cover of a wrestler at 0 HP (D10): one d6 for the defender; a natural 6
    kicks out and he stands, anything else is three."""
    value = m.roll(6, P_FINISHER_KICKOUT, dfn.side)
    if value == 6:
        knockdown.stand(dfn)
        m.emit(
            "finisher_pin",
            "",
            att.side,
            dfn.side,
            {"outcome": "kick-out", "kick_out_roll": value},
        )
        return False
    m.emit(
        "finisher_pin",
        "",
        att.side,
        dfn.side,
        {"outcome": "three", "kick_out_roll": value},
    )
    return award_pin(m, att, dfn)


def award_pin(m, att, dfn):
    """The three-count is in; a Run-In (advanced rules) can still stop it, else the match is over."""
    if (
        m.run_ins
        and not dfn.run_in_used
        and (dfn.tactics.run_in_save if m.choosers is None else m.choices.saves_with_run_in(m, dfn, att))
        and advanced.run_in(m, dfn, att, save=True)
    ):
        return False
    m.finish(att.side, "pinfall", "")
