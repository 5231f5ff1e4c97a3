"""Seed 000, "Positioning": the ring grid (seed 56-82), the seed's "gigantic mutant chessboard", 12 x 12 squares
plus a 10-square aisle::

      a b c d e f g h i j k l
    1 . . . . . . . . . . . .
    2 . . . . . . . . . . 1 .
    3 . . o = = = = = = o . .
    4 . . = X + + + + X = . . aisle m4..v4
    5 . . = + M M M M + = . . ...
    6 . . = + M c c M + = . .
    7 . . = + M c c M + = . .
    8 . . = + M M M M + = . .
    9 . . = X + + + + X = . .
   10 . . o = = = = = = o . .
   11 . . . . . . . . . . 1 .
   12 2 . . . . . . . . . . .

A square's id is its column letter and row number ("f6" is a centre square). Moving to any adjacent
square (diagonals too) costs 1 AP, +1 AP to bring the opponent along (:mod:`rules.arm.positioning`).
"""

ROWS, COLS, AISLE = 12, 12, 10
RING = range(3, 9)  # ring interior rows/cols
CORNERS = ((3, 3), (3, 8), (8, 3), (8, 8))
RING_CENTRE = ((5, 5), (5, 6), (6, 5), (6, 6))


def _kind(row, col):
    if col >= COLS:
        return "A"  # aisle
    if row in RING and col in RING:
        if (row, col) in CORNERS:
            return "X"
        if row in (3, 8) or col in (3, 8):
            return "+"
        if row in (5, 6) and col in (5, 6):
            return "c"
        return "M"
    if (row, col) in ((2, 2), (2, 9), (9, 2), (9, 9)):
        return "o"
    if 2 <= row <= 9 and 2 <= col <= 9:
        return "="
    if (row, col) in ((1, 10), (10, 10)):
        return "1"
    if (row, col) == (11, 0):
        return "2"
    return "."


KIND = {(r, c): _kind(r, c) for r in range(ROWS) for c in range(COLS)}
KIND.update({(r, c): "A" for r in (4, 5, 6, 7) for c in range(COLS, COLS + AISLE)})
SQUARE_ID = {sq: f"{chr(97 + sq[1])}{sq[0] + 1}" for sq in KIND}
SQUARE_AT = {v: k for k, v in SQUARE_ID.items()}
IN_RING = frozenset({"X", "+", "M", "c"})
ROPE_SIDE = frozenset({"X", "+"})
OUTSIDE = frozenset({".", "1", "2", "A"})
ROPE_REACH = {"X": 0, "+": 0, "M": -2, "c": -4}  # seed: -2 in M squares, -4 in c squares


def kind(square):
    return KIND[square]


def in_ring(square):
    return KIND[square] in IN_RING


def is_outside(square):
    return KIND[square] in OUTSIDE


def distance(here, there):
    """AP to walk from square a to square b: diagonals cost the same ("not geometry class")."""
    return max(abs(here[0] - there[0]), abs(here[1] - there[1]))


def nearest(square, kinds):
    """The nearest square of one of ``kinds`` (ties broken by grid order, so deterministic)."""
    best, best_d = None, 99
    for sq, k in KIND.items():
        if k in kinds:
            d = distance(square, sq)
            if d < best_d:
                best, best_d = sq, d
    return best, best_d


_NEAREST_CACHE = {}


def nearest_cached(square, kinds):
    key = (square, kinds)
    hit = _NEAREST_CACHE.get(key)
    if hit is None:
        hit = _NEAREST_CACHE[key] = nearest(square, kinds)
    return hit


def mirror(square):
    """Seed: runners in opposite directions cross at the "mirror" of the square they began in."""
    r, c = square
    if c in RING:
        return (r, 11 - c)
    return square


def whip_meeting(attacker_sq, defender_sq, how):
    """Seed: whipped and running opposite ways, they cross at the mirror of the attacker's square; if he
    follows his man into the ropes, they meet at the ringside square."""
    if how == "follow":
        r = defender_sq[0]
        c = 8 if attacker_sq[1] <= defender_sq[1] else 3
        return (min(max(r, 3), 8), c)
    return mirror(attacker_sq)


def nearest_ring_square(square):
    sq, _d = nearest_cached(square, frozenset({"+", "X"}))
    return sq


# Tag teams (D39): each team's corner (an X square), the squares a tag can be made from (the corner and its two
# ringside squares, seed 192) and where the partners wait on the apron, outside the corner.
CORNER_OF = {0: (3, 3), 1: (8, 8)}
TAG_SQUARES = {0: ((3, 3), (3, 4), (4, 3)), 1: ((8, 8), (8, 7), (7, 8))}
APRON_OF = {0: (2, 2), 1: (9, 9)}


# The grid as the match page draws it, in the seed's own words (seed 000, "Ring Area" legend).
SQUARE_WORDS = {
    "X": ("corner", "Corner (turnbuckles)"),
    "+": ("ropes", "Near the ropes"),
    "M": ("middle", "Middle of the ring"),
    "c": ("centre", "Centre of the ring"),
    "=": ("apron", "Apron"),
    "o": ("post", "Ringpost"),
    "1": ("steps", "Ringside steps"),
    "2": ("chair", "Timekeeper's chair"),
    ".": ("floor", "Ringside floor"),
    "A": ("aisle", "Aisle"),
}


def page_grid():
    """The ring for pages (``Ruleset.ring_grid``): the columns and rows drawn, each square's (kind, label) and
    whether it is inside the ropes, the square a state names but the grid does not know, and the legend."""
    return {
        "columns": "".join(chr(97 + c) for c in range(COLS)),
        "rows": ROWS,
        "squares": {SQUARE_ID[sq]: (*SQUARE_WORDS[k], k in IN_RING) for sq, k in KIND.items()},
        "unknown": (*SQUARE_WORDS["."], False),
        "legend": [SQUARE_WORDS[k] for k in ("X", "+", "M", "c", "=", "o", "1", "2", ".")],
    }
