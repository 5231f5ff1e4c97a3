"""The stipulation keys ARM reads (docs/rules/arm.md, "Stipulation keys"): validated and normalized, or a SetupError
naming the key."""

from rules.arm.positioning import RUN_COSTS
from rules.arm.tables import AUTOMATIC_DQ_CHOICES, AUTOMATIC_DQ_DEFAULT, DEFAULT_REFEREE, DEFAULT_TIME_LIMIT
from rules.errors import SetupError

STIPULATION_KEYS = (
    "time_limit",
    "no_dq",
    "referee",
    "automatic_dq",
    "ambush",
    "engineered",
    "titles_change_on_dq",
    "tricks_used",
    "ringside_objects",
    "floor",
    "cage",
    "cage_height",
    "cage_internal",
    "cage_roof",
    "escape",
    "seconds",
    "ropes_can_break",
    "running_costs",
    "cage_steps",
    "title",  # words only: the title on the line, for the commentary (rules/arm/narration_call.py)
)
CAGE_MATERIALS = ("chainlink", "steel")
ESCAPE_RULES = ("pinfall", "escape", "either")
ENGINEERED_METHODS = ("pinfall", "submission", "count-out", "disqualification", "draw")


def _side_index(value, n_sides):
    return not isinstance(value, bool) and isinstance(value, int) and 0 <= value < n_sides


def _whole(value, low, high):
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def parse_stipulation(stip, n_sides=2):
    """Validate and normalize the stipulation keys ARM reads (SetupError names the key)."""
    stip = dict(stip or {})
    for key in stip:
        if key not in STIPULATION_KEYS:
            raise SetupError(f"stipulation {key!r} is not an ARM stipulation (known: {', '.join(STIPULATION_KEYS)})")
    out = {}
    time_limit = stip.get("time_limit", DEFAULT_TIME_LIMIT)
    if not _whole(time_limit, 10, 36_000):
        raise SetupError("time_limit must be whole seconds from 10 to 36000")
    out["time_limit"] = time_limit
    _switches(stip, out, (("no_dq", False), ("titles_change_on_dq", False), ("ropes_can_break", True)))
    out["referee"] = _referee(stip.get("referee") or {})
    adq = stip.get("automatic_dq", list(AUTOMATIC_DQ_DEFAULT))
    if not isinstance(adq, list) or any(a not in AUTOMATIC_DQ_CHOICES for a in adq):
        raise SetupError(f"automatic_dq must be a list drawn from: {', '.join(AUTOMATIC_DQ_CHOICES)}")
    out["automatic_dq"] = tuple(adq)
    ambush = stip.get("ambush")
    if ambush is not None and not _side_index(ambush, n_sides):
        raise SetupError(f"ambush must be a side index from 0 to {n_sides - 1}")
    out["ambush"] = ambush
    out["engineered"] = _engineered(stip.get("engineered"), n_sides)
    tricks = stip.get("tricks_used") or {}
    if not isinstance(tricks, dict):
        raise SetupError("tricks_used must be an object {wrestler name: {trick: uses}}")
    out["tricks_used"] = tricks
    objects = stip.get("ringside_objects")
    out["ringside_objects"] = tuple(objects) if isinstance(objects, list) else None
    floor = stip.get("floor", "matted")
    if floor not in ("matted", "concrete"):
        raise SetupError("floor must be matted or concrete")
    out["floor"] = floor
    _cage(stip, out)
    out["seconds"] = _parse_seconds(stip.get("seconds"), n_sides)
    for key, choices in (("running_costs", tuple(RUN_COSTS)), ("cage_steps", ("reference", "literal"))):
        value = stip.get(key, choices[0])
        if value not in choices:
            raise SetupError(f"{key} must be {' or '.join(choices)} (P-ARM-14)")
        out[key] = value
    return out


def _switches(stip, out, keys):
    for key, default in keys:
        value = stip.get(key, default)
        if not isinstance(value, bool):
            raise SetupError(f"{key} must be true or false")
        out[key] = value


