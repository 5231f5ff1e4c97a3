"""PIN FALL: the Pin Attempt's three opposed counts, kick-out attributes, critical reversals and cheating.

* K-31: a hit Pin Attempt starts up to three count rolls inside the same round;
* K-32: the pinner rolls Power; the defender rolls Athleticism, Flair or Power, each once per attempt;
* K-33: the defender breaks the pin by beating (not tying) the pinner on any count;
* K-34: a defender critical success or a pinner critical failure reverses the pin: the defender covers at once;
* K-35: a defender critical failure or a pinner critical success loses the next count without a roll;
* K-36/K-37: cheats before the counts (``referee.cheat_roll``) remove counts; a caught cheat stops the pin.
"""

from rules.wildknight import referee, tactics
from rules.wildknight.attack import opposed
from rules.wildknight.rolls import d20
from rules.wildknight.tables import ESCAPE_ARTIST, RING_RUSTY

COUNTS = 3
RING_RUST = -1  # Ring-Rusty Flaw (REFERENCE K13): -1 on his pin-count rolls, pinning or kicking out
MAX_REVERSALS = 4  # a chain of reversals ends (the pin is simply broken) after this many, so a round ends
COUNT_SECONDS = 1.0


def pin(m, pinner, target, counts=COUNTS, cheats=0, reversals=0):
    """Yield the events of one pin attempt; call ``m.finish`` on a pinfall or a DQ."""
    dice, log = m.dice, m.log
    yield log.emit(
        "pin",
        "",
        actor=pinner.side,
        target=target.side,
        counts=counts,
        reversal=reversals > 0,
    )
    tried = 0
    while counts > 1 and (
        tried < cheats if m.choosers is None else m.choices.pin_cheat(m, pinner, target, tried < cheats)
    ):
        tried += 1
        success, _roll = referee.cheat_roll(dice, pinner)
        if success:
            counts -= 1
            yield log.emit(
                "cheat",
                "",
                actor=pinner.side,
                target=target.side,
                counts=counts,
            )
            continue
        # K-37: caught. The pin attempt ends at once; in a standard match it is a warning.
        yield log.emit("cheat", "", actor=pinner.side, target=target.side, counts=0)
        if not m.no_dq:
            yield from m.warning(pinner, target, "caught cheating on a pin")
        return
    used = []
    skip = False
    for number in range(COUNTS + 1 - counts, COUNTS + 1):
        log.clock += COUNT_SECONDS
        if skip:
            skip = False
            yield log.emit(
                "pin-count",
                "",
                actor=pinner.side,
                target=target.side,
                count=number,
                outcome="automatic",
            )
            continue
        attr = tactics.kickout_order(target, used) if m.choosers is None else m.choices.kickout(m, pinner, target, used)
        used.append(attr)
        power = [("Power", pinner.attrs["Power"])]
        if RING_RUSTY in pinner.flaws:
            power.append((RING_RUSTY, RING_RUST))
        pr = d20(dice, pinner, f"pin count {number}: Power", power)
        kick = [(attr, target.attrs[attr])]
        if ESCAPE_ARTIST in target.gimmicks:
            kick.append((ESCAPE_ARTIST, 1))
        if RING_RUSTY in target.flaws:
            kick.append((RING_RUSTY, RING_RUST))
        dr = d20(dice, target, f"pin count {number}: kick out with {attr}", kick)
        res = opposed(dice, [pr, dr], 0, [f"pin count {number}", f"kick-out {number}"])
        if res.botched[0] or (res.winner == 1 and res.critical):
            yield log.emit(
                "pin-count",
                "",
                actor=target.side,
                target=pinner.side,
                count=number,
                outcome="reversal",
                kickout=attr,
            )
            if reversals >= MAX_REVERSALS:
                return
            pinner.prone = True
            target.prone = False
            m.initiative = target.side
            yield from pin(m, target, pinner, COUNTS, 0, reversals + 1)
            return
        if res.winner == 1:
            yield log.emit(
                "pin-count",
                "",
                actor=target.side,
                target=pinner.side,
                count=number,
                outcome="kick-out",
                kickout=attr,
            )
            return
        # The pinner takes the count (the defender must beat him; a double whiff does not).
        skip = res.critical or res.botched[1]
        yield log.emit(
            "pin-count",
            "",
            actor=pinner.side,
            target=target.side,
            count=number,
            outcome="count",
            kickout=attr,
            next_automatic=skip,
        )
    m.finish(pinner.side, "pinfall", "")
