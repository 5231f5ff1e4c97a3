"""ARM's tables as data, each row readable beside the seed (000) and REFERENCE §2.3.

Rows keep the numbering of REFERENCE P-ARM-16 (maneuvers), P-ARM-17 (Defenses), P-ARM-18 (Flags),
P-ARM-19 (Stun Codes), P-ARM-20 (foreign objects), P-ARM-03/04 (weight and height), P-ARM-06
(weardown), P-ARM-08/09 (Backgrounds, Merits and Flaws). Nothing here does anything: the modules
that follow the seed's chapters read these rows.
"""

from types import MappingProxyType

ATTRIBUTES = ("STR", "TEC", "AGI", "BRA", "SAV", "STA", "TOU")  # P-ARM-02
ARSENAL_CLASSES = ("STR", "TEC", "AGI", "BRA", "SAV")  # FOUND: 5 arsenals, none for STA/TOU
BODY_PARTS = ("Head", "Neck", "Ribs", "Back", "Arm", "Leg")  # seed: Head, Neck, Ribs/Body, Back, Arm, Leg
USES = {"A": "Arm", "L": "Leg", "B": "Back", "H": "Head", "R": "Ribs", "N": "Neck"}
ATTR_MIN, ATTR_MAX = 3, 18  # P-ARM-02: absolute range (creation 5-16)
CREATION_MIN, CREATION_MAX = 5, 16
TALENT_POOL = 50  # FOUND arm-char
DEFAULT_BORDER = 12  # P-ARM-02 (RM Border 60 / 5)
FREE_TRAINING = 5  # P-ARM-10
MAX_TRAINING = 3
MAX_CREATION_TRAINING = 2


