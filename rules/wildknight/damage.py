"""LIFTING AND KNOCKDOWN, and DAMAGE: Weight Mod tests, damage dice plus key attribute, Fatigue.

* K-2: lifting is automatic when the target's WM does not exceed the attacker's key attribute;
* K-3/K-4: otherwise the Maneuver Roll must beat the target's by at least (WM - key attribute);
* K-5/K-6: damage is the move's die (d4..d10) plus the key attribute, never below 0;
* K-7: damage taken becomes Fatigue; K-8 exertion converts to Fatigue too (REFERENCE K5: 2 per point);
* K-10: the Fatigue penalty is -1 per full (20 + Brawn) Fatigue (see ``Wrestler.penalty``).
"""

EXERTION_MAX = 5
EXERTION_COST = 2  # REFERENCE K5: each point of exertion (+1 to the roll) costs 2 Fatigue
FINISHER_DICE = 2  # REFERENCE K7: a finisher rolls two dice of its type


def step_up(die):
    """One die size up (Devastating Finisher GE): d4 -> d6 ... d10 -> d12."""
    return min(12, die + 2)


def margin_needed(key, target_wm):
    """The margin the Maneuver Roll must beat the target's by; 0 means the lift/knockdown is automatic."""
    return max(0, target_wm - key)


def lifts(key, target_wm, margin):
    """K-2/K-3/K-4: does the attacker lift (or knock down) the target? ``margin`` = his total - target's."""
    if target_wm <= key:
        return True
    return margin >= target_wm - key


def roll_damage(dice, die, count, key, purpose, side):
    """Roll ``count`` d``die`` + ``key`` (minimum 0). Returns (damage, [die values])."""
    values = [dice.roll(die, purpose, side=side) for _ in range(count)]
    return max(0, sum(values) + key), values


def add_fatigue(wrestler, amount, taken=True):
    """Add Fatigue: ``taken`` for punishment from the opponent, else exertion or self-inflicted."""
    wrestler.fatigue += amount
    if taken:
        wrestler.damage_taken += amount
    else:
        wrestler.exertion_spent += amount


def exert(wrestler, points):
    """K-8: exertion of ``points`` costs EXERTION_COST Fatigue each, hit or miss. Returns the Fatigue."""
    cost = points * EXERTION_COST
    if cost:
        add_fatigue(wrestler, cost, taken=False)
    return cost


def rest(wrestler, amount=1):
    """A restful hold: the attacker removes ``amount`` Fatigue (never below 0)."""
    wrestler.fatigue = max(0, wrestler.fatigue - amount)
