"""Edit a ruleset's wrestler sheet in a browser, generically, from the ruleset's ``sheet_spec()``.

The spec format (every ruleset's ``sheet_spec()`` follows it; see docs/rules/README.md):

    {"fields": {name: descriptor, ...},            # in display order
     "attributes": [{"name": "STR", "min": 5, "max": 16, "help": "..."}, ...],   # sheet["attributes"][name]
     "derived": {key: "what it means", ...}}

A descriptor has ``type``: ``string``, ``text``, ``integer``, ``number``, ``boolean``, ``choice``
(``choices``), ``object`` (``fields``) or ``list`` (``of``: ``choice`` | ``string`` | ``object``; with
``choices`` or ``fields``, ``min_items``, ``max_items``), plus optional ``required``, ``min``, ``max``,
``max_length``, ``unit``, ``help``, ``label``. A ``choice`` (or a ``list`` of ``choice``) may add ``labels``,
``{value: text shown}``; the value is what the sheet stores.

``sheet_from_post`` turns posted form data into a sheet (type errors are reported by path), and
``form_tree`` turns a sheet (plus errors) back into nodes a template renders. Paths are dotted, as in
``SheetError.field``: ``attributes.STR``, ``finisher.name``, ``arsenal.2.flags``. A ruleset's error field
written with indexes (``arsenal[2].flags[0]``) is read the same way, and an error on a path the form has no
input for is shown on the nearest enclosing one (``arsenal.2.flags.0`` beside ``arsenal.2.flags``).
"""

import functools
import json
import re
from dataclasses import dataclass, field

# Fields the league keeps (not the player): they are filled from the Wrestler row on export.
LEAGUE_FIELDS = frozenset({"fame", "prestige", "injuries", "edge"})
JSON_FIELD = "json"
PREFIX = "sheet."
MAX_ROWS = 60


@dataclass
class Node:
    path: str
    name: str
    label: str
    type: str
    value: object = None
    error: str = ""
    help: str = ""
    required: bool = False
    choices: list = field(default_factory=list)
    options: list = field(default_factory=list)  # (value, text shown) for each choice
    children: list = field(default_factory=list)  # object: field nodes; list of objects: row nodes
    attrs: dict = field(default_factory=dict)  # min, max, max_length, unit

    @property
    def input_name(self):
        return PREFIX + self.path

    @property
    def input_id(self):
        return "id_sheet_" + self.path.replace(".", "_")

    @property
    def template(self):
        return f"roster/sheet/_{self.type}.html"


def _label(name, descriptor):
    return descriptor.get("label") or name.replace("_", " ").capitalize()


def normalize_spec(spec):
    """Accept the spec dialects the rulesets speak and return the canonical one described above.

    Besides the canonical form, ``fields`` may be a list of descriptors with a ``name``; ``mapping`` is an
    ``object`` (with ``fields``, or with ``keys`` sharing one ``value`` descriptor); a ``list`` may name its
    item descriptor as ``item`` instead of ``of``.
    """
    out = dict(spec)
    attributes = spec.get("attributes") or []
    if isinstance(attributes, dict):
        attributes = [
            {"name": name, **(limits if isinstance(limits, dict) else {})} for name, limits in attributes.items()
        ]
    out["attributes"] = attributes
    fields = spec.get("fields")
    if isinstance(fields, dict | list) and fields:
        out["fields"] = _normalize_fields(fields)
        out["json_editor"] = False
    else:
        # The ruleset describes its sheet in prose only: the rest of the sheet is edited as JSON.
        out["fields"] = {}
        out["json_editor"] = True
    return out


def _normalize_fields(fields):
    if isinstance(fields, list):
        fields = {f["name"]: f for f in fields}
    return {name: _normalize(descriptor) for name, descriptor in fields.items()}


def _normalize(descriptor):
    d = dict(descriptor)
    kind = d.get("type", "string")
    if kind in ("mapping", "object", "dict"):
        d["type"] = "object"
        if "keys" in d and "value" in d:
            d["fields"] = {
                key: dict(_normalize(d["value"]), label=key.replace("_", " ").capitalize()) for key in d["keys"]
            }
        else:
            d["fields"] = _normalize_fields(d.get("fields", {}))
    elif kind == "list":
        item = d.get("item")
        if item is not None and "of" not in d:
            item = _normalize(item)
            d["of"] = item.get("type", "string")
            if d["of"] == "object":
                d["fields"] = item.get("fields", {})
            elif d["of"] == "choice":
                d["choices"] = item.get("choices", [])
        elif d.get("of") == "object":
            d["fields"] = _normalize_fields(d.get("fields", {}))
    return d


