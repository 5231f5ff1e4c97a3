"""The wrestler's tactics knobs (the sheet's ``tactics``) and how readily he cheats right now."""

from rules.arm import plans
from rules.arm.positioning import flying_range_penalty, launch_altitude, launch_steps
from rules.arm.ring import distance


class Policy:
    __slots__ = ("aggression", "risk", "cheating", "counter", "finisher_weardown")

    def __init__(self, sheet):
        knobs = sheet.get("tactics") or {}
        heel = sheet["alignment"] == "heel"
        self.aggression = knobs.get("aggression", 0.5)
        self.risk = knobs.get("risk", 0.5)
        self.cheating = knobs.get("cheating", 0.5) if heel else 0.0
        self.counter = knobs.get("counter", 0.5)
        self.finisher_weardown = knobs.get("finisher_weardown", 3)


def cheat(match, fighter):
    """How readily he cheats right now: nothing once one more warning would disqualify him."""
    cheating = fighter.policy.cheating
    if not cheating:
        return 0.0
    if match.ref.no_dq or not match.ref.watching:
        return max(cheating, 0.5)
    if fighter.warnings >= match.ref.warning_limit:
        return 0.0
    return cheating


def one_warning_from_dq(match, fighter):
    return match.ref.watching and not match.ref.no_dq and fighter.warnings >= match.ref.warning_limit


def weapon_source(match, attacker):
    """The weapon he would use: in hand, the first concealed weapon, a ringside object when outside, and his boot
    only when he is cheating hard (None: none)."""
    for source in plans.weapon_sources(match, attacker):
        if source[0] != "boot" or cheat(match, attacker) >= 0.6:
            return source
    return None


class Style:
    """The tactics' answers to the choices inside one maneuver's plan (see :mod:`rules.arm.plans`)."""

    __slots__ = ("match", "attacker", "defender", "cheating")

    def __init__(self, match, attacker, defender, cheating):
        self.match, self.attacker, self.defender, self.cheating = match, attacker, defender, cheating

    def weapon(self, sources):
        for source in sources:
            if source[0] != "boot" or cheat(self.match, self.attacker) >= 0.6:
                return source
        return None

    def draws(self, entry, obj):
        return True

    def launch(self, options, top_cost, top_square):
        return best_launch(self.attacker, self.defender, options, top_cost, top_square)

    def whip(self):
        return "follow" if self.cheating >= 0.5 else "cross"

    def slam_surface(self, surfaces):
        named = dict(surfaces)
        return named["Steel Steps"] if self.cheating >= 0.5 else named["Guard Railing"]

    def resthold(self, man):
        return self.attacker.level > self.defender.level

    def over_top(self, man):
        return self.cheating >= 0.5


def best_launch(attacker, defender, options, top_cost, top_square):
    """Launch off a wrestler (D62) when that beats the top rope (its 6 damage and range, AP short counted twice)."""
    if not options:
        return None

    def value(cost, square, bonus, steps):
        if distance(square, defender.square) > 3:
            return -99
        return bonus + flying_range_penalty(square, defender.square, steps) - 2 * max(0, cost - attacker.ap)

    best = None
    for cost, square, supporter in options:
        v = value(cost, square, launch_altitude(supporter), launch_steps(supporter))
        if best is None or v > best[0]:
            best = (v, cost, square, supporter)
    if best[0] <= value(top_cost, top_square, plans.TOP_ROPE_DAMAGE, plans.TOP_ROPE_STEPS):
        return None
    return best[1], best[2], best[3]
