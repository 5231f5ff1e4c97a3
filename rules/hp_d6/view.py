"""hp-d6's wrestler page (rules/view.py): Hit Points and the thresholds on the card, the favourite moves as a
table by move type (its damage and rolls from the move table), the Trademark Finisher marked."""

from rules.view import default_view

DERIVED_LABELS = {
    "hp": "Hit Points at the bell",
    "pin_at": "Can be pinned at",
    "finisher_at": "A finisher can land at",
}
COLUMNS = ("Type", "Moves", "Takes")


def view(spec, sheet, derived, move_table):
    table = {row["type"]: row for row in move_table}
    rows = []
    for kind, moves in (sheet.get("moves") or {}).items():
        if not moves:
            continue
        row = table.get(kind, {})
        damage = row.get("damage")
        rows.append(
            {
                "cells": [
                    row.get("label", kind),
                    ", ".join(moves),
                    f"{damage} HP" if damage else "",
                ],
                "finisher": False,
            }
        )
    finisher = sheet.get("finisher") or ""
    if finisher:
        rows.append({"cells": ["Trademark Finisher", finisher, ""], "finisher": True})
    arsenal = {"title": "Moves", "columns": list(COLUMNS), "rows": rows, "finisher": finisher} if rows else None
    out = default_view(
        spec,
        sheet,
        derived,
        derived_labels=DERIVED_LABELS,
        hide=("moves", "finisher", "hp"),
        hide_derived=(),
        arsenal=arsenal,
    )
    out["derived"] = [
        (label, f"{text} HP" if text.isdigit() and label != DERIVED_LABELS["hp"] else text, help_)
        for label, text, help_ in out["derived"]
    ]
    return out
