"""One sheet validator for every ruleset, driven by its ``sheet_spec()`` (the format of docs/rules/README.md).

It checks what the spec says about each field (type, ``required``, ``min``/``max``, ``max_length``, ``choices``,
``min_items``/``max_items``, ``unique``, an object's ``fields`` or a mapping's ``keys`` and ``value``) and returns
the values as the sheet stores them, or raises :class:`rules.errors.SheetError` naming the field. A ruleset keeps
only what the spec cannot say: its cross-field rules (a Talent budget, prerequisites, arsenal slots) and the few
spellings it reads its own way (``parsers``: a field path, ``arsenal[]`` for every row, -> a function of the raw
value, the field's path and ``check``, the spec's own check of a value, for a parser that only respells).

Spec keys read here besides the canonical ones (all optional, all JSON):

- ``default``: filled in when the key is absent (not inside an object marked ``"sparse": true``, which keeps
  only the keys given);
- ``case_insensitive``: a choice matched whatever its case (the table's spelling is stored);
- ``single``: a list that also accepts one bare name (a string);
- ``required_keys``: a mapping's keys that need a non-empty list;
- ``unknown``: an object's unknown keys are ``"refuse"``d (the default) or ``"drop"``ped.

Paths are dotted (``moves.strike.1``) or, with ``brackets=True``, indexed (``arsenal[2].flags[0]``).
"""

from collections.abc import Callable
from functools import partial
from typing import Any, NoReturn

from rules.errors import SheetError

Descriptor = dict[str, Any]
# A ruleset's own spelling of a field: (raw value, path, the spec's check of a respelled value) -> stored value.
Parser = Callable[[Any, str, Callable[[Any], Any]], Any]

_MISSING = object()


def canonical(spec: dict[str, Any]) -> tuple[dict[str, Descriptor], list[Descriptor]]:
    """The spec's fields as ``{name: descriptor}`` and its attributes as ``[{name, min, max}]``, whichever
    dialect the ruleset writes (a list of descriptors with ``name``; ``mapping`` for ``object``; ``item`` for
    ``of``)."""
    fields = spec.get("fields") or {}
    if isinstance(fields, list):
        fields = {f["name"]: f for f in fields}
    attributes = spec.get("attributes") or []
    if isinstance(attributes, dict):
        attributes = [{"name": name, **limits} for name, limits in attributes.items()]
    return fields, attributes


def check_sheet(
    raw: Any,
    spec: dict[str, Any],
    *,
    brackets: bool = False,
    parsers: dict[str, Parser] | None = None,
    unknown: str = "refuse",
) -> dict[str, Any]:
    """The sheet ``raw`` checked against ``spec``: a new dict of the spec's fields (attributes under
    ``attributes``), or SheetError naming the field."""
    if not isinstance(raw, dict):
        raise SheetError("sheet", "must be an object")
    fields, attributes = canonical(spec)
    descriptor: Descriptor = {"type": "object", "fields": dict(fields), "unknown": unknown}
    if attributes:
        descriptor["fields"]["attributes"] = {
            "type": "object",
            "required": True,
            "fields": {a["name"]: dict(a, type="integer", required=True) for a in attributes},
        }
    return Checker(brackets, parsers or {}).object(raw, descriptor, "")


def sheet_errors(
    raw: Any, spec: Any, *, brackets: bool = False, parsers: dict[str, Parser] | None = None, unknown: str = "refuse"
) -> dict[str, str]:
    """Every problem :func:`check_sheet` finds in ``raw``, ``{path: message}``, not only the first: each field
    is checked on its own (an object's fields one by one, each row of a list), so a form shows them all at once.
    Empty when the spec accepts the sheet (the ruleset's cross-field rules may still refuse it)."""
    if not isinstance(raw, dict):
        return {"sheet": "must be an object"}
    fields, attributes = canonical(spec)
    descriptor: Descriptor = {"type": "object", "fields": dict(fields), "unknown": unknown}
    if attributes:
        descriptor["fields"]["attributes"] = {
            "type": "object",
            "required": True,
            "fields": {a["name"]: dict(a, type="integer", required=True) for a in attributes},
        }
    errors: dict[str, str] = {}
    checker = Checker(brackets, parsers or {}, collect=True)
    checker.errors = errors
    try:
        checker.object(raw, descriptor, "")
    except SheetError as exc:
        errors.setdefault(exc.field, exc.message)
    return errors