def editable_fields(spec):
    return {k: v for k, v in spec.get("fields", {}).items() if k not in LEAGUE_FIELDS}


# --- posted data -> sheet ------------------------------------------------------------------------


def _coerce(raw, descriptor, path, errors):
    kind = descriptor.get("type", "string")
    if kind in ("integer", "number"):
        raw = (raw or "").strip()
        if raw == "":
            return None
        try:
            return int(raw) if kind == "integer" else float(raw)
        except ValueError:
            errors[path] = "must be a whole number" if kind == "integer" else "must be a number"
            return None
    if kind == "boolean":
        return raw in ("on", "true", "1", "yes")
    if raw is None:
        return None
    if "\x00" in raw:
        errors[path] = "must not contain NUL characters"
        return None
    raw = raw.strip() if kind != "text" else raw.replace("\r\n", "\n").strip()
    return raw if raw != "" else None


def _read(post, descriptor, path, errors):
    kind = descriptor.get("type", "string")
    name = PREFIX + path
    if kind == "object":
        return _read_object(post, descriptor.get("fields", {}), path, errors)
    if kind == "list":
        of = descriptor.get("of", "string")
        if of == "choice":
            return [v for v in post.getlist(name) if v != ""]
        if of == "string":
            text = post.get(name, "")
            return [line.strip() for line in text.splitlines() if line.strip()]
        rows = []
        for i in range(MAX_ROWS):
            row_path = f"{path}.{i}"
            if not any(key.startswith(PREFIX + row_path + ".") for key in post):
                continue
            if post.get(PREFIX + row_path + ".__delete"):
                continue
            row = _read_object(post, descriptor.get("fields", {}), row_path, errors)
            if row:
                rows.append(row)
        return rows
    if kind == "boolean":
        return _coerce(post.get(name), descriptor, path, errors)
    if name not in post:
        return None
    return _coerce(post.get(name), descriptor, path, errors)


def _read_object(post, fields, path, errors):
    obj = {}
    for key, descriptor in fields.items():
        sub = f"{path}.{key}" if path else key
        value = _read(post, descriptor, sub, errors)
        if value is None or value == [] or value == {}:
            continue
        if descriptor.get("type") == "boolean" and value is False and not descriptor.get("required"):
            continue
        obj[key] = value
    return obj


def sheet_from_post(spec, post):
    """Return ``(sheet, errors)``: the sheet the form describes and type errors by path."""
    errors = {}
    sheet = _read_object(post, editable_fields(spec), "", errors)
    if spec.get("json_editor"):
        raw = post.get(PREFIX + JSON_FIELD, "")
        try:
            rest = json.loads(raw) if raw.strip() else {}
        except ValueError as exc:
            errors[JSON_FIELD] = f"is not valid JSON: {exc}"
            rest = {}
        if not isinstance(rest, dict):
            errors[JSON_FIELD] = "must be a JSON object"
            rest = {}
        sheet.update({k: v for k, v in rest.items() if k not in LEAGUE_FIELDS and k != "attributes"})
    attributes = spec.get("attributes") or []
    if attributes:
        values = {}
        for attr in attributes:
            path = f"attributes.{attr['name']}"
            value = _coerce(post.get(PREFIX + path), {"type": "integer"}, path, errors)
            if value is not None:
                values[attr["name"]] = value
        sheet["attributes"] = values
    return sheet, errors


# --- sheet -> nodes ------------------------------------------------------------------------------


def _node(name, descriptor, path, value, errors):
    kind = descriptor.get("type", "string")
    node = Node(
        path=path,
        name=name,
        label=_label(name, descriptor),
        type=kind,
        value=value,
        error=errors.get(path, ""),
        help=descriptor.get("help", ""),
        required=bool(descriptor.get("required")),
        choices=[str(c) for c in descriptor.get("choices", [])],
        attrs={k: descriptor[k] for k in ("min", "max", "max_length", "unit") if k in descriptor},
    )
    labels = descriptor.get("labels") if isinstance(descriptor.get("labels"), dict) else {}
    node.options = [(str(c), str(labels.get(c, c))) for c in descriptor.get("choices", [])]
    if kind == "object":
        value = value if isinstance(value, dict) else {}
        node.children = [
            _node(k, d, f"{path}.{k}", value.get(k), errors) for k, d in descriptor.get("fields", {}).items()
        ]
    elif kind == "list":
        of = descriptor.get("of", "string")
        items = value if isinstance(value, list) else []
        if of == "choice":
            node.type = "multichoice"
            node.value = [str(v) for v in items]
        elif of == "string":
            node.type = "lines"
            node.value = "\n".join(str(v) for v in items)
        else:
            node.type = "rows"
            node.attrs["fields"] = descriptor.get("fields", {})
            node.children = [row_node(descriptor, path, i, item, errors) for i, item in enumerate(items)]
            node.attrs["next_index"] = len(items)
    return node


