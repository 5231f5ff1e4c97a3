"""Seed 000, "Maneuvers": traits (Class, Level, Damage, Target), Flags, Arsenals, Defenses,
Reversals, Finishers.

The resolution of an attempt (success, failure, Standoff, collision, telegraph, Megamove, Unopposed,
High Risk, Counters) is in :mod:`rules.arm.match`'s round driver, which calls the helpers here.
"""

from dataclasses import dataclass, field
from functools import lru_cache

from rules.arm.tables import (
    DEFENSE_ROWS,
    FLAGS,
    MANEUVER_ROWS,
    POS_CODES,
    USES,
)

HOLD_TYPES = frozenset({"Hold", "Submission", "Sleeper"})
SPECIAL_PROPS = frozenset(
    {"TRICK", "OBJ", "FIST", "FLYING", "SPRINGBOARD", "OUTSIDE", "SUPER", "RUNNING", "SINGLE", "ILL"}
)

# Which maneuver types a Flag fits ("only common sense and imagination can determine which Flags can
# be attached to which Maneuvers": this is the project's common sense, documented in docs/rules/arm.md).
FLAG_FITS = {
    "Flying": {"Strike", "Throw", "Takedown"},
    "Springboard": {"Strike", "Throw", "Takedown"},
    "Leaping": {"Strike", "Throw", "Takedown", "Slam"},
    "Super": {"Slam", "Throw"},
    "Running": {"Strike", "Takedown", "Slam", "Throw"},
    "Bridging": {"Slam", "Throw", "Takedown"},
    "Rolling": {"Throw", "Takedown"},
    "Spinning": {"Strike", "Slam", "Throw", "Takedown"},
    "Inverted": {"Slam", "Throw", "Hold", "Submission", "Sleeper"},
    "Double": {"Slam", "Throw", "Hold", "Submission"},
    "Sit-out": {"Slam"},
    "Release": {"Slam", "Throw"},
    "Outside": {"Strike", "Throw", "Takedown"},
    "Tandem": {"Strike", "Slam", "Throw", "Takedown"},
}
# Display order of flags in a name: "Running Spinning Elbow Drop", never "Spinning Running ...".
FLAG_ORDER = {name: i for i, name in enumerate(FLAGS)}


@dataclass(frozen=True, slots=True)
class Maneuver:
    name: str
    base: str
    cls: str
    level: int
    damage: int
    tags: frozenset
    target: str
    type: str
    uses: tuple
    props: frozenset
    req: tuple  # ((attacker positions, defender positions), ...)
    result: tuple  # (attacker position after or "", defender position after or "")
    flags: tuple = ()
    number: int = 0
    # derived once (tactics reads them several hundred times a match)
    is_hold: bool = field(init=False, repr=False, compare=False, default=False)
    high_risk: bool = field(init=False, repr=False, compare=False, default=False)
    illegal: bool = field(init=False, repr=False, compare=False, default=False)

    def __post_init__(self):
        object.__setattr__(self, "is_hold", self.type in HOLD_TYPES)
        object.__setattr__(self, "high_risk", "HR" in self.props)
        object.__setattr__(self, "illegal", "ILL" in self.props)

    @property
    def code(self):
        return f"{self.cls}-{self.level}"

    def as_dict(self):
        return {
            "name": self.name,
            "number": self.number,
            "class": self.cls,
            "level": self.level,
            "damage": self.damage,
            "damage_tags": sorted(self.tags),
            "target": self.target or None,
            "type": self.type,
            "uses": list(self.uses),
            "properties": sorted(self.props),
            "flags": list(self.flags),
            "resthold_ok": self.is_hold and self.level <= 1,
        }


_COUNTERS = {}  # (Defense name, maneuver name) -> whether it counters it


@dataclass(frozen=True, slots=True)
class Defense:
    name: str
    cls: str
    level: int
    counters: frozenset
    note: str
    number: str = ""
    type: str = "Defense"
    flags: tuple = ()
    base: str = ""
    uses: tuple = ()
    props: frozenset = frozenset()
    damage: int = 0
    target: str = ""
    is_hold: bool = False
    high_risk: bool = False
    illegal: bool = False

    def counters_maneuver(self, man):
        key = (self.name, man.name)  # names are unique per Defense and per flagged maneuver
        hit = _COUNTERS.get(key)
        if hit is None:
            hit = _COUNTERS[key] = self._counters_maneuver(man)
        return hit

    def _counters_maneuver(self, man):
        c = self.counters
        if "*" in c or man.type in c or f"{man.type}:{man.cls}" in c:
            return True
        return any(p in c for p in man.props) or any(f in c for f in man.flags)

    def as_dict(self):
        return {
            "name": self.name,
            "number": self.number,
            "class": self.cls,
            "level": self.level,
            "type": "Defense",
            "counters": sorted(self.counters),
            "note": self.note,
        }


