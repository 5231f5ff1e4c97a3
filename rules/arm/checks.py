"""Seed 000, "The Attribute Check": d20 roll-under, Ace, Botch, Contests, Unopposed (P-ARM-01).

Every check leaves one roll record on the dice object:
``{"die": "d20", "value", "need", "outcome", "modifiers": [{"name", "amount"}, ...], "for", ...}``
where the modifier amounts add up to ``need`` (the first one is the attribute itself). The roll of a
maneuver attempt also names the maneuver (``"maneuver": label``), so the log shows what was attempted.

Outcomes: ``ace`` (a success whose roll equals min(need, 19)), ``success``, ``fail``, ``botch`` (a
natural 20, whatever the need).
"""

ACE, SUCCESS, FAIL, BOTCH = "ace", "success", "fail", "botch"
RANK = {ACE: 3, SUCCESS: 2, FAIL: 1, BOTCH: 0}


def outcome_of(value, need):
    """The outcome of a d20 roll ``value`` against ``need`` (P-ARM-01)."""
    if value == 20:
        return BOTCH
    if value > need:
        return FAIL
    if value == (need if need < 19 else 19):
        return ACE
    return SUCCESS


def succeeded(record):
    return record["outcome"] in (ACE, SUCCESS)


def margin(record):
    """ "Succeeds by N": need - roll for a success, None for a failure."""
    if record["outcome"] in (ACE, SUCCESS):
        return record["need"] - record["value"]
    return None


def check(dice, modifiers, purpose, actor=None, maneuver=None):
    """Make one Attribute Check. ``modifiers`` is a list of (name, amount) pairs; the first is the
    attribute. Returns the roll record (a dict, also queued for the next event). ``maneuver``: the label
    of the maneuver this roll attempts (recorded)."""
    need = 0
    mods = []
    for name, amount in modifiers:
        need += amount
        mods.append({"name": name, "amount": amount})
    record = dice.roll_record(20, purpose)
    value = record["value"]
    record["need"] = need
    record["outcome"] = outcome_of(value, need)
    record["modifiers"] = mods
    if actor is not None:
        record["actor"] = actor
    if maneuver is not None:
        record["maneuver"] = maneuver
    return record


def check_need(dice, need, purpose, actor=None, name="need"):
    """A check whose need is already one number (used for the referee and arm drops)."""
    return check(dice, ((name, need),), purpose, actor)


def better(first, second, by_margin=True):
    """The more advantageous of two records: Ace > success > fail > Botch; between two plain
    successes the larger margin (or the higher roll when ``by_margin`` is false)."""
    ra, rb = RANK[first["outcome"]], RANK[second["outcome"]]
    if ra != rb:
        return first if ra > rb else second
    if ra == 2:
        if by_margin:
            return first if first["value"] <= second["value"] else second
        return first if first["value"] >= second["value"] else second
    return first


def unopposed(dice, modifiers, purpose, actor=None, by_margin=True, maneuver=None):
    """Seed: "the attacker makes two rolls, and uses the more advantageous one"."""
    first = check(dice, modifiers, purpose, actor, maneuver)
    second = check(dice, modifiers, purpose, actor, maneuver)
    kept = better(first, second, by_margin)
    (second if kept is first else first)["kept"] = False
    kept["unopposed"] = True
    return kept


def contest_winner(first, second):
    """0 if ``a`` wins, 1 if ``b`` wins, None when the contest must be rolled again ("blackjack")."""
    sa, sb = succeeded(first), succeeded(second)
    if sa and not sb:
        return 0
    if sb and not sa:
        return 1
    if not sa:
        return None
    if first["value"] != second["value"]:
        return 0 if first["value"] > second["value"] else 1
    if (first["outcome"] == ACE) != (second["outcome"] == ACE):
        return 0 if first["outcome"] == ACE else 1
    return None


MAX_CONTEST_ROLLS = 6  # PROPOSED: after six double failures the higher need wins (see docs)


def contest(dice, mods_a, mods_b, purpose, actors=(None, None), maneuvers=(None, None)):
    """A Contest: both check; the higher roll that did not fail wins; re-roll otherwise.

    Returns (winner index 0/1, record of a, record of b) for the deciding pair. Re-rolls are
    recorded too (every die appears in an event). After MAX_CONTEST_ROLLS undecided pairs the
    higher total need wins; equal needs go to a d2 (recorded).
    """
    for _ in range(MAX_CONTEST_ROLLS):
        ra = check(dice, mods_a, purpose, actors[0], maneuvers[0])
        rb = check(dice, mods_b, purpose, actors[1], maneuvers[1])
        winner = contest_winner(ra, rb)
        if winner is not None:
            return winner, ra, rb
    if ra["need"] != rb["need"]:
        return (0 if ra["need"] > rb["need"] else 1), ra, rb
    return dice.roll(2, purpose + ": tie-break") - 1, ra, rb


def referee_beats(ref_record, wrestler_value):
    """P-ARM-01 referee contest (screwjob): the referee's roll counts only if it succeeds and is
    higher than the wrestler's roll."""
    return succeeded(ref_record) and ref_record["value"] > wrestler_value
