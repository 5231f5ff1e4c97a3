"""Seed 000, "Changes of Venue": "Rats in a Cage" (202-206): material (its Stun Code), height in Steps, roof,
internal or external; escaping by positioning (the door, or over the top) or by a Lunge Escape, and the stipulated
victory conditions. When to climb out is his choice (``match.tactics``)."""

from rules.arm import damage, narration
from rules.arm.checks import check, succeeded
from rules.arm.maneuvers import DEFENSES
from rules.arm.positioning import self_cost
from rules.arm.ring import KIND, ROPE_SIDE, distance
from rules.arm.tables import STUN_CODES

FACING = frozenset(("Facing",))


def setup(match, make_entry):
    """Everyone may make a Lunge Escape (D40), with his training when it is in his arsenal."""
    for fighter in match.fighters:
        row = next((r for r in fighter.sheet["arsenal"] if r["maneuver"] == "Lunge Escape"), None)
        fighter.venue_moves["Lunge Escape"] = make_entry(
            fighter, DEFENSES["Lunge Escape"], row["training"] if row else 0, known=bool(row)
        )


def can_escape(match, fighter):
    """Climbing out is open when escaping wins, he is not up on the turnbuckle, no hold is on, and he has AP
    to climb with (his AGI bonus)."""
    cage = match.cage
    return cage is not None and cage.escapes_win and not fighter.perch and match.hold is None and fighter.agi_bonus >= 1


def can_lunge_escape(match, fighter):
    return match.cage is not None and match.cage.escapes_win


DOOR_AP = 3  # leaving works like tagging: reach the door, then 3 AP to get through it
INTERNAL_DOOR = (8, 5)  # a ringside square; the door is in the cage wall beside it
EXTERNAL_DOOR = (10, 5)  # a floor square by the cage wall


def cage_steps(feet, reading="reference"):
    """Steps above the mat. P-ARM-14 (`cage_steps = "reference"`, the default): (feet - 4) // 2, at least 1.
    The seed's literal reading (`"literal"`): "1 Step for each foot taller it is than the ring (a standard
    ring is 2 feet high at the mat)", i.e. feet - 2."""
    if reading == "literal":
        return max(1, feet - 2)
    return max(1, (feet - 4) // 2)


class Cage:
    """The stipulated cage: material (Stun Code), height in Steps, roof, internal/external, escape rule."""

    __slots__ = ("material", "sc", "height_ft", "steps", "internal", "roof", "escape")

    def __init__(self, stip):
        self.material = stip["cage"]
        self.sc = STUN_CODES["Steel Cage"] if self.material == "steel" else STUN_CODES["Chainlink Cage"]
        self.height_ft = stip["cage_height"]
        self.steps = cage_steps(self.height_ft, stip.get("cage_steps", "reference"))
        self.internal = stip["cage_internal"]
        self.roof = stip["cage_roof"]
        self.escape = stip["escape"]

    @property
    def escapes_win(self):
        return self.escape != "pinfall"

    def wall(self, square):
        """True when ``square`` is against the cage wall (where he can climb it)."""
        if self.internal:
            return KIND[square] in ROPE_SIDE
        r, c = square
        return (r in (1, 10) and 1 <= c <= 10) or (c in (1, 10) and 1 <= r <= 10)

    def door(self):
        return INTERNAL_DOOR if self.internal else EXTERNAL_DOOR

    def wall_distance(self, square):
        if self.wall(square):
            return 0
        if self.internal:
            r, c = square
            return min(r - 3, 8 - r, c - 3, 8 - c) if 3 <= r <= 8 and 3 <= c <= 8 else 1
        r, c = square
        return max(0, min(abs(r - 1), abs(r - 10), abs(c - 1), abs(c - 10)))

    def exit_cost(self, fighter):
        """AP to get out from where he is: (cost, route). The door: reach it + 3 AP. Over the top (no
        roof): reach the wall, climb 1 AP per Step, 1 AP to go over (P-ARM-14 heights)."""
        stand = self_cost(fighter, FACING)[0]
        door = stand + distance(fighter.square, self.door()) + DOOR_AP
        if self.roof:
            return door, "door"
        top = stand + self.wall_distance(fighter.square) + self.steps + 1
        return (door, "door") if door <= top else (top, "top")


def escape_progress(match, attacker):
    """The attacker spends this round's AP climbing out (no shortfall: he cannot climb on credit). Returns
    True when he is out."""
    cage = match.cage
    cost, route = cage.exit_cost(attacker)
    need = cost - attacker.escaping
    spend_now = min(attacker.ap, need)
    attacker.ap -= spend_now
    attacker.escaping += spend_now
    attacker.cornered = ""
    out = attacker.escaping >= cost
    match.emit(
        "escape",
        narration.escaping(attacker, route, out, cage),
        actor=attacker.idx,
        route=route,
        progress=attacker.escaping,
        needed=cost,
        escaped=out,
    )
    return out


def escaped(match, fighter, how):
    match.finish(
        fighter.side, "escape", narration.escaped(fighter, how, match.cage), loser=1 - fighter.side, reason=how
    )


def pull_down(match, defender, attacker):
    """P-ARM (project): while the attacker climbs out, the defender may use his AGI-bonus AP to reach
    him and drag him down: a STR check minus the climber's Lift. Success: he falls (2 per Step of the
    height he had reached, the cage's Stun Code at the door) and the defender gains Advantage."""
    cage = match.cage
    if defender.unconscious or defender.dazed or defender.blinded:
        return False
    cost = self_cost(defender, FACING)[0] + max(0, distance(defender.square, attacker.square) - 1)
    if cost > defender.agi_bonus:
        return False
    defender.position = "Facing"
    mods = defender.check_mods("STR")
    if attacker.lift:
        mods.append(("his Lift", -attacker.lift))
    rec = check(match.dice, mods, "drag him off the cage", defender.idx)
    ok = succeeded(rec)
    _cost, route = cage.exit_cost(attacker)
    climbed = max(0, min(cage.steps, attacker.escaping - 1)) if route == "top" else 0
    amount = 2 * climbed if route == "top" else cage.sc
    if ok:
        attacker.escaping = 0
        attacker.position = "Prone"
        old = damage.add(attacker, amount)
    match.emit(
        "escape",
        narration.pulled_down(defender, attacker, ok, amount),
        actor=defender.idx,
        target=attacker.idx,
        stopped=ok,
        damage=amount if ok else 0,
    )
    if ok:
        damage.after(match, attacker, old, "pulled off the cage", amount)
        match.set_advantage(defender, "dragged him off the cage")
    return ok


def lunge_escape_mod(match, fighter):
    """Seed: like the Lunge Tag: -1 per Action Point needed to reach the door or the cage edge (the
    edge only without a roof); success means he is out."""
    cage = match.cage
    n = distance(fighter.square, cage.door())
    if not cage.roof:
        n = min(n, cage.wall_distance(fighter.square))
    return {"distance to the way out": -n} if n else None
