"""A fourth ruleset that lives in the test suite only: coin flips, to show a ruleset plugs in through rules/ alone.

One attribute (Luck, 1-6), one house rule (how many flips a match is the best of), one injury area (Pride: every
flip lost bruises it), a healing rule (Luck // 2 points a week) and a Prestige part of its own (a flair point for
every flip won). Registered by ``tests/promotion/test_ruleset_plugin.py`` and taken out again after each test.
"""

from rules import HouseRule, Ruleset, SetupError, SheetError
from rules.base import EventLog

ID = "coin-flip"
LUCK = (1, 6)
PRIDE_MAX = 20


def _fail(field, message):
    raise SheetError(field, message)


class CoinFlip(Ruleset):
    id = ID
    name = "Coin Flip"
    label = "Coin flip (best of N)"
    summary = "Heads wins the flip; the most flips wins the match."
    match_kinds = ("singles",)

    # --- the sheet ---------------------------------------------------------------------------------------
    def sheet_spec(self):
        return {
            "fields": {
                "name": {"type": "string", "required": True, "max_length": 60, "label": "Ring name"},
                "alignment": {"type": "choice", "choices": ["face", "heel"]},
                "injuries": {
                    "type": "object",
                    "fields": {"pride": {"type": "integer", "min": 0, "max": PRIDE_MAX}},
                },
            },
            "attributes": [{"name": "luck", "min": LUCK[0], "max": LUCK[1], "help": "heals luck // 2 a week"}],
        }

    def validate_sheet(self, raw):
        if not isinstance(raw, dict):
            _fail("sheet", "must be an object")
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            _fail("name", "is required")
        alignment = raw.get("alignment", "face")
        if alignment not in ("face", "heel"):
            _fail("alignment", "must be face or heel")
        luck = (raw.get("attributes") or {}).get("luck")
        if isinstance(luck, bool) or not isinstance(luck, int) or not LUCK[0] <= luck <= LUCK[1]:
            _fail("attributes.luck", f"must be a whole number from {LUCK[0]} to {LUCK[1]}")
        pride = (raw.get("injuries") or {}).get("pride", 0)
        if isinstance(pride, bool) or not isinstance(pride, int) or not 0 <= pride <= PRIDE_MAX:
            _fail("injuries.pride", f"must be a whole number from 0 to {PRIDE_MAX}")
        return {
            "name": name.strip(),
            "alignment": alignment,
            "attributes": {"luck": luck},
            "injuries": {"pride": pride} if pride else {},
        }

    def example_sheet(self, seed=None):
        return {"name": "Lucky Lou", "alignment": "face", "attributes": {"luck": 3 + (seed or 0) % 4}}

    # --- matches -------------------------------------------------------------------------------------------
    def check_setup(self, setup):
        super().check_setup(setup)
        if len(setup.sides) != 2:
            raise SetupError("a coin flip has two sides")
        best_of = setup.option("best_of", 3)
        if isinstance(best_of, bool) or not isinstance(best_of, int) or best_of < 1:
            raise SetupError("best_of must be a whole number of flips, at least 1")

    def resolve(self, setup, dice, seed=None):
        (a,), (b,) = setup.sides
        needed = setup.option("best_of", 3) // 2 + 1
        wins = [0, 0]
        pride = [dict(a.get("injuries") or {}).get("pride", 0), dict(b.get("injuries") or {}).get("pride", 0)]
        names = (a["name"], b["name"])

        def snapshot():
            return [
                {"name": names[side], "side": side, "wins": wins[side], "injuries": {"pride": pride[side]}}
                for side in (0, 1)
            ]

        log = EventLog(dice, snapshot, seed=seed)
        yield log.emit("bell", f"{names[0]} and {names[1]} call the coin.")
        while max(wins) < needed:
            log.round += 1
            log.clock += 10
            side = 0 if dice.roll(2, "the flip") == 1 else 1
            wins[side] += 1
            pride[1 - side] += 1
            yield log.emit("flip", f"Heads for {names[side]}.", actor=side, target=1 - side)
        winner = 0 if wins[0] > wins[1] else 1
        yield log.result(winner, "pinfall", f"{names[winner]} wins the toss, {max(wins)} flips to {min(wins)}.")

    # --- the league ----------------------------------------------------------------------------------------
    def house_rule_spec(self):
        return (
            HouseRule(
                "best_of", "Flips in a match", "integer", 3, help="A match is the best of this many.", min=1, max=9
            ),
        )

    def injury_areas(self):
        return (("pride", "Pride"),)

    def weekly_heal(self, sheet):
        return sheet["attributes"]["luck"] // 2

    def prestige_parts(self, result):
        """The winner's +10 and a flair point per flip he won; the loser's -10."""
        parts = {}
        for state in result["state"]:
            if state["side"] == result["winner"]:
                parts[(state["side"], state["name"])] = [("result", 10), ("flair", state["wins"])]
            else:
                parts[(state["side"], state["name"])] = [("result", -10)]
        return parts