def row_node(descriptor, path, index, item, errors):
    item = item if isinstance(item, dict) else {}
    row_path = f"{path}.{index}"
    row = Node(path=row_path, name=str(index), label=f"#{index + 1}", type="object", error=errors.get(row_path, ""))
    row.children = [
        _node(k, d, f"{row_path}.{k}", item.get(k), errors) for k, d in descriptor.get("fields", {}).items()
    ]
    return row


def error_path(path):
    """A ruleset's error field as a form path: ``arsenal[3].flags[0]`` -> ``arsenal.3.flags.0``."""
    return re.sub(r"\[(\d+)\]", r".\1", str(path))


def _paths(nodes):
    found = {}

    def walk(node):
        found[node.path] = node
        for child in node.children:
            walk(child)

    for node in nodes:
        walk(node)
    return found


def _owner(paths, path):
    """The path of the node that shows an error on ``path`` (itself or its nearest ancestor), and the rest."""
    path = error_path(path)
    head, rest = path, []
    while head not in paths:
        if "." not in head:
            return None, ""
        head, tail = head.rsplit(".", 1)
        rest.insert(0, tail)
    return head, ".".join(part for part in rest if not part.isdigit())


def _place_errors(nodes, errors):
    paths = _paths(nodes)
    for path, message in errors.items():
        owner, rest = _owner(paths, path)
        if owner is None or owner == path:
            continue  # not shown in the form (see unplaced_errors), or already placed by form_tree
        node = paths[owner]
        text = f"{rest}: {message}" if rest else str(message)
        node.error = f"{node.error} {text}" if node.error else text


def form_tree(spec, sheet, errors=None):
    """Nodes for every editable field of ``spec`` filled from ``sheet``; the attributes block first."""
    errors = errors or {}
    sheet = sheet or {}
    nodes = []
    attributes = spec.get("attributes") or []
    if attributes:
        values = sheet.get("attributes") if isinstance(sheet.get("attributes"), dict) else {}
        block = Node(
            path="attributes",
            name="attributes",
            label="Attributes",
            type="attributes",
            error=errors.get("attributes", ""),
        )
        for attr in attributes:
            path = f"attributes.{attr['name']}"
            block.children.append(
                Node(
                    path=path,
                    name=attr["name"],
                    label=attr.get("label") or attr["name"],
                    type="integer",
                    value=values.get(attr["name"]),
                    error=errors.get(path, ""),
                    help=attr.get("help", ""),
                    required=True,
                    attrs={"min": attr.get("min"), "max": attr.get("max")},
                )
            )
        nodes.append(block)
    for name, descriptor in editable_fields(spec).items():
        nodes.append(_node(name, descriptor, name, sheet.get(name), errors))
    if spec.get("json_editor"):
        rest = {k: v for k, v in sheet.items() if k not in LEAGUE_FIELDS and k != "attributes"}
        nodes.append(
            Node(
                path=JSON_FIELD,
                name=JSON_FIELD,
                label="Sheet (JSON)",
                type="json",
                value=json.dumps(rest, indent=2, ensure_ascii=False),
                error=errors.get(JSON_FIELD, ""),
                help="Everything but the attributes: name, alignment, size, arsenal, finisher... as the ruleset "
                "documents it.",
            )
        )
    _place_errors(nodes, errors)
    return nodes


def unplaced_errors(nodes, errors):
    """Errors that no rendered node (nor an enclosing one) shows (e.g. ``sheet``): shown at the top of the form."""
    paths = _paths(nodes)
    return {path: msg for path, msg in errors.items() if _owner(paths, path)[0] is None}


@functools.cache
def spec_for(ruleset_id):
    """The canonical spec of a ruleset (cached: specs are static data). Do not mutate the result."""
    from rules import get_ruleset

    return normalize_spec(get_ruleset(ruleset_id).sheet_spec())
