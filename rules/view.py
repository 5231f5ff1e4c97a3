"""The wrestler page's layout, as a ruleset describes it (``Ruleset.wrestler_view``): human labels and values
already put in words, so the web app renders plain data and knows nothing of any sheet.

A view is a dict of JSON-able values:

- ``attributes``: ``[{"key", "label", "value", "note"}]``, the card's numbers (``note``: e.g. the bonus);
- ``facts``: ``[(label, text)]``, who he is (alignment, size, pronouns...);
- ``derived``: ``[(label, text, help)]``, what the rules make of the sheet;
- ``arsenal``: ``None`` or ``{"title", "columns": [...], "rows": [{"cells": [...], "finisher": bool}],
  "finisher": text}``, the moves as a table with the Finisher marked;
- ``lists``: ``[(label, text)]``, the rest of the sheet (merits, flaws, tactics...), each in one line.

:func:`default_view` builds one from the ruleset's ``sheet_spec()`` alone (the labels of its fields, the
derived values named by ``derived_labels``); a ruleset overrides :meth:`Ruleset.wrestler_view` for its arsenal
and its own shapes.
"""

from rules.sheet_check import canonical

# Keys the league keeps, not the player (shown by the league's own parts of the page).
LEAGUE_KEYS = frozenset({"fame", "prestige", "injuries", "edge"})


def humanize(key):
    """``"ability_points"`` -> ``"Ability points"``: the fallback label of a key nobody named."""
    text = str(key).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def words(value, labels=None):
    """A value in words: ``True`` -> "yes", a list -> "a, b", a mapping -> "Label value, ...", 0.5 -> "0.5",
    nothing -> "none"."""
    labels = labels or {}
    if value is None or value == [] or value == {} or value == "":
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        return ", ".join(words(v, labels) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{labels.get(k, humanize(k))} {words(v, labels)}" for k, v in value.items())
    return str(labels.get(value, value)) if isinstance(value, str) else str(value)


def field_label(name, descriptor):
    return descriptor.get("label") or humanize(name)


def attribute_label(attribute):
    """An attribute's label: its own, or the word its help starts with ("Strength: ..." -> "Strength")."""
    if attribute.get("label"):
        return attribute["label"]
    help_ = attribute.get("help", "")
    if ":" in help_ and len(help_.split(":", 1)[0]) <= 20:
        return help_.split(":", 1)[0].strip()
    return attribute["name"]


def default_view(spec, sheet, derived, *, derived_labels=None, hide=(), hide_derived=None, arsenal=None):
    """A view of ``sheet`` from ``spec``: attributes on the card, scalar fields as facts, the rest as lists, and
    each derived value under its label (``derived_labels``: key -> label; a key without one is humanized).
    ``hide``: sheet keys shown elsewhere (e.g. in ``arsenal``) or not at all; ``hide_derived``: derived keys
    (default: ``hide``). The alignment is the page's own heading, not a fact; a number at its default is left out."""
    hide_derived = hide if hide_derived is None else hide_derived
    fields, attributes = canonical(spec)
    derived_labels = derived_labels or {}
    derived_help = spec.get("derived") or {}
    values = sheet.get("attributes") or {}
    view = {
        "attributes": [
            {"key": a["name"], "label": attribute_label(a), "value": values.get(a["name"]), "note": ""}
            for a in attributes
            if a["name"] in values
        ],
        "facts": [],
        "derived": [],
        "arsenal": arsenal,
        "lists": [],
    }
    for name, descriptor in fields.items():
        if name in LEAGUE_KEYS or name in hide or name in ("name", "alignment"):
            continue
        value = sheet.get(name)
        if value is None or value == [] or value == {}:
            continue
        if isinstance(value, int | float) and not isinstance(value, bool) and value == descriptor.get("default"):
            continue
        labels = descriptor.get("labels") or {}
        kind = descriptor.get("type", "string")
        if kind in ("object", "mapping", "list") or isinstance(value, dict | list):
            sub = {k: field_label(k, d) for k, d in _subfields(descriptor).items()}
            view["lists"].append((field_label(name, descriptor), words(value, {**sub, **labels})))
        else:
            unit = f" {descriptor['unit']}" if descriptor.get("unit") and isinstance(value, int | float) else ""
            view["facts"].append((field_label(name, descriptor), words(value, labels) + unit))
    for key, value in derived.items():
        if key in hide_derived:
            continue
        view["derived"].append((derived_labels.get(key, humanize(key)), words(value), str(derived_help.get(key, ""))))
    return view


def _subfields(descriptor):
    fields = descriptor.get("fields") or {}
    if isinstance(fields, list):
        fields = {f["name"]: f for f in fields}
    return fields
