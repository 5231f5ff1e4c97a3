"""A wrestler's state during a match: Fatigue, Heat, stun, prone, warnings (what the scoreboard shows)."""

from rules.wildknight.sheet import fatigue_threshold, tactics_for
from rules.wildknight.tables import BY_NAME, CROWD_FAVORITE, IRON_MAN, MONSTER, PIN_ATTEMPT, weight_mod

HEAT_MAX = 4  # SEED: "You can have up to 4 Heat maximum at any one time."


class Wrestler:
    __slots__ = (
        "sheet",
        "side",
        "name",
        "attrs",
        "weight",
        "wm",
        "threshold",
        "fatigue",
        "damage_taken",
        "exertion_spent",
        "heat",
        "stunned",
        "prone",
        "warnings",
        "next_mod",
        "pin_bonus",
        "finisher_round",
        "tactics",
        "moves",
        "finisher",
        "finisher_name",
        "gimmicks",
        "hulk",
        "hulk_used",
        "flaws",
        "signature",
        "high_flyer_used",
        "second_wind_used",
    )

    def __init__(self, sheet, side):
        self.sheet = sheet
        self.side = side
        self.name = sheet["name"]
        self.attrs = sheet["attributes"]
        self.weight = sheet["weight"]
        self.gimmicks = frozenset(sheet.get("gimmicks") or ())
        self.flaws = frozenset(sheet.get("flaws") or ())
        self.signature = sheet.get("signature")  # the Signature Move GE's move
        self.high_flyer_used = False  # High Flyer GE: once a match
        self.second_wind_used = False  # Second Wind GE: once a match
        self.wm = weight_mod(self.weight) + (1 if MONSTER in self.gimmicks else 0)
        self.threshold = fatigue_threshold(self.attrs["Brawn"], IRON_MAN in self.gimmicks)
        self.fatigue = 0  # K-9: every card starts at 0 Fatigue
        self.damage_taken = 0
        self.exertion_spent = 0
        self.heat = 1 if CROWD_FAVORITE in self.gimmicks else 0
        self.hulk = 0  # rounds of Hulk Up left (the Fatigue penalty is ignored meanwhile)
        self.hulk_used = False
        self.stunned = 0  # rounds of stun left
        self.prone = False
        self.warnings = 0
        self.next_mod = 0  # a stare-down's penalty on the next Maneuver Roll
        self.pin_bonus = 0  # a sunset flip's bonus on the next Pin Attempt
        self.finisher_round = None  # the round his finisher last hit
        self.tactics = tactics_for(sheet)
        self.moves = [BY_NAME[n] for n in sheet["maneuvers"]]
        if PIN_ATTEMPT not in self.moves:
            self.moves.append(PIN_ATTEMPT)  # every wrestler can try to pin a prone opponent
        self.finisher = BY_NAME[sheet["finisher"]["maneuver"]]
        self.finisher_name = sheet["finisher"]["name"]

    @property
    def tiredness(self):
        """K-10: the Fatigue penalty his Fatigue earns (what opponents and tactics see)."""
        return self.fatigue // self.threshold

    @property
    def penalty(self):
        """The Fatigue penalty subtracted from his d20 rolls now (0 while he is Hulking Up)."""
        return 0 if self.hulk else self.fatigue // self.threshold

    def snapshot(self, initiative):
        return {
            "name": self.name,
            "side": self.side,
            "fatigue": self.fatigue,
            "damage": self.damage_taken,
            "exertion": self.exertion_spent,
            "fatigue_penalty": 0 if self.hulk else self.fatigue // self.threshold,
            "fatigue_threshold": self.threshold,
            "heat": self.heat,
            "stunned": self.stunned,
            "prone": self.prone,
            "position": "prone" if self.prone else "standing",
            "warnings": self.warnings,
            "initiative": initiative,
            "weight_mod": self.wm,
            "hulk_up": self.hulk,
        }