def _referee(raw_ref):
    ref = dict(DEFAULT_REFEREE)
    if not isinstance(raw_ref, dict):
        raise SetupError("referee must be an object {name, skill, sav, warning_limit}")
    for key, value in raw_ref.items():
        if key not in ref:
            raise SetupError(f"referee.{key} is unknown (known: name, skill, sav, warning_limit)")
        if key == "name":
            if not isinstance(value, str) or not value.strip():
                raise SetupError("referee.name must be a non-empty text")
            ref[key] = value.strip()
            continue
        low, high = (0, 20) if key == "warning_limit" else (1, 20)
        if not _whole(value, low, high):
            raise SetupError(f"referee.{key} must be a whole number from {low} to {high}")
        ref[key] = value
    return ref


def _engineered(eng, n_sides):
    if eng is None:
        return None
    if not isinstance(eng, dict):
        raise SetupError("engineered must be an object {winner, method, by, round}")
    winner = eng.get("winner")
    method = eng.get("method", "pinfall" if winner is not None else "draw")
    if winner is not None and not _side_index(winner, n_sides):
        raise SetupError("engineered.winner must be a side index or null (a draw)")
    if method not in ENGINEERED_METHODS or (winner is None) != (method == "draw"):
        raise SetupError(f"engineered.method must be one of {', '.join(ENGINEERED_METHODS)} (draw iff no winner)")
    by = eng.get("by")
    if by is None:
        by = list(range(n_sides)) if winner is None else [s for s in range(n_sides) if s != winner]
    if not isinstance(by, list) or not all(_side_index(b, n_sides) for b in by):
        raise SetupError("engineered.by must be a list of side indexes")
    rnd = eng.get("round", 6)
    if isinstance(rnd, bool) or not isinstance(rnd, int) or rnd < 1:
        raise SetupError("engineered.round must be a whole number >= 1")
    return {"winner": winner, "method": method, "by": by, "round": rnd}


def _cage(stip, out):
    cage = stip.get("cage", "chainlink")
    if cage not in CAGE_MATERIALS:
        raise SetupError("cage must be chainlink or steel")
    out["cage"] = cage
    height = stip.get("cage_height", 15)
    if not _whole(height, 6, 40):
        raise SetupError("cage_height must be whole feet from 6 to 40")
    out["cage_height"] = height
    _switches(stip, out, (("cage_internal", True), ("cage_roof", False)))
    escape = stip.get("escape", "either")
    if escape not in ESCAPE_RULES:
        raise SetupError("escape must be pinfall, escape or either")
    out["escape"] = escape


def _parse_seconds(raw, n_sides):
    """``seconds``: [{side, name, skill (3-18, default 12), damage (0-20, default 6)}], one per side (D51)."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise SetupError("seconds must be a list of {side, name, skill, damage}")
    out, sides = [], set()
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise SetupError(f"seconds[{i}] must be an object {{side, name, skill, damage}}")
        for key in item:
            if key not in ("side", "name", "skill", "damage"):
                raise SetupError(f"seconds[{i}].{key} is unknown (known: side, name, skill, damage)")
        side = item.get("side")
        if not _side_index(side, n_sides):
            raise SetupError(f"seconds[{i}].side must be a side index from 0 to {n_sides - 1}")
        if side in sides:
            raise SetupError(f"seconds[{i}]: side {side} already has a second")
        sides.add(side)
        name = item.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 60:
            raise SetupError(f"seconds[{i}].name must be a non-empty text of at most 60 characters")
        spec = {"side": side, "name": name.strip()}
        for key, low, high, default in (("skill", 3, 18, 12), ("damage", 0, 20, 6)):
            value = item.get(key, default)
            if not _whole(value, low, high):
                raise SetupError(f"seconds[{i}].{key} must be a whole number from {low} to {high}")
            spec[key] = value
        out.append(spec)
    return tuple(out)