class Checker:
    def __init__(self, brackets: bool, parsers: dict[str, Parser], collect: bool = False) -> None:
        self.brackets = brackets
        self.parsers = parsers
        # collect: record a field's problem and go on to the next field (``errors``), instead of raising
        self.errors: dict[str, str] | None = {} if collect else None

    def _each(self, check: Callable[[], Any], path: str) -> Any:
        """``check()``, or, when collecting, None after recording its SheetError."""
        if self.errors is None:
            return check()
        try:
            return check()
        except SheetError as exc:
            self.errors.setdefault(exc.field, exc.message)
            return _MISSING

    def path(self, parent: str, key: str | int) -> str:
        if isinstance(key, int):
            return f"{parent}[{key}]" if self.brackets else f"{parent}.{key}"
        return f"{parent}.{key}" if parent else key

    def value(self, value: Any, descriptor: Descriptor, path: str) -> Any:
        check = getattr(self, KINDS.get(descriptor.get("type", "string"), "string"))
        parser = self.parsers.get(path) or self.parsers.get(_generic(path))
        if parser is not None:
            return parser(value, path, lambda respelled: check(respelled, descriptor, path))
        return check(value, descriptor, path)

    # --- scalars ---------------------------------------------------------------------------------
    def string(self, value: Any, descriptor: Descriptor, path: str) -> str:
        if not isinstance(value, str):
            raise SheetError(path, f"must be text, not {_kind_of(value)}")
        value = value.strip()
        if not value:
            raise SheetError(path, "must not be empty")
        longest = descriptor.get("max_length")
        if longest is not None and len(value) > longest:
            raise SheetError(path, f"must be at most {longest} characters")
        return value

    def integer(self, value: Any, descriptor: Descriptor, path: str) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise SheetError(path, f"must be a whole number, not {value!r}")
        return _in_range(value, descriptor, path)

    def number(self, value: Any, descriptor: Descriptor, path: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise SheetError(path, f"must be a number, not {value!r}")
        return _in_range(float(value), descriptor, path)

    def boolean(self, value: Any, descriptor: Descriptor, path: str) -> bool:
        if not isinstance(value, bool):
            raise SheetError(path, "must be true or false")
        return value

    def choice(self, value: Any, descriptor: Descriptor, path: str) -> Any:
        choices = descriptor.get("choices", [])
        if isinstance(value, str):
            key = value.strip().lower() if descriptor.get("case_insensitive") else value
            for option in choices:
                if (option.lower() if descriptor.get("case_insensitive") else option) == key:
                    return option
        what = descriptor.get("what")
        if what:
            raise SheetError(path, f"unknown {what} {value!r} (known: {', '.join(map(str, choices))})")
        raise SheetError(path, f"must be one of: {', '.join(map(str, choices))}")

    # --- containers ------------------------------------------------------------------------------
    def list(self, value: Any, descriptor: Descriptor, path: str) -> list[Any]:
        if value is None:
            value = []
        if descriptor.get("single") and isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise SheetError(path, "must be a list")
        low, high = descriptor.get("min_items"), descriptor.get("max_items")
        if low is not None and len(value) < low:
            raise SheetError(path, "must not be empty" if low == 1 else f"must list at least {low}")
        if high is not None and len(value) > high:
            raise SheetError(path, f"must list at most {high}")
        item = _item_descriptor(descriptor)
        out = []
        for i, element in enumerate(value):
            checked = self._each(partial(self.value, element, item, self.path(path, i)), path)
            if checked is _MISSING:
                continue
            if descriptor.get("unique") and checked in out:
                raise SheetError(self.path(path, i), f"{checked} is listed twice")
            out.append(checked)
        return out

    def object(self, value: Any, descriptor: Descriptor, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise SheetError(path or "sheet", "must be an object")
        fields = _object_fields(descriptor)
        if descriptor.get("unknown", "refuse") == "refuse":
            known = ", ".join(fields)
            for key in value:
                if key not in fields:
                    self._each(partial(_refuse, self.path(path, str(key)), f"unknown field (known: {known})"), path)
        sparse = descriptor.get("sparse", False)
        out = {}
        for key, field in fields.items():
            given = value.get(key, _MISSING)
            if given is _MISSING or given is None and not field.get("required"):
                if "default" in field and not sparse:
                    out[key] = _copy(field["default"])
                elif field.get("required"):
                    self._each(partial(_refuse, self.path(path, key), "is required"), path)
                continue
            checked = self._each(partial(self.value, given, field, self.path(path, key)), path)
            if checked is not _MISSING:
                out[key] = checked
        for key in descriptor.get("required_keys", ()):
            if not out.get(key) and self.path(path, key) not in (self.errors or {}):
                self._each(partial(_refuse, self.path(path, key), "needs at least one"), path)
        return out


KINDS = {
    "string": "string",
    "text": "string",
    "integer": "integer",
    "number": "number",
    "boolean": "boolean",
    "choice": "choice",
    "list": "list",
    "object": "object",
    "mapping": "object",
    "dict": "object",
}


def _object_fields(descriptor: Descriptor) -> dict[str, Descriptor]:
    if "keys" in descriptor and "value" in descriptor:
        value = dict(descriptor["value"])
        if "max_items" in descriptor and value.get("type") == "list":
            value.setdefault("max_items", descriptor["max_items"])
        return dict.fromkeys(descriptor["keys"], value)
    fields = descriptor.get("fields") or {}
    if isinstance(fields, list):
        fields = {f["name"]: f for f in fields}
    return fields


def _item_descriptor(descriptor: Descriptor) -> Descriptor:
    item = descriptor.get("item")
    if item is not None:
        return item
    kind = descriptor.get("of", "string")
    out = {"type": kind}
    for key in ("choices", "fields", "case_insensitive", "what", "max_length", "min", "max", "unknown"):
        if key in descriptor:
            out[key] = descriptor[key]
    return out


def _refuse(path: str, message: str) -> NoReturn:
    raise SheetError(path, message)


def _in_range(value: Any, descriptor: Descriptor, path: str) -> Any:
    low, high = descriptor.get("min"), descriptor.get("max")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            raise SheetError(path, f"must be between {_show(low)} and {_show(high)}, got {_show(value)}")
        if low is not None:
            raise SheetError(path, f"must be at least {_show(low)}, got {_show(value)}")
        raise SheetError(path, f"must be at most {_show(high)}, got {_show(value)}")
    return value


def _show(number: Any) -> Any:
    return int(number) if isinstance(number, float) and number.is_integer() else number


def _kind_of(value: Any) -> str:
    return "a number" if isinstance(value, int | float) and not isinstance(value, bool) else type(value).__name__


def _generic(path: str) -> str:
    """``arsenal[2].name`` -> ``arsenal[].name`` (a parser may be given for every row)."""
    out, skip = [], False
    for char in path:
        if char == "[":
            out.append("[]")
            skip = True
        elif char == "]":
            skip = False
        elif not skip:
            out.append(char)
    return "".join(out)


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value
