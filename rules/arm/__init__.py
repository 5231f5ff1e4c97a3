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

from rules.arm import examples, narration_call, narration_recap
from rules.arm import sheet as _sheet
from rules.arm import view as _view
from rules.arm.maneuvers import table_rows
from rules.arm.match import Match
from rules.arm.stipulation import parse_stipulation
from rules.arm.tables import AUTOMATIC_DQ_CHOICES, AUTOMATIC_DQ_DEFAULT, BODY_PARTS, DEFAULT_REFEREE, attribute_bonus
from rules.base import HouseRule, Ruleset
from rules.errors import SetupError
from rules.registry import register

__all__ = ["ArmRuleset"]

AUTOMATIC_DQ_LABELS = {
    "choke_count": "A choke held past the referee's count",
    "rope_break_count": "A hold not broken at the ropes by the count",
    "referee_contact": "Attacking the referee",
    "foreign_object": "Using a foreign object",
    "interference": "Outside interference",
    "over_the_top": "Throwing an opponent over the top rope",
    "fire_tab": "Fire",
    "powder": "Powder in the eyes",
}

HOUSE_RULES = (
    HouseRule(
        "warning_limit",
        "Referee warnings before a DQ",
        "integer",
        DEFAULT_REFEREE["warning_limit"],
        help="Warnings the house referee gives before he disqualifies (a match's own referee brings his own).",
        min=1,
        max=10,
    ),
    HouseRule(
        "automatic_dq",
        "Automatic disqualifications",
        "list",
        AUTOMATIC_DQ_DEFAULT,
        help="Infractions that disqualify at once, with no warning first.",
        choices=tuple((key, AUTOMATIC_DQ_LABELS[key]) for key in AUTOMATIC_DQ_CHOICES),
    ),
)

# The seed's injury areas (Head, Neck, Ribs/Body, Back, Arm, Leg) and the keys the league keeps them under.
INJURY_AREAS = (
    ("head", "Head"),
    ("neck", "Neck"),
    ("body", "Ribs/Body"),
    ("back", "Back"),
    ("arm", "Arm"),
    ("leg", "Leg"),
)
AREA_OF_PART = dict(zip(BODY_PARTS, (key for key, _label in INJURY_AREAS), strict=True))

# ARM's own Prestige details (rules/arm/winning.py, prestige_changes) and the league's reasons they are.
PRESTIGE_DETAILS = {"heat": "heat", "spot bonus": "flair", "engineered result": "engineered"}
RESULT_DETAILS = ("win", "loss")


@register
class ArmRuleset(Ruleset):
    id = "arm"
    name = "ARM (Advanced RingMaster)"
    summary = "d20 checks, Advantage, the StunTrack and Edge."
    match_kinds = ("singles", "tag", "cage")
    decisions = True

    def sheet_spec(self):
        return _sheet.sheet_spec()

    @property
    def sheet_check_options(self):
        return {"brackets": True, "parsers": _sheet.PARSERS, "unknown": "drop"}

    def validate_sheet(self, raw, new=False):
        """``new=True`` for a sheet at creation: its Prestige must reach its Background's start (P-ARM-08)."""
        return _sheet.validate(raw, new=new)

    def example_sheet(self, seed=None):
        return examples.example(seed)

    def derived(self, sheet):
        return _sheet.derived(sheet)

    def wrestler_view(self, sheet, derived):
        return _view.view(self.sheet_spec(), sheet, derived)

    def budget(self, sheet):
        return _view.budget(sheet)

    def ring_grid(self):
        """The ring grid of seed 000's "Positioning" with its "Ring Area" legend (rules.arm.ring.page_grid)."""
        from rules.arm.ring import page_grid

        return page_grid()

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

    def resolve(self, setup, dice, seed=None, choosers=None):
        """The events; ``choosers`` maps a side to a rules.decisions.Chooser (default: the tactics)."""
        match = Match(setup, dice, seed)
        match.choosers = dict(choosers or {})
        return narration_call.narrate(setup, match.run(), seed)

    def outcome(self, setup, dice, seed=None):
        """The result event only (odds): the match played without the commentary, its result line the same."""
        last = None
        for last in Match(setup, dice, seed).run():  # noqa: B007 - only the last one
            pass
        return narration_call.quiet_result(setup, last, seed)

    def recap(self, events, setup=None, **context):
        """A paragraph about a finished match (``narration_recap.recap``): who won, how, the turning point, the
        near falls and, given ``title``/``title_changed``/``streak``, what it means."""
        return narration_recap.recap(events, setup, **context)

    def chance(self, check):
        """P-ARM-01: a d20 at or under the need succeeds, but a natural 20 always botches; a contest also needs
        the other man's roll, so it has no chance of its own."""
        if not check or check.get("die") != "d20" or check.get("contest"):
            return None
        return max(0, min(int(check["need"]), 19)) / 20

    # --- the league ----------------------------------------------------------------------------
    def house_rule_spec(self):
        return HOUSE_RULES

    def house_stipulation(self, house_rules):
        """The house referee (Skill and SAV 10, the promotion's warning limit) and the automatic DQs."""
        return {
            "referee": dict(DEFAULT_REFEREE, warning_limit=house_rules["warning_limit"]),
            "automatic_dq": list(house_rules["automatic_dq"]),
        }

    def injury_areas(self):
        return INJURY_AREAS

    def injury_area(self, name):
        """Engine parts (``Ribs``) and the sheet's spellings (``ribs/body``, ``legs``) are read alike."""
        part = _sheet.PART_ALIASES.get(str(name).strip().lower())
        return AREA_OF_PART.get(part)

    def injury_summary(self):
        """Measured by bench/injuries.py (1,000 seeded matches between random sheets, 2026-12-02; docs/rules/arm.md)."""
        return {
            "text": "Injuries follow the rulebook: a Finisher, a Megamove, a foreign object, an Injury Prone "
            "opponent, a worked-over body part or a Spent wrestler each call a Toughness check, harder by 1 for every "
            "5 damage, and each failed check is an Injury point. Over 1,000 seeded matches 58% of wrestlers left "
            "the ring with at least one point (2.7 on average): a Finisher alone is checked at -4, failed more often "
            "than not. Each week heals a wrestler's STA bonus in points, so an injury keeps him out about 1.6 weeks "
            "(68% are healed within the week).",
            "faithful": True,
        }

    def weekly_heal(self, sheet):
        """Seed: "The wrestler gets to subtract his STA bonus each week from his total Injuries"; the STA bonus is
        REFERENCE P-ARM-05, max(0, (STA - 3) // 3)."""
        try:
            sta = int(sheet["attributes"]["STA"])
        except (KeyError, TypeError, ValueError):
            return 0
        return attribute_bonus(sta)

    def prestige_parts(self, result):
        """The result event's ``prestige`` (winning.prestige_changes): the win or loss, then heat, flair spot
        bonuses and engineered-result penalties as parts of their own; what is left is an adjustment."""
        parts = {}
        for entry in result.get("prestige") or []:
            details = entry.get("detail") or []
            if not details:
                parts[(entry.get("side"), entry.get("name"))] = [("result", entry["change"])]
                continue
            own = [("result", sum(d["amount"] for d in details if d["name"] in RESULT_DETAILS))]
            own += [(PRESTIGE_DETAILS[d["name"]], d["amount"]) for d in details if d["name"] in PRESTIGE_DETAILS]
            rest = entry["change"] - sum(amount for _reason, amount in own)
            if rest:
                own.append(("adjustment", rest))
            parts[(entry.get("side"), entry.get("name"))] = own
        return parts