def _parse_row(row):
    number, name, cls, level, dmg, tags, target, mtype, uses, props, req, result = row
    lift = "LIFT" in props.split()
    parts = tuple(dict.fromkeys(USES[u] for u in ("ALB" if lift else "") + uses))
    return Maneuver(
        name=name,
        base=name,
        cls=cls,
        level=level,
        damage=dmg,
        tags=frozenset(tags.split()),
        target=target,
        type=mtype,
        uses=parts,
        props=frozenset(props.split()),
        req=tuple((POS_CODES[a], POS_CODES[d]) for a, d in req),
        result=result,
        number=number,
    )


BASE_MANEUVERS = {row[1]: _parse_row(row) for row in MANEUVER_ROWS}
DEFENSES = {row[1]: Defense(row[1], row[2], row[3], row[4], row[5], row[0]) for row in DEFENSE_ROWS}
BASE_NAMES_LOWER = {name.lower(): name for name in (*BASE_MANEUVERS, *DEFENSES)}


def canonical_name(name):
    """The table's spelling of a maneuver or Defense name (case-insensitive), or None."""
    return BASE_NAMES_LOWER.get(str(name).strip().lower())


def flag_problem(base, flag):
    """Why ``flag`` does not fit ``base`` (a Maneuver), or None when it does."""
    if flag not in FLAGS:
        return f"unknown flag {flag!r}"
    if base.type not in FLAG_FITS[flag]:
        return f"the {flag} flag does not fit a {base.type} ({base.name})"
    return None


def full_name(base, flags):
    return " ".join((*sorted(flags, key=FLAG_ORDER.__getitem__), base))


@lru_cache(maxsize=1024)
def flagged(base_name, flags=()):
    """Build the Maneuver for ``base_name`` with ``flags`` applied (P-ARM-18)."""
    base = BASE_MANEUVERS[base_name]
    if not flags:
        return base
    flags = tuple(sorted(flags, key=FLAG_ORDER.__getitem__))
    level, damage = base.level, base.damage
    props = set(base.props)
    req = base.req
    a_after, d_after = base.result
    for flag in flags:
        d_level, d_damage, high_risk, _note = FLAGS[flag]
        level += d_level
        damage += d_damage
        if high_risk:
            props.add("HR")
        props.add(flag.upper())
    damage = max(0, damage)
    if "Bridging" in flags or "Rolling" in flags:
        props.add("PP")
    if "Release" in flags:
        props.discard("PP")
        props.discard("FC")
    if "Sit-out" in flags:
        props.add("FC")
        a_after = "Sitting"
    if "Inverted" in flags:
        req = tuple((POS_CODES["Bh"], d) for _a, d in req) + ((POS_CODES["St"], POS_CODES["Ben"]),)
    if "Double" in flags:
        req = tuple((a, POS_CODES["Ben"]) for a, _d in req)
    if "Running" in flags and base.type in ("Strike", "Takedown"):
        props.add("KD")
        d_after = d_after or ("Prone" if base.req[0][1] != POS_CODES["Fa"] else "")
    if {"Flying", "Springboard", "Leaping"} & set(flags) and not a_after:
        a_after = "Prone"
    if "Bridging" in flags:
        a_after = "Kneeling" if a_after == "" else a_after
    return Maneuver(
        name=full_name(base_name, flags),
        base=base_name,
        cls=base.cls,
        level=level,
        damage=damage,
        tags=base.tags,
        target=base.target,
        type=base.type,
        uses=base.uses,
        props=frozenset(props),
        req=req,
        result=(a_after, d_after),
        flags=flags,
        number=base.number,
    )


def table_rows():
    """The maneuver table for ``Ruleset.maneuvers()``: 70 base maneuvers, then 8 Defenses."""
    return [m.as_dict() for m in BASE_MANEUVERS.values()] + [d.as_dict() for d in DEFENSES.values()]


@dataclass(slots=True)
class ArsenalEntry:
    """One maneuver as a wrestler knows it: the (flagged) maneuver, its training and display name."""

    move: object  # Maneuver or Defense
    training: int = 0
    name: str = ""
    known: bool = True
    finisher: bool = False
    improvised: int = 0  # -1 or -2 when not in the arsenal
    reversal_of: str = ""  # for bought Reversals: the maneuver (base name) it counters
    static: tuple = ()  # (name, amount) modifiers that never change in a match: attribute, training...
    static_need: int = 0
    dpos: frozenset = frozenset()  # every defender position some requirement allows (a quick filter)
    plain: bool = False  # no special handling in tactics (no object, flight, run, trick, Stun Code)
    quick: float = None  # tactics' memo: typical damage, for the first pass of its attack choice
    label: str = field(init=False, default="")  # the name shown: his own name for it, or the maneuver's
    # tactics' memo: (attacker position, defender position) -> (AP to take a position it allows, which)
    reach: dict = field(init=False, repr=False, compare=False, default=None)
    # tactics' memo for plain maneuvers: defender's weardown Level -> expected damage
    expected: dict = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self):
        self.label = self.name or self.move.name
        self.reach = {}
        self.expected = {}


def improvise_penalty(arsenal_keys, base, flags):
    """Seed: not in the arsenal -2; -1 when the arsenal holds a version one Flag away."""
    key = (base, frozenset(flags))
    if key in arsenal_keys:
        return 0
    for other_base, other_flags in arsenal_keys:
        if other_base == base and len(other_flags ^ key[1]) == 1:
            return -1
    return -2
