"""wildknight's tables as data: the maneuver list, the modifier codes and the Weight Mod table.

The seed names the modifiers ("Requires Lifting", "Knockdown", "Stunning"), the damage dice (d4 for simple
punches and kicks up to d10 for "Holy S*it!" moves) and a handful of moves. It has no maneuver table: the rows
below are REFERENCE P-K6 (adopted with the changes listed in ``docs/rules/wildknight.md``). Moves marked
"(S)" in the notes are named in the seed itself.
"""

from dataclasses import dataclass

# Modifier codes (REFERENCE K6). RL, KD and ST are the seed's own modifiers.
RL = "requires-lifting"  # SEED "Requires Lifting"
KD = "knockdown"  # SEED "Knockdown"
ST = "stunning"  # SEED "Stunning"
ILL = "illegal"  # SEED "illegal maneuver" (DISQUALIFICATION)
SUB = "submission"  # REFERENCE K8
PIN = "pin"  # SEED "Pin Attempt"
PRONE = "target-prone"  # the move needs a prone target (K6 "target prone")

MODIFIERS = {
    RL: "Requires Lifting: no damage unless the target is lifted (WM vs key attribute, or the roll margin)",
    KD: "Knockdown: always damages; knocks the target down if the WM test passes",
    ST: "Stunning: the target makes a Brawn roll against Df = damage dealt or is stunned",
    ILL: "Illegal: an automatic hit or more than 10 damage with it earns a warning",
    SUB: "Submission hold: a tired victim (Fatigue penalty 1+) must make a Brawn roll or tap out",
    PIN: "Pin: a hit starts the three opposed pin counts",
    PRONE: "Target must be prone",
}

# The attributes a maneuver can key on (the seed's six names).
ATTRIBUTES = ("Brawn", "Power", "Athleticism", "Flair", "Deception", "Presence")


@dataclass(frozen=True)
class Maneuver:
    name: str
    key: str  # the key attribute
    die: int  # damage die sides, 0 for moves that do no damage
    mods: tuple = ()
    self_stun: bool = False  # the attacker also resists stun (Df = half the damage)
    self_fatigue: int = 0  # the attacker takes 1d<self_fatigue> Fatigue after hitting
    restful: bool = False  # the attacker removes 1 Fatigue on a hit
    heat: int = 0  # Heat gained on a hit (the taunt)
    stare: int = 0  # penalty on the target's next Maneuver Roll (the stare-down)
    pin_bonus: int = 0  # bonus on the attacker's next Pin Attempt Maneuver Roll (sunset flip)
    standing_pin: bool = False  # a pin that works on a standing target (small package)
    note: str = ""

    def has(self, mod):
        return mod in self.mods

    @property
    def needs_prone(self):
        return PRONE in self.mods

    def as_dict(self):
        return {
            "name": self.name,
            "key": self.key,
            "damage": f"d{self.die}" if self.die else None,
            "modifiers": list(self.mods),
            "note": self.note,
        }


M = Maneuver
MANEUVERS = (
    # Brawn: punches, chops, clotheslines
    M("Punch", "Brawn", 4, note="(S) simple punch"),
    M("Chop", "Brawn", 4),
    M("Stomp", "Brawn", 4, (PRONE,)),
    M("Knee Strike", "Brawn", 6),
    M("Forearm Smash", "Brawn", 6),
    M("Headbutt", "Brawn", 6, (ST,), self_stun=True, note="the attacker also resists stun at Df = half the damage"),
    M("Double Axehandle Smash", "Brawn", 6, (KD,), note="(S) Knockdown"),
    M("Clothesline", "Brawn", 6, (KD,), note="(S)"),
    M("Big Boot", "Brawn", 6, (KD,)),
    M("Running Lariat", "Brawn", 8, (KD,)),
    # Power: slams, suplexes, powerbombs
    M("Shoulderblock", "Power", 6, (KD,), note="(S) Knockdown"),
    M("Body Slam", "Power", 6, (RL,), note="(S) Requires Lifting"),
    M("Vertical Suplex", "Power", 8, (RL,), note="(S) Requires Lifting"),
    M("Backbreaker", "Power", 8, (RL,)),
    M("Powerslam", "Power", 8, (RL,)),
    M("Spinebuster", "Power", 8, (KD,)),
    M("Powerbomb", "Power", 10, (RL, ST), note="(S) Requires Lifting"),
    M("Piledriver", "Power", 10, (RL, ST)),
    M("Chokeslam", "Power", 10, (RL, ST)),
    M("Over-the-Rope Toss", "Power", 6, (RL,), note="(S) Requires Lifting; no count-out in this engine"),
    M("Bear Hug", "Power", 4, (SUB,)),
    # Athleticism: aerial and speed moves
    M("Kick", "Athleticism", 4, note="(S) simple kick"),
    M("Dropkick", "Athleticism", 6, (KD,)),
    M("Scissors Kick", "Athleticism", 6, (KD,), note="(S) Knockdown"),
    M("Flying Bodypress", "Athleticism", 8, (KD,), note="(S) Knockdown"),
    M("Hurricanrana", "Athleticism", 8, (KD,)),
    M("Sunset Flip", "Athleticism", 4, (RL,), pin_bonus=2, note="(S) Requires Lifting; +2 to the next Pin Attempt"),
    M("Diving Elbow Drop", "Athleticism", 8, (PRONE, ST)),
    M("Moonsault", "Athleticism", 10, (PRONE,)),
    M("Dive to the Floor", "Athleticism", 10, (KD,), self_fatigue=4, note="the attacker takes 1d4 Fatigue"),
    M(
        "Top-Rope Plancha",
        "Athleticism",
        10,
        (KD, ST),
        self_fatigue=6,
        note="(S) the d10 'Holy S*it!' dive (off the top of the cage in a cage match); the attacker takes 1d6",
    ),
    # Flair: technical holds, submissions, the Pin Attempt
    M("Headlock", "Flair", 4, (SUB,), restful=True, note="restful: the attacker removes 1 Fatigue"),
    M("Arm Drag", "Flair", 4, (KD,)),
    M("Hip Toss", "Flair", 6, (RL,)),
    M("Neckbreaker", "Flair", 6, (KD,)),
    M("German Suplex", "Flair", 8, (RL,)),
    M("DDT", "Flair", 8, (KD, ST)),
    M("Sleeper Hold", "Flair", 4, (SUB, ST)),
    M("Figure-Four Leglock", "Flair", 6, (SUB, PRONE)),
    M("Sharpshooter", "Flair", 8, (SUB, PRONE)),
    M("Pin Attempt", "Flair", 0, (PIN, PRONE), note="(S) flair/technical-based; every wrestler knows it"),
    M("Small Package", "Flair", 0, (PIN,), standing_pin=True, note="a pin on a standing target"),
    # Deception: illegal moves
    M("Eye Rake", "Deception", 4, (ILL, ST)),
    M("Low Blow", "Deception", 6, (ILL, ST)),
    M("Choke", "Deception", 4, (ILL, SUB)),
    M("Foreign Object Shot", "Deception", 8, (ILL, ST)),
    # Presence: taunts and intimidation
    M("Taunt", "Presence", 0, heat=1, note="on a hit, +1 Heat, no damage"),
    M("Stare-down", "Presence", 0, stare=2, note="on a hit, the target takes -2 on his next Maneuver Roll"),
)
del M

