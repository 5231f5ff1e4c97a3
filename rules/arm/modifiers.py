"""Seed 000, "Depending on the situation a maneuver is attempted in, its effects may change":
Maneuver Skill = Class attribute + training + every situational modifier (P-ARM-10 table).

:func:`attack_mods` lists them as (name, amount) pairs for the check's roll record;
:func:`estimate` is the same number, cheaply, for tactics.
"""

from rules.arm.injury import use_penalty

# Seed: "a Maneuver is a 'superset' of the previously performed Maneuver -- the attack done last round
# is effectively one of the steps to the attack planned this round (e.g. a Half Nelson into Full
# Nelson hold)". The seed names one pair; the rest are the project's reading of "one of the steps".
SUPERSETS = {
    "Full Nelson": frozenset({"Half Nelson"}),
    "German Suplex": frozenset({"Half Nelson", "Full Nelson"}),
    "Sleeper Hold": frozenset({"Side Headlock"}),
    "Crossface": frozenset({"Side Headlock", "Camel Clutch"}),
    "Camel Clutch": frozenset({"Abdominal Stretch"}),
    "Backbreaker": frozenset({"Bear Hug", "Body Slam"}),
    "Torture Rack": frozenset({"Backbreaker", "Body Slam"}),
    "Powerbomb": frozenset({"Bear Hug", "Knee Lift", "Low Blow"}),
    "Piledriver": frozenset({"Knee Lift", "Low Blow"}),
    "Gorilla Press Slam": frozenset({"Body Slam"}),
    "Sharpshooter": frozenset({"Boston Crab", "Figure-Four Leglock"}),
    "Figure-Four Leglock": frozenset({"Leg Takedown"}),
    "Armbar": frozenset({"Arm Drag", "Hammerlock"}),
    "DDT": frozenset({"Side Headlock", "Knee Lift"}),
    "Neckbreaker": frozenset({"Side Headlock"}),
    "Elbow Drop": frozenset({"Body Slam", "Vertical Suplex"}),
    "Leg Drop": frozenset({"Body Slam", "Big Boot"}),
}


def is_superset(attacker, man, rnd):
    """Seed: "the attack done last round" is one of the steps of this one: the maneuver he performed (or
    the hold he had on) in the round before ``rnd``."""
    last = attacker.last_performed
    if not last or attacker.performed_round != rnd - 1:
        return False
    if man.base != last and man.flags and last == man.base:
        return True
    return last in SUPERSETS.get(man.base, ())


def level_penalty(man_level, defender):
    """Seed: -2 x (Level - |opponent's weardown penalty|) when the Level exceeds it."""
    over = man_level - min(defender.level, 4)
    return -2 * over if over > 0 else 0


def note_attempt(attacker, entry):
    """Seed: "Each time a Maneuver attempt is repeated (whether the first attempt succeeded or not), it
    suffers a cumulative -1 penalty to Maneuver Skill. This penalty is 'reset' to 0 as soon as another
    Maneuver is attempted." Called for each attempt before its modifiers: the first attempt of a
    maneuver is 0, its first repeat -1, the next -2; another maneuver starts again at 0. Defenses are not
    attempts under this rule (D53); Tricks reset it but carry their own card-long penalty instead."""
    if attacker.last_attempt == entry.label:
        attacker.repeat += 1
    else:
        attacker.repeat = 0
        attacker.last_attempt = entry.label


def attack_mods(match, attacker, defender, entry, opts=None):
    """Every modifier to ``attacker``'s Maneuver Skill for ``entry`` against ``defender``, in the order the roll
    records them: the static ones (attribute, training, improvised, Finisher), the situation of the maneuver, his
    own state, and the plan's options."""
    man = entry.move
    mods = list(entry.static)
    is_defense = man.type == "Defense"
    if not is_defense:
        _situation_mods(match, attacker, defender, entry, mods)
    _own_mods(match, attacker, man, is_defense, mods)
    if opts:
        mods.extend((key, amount) for key, amount in opts.items() if amount)
    return mods


