"""ARM ("Advanced RingMaster"): seed 000, the d20 roll-under wrestling ruleset.

Modules follow the seed's chapters: ``checks`` (The Attribute Check), ``clock`` (Time),
``advantage`` and ``start`` (Advantage, the start of a match), ``maneuvers`` (Maneuvers, Flags,
Arsenals, Defenses, Reversals, Finishers), ``modifiers`` (situational modifiers), ``positioning``
(Action Points, positions, the ring grid), ``resolution`` (the round and the maneuver check),
``damage`` (StunTrack, weardown, exertion, recovering), ``injury``, ``winning`` (pinfall, submission,
knockout, draws), ``referee`` (disqualifications, counts), ``edge`` (Edge Points), plus ``sheet``
and ``tables`` (data), ``tactics`` (the default policy), ``narration`` (sentences) and ``match``
(state and driver). See ``docs/rules/arm.md``.
"""

from rules.arm import sheet as _sheet
from rules.arm.maneuvers import table_rows
from rules.arm.match import Match, parse_stipulation
from rules.base import Ruleset
from rules.errors import SetupError
from rules.registry import register

__all__ = ["ArmRuleset"]


@register
class ArmRuleset(Ruleset):
    id = "arm"
    name = "ARM (Advanced RingMaster)"
    match_kinds = ("singles", "tag", "cage")

    def sheet_spec(self):
        return _sheet.sheet_spec()

    def validate_sheet(self, raw, new=False):
        """``new=True`` for a sheet at creation: its Prestige must reach its Background's start (P-ARM-08)."""
        return _sheet.validate(raw, new=new)

    def example_sheet(self, seed=None):
        return _sheet.example(seed)

    def derived(self, sheet):
        return _sheet.derived(sheet)

    def maneuvers(self):
        return table_rows()

    def check_setup(self, setup):
        super().check_setup(setup)
        if len(setup.sides) != 2:
            raise SetupError(f"ARM {setup.kind} matches have exactly two sides")
        if setup.kind == "tag" and any(len(side) < 2 for side in setup.sides):
            raise SetupError("a tag team match has two teams of two or more wrestlers")
        if setup.kind == "cage" and any(len(side) != 1 for side in setup.sides):
            raise SetupError("an ARM cage match has one wrestler per side")
        names = [w["name"] for side in setup.sides for w in side]
        if len(set(names)) != len(names):
            raise SetupError("two wrestlers in one match have the same name")
        parse_stipulation(setup.stipulation, len(setup.sides))

    def resolve(self, setup, dice, seed=None):
        return Match(setup, dice, seed).run()
