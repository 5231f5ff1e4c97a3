"""The decision points of wildknight (rules/decisions.py; the table is in docs/rules/wildknight.md "Decision points").

The seed leaves a wrestler these choices: which maneuver he declares each round (or his finisher, for a Heat, or a
Gimmick Enhancement's action), how much he exerts ("When you exert to improve your chance of hitting"), whether he
Hulks Up, whether he cheats on a pin ("You can try a d20 + Deception + Flair roll ... to pull the opponent's tights"),
which attribute he kicks out with ("either Athleticism ..., Flair ..., or Power ... only ONCE per pin attempt") and
how he talks the referee out of a DQ ("Deception + Flair (if you're lying) or Presence + Brawn (if you're
intimidating the ref)"). Each is a ``match.decide`` whose default is the tactics' own choice. The odds are the d20
rules' own (automatic results by the natural die, Heat's wider range, a tie to the initiative); a Maneuver Roll's
odds are against the opponent's roll with his best key attribute, since both declare at once.
"""

from functools import lru_cache

from rules.decisions import Option
from rules.wildknight import damage, heat, referee, tactics
from rules.wildknight.pins import RING_RUST
from rules.wildknight.state import HEAT_MAX
from rules.wildknight.tables import (
    DIRTY_TRICKS,
    ESCAPE_ARTIST,
    ILL,
    KD,
    PIN,
    PIN_ATTEMPT,
    POWERHOUSE,
    RING_RUSTY,
    RL,
    SECOND_WIND,
    SIGNATURE_MOVE,
    SLOW_STARTER,
    ST,
    SUB,
    SUBMISSION_SPECIALIST,
)

PROMPTS = {
    "maneuver": "Round {round}: what does {name} declare?",
    "exertion": "How hard does {name} push?",
    "hulk-up": "Does {name} Hulk Up?",
    "cheat": "Does {name} pull the tights on the pin?",
    "kick-out": "{name} is pinned: what does he kick out with?",
    "excuse": "A warning: how does {name} talk the referee out of a DQ?",
}
SPECIALIST_BONUS = 2  # Submission Specialist GE: +2 to Maneuver Rolls with submission holds
SIGNATURE_BONUS = 2  # Signature Move GE: +2 to Maneuver Rolls with the named move
SLOW_STARTER_ROUNDS = 2  # Slow Starter Flaw: -2 on Maneuver Rolls in rounds 1-2
SLOW_STARTER_PENALTY = -2


def maneuver_mods(w, move, finisher, exertion, round_no):
    """A Maneuver Roll's modifiers, in the order the roll lists them (``Match.play_round`` rolls with these)."""
    mods = [(move.key, w.attrs[move.key]), ("exertion", exertion), ("stare-down", w.next_mod)]
    if move is PIN_ATTEMPT:
        mods.append(("sunset flip", w.pin_bonus))
    if SUB in move.mods and SUBMISSION_SPECIALIST in w.gimmicks:
        mods.append((SUBMISSION_SPECIALIST, SPECIALIST_BONUS))
    if SIGNATURE_MOVE in w.gimmicks and move.name == w.signature and not finisher:
        mods.append((SIGNATURE_MOVE, SIGNATURE_BONUS))
    if SLOW_STARTER in w.flaws and round_no <= SLOW_STARTER_ROUNDS:
        mods.append((SLOW_STARTER, SLOW_STARTER_PENALTY))
    return mods


# --- odds ----------------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def check_odds(bonus, df, heat_held):
    """A d20 + ``bonus`` against Df: a natural 1 fails, a natural in the automatic range succeeds."""
    floor = 20 - heat_held
    return sum(1 for n in range(2, 21) if n >= floor or n + bonus >= df) / 20


