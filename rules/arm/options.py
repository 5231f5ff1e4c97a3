"""Helpers for the Options of a decision (rules/decisions.py): the check as the rules say it, the label a player
reads, a preview of a maneuver's modifiers that puts the wrestler's state back. The options themselves are built
next to the rules they come from (:mod:`rules.arm.choices` for the round, ``winning``, ``holds``, ``follow_up``,
``tag``, ``submission``); the table of decision points is in docs/rules/arm.md."""

from rules.arm.modifiers import attack_mods, note_attempt
from rules.decisions import Option

PROMPTS = {
    "start": "The bell: how does {name} start?",
    "run-in": "Should {name}'s second run in?",
    "edge": "Does {name} spend Edge?",
    "attack": "{name} has the Advantage: what does he attempt?",
    "seize": "Does {name} seize the initiative?",
    "team": "{name} faces two men: whom does he attack?",
    "double-team": "Does {name}'s partner come in for a double team?",
    "reply": "{name}: a Counter against this attack?",
    "answer": "{name}'s man missed: what does he attempt?",
    "combo": "{name} landed the strike: keep the combo going?",
    "cover": "Does {name} cover?",
    "screwjob": "Does {name} cheat on the pin?",
    "pin-break": "{name} is pinned: how does he break it?",
    "save": "{name}'s partner is pinned: make the save?",
    "block": "Does {name} block the save?",
    "tag": "Does {name} tag out?",
    "blind-tag": "Does {name} make it a blind tag?",
    "linger": "Does {name} stay in the ring?",
    "follow-up": "{name} has AP to spend on his man: what does he do?",
    "crowd": "Does {name} play to the crowd?",
    "hold": "{name} has the hold on: what now?",
    "hold-break": "{name} is in a hold: how does he try to break it?",
    "rope-break": "{name}'s man has reached the ropes: break the hold?",
}


def check_of(mods, **extra):
    """The check as the rules say: a d20, the need after every modifier, the modifiers (the attribute first)."""
    return {"die": "d20", "need": sum(amount for _name, amount in mods), "modifiers": [list(m) for m in mods], **extra}


def need_text(check):
    return f"{check['modifiers'][0][0]} check: {check['need']} or less" if check else ""


def label(title, cost=None, check=None, extra=""):
    parts = []
    if cost:
        parts += [f"{amount} {unit.upper() if unit == 'ap' else unit.capitalize()}" for unit, amount in cost.items()]
    if check:
        parts.append(need_text(check))
    if extra:
        parts.append(extra)
    return f"{title} ({', '.join(parts)})" if parts else title


def yes_no(kind, yes_label, value_yes=True, value_no=False, cost=None, check=None, needs=()):
    return [
        Option(f"{kind}:no", "No", value=value_no),
        Option(f"{kind}:yes", label(yes_label, cost, check), dict(cost or {}), check, tuple(needs), value_yes),
    ]


def preview_mods(match, attacker, defender, entry, opts=None, shortfall=0):
    """``attack_mods`` as they will be when he attempts ``entry`` now (the attempt noted first, any AP shortfall
    of his positioning counted); his state is put back as it was."""
    saved = (attacker.last_attempt, attacker.repeat, attacker.deficit)
    if entry.move.type != "Defense":
        note_attempt(attacker, entry)
    attacker.deficit += shortfall
    try:
        return attack_mods(match, attacker, defender, entry, opts)
    finally:
        attacker.last_attempt, attacker.repeat, attacker.deficit = saved


def priced(fighter, option, title, **kw):
    """A yes/no Edge decision at the option's price (rules.arm.edge.price)."""
    from rules.arm.edge import price

    return yes_no("edge", title, cost={"edge": price(fighter, option, **kw)})
