"""Segments outside a match (HEAT, K-28): promos that earn the Heat a wrestler carries into his next match.

"Outside a match, you gain one Heat by beating the Difficulty or an opposing skill roll by 10 or more during
a 'segment', such as doing a single or 'dueling' promo."

Pure functions for a league: give them validated sheets, the Heat each wrestler carries now and a dice object
(``RandomDice(seed)`` with a seed the league stores, so the segment can be replayed); they return the Heat
carried after the segment (never above 4, the most a wrestler can hold), the roll records and a sentence.
The next match reads that Heat through the ``starting_heat`` stipulation (``starting_heat`` below builds it).

* single promo: d20 + skill + ability against a Df (``PROMO_DF`` unless the promoter sets one);
* dueling promo: both roll; the higher total earns Heat only when it beats the other by 10 or more.

A promo is talk, not a match: Fatigue is 0 outside a match (K-9), and natural 20s and 1s have no automatic
effect (only "beating ... by 10 or more" counts).

``resolve`` plays a promo segment as events, like a match (what a league airs on a card): one ``promo`` event per
wrestler's roll, then a ``result`` whose ``carry`` is the Heat each side takes into his next match. A segment is
no match: its result has no winner (``winner`` None, ``method`` "promo"); the duelist who out-talked the other by
10 is its ``upper_hand``.
"""

from rules.base import EventLog
from rules.errors import SetupError
from rules.wildknight import heat
from rules.wildknight.rolls import d20
from rules.wildknight.state import HEAT_MAX, Wrestler

PROMO_DF = 10  # a single promo's Difficulty when the promoter names none (so a 20+ total earns Heat)
STYLES = {  # how he cuts the promo: the pairs the seed names for talking to a referee, plus plain charisma
    "charisma": ("Presence", "Flair"),
    "lie": ("Deception", "Flair"),
    "intimidate": ("Presence", "Brawn"),
}
BEST = "best"  # the style with the highest skill + ability sum (ties in the order of STYLES)
KIND = "promo"  # the segment kind (MatchSetup.kind) a league books
DF_RANGE = (1, 40)


def carried(value):
    """Heat a wrestler carries between matches, clamped to 0..4 (K-25's maximum)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"carried Heat must be a whole number, not {value!r}")
    return max(0, min(HEAT_MAX, value))


def starting_heat(heat_a, heat_b):
    """The ``starting_heat`` stipulation for a match between two wrestlers carrying this Heat (clamped 0..4)."""
    return [carried(heat_a), carried(heat_b)]


def best_style(sheet):
    """The style a wrestler talks best in: the highest skill + ability sum (ties: charisma, lie, intimidate)."""
    attrs = sheet["attributes"]
    return max(STYLES, key=lambda style: (sum(attrs[a] for a in STYLES[style]), -list(STYLES).index(style)))


def _promo_roll(dice, sheet, side, style):
    """d20 + the style's skill + ability for the wrestler on ``side`` (0 Fatigue, no automatic results)."""
    if style == BEST:
        style = best_style(sheet)
    if style not in STYLES:
        raise SetupError(f"promo style must be one of {', '.join(STYLES)} or {BEST}, not {style!r}")
    skill, ability = STYLES[style]
    w = Wrestler(sheet, side)
    mods = ((skill, w.attrs[skill]), (ability, w.attrs[ability]))
    return d20(dice, w, f"promo ({style}): {skill} + {ability}", mods, automatic=False)


def _check_df(df):
    low, high = DF_RANGE
    if isinstance(df, bool) or not isinstance(df, int) or not low <= df <= high:
        raise SetupError(f"promo Df must be a whole number from {low} to {high}")


def single_promo(dice, sheet, *, heat_carried=0, df=PROMO_DF, style="charisma"):
    """One wrestler's promo against ``df``. Returns ``{"heat", "gained", "roll", "text"}``."""
    before = carried(heat_carried)
    _check_df(df)
    roll = _promo_roll(dice, sheet, 0, style)
    return _settle_single(roll, sheet["name"], before, df)


def _settle_single(roll, name, before, df):
    total = roll.total
    gained = heat.segment_heat(total, df)
    roll.rec["need"] = df + heat.SEGMENT_MARGIN
    roll.rec["outcome"] = "heat" if gained else ("success" if total >= df else "failure")
    after = min(HEAT_MAX, before + gained)
    if gained:
        text = f"{name} has the crowd in the palm of his hand ({total} against Df {df}): +1 Heat ({after})."
    elif total >= df:
        text = f"{name} cuts a solid promo ({total} against Df {df}), but it will not be remembered."
    else:
        text = f"{name} fumbles his lines ({total} against Df {df})."
    return {"heat": after, "gained": after - before, "roll": roll.rec, "text": text}


def dueling_promo(dice, sheet_a, sheet_b, *, heat_carried=(0, 0), styles=("charisma", "charisma")):
    """Two wrestlers trade words, A rolls first. Returns ``{"heat": [a, b], "gained": [a, b], "winner", "rolls",
    "text"}``; ``winner`` is the side that out-talked the other by 10 or more (None if nobody did)."""
    before = [carried(h) for h in heat_carried]
    ra, rb = (_promo_roll(dice, s, i, styles[i]) for i, s in enumerate((sheet_a, sheet_b)))
    return _settle_duel(ra, rb, (sheet_a["name"], sheet_b["name"]), before)