@lru_cache(maxsize=16384)  # a pure function of small integers: a replay asks the same ones again
def opposed_odds(mine, theirs, my_heat, their_heat, ties_mine, halved_theirs=False):
    """The chance my roll (d20 + ``mine``) wins an opposed roll: an automatic hit beats a plain roll (two count as
    even: the confirm rolls decide), a natural 1 loses to anything but another 1 (then nothing happens), else the
    higher total, a tie to whoever holds the initiative."""
    win = 0.0
    for n in range(1, 21):
        my_auto = "miss" if n == 1 else "hit" if n >= 20 - my_heat else None
        for k in range(1, 21):
            their_auto = "miss" if k == 1 else "hit" if k >= 20 - their_heat else None
            if my_auto == "hit":
                win += 0.5 if their_auto == "hit" else 1
            elif their_auto == "hit" or my_auto == "miss":
                continue
            elif their_auto == "miss":
                win += 1
            else:
                their = (k // 2 if halved_theirs else k) + theirs
                mine_total = n + mine
                win += mine_total > their or (mine_total == their and ties_mine)
    return win / 400


def _odds(p):
    return round(p, 4)


def pct(p):
    return f"{p * 100:.0f} %"


def _check(mods, w, odds, **extra):
    """The check of a d20 roll: its modifiers (the Fatigue penalty last, as the roll lists it), the automatic range
    and the odds."""
    mods = [[name, amount] for name, amount in mods if amount]
    if w.penalty:
        mods.append(["Fatigue penalty", -w.penalty])
    return {"die": "d20", "modifiers": mods, "automatic": 20 - w.heat, "odds": _odds(odds), **extra}


def _bonus(mods, w):
    return sum(amount for _name, amount in mods) - w.penalty


def _their_roll(opp):
    """The opponent's Maneuver Roll as far as it is known now: stunned (d20/2), or his best key attribute."""
    stunned = opp.stunned > 0
    best = 0 if stunned else max(opp.attrs[mv.key] for mv in opp.moves)
    return best + opp.next_mod - opp.penalty, stunned


# --- the round's declaration ---------------------------------------------------------------------------------


def _needs(m, w, opp, move, finisher):
    needs = []
    if move.needs_prone:
        needs.append("he must be down")
    if PIN in move.mods:
        one = tactics.followup_after_finisher(w, m.log.round)
        needs.append("a hit: one count, the round after his finisher" if one else "a hit starts the three counts")
    lift = w.attrs[move.key] + (2 if POWERHOUSE in w.gimmicks else 0)
    if RL in move.mods or KD in move.mods:
        margin = damage.margin_needed(lift, opp.wm)
        verb = "lift him" if RL in move.mods else "knock him down"
        if margin > 0:
            needs.append(f"to {verb}: beat his roll by {margin}")
    if ST in move.mods:
        needs.append("stunning")
    if SUB in move.mods:
        needs.append("a submission hold")
    if ILL in move.mods:
        needs.append("illegal: an automatic hit or more than 10 damage is a warning")
    if move.heat and w.heat >= HEAT_MAX:
        needs.append(f"his Heat is at {HEAT_MAX} already")
    if finisher:
        needs.insert(0, "1 Heat, hit or miss")
    return tuple(needs)


def _declare(m, w, opp, move, finisher, round_no, ties, refusal=None):
    t = w.tactics
    exertion = t["finisher_exertion"] if finisher else t["exertion"]
    mods = maneuver_mods(w, move, finisher, 0, round_no)
    theirs, halved = _their_roll(opp)
    odds = opposed_odds(_bonus(mods, w), theirs, w.heat - finisher, opp.heat, ties, halved)
    chk = _check(mods, w, odds, opposed=True, against="his Maneuver Roll with his best attribute")
    if move.die:
        chk["damage"] = f"{damage.FINISHER_DICE if finisher else 1}d{move.die} + {move.key}"
    if finisher:
        title, oid, cost = f"Finisher: {w.finisher_name} ({move.name})", "finisher", {"heat": 1}
    else:
        title, oid, cost = move.name, f"maneuver:{move.name}", {}
    label = f"{title} ({move.key}, {pct(odds)})" if refusal is None else title
    value = tactics.Declaration(move, finisher=finisher, exertion=exertion)
    return Option(oid, label, cost, chk, _needs(m, w, opp, move, finisher), value, refusal)


def maneuver_options(m, w, opp, round_no):
    """Every maneuver of his (the Pin Attempt included), his finisher, his Second Wind if he has the GE."""
    ties = m.initiative == w.side
    out = []
    for move in dict.fromkeys(w.moves):
        refusal = None if tactics.usable(w, opp, move) else "he is standing: this move needs him down"
        out.append(_declare(m, w, opp, move, False, round_no, ties, refusal))
    fin = w.finisher
    refusal = None
    if not heat.can_spend(w):
        refusal = "no Heat to spend: a finisher costs 1"
    elif not tactics.usable(w, opp, fin):
        refusal = "he is standing: this finisher needs him down"
    out.append(_declare(m, w, opp, fin, True, round_no, ties, refusal))
    if SECOND_WIND in w.gimmicks:
        refusal = None
        if w.second_wind_used:
            refusal = "his Second Wind is used up (once a match)"
        elif not heat.can_spend(w):
            refusal = "no Heat to spend: Second Wind costs 1"
        needs = ("once a match", "no maneuver this round: his roll can only dodge", "removes 2d6 Fatigue")
        out.append(Option("second-wind", "Second Wind (1 Heat)", {"heat": 1}, None, needs, tactics.REST, refusal))
    return out


def exertion_options(m, w, opp, decl, round_no):
    ties = m.initiative == w.side
    theirs, halved = _their_roll(opp)
    out = []
    for e in range(damage.EXERTION_MAX + 1):
        mods = maneuver_mods(w, decl.move, decl.finisher, e, round_no)
        odds = opposed_odds(_bonus(mods, w), theirs, w.heat - decl.finisher, opp.heat, ties, halved)
        chk = _check(mods, w, odds, opposed=True, against="his Maneuver Roll with his best attribute")
        cost = {"fatigue": e * damage.EXERTION_COST} if e else {}
        label = (
            f"Exert {e} (+{e}, {e * damage.EXERTION_COST} Fatigue, {pct(odds)})" if e else f"No exertion ({pct(odds)})"
        )
        out.append(Option(f"exert:{e}", label, cost, chk, ("Fatigue hit or miss",) if e else (), e))
    return out


def declare(m, w, opp, round_no):
    """His Declaration for the round (or ``tactics.REST``): the maneuver, then the exertion."""
    decl = m.decide(
        "maneuver",
        w.side,
        lambda: maneuver_options(m, w, opp, round_no),
        lambda: tactics.choose(m.dice, w, opp, round_no),
        who=w,
        prompt=PROMPTS["maneuver"].replace("{round}", str(round_no)),
    )
    if decl is tactics.REST:
        return decl
    decl.exertion = m.decide(
        "exertion",
        w.side,
        lambda: exertion_options(m, w, opp, decl, round_no),
        lambda: decl.exertion,
        who=w,
        prompt=PROMPTS["exertion"],
    )
    return decl


# --- the other choices ---------------------------------------------------------------------------------------


def yes_no(kind, yes, no, cost=None, chk=None, needs=()):
    return [
        Option(f"{kind}:yes", yes, dict(cost or {}), chk, tuple(needs), True),
        Option(f"{kind}:no", no, value=False),
    ]


def hulks_up(m, w):
    needs = ("once a match", "ignores his Fatigue penalty for 3 rounds", "then 1d6 Fatigue")
    return m.decide(
        "hulk-up",
        w.side,
        lambda: yes_no(
            "hulk-up", f"Hulk Up (1 Heat, his -{w.tiredness} penalty gone)", "Not yet", {"heat": 1}, None, needs
        ),
        lambda: True,
        who=w,
        prompt=PROMPTS["hulk-up"],
    )


def cheat_mods(w):
    mods = [("Deception", w.attrs["Deception"]), ("Flair", w.attrs["Flair"])]
    if DIRTY_TRICKS in w.gimmicks:
        mods.append((DIRTY_TRICKS, 2))
    return mods


def pin_cheat(m, pinner, target, default):
    mods = cheat_mods(pinner)
    odds = check_odds(_bonus(mods, pinner), referee.CHEAT_DF, pinner.heat)
    chk = _check(mods, pinner, odds, need=referee.CHEAT_DF)
    needs = ("a success takes a count off (he always gets one chance)", "caught: a warning, and the pin stops")
    return m.decide(
        "cheat",
        pinner.side,
        lambda: yes_no(
            "cheat", f"Pull the tights (Df {referee.CHEAT_DF}, {pct(odds)})", "Count it clean", None, chk, needs
        ),
        lambda: default,
        who=pinner,
        prompt=PROMPTS["cheat"],
    )


def kickout_options(m, pinner, target, used):
    power = [("Power", pinner.attrs["Power"])]
    if RING_RUSTY in pinner.flaws:
        power.append((RING_RUSTY, RING_RUST))
    theirs = _bonus(power, pinner)
    out = []
    for attr in ("Athleticism", "Flair", "Power"):
        kick = [(attr, target.attrs[attr])]
        if ESCAPE_ARTIST in target.gimmicks:
            kick.append((ESCAPE_ARTIST, 1))
        if RING_RUSTY in target.flaws:
            kick.append((RING_RUSTY, RING_RUST))
        odds = opposed_odds(_bonus(kick, target), theirs, target.heat, pinner.heat, False)
        chk = _check(kick, target, odds, opposed=True, against="the pinner's Power roll (he wins ties)")
        refusal = "used already in this pin (each attribute once)" if attr in used else None
        label = f"{attr} ({pct(odds)})" if refusal is None else attr
        out.append(Option(f"kick-out:{attr}", label, {}, chk, (), attr, refusal))
    return out


def kickout(m, pinner, target, used):
    return m.decide(
        "kick-out",
        target.side,
        lambda: kickout_options(m, pinner, target, used),
        lambda: tactics.kickout_order(target, used),
        who=target,
        prompt=PROMPTS["kick-out"],
    )


def excuse_options(w):
    df = (w.warnings + 1) * referee.WARNING_DF
    out = []
    for excuse, (first, second) in referee.EXCUSES.items():
        mods = [(first, w.attrs[first]), (second, w.attrs[second])]
        if excuse == "lie" and DIRTY_TRICKS in w.gimmicks:
            mods.append((DIRTY_TRICKS, 2))
        odds = check_odds(_bonus(mods, w), df, w.heat)
        chk = _check(mods, w, odds, need=df)
        title = "Lie to him" if excuse == "lie" else "Intimidate him"
        out.append(
            Option(
                f"excuse:{excuse}",
                f"{title} ({first} + {second}, Df {df}, {pct(odds)})",
                {},
                chk,
                ("fails: disqualified",),
                excuse,
            )
        )
    return out


def excuse(m, w):
    """Before the warning's DQ roll: lie or intimidate (the Df counts this warning)."""
    return m.decide(
        "excuse",
        w.side,
        lambda: excuse_options(w),
        lambda: referee.excuse_for(w),
        who=w,
        prompt=PROMPTS["excuse"],
    )
