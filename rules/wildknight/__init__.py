"""wildknight: the d20 roll-high ruleset digested from Wild World Wrestling (seed 004).

Modules follow the seed's sections: ``damage`` (LIFTING AND KNOCKDOWN, DAMAGE), ``attack`` (AUTOMATIC/CRITICAL
HITS & MISSES), ``stun`` (STUN), ``heat`` (HEAT), ``pins`` (PIN FALL), ``referee`` (DISQUALIFICATION); ``sheet``
and ``tables`` hold the gap-filled sheet and maneuver list; ``match`` runs the rounds; ``segments`` rolls the
promos outside a match (HEAT's last paragraph). Decisions where the seed is silent are in
``docs/rules/wildknight.md``.

Stipulation keys read: ``time_limit`` (seconds, default 1800; one round = 30 seconds), ``no_dq`` (bool),
``starting_heat`` ([side A, side B] Heat carried in from promo segments, 0..4 each; ``segments`` rolls the
promos and builds it), ``title`` (words only: the commentary names the title on the line). A promo segment is
a setup of kind ``promo`` (``segment_kinds``): one side (a single promo) or two (dueling), keys ``df``,
``styles``, ``heat_carried`` (``segments.check``).
"""

from rules.base import MatchSetup, Ruleset
from rules.errors import SetupError
from rules.registry import register
from rules.wildknight import match, narration, segments, sheet
from rules.wildknight.state import HEAT_MAX
from rules.wildknight.tables import MANEUVERS, MODIFIERS

STIPULATIONS = {
    "time_limit": "seconds of match time before a draw (default 1800; a round is 30 seconds; at most 400 rounds)",
    "no_dq": "true: no warnings or disqualifications (a caught pin cheat still stops the count)",
    "starting_heat": "[A, B]: Heat each side brings in from promo segments (0..4)",
    "title": "words only: the title on the line, named by the commentary",
}


@register
class WildKnight(Ruleset):
    id = "wildknight"
    name = "wildknight d20 (Wild World Wrestling digest)"
    label = "wildknight (d20 roll-high)"
    summary = "A d20 roll-high brawl: Fatigue, Stun, Heat and critical hits."
    match_kinds = ("singles",)
    segment_kinds = (segments.KIND,)  # K-28: a single or dueling promo, outside a match

    def sheet_spec(self):
        spec = sheet.sheet_spec()
        spec["stipulations"] = dict(STIPULATIONS)
        spec["modifiers"] = dict(MODIFIERS)
        return spec

    def validate_sheet(self, raw):
        return sheet.validate_sheet(raw)

    def example_sheet(self, seed=None):
        return sheet.example_sheet(seed)

    def derived(self, sheet_):
        return sheet.derived(sheet_)

    def maneuvers(self):
        return [m.as_dict() for m in MANEUVERS]

    def build_setup(self, sides, kind="singles", stipulation=None):
        if kind not in self.segment_kinds:
            return super().build_setup(sides, kind=kind, stipulation=stipulation)
        checked = tuple(tuple(self.validate_sheet(s) for s in side) for side in sides)
        setup = MatchSetup(sides=checked, kind=kind, stipulation=dict(stipulation or {}))
        self.check_setup(setup)
        return setup

    def check_setup(self, setup):
        if setup.kind in self.segment_kinds:
            segments.check(setup)
            return
        super().check_setup(setup)
        if len(setup.sides) != 2:
            raise SetupError("a wildknight singles match has exactly two sides")
        tl = setup.option("time_limit")
        if tl is not None and (isinstance(tl, bool) or not isinstance(tl, int) or tl < match.SECONDS_PER_ROUND):
            raise SetupError(f"time_limit must be a whole number of seconds, at least {match.SECONDS_PER_ROUND}")
        no_dq = setup.option("no_dq")
        if no_dq is not None and not isinstance(no_dq, bool):
            raise SetupError("no_dq must be true or false")
        heat = setup.option("starting_heat")
        if heat is not None and (
            not isinstance(heat, list | tuple)
            or len(heat) != 2
            or any(isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= HEAT_MAX for h in heat)
        ):
            raise SetupError(f"starting_heat must be two whole numbers from 0 to {HEAT_MAX}")

    def resolve(self, setup, dice, seed=None, choosers=None):
        """The events; ``choosers`` maps a side to a rules.decisions.Chooser (default: the tactics). A promo
        segment has no decision points."""
        self.check_setup(setup)
        if setup.kind in self.segment_kinds:
            return segments.resolve(setup, dice, seed)
        return match.resolve(setup, dice, seed, choosers)

    def carry_in(self, stipulation, carried):
        """K-28: the Heat a promo earned each side becomes his ``starting_heat`` in his next match (0..4)."""
        stipulation = dict(stipulation)
        heat = [sum(h for h in side if h) for side in carried]
        if any(heat):
            stipulation["starting_heat"] = segments.starting_heat(*heat)
        return stipulation

    def recap(self, events, setup=None, **context):
        """A paragraph about a finished match (``narration.recap``): who won, how, the turning point, the biggest
        blow, the near falls and, given ``title``/``title_changed``/``streak``, what it means. A promo segment has
        no winner to tell of: its own closing line (the base recap)."""
        if events and events[-1].get("segment"):
            return super().recap(events, setup, **context)
        return narration.recap(events, setup, **context)

    # --- segments outside a match (K-28): what a league calls between cards ----------------------
    def single_promo(self, raw_sheet, dice, *, heat_carried=0, df=segments.PROMO_DF, style="charisma"):
        """A promo against a Df: the Heat he carries afterwards (0..4), the roll record and a sentence."""
        sheet_ = self.validate_sheet(raw_sheet)
        return segments.single_promo(dice, sheet_, heat_carried=heat_carried, df=df, style=style)

    def dueling_promo(self, raw_a, raw_b, dice, *, heat_carried=(0, 0), styles=("charisma", "charisma")):
        """Two wrestlers' promos against each other: beating the other's total by 10 earns Heat."""
        a, b = self.validate_sheet(raw_a), self.validate_sheet(raw_b)
        return segments.dueling_promo(dice, a, b, heat_carried=heat_carried, styles=styles)
