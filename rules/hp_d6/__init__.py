"""hp-d6: the "WWF RPG" d6 system (seed 001): 20 HP, d6 initiative, six move types, three-roll pins.

Modules follow the text: ``sheet`` (Hit Points, the wrestler), ``hit_points`` (Hit Points: HP removed
in the match), ``match`` (Taking Turns), ``moves``
(The Moves: strike, grapple, high risk, pinning combination, submission, trademark finisher),
``knockdown`` (Getting Up), ``pins`` (Going for the Pin), ``advanced`` (ADVANCED RULES),
``tactics`` (who picks what) and ``narration`` (the play-by-play). Decisions: ``docs/rules/hp-d6.md``.
"""

from rules.base import HouseRule, Ruleset
from rules.errors import SetupError
from rules.hp_d6 import match, narration, sheet
from rules.hp_d6.moves import FINISHER_HP, MOVE_TABLE
from rules.hp_d6.pins import PIN_HP
from rules.hp_d6.sheet import HP_DEFAULT
from rules.registry import register

# ADVANCED RULES, "Cheating (within the rules)" (rules/hp_d6/advanced.py): each one off unless the promotion allows it.
HOUSE_RULES = (
    HouseRule(
        "foreign_objects",
        "Foreign objects",
        "boolean",
        False,
        help="Advanced rule: a wrestler may pick up a weapon and swing it; a referee who sees it disqualifies.",
    ),
    HouseRule(
        "run_ins",
        "Run-ins",
        "boolean",
        False,
        help="Advanced rule: a wrestler's ally may run in once a match and hit his finisher.",
    ),
    HouseRule(
        "attack_referee",
        "Attacking the referee",
        "boolean",
        False,
        help="Advanced rule: a wrestler may knock the referee down (or be disqualified for trying).",
    ),
)


@register
class HpD6(Ruleset):
    id = "hp-d6"
    name = "WWF RPG (d6, 20 HP)"
    label = "hp-d6 (20 HP, d6)"
    summary = "Twenty hit points and a d6: strikes, grapples, three-count pins."
    match_kinds = ("singles",)
    decisions = True

    def sheet_spec(self):
        return sheet.sheet_spec()

    def validate_sheet(self, raw):
        return sheet.validate_sheet(raw)

    def example_sheet(self, seed=None):
        return sheet.example_sheet(seed)

    def derived(self, sheet):
        return {"hp": sheet.get("hp", HP_DEFAULT), "pin_at": PIN_HP, "finisher_at": FINISHER_HP}

    def maneuvers(self):
        return [dict(row) for row in MOVE_TABLE]

    def wrestler_view(self, sheet_, derived):
        from rules.hp_d6.view import view

        return view(self.sheet_spec(), sheet_, derived, MOVE_TABLE)

    def check_setup(self, setup):
        super().check_setup(setup)
        if len(setup.sides) != 2:
            raise SetupError("hp-d6 singles matches have exactly two sides")
        match.parse_stipulation(setup.stipulation)

    def resolve(self, setup, dice, seed=None, choosers=None):
        """The events; ``choosers`` maps a side to a rules.decisions.Chooser (default: the tactics)."""
        return match.resolve(setup, dice, seed=seed, choosers=choosers)

    def outcome(self, setup, dice, seed=None):
        return match.outcome(setup, dice, seed=seed)

    def house_rule_spec(self):
        return HOUSE_RULES

    def house_stipulation(self, house_rules):
        """The advanced rules, as the stipulation's ``advanced`` mapping."""
        return {"advanced": {rule.name: house_rules[rule.name] for rule in HOUSE_RULES}}

    def recap(self, events, setup=None, **context):
        """A paragraph about a finished match (``narration.recap``): who won, how, the turning point, the near
        falls and, given ``title``/``title_changed``/``streak``, what it means."""
        return narration.recap(events, setup, **context)
