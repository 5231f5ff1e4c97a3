"""Seed 000, "Maneuvers": a wrestler's Arsenal as the match uses it (seed 44: "A wrestler can use Maneuvers not in
his Arsenals, but takes a -2 penalty ... reduced to -1 if ... only a single Flag" away), his Finisher (101-102),
Defenses that "can even be Improvised" (98) and Reversals bought or improvised "as if a Flag" (99-100, D61)."""

from rules.arm.maneuvers import BASE_MANEUVERS, DEFENSES, SPECIAL_PROPS, ArsenalEntry, flagged, improvise_penalty
from rules.arm.sheet import entry_label
from rules.arm.tables import VENUE_DEFENSES

IMPROVISED_BASICS = ("Forearm Smash", "Kick", "Stomp", "Body Slam", "Side Headlock", "Elbow Drop")
# what an improvised Reversal turns a maneuver into (D9, D61): an ordinary Throw of Level 2 at most
REVERSAL_THROWS = tuple(
    name for name, man in BASE_MANEUVERS.items() if man.type == "Throw" and man.level <= 2 and "SC" not in man.tags
)
REVERSAL_CHOICES = 2  # improvised Reversals a wrestler weighs (his two best)
HEEL_BASICS = ("Punch", "Choke", "Eye Gouge", "Foreign Object Smash")


def entry(fighter, move, training=0, name="", known=True, finisher=False, improvised=0, reversal_of=""):
    """The ArsenalEntry of ``move`` for ``fighter``: its static modifiers (Class attribute, training, improvised,
    Finisher +2) and the defender positions some requirement allows."""
    static = [(move.cls, fighter.attrs[move.cls])]
    if training:
        static.append(("training", training))
    if improvised:
        static.append(("improvised", improvised))
    if finisher:
        static.append(("Finisher", 2))
    dpos = frozenset().union(*(dset for _aset, dset in move.req)) if move.type != "Defense" else frozenset()
    plain = move.type != "Defense" and not (move.props & SPECIAL_PROPS) and "SC" not in move.tags
    return ArsenalEntry(
        move,
        training,
        name,
        known,
        finisher,
        improvised,
        reversal_of,
        tuple(static),
        sum(amount for _name, amount in static),
        dpos,
        plain,
    )


def defender_positions(move):
    return frozenset().union(*(dset for _aset, dset in move.req))


def build(fighter, sheet):
    """Fill ``fighter``'s arsenal: attacks (his own, then the improvised basics he lacks), Defenses (his own, then
    the improvised ones), his Finisher, bought Reversals and the improvised Reversals he weighs."""
    keys = {(row["maneuver"], frozenset(row["flags"])) for row in sheet["arsenal"]}
    fighter.arsenal_keys = keys
    fighter.attacks, fighter.defenses, fighter.finisher = [], [], None
    for row in sheet["arsenal"]:
        _add_row(fighter, sheet, row)
    _add_basics(fighter, keys)
    for name in DEFENSES:  # seed: Defenses "can even be Improvised" (-2, D61)
        if name not in VENUE_DEFENSES and (name, frozenset()) not in keys:
            fighter.defenses.append(entry(fighter, DEFENSES[name], known=False, improvised=-2))
    fighter.reversals = {}
    for row in sheet["reversals"]:
        move = flagged(row["into"])
        fighter.reversals[row["counter"]] = entry(fighter, move, row["training"], reversal_of=row["counter"])
    fighter.reversal_pool = _reversal_pool(fighter, keys)


def _add_row(fighter, sheet, row):
    base = row["maneuver"]
    if base in DEFENSES:
        if base not in VENUE_DEFENSES:
            fighter.defenses.append(entry(fighter, DEFENSES[base], row["training"], row.get("name", "")))
        return
    move = flagged(base, tuple(row["flags"]))
    finisher = entry_label(row) == sheet.get("finisher")
    made = entry(fighter, move, row["training"], row.get("name", ""), finisher=finisher)
    if "TAG" in move.props:
        return
    fighter.attacks.append(made)
    if finisher:
        fighter.finisher = made


def _add_basics(fighter, keys):
    """Improvise only what the arsenal lacks (the same type against the same positions); heels also the dirty ones."""
    basics = IMPROVISED_BASICS + (HEEL_BASICS if fighter.alignment == "heel" else ())
    covered = {(e.move.type, frozenset(e.dpos)) for e in fighter.attacks}
    for base in basics:
        move = flagged(base)
        gap = base in HEEL_BASICS or not any(
            kind == move.type and defender_positions(move) <= dpos for kind, dpos in covered
        )
        if gap and (base, frozenset()) not in keys:
            penalty = improvise_penalty(keys, base, ())
            if move.cls == "TEC" and "Style: Technician" in fighter.merits:
                penalty = max(penalty, -1)  # P-ARM-09: improvised TEC maneuvers at -1
            fighter.attacks.append(entry(fighter, flagged(base), known=False, improvised=penalty))


def _reversal_pool(fighter, keys):
    """Seed: Reversals "can be purchased or improvised as if a Flag -- ... -1 if you know Back Drop, and -2 if you
    don't": into a Throw he knows (-1) or one he does not (-2; its own -2 for improvising is that). His two best."""
    pool = [
        (e, -1)
        for e in fighter.attacks
        if e.known and e.move.type == "Throw" and not e.move.flags and e.move.level <= 2 and "SC" not in e.move.tags
    ]
    unknown = [name for name in REVERSAL_THROWS if (name, frozenset()) not in keys]
    pool += [(entry(fighter, BASE_MANEUVERS[name], known=False), -2) for name in unknown]
    pool.sort(key=lambda t: -(t[0].static_need + t[1] - 2 * t[0].move.level))
    return tuple(pool[:REVERSAL_CHOICES])