BY_NAME = {m.name: m for m in MANEUVERS}

# Gimmick Enhancements (REFERENCE K13; the seed names GEs only as something that converts to Fatigue).
IRON_MAN = "Iron Man"
CROWD_FAVORITE = "Crowd Favorite"
RESILIENT = "Resilient"
ESCAPE_ARTIST = "Escape Artist"
DIRTY_TRICKS = "Dirty Tricks"
POWERHOUSE = "Powerhouse"
MONSTER = "Monster"
SUBMISSION_SPECIALIST = "Submission Specialist"
DEVASTATING_FINISHER = "Devastating Finisher"
HULK_UP = "Hulk Up"
SIGNATURE_MOVE = "Signature Move"
HIGH_FLYER = "High Flyer"
SECOND_WIND = "Second Wind"
GIMMICKS = {
    IRON_MAN: "Fatigue threshold 25 + Brawn instead of 20 + Brawn",
    CROWD_FAVORITE: "starts every match with 1 Heat",
    RESILIENT: "+2 to Brawn rolls against stun",
    ESCAPE_ARTIST: "+1 to every pin-count kick-out roll",
    DIRTY_TRICKS: "+2 to Deception + Flair rolls (pin cheats, lying to the referee)",
    POWERHOUSE: "+2 to the key attribute for Weight Mod lifting and knockdown tests",
    MONSTER: "Weight Mod +1 (harder to lift)",
    SUBMISSION_SPECIALIST: "+2 to Maneuver Rolls with submission holds; the victim's Df is +2",
    DEVASTATING_FINISHER: "the finisher's dice step up one size (d10 becomes d12)",
    HULK_UP: "once a match at Fatigue penalty 2+: spend 1 Heat, ignore the Fatigue penalty for 3 rounds, "
    "then take 1d6 Fatigue",
    SIGNATURE_MOVE: "+2 to Maneuver Rolls with one named move (the sheet's signature)",
    HIGH_FLYER: "once a match, ignore a critical miss on a Maneuver Roll with an Athleticism move",
    SECOND_WIND: "once a match, as the round's action: spend 1 Heat and remove 2d6 Fatigue",
}
GIMMICK_MAX = 2  # K13: start with two GEs ...
# ... the GEs seeded example sheets draw from (the first ten: seeded examples stay the wrestlers they were)
EXAMPLE_GIMMICKS = tuple(sorted(set(GIMMICKS) - {SIGNATURE_MOVE, HIGH_FLYER, SECOND_WIND}))

# Flaws (REFERENCE K13): each one taken buys one more GE; at most two.
GLASS_JAW = "Glass Jaw"
SHORT_FUSE = "Short Fuse"
SLOW_STARTER = "Slow Starter"
RING_RUSTY = "Ring-Rusty"
FLAWS = {
    GLASS_JAW: "Df +2 on his rolls to resist stun",
    SHORT_FUSE: "a natural 1 on his Maneuver Roll is an illegal act: a warning and its DQ roll",
    SLOW_STARTER: "-2 on his Maneuver Rolls in rounds 1 and 2",
    RING_RUSTY: "-1 on his pin-count rolls (pinning or kicking out)",
}
FLAW_MAX = 2
PIN_ATTEMPT = BY_NAME["Pin Attempt"]

# REFERENCE K3: Weight Mod on the attribute scale. (upper bound in lb inclusive, WM)
WEIGHT_TABLE = (
    (160, -1),
    (200, 0),
    (240, 1),
    (280, 2),
    (320, 3),
    (360, 4),
    (400, 5),
    (450, 6),
)
WEIGHT_MOD_MAX = 7  # 451 lb and up


def weight_mod(weight):
    """The Weight Mod (WM) of a wrestler weighing ``weight`` pounds (K-1, table REFERENCE K3)."""
    for upper, wm in WEIGHT_TABLE:
        if weight <= upper:
            return wm
    return WEIGHT_MOD_MAX


def maneuver(name):
    return BY_NAME[name]
