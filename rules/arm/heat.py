"""Heat (P-ARM-07) and playing to the crowd (seed 88: "A wrestler can choose to 'play to crowd'. This uses 4
Action Points, and increases the attacker's Heat (in whichever direction he prefers) by 1")."""

from rules.arm import narration

PLAY_TO_CROWD = 4
SHOWMAN_PLAY_TO_CROWD = 3  # P-ARM-09: Style: Showman plays to the crowd for 3 AP
HEAT_LIMIT = 10
EDGE_AT = 5  # the first time Heat reaches 5 in his favour: +1 Edge


def crowd_cost(fighter):
    """AP to play to the crowd."""
    return SHOWMAN_PLAY_TO_CROWD if "Style: Showman" in fighter.merits else PLAY_TO_CROWD


def favour(fighter):
    """+1 when Heat rising is in his favour (a fan favorite), -1 for a rulebreaker."""
    return 1 if fighter.alignment == "face" else -1


def heat_change(match, fighter, delta, crowd=False):
    """P-ARM-07: Heat is clamped to -10..+10; the first time it reaches 5 in his favour, +1 Edge."""
    fighter.heat = max(-HEAT_LIMIT, min(HEAT_LIMIT, fighter.heat + delta))
    if crowd:
        match.emit("crowd", narration.play_to_crowd(fighter), actor=fighter.idx, heat=fighter.heat)
    if fighter.heat * favour(fighter) >= EDGE_AT and not fighter.heat_bonus_given:
        fighter.heat_bonus_given = True
        fighter.edge += 1


def can_play_to_crowd(fighter, ap):
    """He has the AP and his Heat can still rise in his favour."""
    return ap >= crowd_cost(fighter) and fighter.heat * favour(fighter) < HEAT_LIMIT


def play_to_crowd(match, fighter, ap):
    """Spend the AP and raise his Heat by 1 in his favour; returns the AP left."""
    cost = crowd_cost(fighter)
    heat_change(match, fighter, favour(fighter), crowd=True)
    return ap - cost
