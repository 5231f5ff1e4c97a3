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
"""

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


def carried(value):
    """Heat a wrestler carries between matches, clamped to 0..4 (K-25's maximum)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"carried Heat must be a whole number, not {value!r}")
    return max(0, min(HEAT_MAX, value))


def starting_heat(heat_a, heat_b):
    """The ``starting_heat`` stipulation for a match between two wrestlers carrying this Heat (clamped 0..4)."""
    return [carried(heat_a), carried(heat_b)]


def _promo_roll(dice, sheet, side, style):
    """d20 + the style's skill + ability for the wrestler on ``side`` (0 Fatigue, no automatic results)."""
    if style not in STYLES:
        raise SetupError(f"promo style must be one of {', '.join(STYLES)}, not {style!r}")
    skill, ability = STYLES[style]
    w = Wrestler(sheet, side)
    mods = ((skill, w.attrs[skill]), (ability, w.attrs[ability]))
    return d20(dice, w, f"promo ({style}): {skill} + {ability}", mods, automatic=False)


def single_promo(dice, sheet, *, heat_carried=0, df=PROMO_DF, style="charisma"):
    """One wrestler's promo against ``df``. Returns ``{"heat", "gained", "roll", "text"}``."""
    before = carried(heat_carried)
    if isinstance(df, bool) or not isinstance(df, int) or not 1 <= df <= 40:
        raise SetupError("promo Df must be a whole number from 1 to 40")
    roll = _promo_roll(dice, sheet, 0, style)
    total = roll.total
    gained = heat.segment_heat(total, df)
    roll.rec["need"] = df + heat.SEGMENT_MARGIN
    roll.rec["outcome"] = "heat" if gained else ("success" if total >= df else "failure")
    after = min(HEAT_MAX, before + gained)
    name = sheet["name"]
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
    a, b = sheet_a["name"], sheet_b["name"]
    if winner is None:
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