def _settle_duel(ra, rb, names, before):
    winner = None
    for me, other, side in ((ra, rb, 0), (rb, ra, 1)):
        me.rec["need"] = other.total + heat.SEGMENT_MARGIN
        if heat.segment_heat(me.total, other.total):
            winner = side
    for side, r in enumerate((ra, rb)):
        other = (rb, ra)[side]
        r.rec["outcome"] = "heat" if winner == side else ("won" if r.total > other.total else "lost")
    after = list(before)
    if winner is not None:
        after[winner] = min(HEAT_MAX, after[winner] + 1)
    a, b = names
    if winner is None and ra.total != rb.total:
        w, l_ = (a, b) if ra.total > rb.total else (b, a)
        text = f"{w} edges {l_} on the microphone ({ra.total}-{rb.total}), but not by enough to matter."
    elif winner is None:
        text = f"{a} ({ra.total}) and {b} ({rb.total}) go back and forth; neither gets the upper hand."
    else:
        w, l_ = (a, b) if winner == 0 else (b, a)
        text = f"{w} buries {l_} on the microphone ({ra.total}-{rb.total}): +1 Heat."
    return {
        "heat": after,
        "gained": [after[i] - before[i] for i in (0, 1)],
        "winner": winner,
        "rolls": [ra.rec, rb.rec],
        "text": text,
    }


# --- a segment on a card: a MatchSetup of kind "promo", played as events ------------------------------


def check(setup):
    """Refuse a promo setup the seed cannot play, naming the stipulation key. One side: a single promo against
    ``df``; two sides: a dueling promo. Keys: ``df`` (single only, 1..40, default 10), ``styles`` (one per side:
    charisma, lie, intimidate or best; default best), ``heat_carried`` (one per side, 0..4; default 0)."""
    sides = setup.sides
    if len(sides) not in (1, 2) or any(len(side) != 1 for side in sides):
        raise SetupError("a promo segment has one wrestler, or two in a dueling promo")
    df = setup.option("df")
    if df is not None:
        if len(sides) == 2:
            raise SetupError("df: a dueling promo has no Difficulty (each roll is the other's)")
        low, high = DF_RANGE
        if isinstance(df, bool) or not isinstance(df, int) or not low <= df <= high:
            raise SetupError(f"df must be a whole number from {low} to {high} (the single promo's Difficulty)")
    styles = setup.option("styles")
    if styles is not None and (
        not isinstance(styles, list | tuple)
        or len(styles) != len(sides)
        or any(s != BEST and s not in STYLES for s in styles)
    ):
        raise SetupError(f"styles must give one per wrestler, each {', '.join(STYLES)} or {BEST}")
    carried_in = setup.option("heat_carried")
    if carried_in is not None and (
        not isinstance(carried_in, list | tuple)
        or len(carried_in) != len(sides)
        or any(isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= HEAT_MAX for h in carried_in)
    ):
        raise SetupError(f"heat_carried must give one whole number from 0 to {HEAT_MAX} per wrestler")


def resolve(setup, dice, seed=None):
    """Yield a promo segment's events: a ``promo`` event per wrestler (A first; in a dueling promo B answers in
    the next round, 30 seconds later), then the ``result``. The rolls are exactly those of ``single_promo`` /
    ``dueling_promo`` with the same dice."""
    sheets = [side[0] for side in setup.sides]
    n = len(sheets)
    styles = [best_style(sh) if st == BEST else st for sh, st in zip(sheets, setup.option("styles") or [BEST] * n)]
    heat_now = list(setup.option("heat_carried") or [0] * n)
    df = setup.option("df") or PROMO_DF
    names = [sh["name"] for sh in sheets]

    def snapshot():
        return [{"name": names[i], "side": i, "heat": heat_now[i]} for i in range(n)]

    log = EventLog(dice, snapshot, seed)
    log.round = 1
    ra = _promo_roll(dice, sheets[0], 0, styles[0])
    if n == 1:
        outcome = _settle_single(ra, names[0], heat_now[0], df)
        yield log.emit("promo", _opening(names[0], styles[0]), actor=0, style=styles[0], df=df)
        heat_now[:] = [outcome["heat"]]
        gained, upper_hand, extra = [outcome["gained"]], None, {"df": df}
    else:
        opening = log.emit("promo", _opening(names[0], styles[0]), actor=0, target=1, style=styles[0])
        # A's roll as it stood when he spoke: what it needed is B's answer, still to come (the record is settled
        # below, and an event already handed out must not change under its reader).
        opening["rolls"] = [dict(r) for r in opening["rolls"]]
        yield opening
        log.round, log.clock = 2, 30.0
        rb = _promo_roll(dice, sheets[1], 1, styles[1])
        outcome = _settle_duel(ra, rb, names, list(heat_now))
        yield log.emit("promo", _answer(names[1], styles[1]), actor=1, target=0, style=styles[1])
        heat_now[:] = outcome["heat"]
        gained, upper_hand, extra = outcome["gained"], outcome["winner"], {}
    yield log.emit(
        "result",
        outcome["text"],
        actor=upper_hand,
        winner=None,
        method=KIND,
        rounds=log.round,
        segment=KIND,
        upper_hand=upper_hand,
        heat=list(heat_now),
        gained=gained,
        carry=list(heat_now),
        **extra,
    )


TALK = {"charisma": "working the crowd", "lie": "spinning a tall tale", "intimidate": "all menace"}


def _opening(name, style):
    return f"{name} grabs the microphone, {TALK[style]}."


def _answer(name, style):
    return f"{name} snatches the microphone back, {TALK[style]}."