def attribute_bonus(value):
    """P-ARM-05: the "AGI bonus" / "STA bonus" of an attribute."""
    return max(0, (value - 3) // 3)


# --- P-ARM-03 weight table ----------------------------------------------------------------------
# (heaviest weight in the row, Talent adj, Lift, WDB, STR Border, TOU Border, AGI Border, STA Border)
WEIGHT_TABLE = (
    (140, +9, -4, 0, 9, 10, 15, 14),
    (175, +7, -3, 0, 10, 11, 14, 14),
    (200, +5, -2, 0, 11, 12, 13, 13),
    (220, +4, -1, +1, 12, 12, 13, 13),
    (240, +2, 0, +1, 13, 13, 12, 12),
    (260, 0, +1, +2, 13, 13, 12, 12),
    (280, 0, +2, +3, 14, 14, 11, 11),
    (325, 0, +4, +4, 14, 15, 10, 11),
    (375, -1, +6, +5, 15, 15, 9, 10),
    (425, -1, +8, +6, 16, 16, 8, 9),
    (10_000, -2, +10, +7, 16, 16, 7, 8),
)

# --- P-ARM-04 height table ----------------------------------------------------------------------
# (tallest height in inches, Talent adj, Reach, HDB)
HEIGHT_TABLE = (
    (65, +2, -2, 0),  # <= 5'5"
    (69, +1, -1, +1),  # 5'6"-5'9"
    (73, 0, 0, +2),  # 5'10"-6'1"
    (77, 0, +1, +3),  # 6'2"-6'5"
    (81, -1, +2, +4),  # 6'6"-6'9"
    (85, -2, +3, +5),  # 6'10"-7'1"
    (999, -3, +4, +6),  # 7'2"+
)


def weight_row(pounds):
    for row in WEIGHT_TABLE:
        if pounds <= row[0]:
            return row
    return WEIGHT_TABLE[-1]


def height_row(inches):
    for row in HEIGHT_TABLE:
        if inches <= row[0]:
            return row
    return HEIGHT_TABLE[-1]


# --- P-ARM-06 weardown --------------------------------------------------------------------------
# Level n (1-based) = WEARDOWN[n - 1]: (name, penalty). "Spent" is past the final StunTrack value.
WEARDOWN = (("Fresh", 0), ("Winded", -1), ("Tired", -2), ("Groggy", -3), ("Exhausted", -4))
SPENT = "Spent"
STUNTRACK_BREAKS = 5

# --- positions (seed: two Standing, three Crouching, two Fallen) ---------------------------------
STANDING = ("Facing", "Behind")
CROUCHING = ("Sitting", "Kneeling", "Bent")
FALLEN = ("Prone", "Facedown")
POSITIONS = STANDING + CROUCHING + FALLEN
CATEGORY = dict.fromkeys(STANDING, "Standing") | dict.fromkeys(CROUCHING, "Crouching") | dict.fromkeys(FALLEN, "Fallen")

# Requirement codes used in the maneuver rows below (a set of allowed positions).
POS_CODES = MappingProxyType(
    {
        "any": frozenset(POSITIONS),
        "St": frozenset(STANDING),
        "Fc": frozenset(("Facing",)),
        "Bh": frozenset(("Behind",)),
        "StB": frozenset(STANDING + ("Bent",)),
        "StC": frozenset(STANDING + CROUCHING),
        "C": frozenset(CROUCHING),
        "Ben": frozenset(("Bent",)),
        "Si": frozenset(("Sitting",)),
        "Fa": frozenset(FALLEN),
        "Pr": frozenset(("Prone",)),
        "Fd": frozenset(("Facedown",)),
        "StCFa": frozenset(POSITIONS),
    }
)

# --- P-ARM-16 base maneuvers ---------------------------------------------------------------------
# Columns: number, name, class, level, base damage, damage tags (W = +attacker WDB, H = +attacker HDB,
# SC = +Stun Code of what the victim hits), target, type, uses (A arm, L leg, B back, H head, R ribs),
# properties, requirements [(attacker code, defender code), ...] (any one pair suffices),
# result (attacker's position after, defender's position after; "" = unchanged).
# Properties: KD knockdown; LIFT lifting (-Lift, exertion + Lift); PP pinfall predicament; FC free
# cover; HR high risk; ILL illegal; INJ always Injuring; DAZE; BLIND; EXERT (+1 exertion); TRICK;
# SINGLE (one use); OBJ (needs an object in hand); FIST (fist loads add damage); CHOKE (referee count).
_ = ""
MANEUVER_ROWS = (
    (1, "Punch", "BRA", 0, 2, "", "Head", "Strike", "A", "ILL FIST", [("St", "StC")], (_, _)),
    (2, "Forearm Smash", "BRA", 0, 2, "", "Head", "Strike", "A", "", [("St", "StC")], (_, _)),
    (3, "Chop", "BRA", 0, 2, "", "Ribs", "Strike", "A", "", [("St", "StC")], (_, _)),
    (4, "Kick", "BRA", 0, 2, "", "Ribs", "Strike", "L", "", [("St", "StC")], (_, _)),
    (5, "Stomp", "BRA", 0, 2, "", "Ribs", "Strike", "L", "", [("St", "Fa")], (_, _)),
    (6, "Knee Lift", "BRA", 0, 3, "", "Head", "Strike", "L", "", [("St", "StB")], (_, _)),
    (7, "Headbutt", "BRA", 0, 3, "", "Head", "Strike", "H", "EXERT", [("St", "StC")], (_, _)),
    (8, "Choke", "BRA", 0, 2, "", "Neck", "Hold", "A", "ILL CHOKE", [("StC", "any")], (_, _)),
    (9, "Eye Gouge", "BRA", 1, 1, "", "Head", "Strike", "A", "ILL BLIND", [("StC", "any")], (_, _)),
    (10, "Low Blow", "BRA", 1, 3, "", "Ribs", "Strike", "L", "ILL", [("St", "St")], (_, "Bent")),
    (11, "Clothesline", "BRA", 1, 4, "", "Neck", "Strike", "A", "KD", [("St", "St")], (_, "Prone")),
    (12, "Big Boot", "BRA", 1, 4, "", "Head", "Strike", "L", "KD", [("St", "StB")], (_, "Prone")),
    (13, "Elbow Drop", "BRA", 1, 3, "W", "Head", "Strike", "A", "", [("St", "Fa")], ("Kneeling", _)),
    (14, "Head Slam", "BRA", 1, 2, "SC", "Head", "Throw", "A", "", [("St", "StB")], (_, "Bent")),
    (15, "Irish Whip", "BRA", 1, 1, "SC", "Back", "Throw", "A", "", [("St", "St")], (_, "Facing")),
    (16, "Foreign Object Smash", "BRA", 1, 2, "", "Head", "Strike", "A", "ILL INJ OBJ", [("StC", "any")], (_, _)),
    (17, "Fire Tab", "BRA", 1, 0, "", "Head", "Strike", "A", "ILL DAZE SINGLE TRICK", [("St", "StC")], (_, _)),
    (18, "Powder", "BRA", 1, 2, "", "Head", "Strike", "A", "ILL BLIND SINGLE TRICK", [("St", "StC")], (_, _)),
    (19, "Shoulder Block", "STR", 0, 3, "", "Ribs", "Strike", "B", "KD", [("St", "St")], (_, "Prone")),
    (20, "Bear Hug", "STR", 1, 2, "", "Back", "Submission", "AB", "LIFT", [("Fc", "St")], (_, _)),
    (21, "Body Slam", "STR", 1, 4, "", "Back", "Slam", "ALB", "LIFT", [("St", "StB")], (_, "Prone")),
    (22, "Full Nelson", "STR", 1, 2, "", "Neck", "Submission", "A", "", [("Bh", "StC")], (_, _)),
    (23, "Tackle", "STR", 1, 4, "", "Ribs", "Takedown", "LB", "KD", [("St", "St")], ("Kneeling", "Prone")),
    (24, "Backbreaker", "STR", 2, 5, "", "Back", "Slam", "ALB", "LIFT", [("St", "StB")], (_, "Prone")),
    (25, "Atomic Drop", "STR", 2, 5, "", "Back", "Slam", "ALB", "LIFT", [("Bh", "St")], (_, "Facing")),
    (26, "Vertical Suplex", "STR", 2, 5, "", "Back", "Slam", "ALB", "LIFT", [("Fc", "StB")], ("Prone", "Prone")),
    (27, "Powerslam", "STR", 2, 5, "W", "Back", "Slam", "ALB", "LIFT FC", [("St", "St")], (_, "Prone")),
    (28, "Spinebuster", "STR", 2, 5, "W", "Back", "Slam", "AB", "KD", [("St", "St")], ("Kneeling", "Prone")),
    (29, "Airplane Spin", "STR", 3, 4, "", "Head", "Slam", "ALB", "LIFT DAZE EXERT", [("St", "StB")], (_, "Prone")),
    (30, "Torture Rack", "STR", 3, 4, "", "Back", "Submission", "ALB", "LIFT", [("St", "StB")], (_, _)),
    (31, "Chokeslam", "STR", 3, 6, "H", "Back", "Slam", "ALB", "LIFT", [("Fc", "St")], (_, "Prone")),
    (32, "Powerbomb", "STR", 3, 7, "H", "Back", "Slam", "ALB", "LIFT", [("Fc", "Ben")], (_, "Prone")),
    (33, "Piledriver", "STR", 3, 7, "", "Neck", "Slam", "ALB", "LIFT", [("Fc", "Ben")], ("Sitting", "Prone")),
    (34, "Gorilla Press Slam", "STR", 4, 8, "H", "Back", "Slam", "ALB", "LIFT", [("Fc", "St")], (_, "Prone")),
    (35, "Side Headlock", "TEC", 0, 1, "", "Head", "Hold", "A", "", [("St", "StC")], (_, _)),
    (36, "Half Nelson", "TEC", 0, 1, "", "Neck", "Hold", "A", "", [("Bh", "StC")], (_, _)),
    (37, "Hammerlock", "TEC", 0, 2, "", "Arm", "Submission", "A", "", [("Bh", "StC")], (_, _)),
    (38, "Arm Drag", "TEC", 1, 2, "", "Arm", "Throw", "A", "KD", [("St", "St")], (_, "Prone")),
    (39, "Hip Toss", "TEC", 1, 3, "", "Back", "Throw", "AB", "KD", [("St", "St")], (_, "Prone")),
    (40, "Snapmare", "TEC", 1, 2, "", "Neck", "Throw", "A", "", [("St", "StB")], (_, "Sitting")),
    (41, "Leg Takedown", "TEC", 1, 2, "", "Leg", "Takedown", "AL", "KD", [("St", "St")], ("Kneeling", "Prone")),
    (42, "Abdominal Stretch", "TEC", 1, 2, "", "Ribs", "Submission", "AL", "", [("Bh", "St")], (_, _)),
    (43, "Sleeper Hold", "TEC", 1, 2, "", "Neck", "Sleeper", "A", "", [("Bh", "StC"), ("StC", "Si")], (_, _)),
    (44, "Armbar", "TEC", 2, 3, "", "Arm", "Submission", "AL", "", [("StC", "Fa")], ("Sitting", _)),
    (45, "Neckbreaker", "TEC", 2, 5, "", "Neck", "Slam", "A", "KD", [("St", "StB")], ("Prone", "Prone")),
    (46, "DDT", "TEC", 2, 6, "", "Head", "Slam", "A", "KD", [("Fc", "StB")], ("Prone", "Prone")),
    (47, "Belly-to-Belly Suplex", "TEC", 2, 5, "", "Back", "Slam", "ALB", "LIFT", [("Fc", "St")], (_, "Prone")),
    (48, "Boston Crab", "TEC", 2, 3, "", "Back", "Submission", "LB", "", [("St", "Pr")], (_, "Facedown")),
    (49, "Camel Clutch", "TEC", 2, 3, "", "Back", "Submission", "A", "", [("StC", "Fd")], ("Sitting", _)),
    (50, "Small Package", "TEC", 2, 0, "", "Back", "Pin-predicament", "AL", "PP", [("St", "StB")], (_, "Prone")),
    (51, "German Suplex", "TEC", 3, 6, "", "Neck", "Slam", "ALB", "LIFT", [("Bh", "StC")], ("Prone", "Prone")),
    (52, "Figure-Four Leglock", "TEC", 3, 3, "", "Leg", "Submission", "L", "", [("StC", "Pr")], ("Prone", _)),
    (53, "Crossface", "TEC", 3, 4, "", "Neck", "Submission", "A", "", [("StC", "Fd")], ("Kneeling", _)),
    (54, "Sharpshooter", "TEC", 4, 4, "", "Back", "Submission", "LB", "", [("St", "Pr")], (_, "Facedown")),
    (55, "Dropkick", "AGI", 1, 4, "", "Head", "Strike", "L", "KD", [("St", "St")], ("Prone", "Prone")),
    (56, "Body Press", "AGI", 1, 3, "W", "Ribs", "Strike", "R", "KD FC", [("St", "St")], ("Prone", "Prone")),
    (57, "Splash", "AGI", 1, 3, "W", "Ribs", "Strike", "R", "FC", [("St", "Fa")], ("Prone", _)),
    (58, "Leg Drop", "AGI", 1, 3, "W", "Neck", "Strike", "L", "", [("St", "Fa")], ("Sitting", _)),
    (59, "Senton", "AGI", 1, 3, "W", "Ribs", "Strike", "B", "", [("St", "Fa")], ("Prone", _)),
    (60, "Monkey Flip", "AGI", 2, 4, "", "Back", "Throw", "L", "KD", [("Fc", "StB")], ("Prone", "Prone")),
    (61, "Headscissors Takedown", "AGI", 2, 4, "", "Neck", "Throw", "L", "KD", [("St", "St")], ("Kneeling", "Prone")),
    (62, "Sunset Flip", "AGI", 2, 2, "", "Back", "Pin-predicament", "L", "PP", [("St", "St")], ("Sitting", "Prone")),
    (63, "Enzuigiri", "AGI", 2, 5, "", "Head", "Strike", "L", "KD", [("St", "StC")], ("Prone", "Prone")),
    (64, "Hurricanrana", "AGI", 3, 6, "", "Head", "Throw", "L", "KD", [("St", "St")], ("Prone", "Prone")),
    (65, "Moonsault", "AGI", 3, 5, "W", "Ribs", "Strike", "R", "FC", [("St", "Fa")], ("Prone", _)),
    (66, "Distract Referee", "SAV", 1, 0, "", "", "Trick", "", "ILL TRICK", [("any", "any")], (_, _)),
    (67, "Conceal Object", "SAV", 0, 0, "", "", "Trick", "", "TRICK", [("any", "any")], (_, _)),
    (
        68,
        "School Boy",
        "SAV",
        1,
        0,
        "",
        "Back",
        "Pin-predicament",
        "A",
        "ILL PP",
        [("Bh", "St")],
        ("Kneeling", "Prone"),
    ),
    (69, "Blind Tag", "SAV", 0, 0, "", "", "Trick", "A", "TRICK TAG", [("any", "any")], (_, _)),
    (70, "Fake Tag", "SAV", 1, 0, "", "", "Trick", "A", "TRICK TAG", [("any", "any")], (_, _)),
)

# --- P-ARM-17 Defenses ---------------------------------------------------------------------------
# (number, name, class, level, what it counters: maneuver types and/or properties/flags, note)
DEFENSE_ROWS = (
    ("D1", "Dodge", "AGI", 0, frozenset({"Strike", "Running", "Flying", "Leaping", "Springboard"}), "HR: crash damage"),
    ("D2", "Block", "STR", 0, frozenset({"Strike:BRA", "Strike:STR"}), "BRA and STR strikes"),
    ("D3", "Sprawl", "TEC", 1, frozenset({"Takedown", "Throw"}), ""),
    ("D4", "Hip Block", "STR", 1, frozenset({"LIFT"}), "adds own Lift to skill"),
    ("D5", "Counter-Hold", "TEC", 1, frozenset({"Hold", "Submission", "Sleeper"}), ""),
    ("D6", "Grab the Ropes", "SAV", 0, frozenset({"Throw", "Slam", "Pin-predicament"}), "needs a + or X square; Reach"),
    ("D7", "Lunge Tag", "AGI", 0, frozenset({"*"}), "tag matches only"),
    ("D8", "Lunge Escape", "AGI", 0, frozenset({"*"}), "cage matches only"),
)
VENUE_DEFENSES = frozenset({"Lunge Tag", "Lunge Escape"})

# --- P-ARM-18 Flags ------------------------------------------------------------------------------
# name: (delta Level, delta damage, high risk, note). "alt" damage is computed from heights.
FLAGS = MappingProxyType(
    {
        "Flying": (1, 0, True, "from an elevation; +2 damage per Step; range -2 per square"),
        "Springboard": (1, 0, True, "off the 2nd/top rope; 1 AP to mount; +alt of the rope"),
        "Leaping": (1, 1, True, "no elevation needed"),
        "Super": (1, 0, False, "victim on a turnbuckle; +alt of his perch"),
        "Running": (0, 2, False, "attacker running; HR only against a standing Cornered opponent"),
        "Bridging": (1, 0, False, "automatic pinfall predicament"),
        "Rolling": (1, -1, False, "rolls through into a pinfall predicament"),
        "Spinning": (1, 1, False, "built-in flair: +1 spot bonus, no -1"),
        "Inverted": (1, 1, False, "attacker Behind, or defender Bent"),
        "Double": (1, 1, False, "defender Bent"),
        "Sit-out": (0, 1, False, "attacker ends Sitting; free cover"),
        "Release": (0, 0, False, "victim thrown a square; no pin predicament"),
        "Outside": (1, 0, True, "to the floor from the apron or a turnbuckle: -2, floor damage to both"),
        "Tandem": (0, 0, False, "double team (tag matches)"),
    }
)
HIGH_RISK_FLAGS = frozenset(n for n, row in FLAGS.items() if row[2])

# --- P-ARM-19 surfaces and Stun Codes -----------------------------------------------------------
STUN_CODES = MappingProxyType(
    {
        "Mat": 0,
        "Ropes": 0,
        "Turnbuckle": 2,
        "Exposed Turnbuckle": 4,
        "Ring Post": 5,
        "Apron": 3,
        "Matted Floor": 2,
        "Concrete Floor": 4,
        "Guard Railing": 3,
        "Steel Steps": 6,
        "Announce Table": 4,
        "Table": 4,
        "Chainlink Cage": 2,
        "Steel Cage": 10,
        "Fire Tab": 6,
    }
)

# --- P-ARM-20 foreign objects -------------------------------------------------------------------
# name: (Mod to skill or None for "n/a"/special or "X" for target-only, +damage, Stun Code for targets,
#        concealable (*), punch-only)
FOREIGN_OBJECTS = MappingProxyType(
    {
        "Fist Load": (None, 2, 0, True, True),
        "Sap Glove": (None, 3, 0, True, True),
        "Taped Fist": (None, 1, 0, False, True),
        "Brass Knuckles": (0, 4, 0, True, False),
        "Own Boot": (0, 2, 0, False, False),
        "Cloth": (0, 0, 0, True, False),
        "Chain": (0, 4, 0, True, False),
        "Powder": (None, 0, 0, True, False),
        "Fire Tab": (None, 0, 6, True, False),
        "Spike": (0, 3, 0, True, False),
        "Microphone": (0, 2, 0, False, False),
        "Kendo Stick": (1, 3, 0, False, False),
        "Trash Can Lid": (1, 3, 0, False, False),
        "Ring Bell": (1, 4, 0, False, False),
        "Trash Can": (2, 4, 0, False, False),
        "Folding Chair": (2, 5, 0, False, False),
        "Baseball Bat": (1, 5, 0, False, False),
        "Ladder": (1, 6, 0, False, False),
        "Table": ("X", 0, 4, False, False),
        "Steel Steps": ("X", 0, 6, False, False),
        "Ring Post": ("X", 0, 5, False, False),
        "Guard Railing": ("X", 0, 3, False, False),
        "Announce Table": ("X", 0, 4, False, False),
    }
)
# Cloth "can be used as a weapon (whipping for only 2 damage points)": the Smash's own base 2.
DEFAULT_RINGSIDE_OBJECTS = ("Folding Chair", "Ring Bell", "Trash Can", "Microphone")
BOOT_AP = 3  # seed
DRAW_CONCEALED_AP = 2  # seed
GRAB_OBJECT_AP = 1  # PROPOSED (not in the seed): picking up a ringside object

# --- P-ARM-08 Backgrounds / P-ARM-09 Merits and Flaws -------------------------------------------
BACKGROUNDS = MappingProxyType(
    {
        "Academy Graduate": 0,
        "Athletic Pick": 0,
        "Defector": -2,
        "Street Tough": 0,
        "Prizefighter": -1,
        "Legend": -5,
        "Stalwart": 0,
    }
)
# P-ARM-08: the Prestige a wrestler starts with (the seed's default 100 otherwise).
STARTING_PRESTIGE = MappingProxyType({"Defector": 200, "Legend": 400})
DEFAULT_PRESTIGE = 100
MERITS = MappingProxyType(
    {
        "Style: Daredevil": 3,
        "Style: High Flyer": 3,
        "Style: Powerhouse": 3,
        "Style: Technician": 3,
        "Style: Brawler": 2,
        "Style: Showman": 2,
        "Iron Man": 4,
        "Quick Recovery": 2,
        "Slack": 2,
    }
)
FLAWS = MappingProxyType(
    {
        "Injury Prone": 3,
        "Ritual": 1,
        "Glass Jaw": 2,
        "Hot-Headed": 2,
        "Slow Starter": 2,
        "Limited Arsenal": 2,
    }
)

# --- referee (P-ARM-22) -----------------------------------------------------------------------------
DEFAULT_REFEREE = MappingProxyType({"name": "the referee", "skill": 10, "sav": 10, "warning_limit": 3})
# Infractions that may be on a promotion's automatic-DQ list (seed defaults first).
AUTOMATIC_DQ_DEFAULT = ("choke_count", "rope_break_count", "referee_contact", "foreign_object", "interference")
AUTOMATIC_DQ_CHOICES = AUTOMATIC_DQ_DEFAULT + ("over_the_top", "fire_tab", "powder")
COUNT_LIMITS = MappingProxyType({"choke": 5, "rope_break": 5, "ring_out": 20, "top_rope": 5, "tag_switch": 5})

# --- time (seed) --------------------------------------------------------------------------------
ROUND_SECONDS = 10.0
HALF_ROUND_SECONDS = 5.0  # holds, movement, stalling
COUNT_SECONDS = 1.0  # each pin count, each arm drop
STANDOFF_SECONDS = 1.0
DEFAULT_TIME_LIMIT = 600  # seconds (brief); 60 standard rounds

# --- Edge prices (seed) -----------------------------------------------------------------------------
# option: (face price, heel price)
EDGE_PRICES = MappingProxyType(
    {
        "seize_initiative": (1, 2),
        "squeeze_count": (2, 3),
        "hanging_on": (2, 3),
        "second_wind": (1, 1),
        "fired_up": (6, None),
        "working_over": (1, 1),
        "ambush": (1, 1),
    }
)