def _situation_mods(match, attacker, defender, entry, mods):
    """Seed 23-33, 44: superset, BRA chain, repetition, Tricks used, a cornered man, Level vs weardown, Lift;
    P-ARM-08/09: a Street Tough opponent, a Prizefighter's strikes."""
    man = entry.move
    fired = attacker.fired_up > 0
    if is_superset(attacker, man, match.round):
        mods.append(("superset", 2))
    if man.cls == "BRA" and man.type == "Strike" and attacker.chain:
        mods.append(("BRA chain", 3 if "Style: Brawler" in attacker.merits else 2))
    if attacker.repeat and not fired and attacker.last_attempt == entry.label and "TRICK" not in man.props:
        mods.append(("repetition", -attacker.repeat))
    if "TRICK" in man.props:
        used = attacker.tricks_used.get(man.base, 0)
        if used:
            mods.append(("trick used before", -used))
    if defender.cornered == "trapped" and defender.position in ("Facing", "Behind"):
        mods.append(("cornered opponent", 2))
    if not fired:
        penalty = level_penalty(man.level, defender)
        if penalty:
            mods.append(("Level vs weardown", penalty))
    if "LIFT" in man.props and defender.lift:
        lift = defender.lift - (2 if "Style: Powerhouse" in attacker.merits else 0)
        if lift:
            mods.append(("opponent's Lift", -lift))
    if defender.street_tough and man.cls in ("BRA", "TEC"):
        mods.append(("Street Tough opponent", -1 if man.cls == "BRA" else 1))
    if attacker.prizefighter and man.cls == "BRA" and man.type == "Strike":
        mods.append(("Prizefighter", 1))


def _own_mods(match, attacker, man, is_defense, mods):
    """His own state: telegraphed +2 (93), weardown (33), injuries (114), a warning -1 (47), an AP shortfall
    (P-ARM-13), blinded -4, Slow Starter; a Hip Block adds his Lift, Grab the Ropes his Reach."""
    fired = attacker.fired_up > 0
    if attacker.telegraph:
        mods.append(("telegraphed", 2))
    if not fired and attacker.level:
        mods.append(("own weardown", -(attacker.level if attacker.level < 4 else 4)))
    injured = use_penalty(attacker, man.uses) if not is_defense else 0
    if injured:
        mods.append(("injuries", injured))
    if attacker.ref_penalty:
        mods.append(("after a warning", attacker.ref_penalty))
    if attacker.deficit:
        mods.append(("Action Point shortfall", -attacker.deficit))
    if attacker.blinded:
        mods.append(("blinded", -4))
    if attacker.slow_starter and match.round <= 6:
        mods.append(("Slow Starter", -1))
    if is_defense and man.name == "Hip Block" and attacker.lift:
        mods.append(("own Lift", attacker.lift))
    if is_defense and man.name == "Grab the Ropes" and attacker.reach:
        mods.append(("Reach", attacker.reach))


def estimate(match, attacker, defender, entry, extra=0):
    """A quick Maneuver Skill estimate for tactics (same rules, no record)."""
    man = entry.move
    need = entry.static_need + extra
    fired = attacker.fired_up
    if man.type != "Defense":
        dl = defender.level
        over = man.level - (dl if dl < 4 else 4)
        if over > 0 and not fired:
            need -= 2 * over
        if "LIFT" in man.props:
            need -= defender.lift
        if not fired and attacker.last_attempt == entry.label and "TRICK" not in man.props:
            need -= attacker.repeat + 1
        if attacker.chain and man.cls == "BRA" and man.type == "Strike":
            need += 2
        if defender.cornered == "trapped":
            need += 2
        last = attacker.last_performed
        if last and attacker.performed_round == match.round - 1 and last in SUPERSETS.get(man.base, ()):
            need += 2
    lvl = attacker.level
    if lvl and not fired:
        need -= lvl if lvl < 4 else 4
    if attacker.injuries:
        need += use_penalty(attacker, man.uses)
    need += attacker.ref_penalty + attacker.telegraph * 2
    if attacker.blinded:
        need -= 4
    return need


def chance(need):
    """P(success) of a d20 roll-under check (20 always fails)."""
    if need <= 0:
        return 0.0
    return min(need, 19) / 20.0


TURNOVER = "Turnover vs an Academy Graduate"


def turnover_bonus(attacker):
    """P-ARM-08 (D48): a Counter (RingMaster's "Turnover") against an Academy Graduate is +2."""
    return 2 if "Academy Graduate" in attacker.background else 0


def with_turnover(opts, attacker):
    """The Counter's options plus the Turnover bonus when the man countered is an Academy Graduate."""
    bonus = turnover_bonus(attacker)
    if not bonus:
        return opts
    return dict(opts or {}, **{TURNOVER: bonus})
