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


def note_attempt(a, entry):
    """Seed: "Each time a Maneuver attempt is repeated (whether the first attempt succeeded or not), it
    suffers a cumulative -1 penalty to Maneuver Skill. This penalty is 'reset' to 0 as soon as another
    Maneuver is attempted." Called for each attempt before its modifiers: the first attempt of a
    maneuver is 0, its first repeat -1, the next -2; another maneuver starts again at 0. Defenses are not
    attempts under this rule (D53); Tricks reset it but carry their own card-long penalty instead."""
    if a.last_attempt == entry.label:
        a.repeat += 1
    else:
        a.repeat = 0
        a.last_attempt = entry.label


def attack_mods(m, a, d, entry, opts=None):
    """Every modifier to ``a``'s Maneuver Skill for ``entry`` against ``d``."""
    man = entry.move
    mods = list(entry.static)
    fired = a.fired_up > 0
    is_def = man.type == "Defense"
    if not is_def:
        if is_superset(a, man, m.round):
            mods.append(("superset", 2))
        if man.cls == "BRA" and man.type == "Strike" and a.chain:
            mods.append(("BRA chain", 3 if "Style: Brawler" in a.merits else 2))
        if a.repeat and not fired and a.last_attempt == entry.label and "TRICK" not in man.props:
            mods.append(("repetition", -a.repeat))
        if "TRICK" in man.props:
            used = a.tricks_used.get(man.base, 0)
            if used:
                mods.append(("trick used before", -used))
        if d.cornered == "trapped" and d.position in ("Facing", "Behind"):
            mods.append(("cornered opponent", 2))
        if not fired:
            lp = level_penalty(man.level, d)
            if lp:
                mods.append(("Level vs weardown", lp))
        if "LIFT" in man.props and d.lift:
            lift = d.lift - (2 if "Style: Powerhouse" in a.merits else 0)
            if lift:
                mods.append(("opponent's Lift", -lift))
        if d.street_tough and man.cls in ("BRA", "TEC"):
            mods.append(("Street Tough opponent", -1 if man.cls == "BRA" else 1))
        if a.prizefighter and man.cls == "BRA" and man.type == "Strike":
            mods.append(("Prizefighter", 1))
    if a.telegraph:
        mods.append(("telegraphed", 2))
    if not fired and a.level:
        pen = a.level if a.level < 4 else 4
        mods.append(("own weardown", -pen))
    inj = use_penalty(a, man.uses) if not is_def else 0
    if inj:
        mods.append(("injuries", inj))
    if a.ref_penalty:
        mods.append(("after a warning", a.ref_penalty))
    if a.deficit:
        mods.append(("Action Point shortfall", -a.deficit))
    if a.blinded:
        mods.append(("blinded", -4))
    if a.slow_starter and m.round <= 6:
        mods.append(("Slow Starter", -1))
    if is_def and man.name == "Hip Block" and a.lift:
        mods.append(("own Lift", a.lift))
    if is_def and man.name == "Grab the Ropes" and a.reach:
        mods.append(("Reach", a.reach))
    if opts:
        for key, amount in opts.items():
            if amount:
                mods.append((key, amount))
    return mods


def estimate(m, a, d, entry, extra=0):
    """A quick Maneuver Skill estimate for tactics (same rules, no record)."""
    man = entry.move
    need = entry.static_need + extra
    fired = a.fired_up
    if man.type != "Defense":
        dl = d.level
        over = man.level - (dl if dl < 4 else 4)
        if over > 0 and not fired:
            need -= 2 * over
        if "LIFT" in man.props:
            need -= d.lift
        if not fired and a.last_attempt == entry.label and "TRICK" not in man.props:
            need -= a.repeat + 1
        if a.chain and man.cls == "BRA" and man.type == "Strike":
            need += 2
        if d.cornered == "trapped":
            need += 2
        last = a.last_performed
        if last and a.performed_round == m.round - 1 and last in SUPERSETS.get(man.base, ()):
            need += 2
    lvl = a.level
    if lvl and not fired:
        need -= lvl if lvl < 4 else 4
    if a.injuries:
        need += use_penalty(a, man.uses)
    need += a.ref_penalty + a.telegraph * 2
    if a.blinded:
        need -= 4
    return need


def chance(need):
    """P(success) of a d20 roll-under check (20 always fails)."""
    if need <= 0:
        return 0.0
    return min(need, 19) / 20.0


TURNOVER = "Turnover vs an Academy Graduate"


def turnover_bonus(a):
    """P-ARM-08 (D48): a Counter (RingMaster's "Turnover") against an Academy Graduate is +2."""
    return 2 if "Academy Graduate" in a.background else 0


def with_turnover(opts, a):
    """The Counter's options plus the Turnover bonus when the man countered is an Academy Graduate."""
    bonus = turnover_bonus(a)
    if not bonus:
        return opts
    return dict(opts or {}, **{TURNOVER: bonus})
