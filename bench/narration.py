"""Benchmark (not a test): how the play-by-play reads, per ruleset, over seeded matches of the example sheets.

    python bench/narration.py [--matches 200] [--ruleset hp-d6] [--json]

For each ruleset, ``--matches`` matches (seeds 1..N) between the canonical example sheet and
``example_sheet(seed=3)`` (what ``python -m rules example`` prints), and the same number between varied
sheets (``example_sheet(s)`` against ``example_sheet(s + 1000)``). Figures (issue 17, item 4):

* ``lines``: lines per match (events with text; an event with empty text was folded into the next line);
* ``top_template``: the share of the most common template, where a template is the line with every
  wrestler, move, finisher, weapon and ally name and every number replaced (target <= 3 %);
* ``near_repeat``: the share of lines whose template is the template of one of the three lines before
  (target <= 2 %);
* ``filler``: the share of lines that only keep the books: initiative, failed get-ups and get-ups with nothing
  after them, covers and counts on their own lines (but not the three), a hold that merely goes on, a stun
  shaken off, the turn of a man at 0 HP; for ARM
  "gets to his feet" / "pulls him up" / "repositions" / "moves behind" and "takes control (...)" (target <= 8 %);
* ``contradictions``: lines that ``rules.narration_check`` finds contradicting the event state (target 0).

Prints one JSON line per ruleset and sheet set (``--json``) or a table.
"""

import argparse
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules import RandomDice, get_ruleset, ruleset_ids  # noqa: E402
from rules.narration_check import check  # noqa: E402
from rules.narration_kit import short_names, template_key  # noqa: E402

ARM_FILLER = re.compile(
    r"gets to (?:his|her|their) feet|pulls (?:him|her|them) up|repositions\.|squares up\.|moves behind"
    r"|takes control \("
)


def is_filler(ruleset_id, event):
    """A line that only keeps the books (see the module docstring)."""
    kind, outcome = event["type"], event.get("outcome")
    if ruleset_id == "hp-d6":
        if kind in ("initiative", "spent", "pin"):
            return True
        if kind == "get_up":
            return outcome != "up and attack"
        if kind == "pin_count":
            return outcome == "count" and event["count"] < 3  # the three itself is the pinfall
        return kind == "submission_hold" and outcome in ("held", "wrenched")
    if ruleset_id == "wildknight":
        if kind in ("initiative", "pin"):
            return True
        if kind == "pin-count":
            return outcome in ("count", "automatic") and event["count"] < 3
        return kind == "stun" and not event.get("rounds")
    if ruleset_id == "arm":
        if kind == "release" or (kind == "injury" and not event.get("points")):
            return True
        return kind in ("position", "advantage") and bool(ARM_FILLER.search(event["text"]))
    return False


def names_in(sheets, events):
    """Every proper name a line may carry: wrestlers, their moves and finishers, weapons, allies."""
    names = set(short_names([s.get("name") for s in sheets]))
    for sheet in sheets:
        names.add(sheet.get("name"))
        names.add(sheet.get("ally"))
        fin = sheet.get("finisher")
        names.add(fin.get("name") if isinstance(fin, dict) else fin)
        for kind in (sheet.get("moves") or {}).values():
            names.update(kind)
        names.update(m for m in sheet.get("maneuvers") or [] if isinstance(m, str))
        for row in sheet.get("arsenal") or []:
            names.add(row.get("name"))
            names.add(row.get("maneuver"))
    for event in events:
        for key in ("move", "maneuver", "base", "weapon", "instead_of", "finisher"):
            value = event.get(key)
            if isinstance(value, str):
                names.add(value)
    return {n for n in names if isinstance(n, str) and n}


def measure(ruleset_id, pairs):
    ruleset = get_ruleset(ruleset_id)
    keys = collections.Counter()
    total = repeats = filler = 0
    contradictions = collections.Counter()
    examples = {}
    for a, b, seed in pairs:
        setup = ruleset.build_setup([[a], [b]])
        events = list(ruleset.resolve(setup, RandomDice(seed), seed=seed))
        names = names_in([a, b], events)
        recent = []
        for event in events:
            text = event.get("text")
            if not text:
                continue
            key = template_key(text, names)
            keys[key] += 1
            total += 1
            if key in recent:
                repeats += 1
            recent = (recent + [key])[-3:]
            filler += is_filler(ruleset_id, event)
        for c in check(ruleset_id, events, [a, b]):
            contradictions[c.rule] += 1
            examples.setdefault(c.rule, f"seed {seed}, seq {c.seq}: {c.text} ({c.why})")
    top_key, top_n = keys.most_common(1)[0]
    return {
        "ruleset": ruleset_id,
        "matches": len(pairs),
        "lines_per_match": round(total / len(pairs), 1),
        "top_template": round(100 * top_n / total, 2),
        "top_template_text": top_key,
        "near_repeat": round(100 * repeats / total, 2),
        "filler": round(100 * filler / total, 2),
        "contradictions": sum(contradictions.values()),
        "contradictions_by_rule": dict(contradictions),
        "examples": examples,
    }


def sheet_sets(ruleset_id, n):
    ruleset = get_ruleset(ruleset_id)
    canonical, second = ruleset.example_sheet(), ruleset.example_sheet(seed=3)
    return {
        "example sheets": [(canonical, second, seed) for seed in range(1, n + 1)],
        "varied sheets": [(ruleset.example_sheet(seed), _other(ruleset, seed), seed) for seed in range(1, n + 1)],
    }


def _other(ruleset, seed):
    """``example_sheet(seed + 1000)``, or the next one whose name differs (a match needs two names)."""
    name = ruleset.example_sheet(seed)["name"]
    other = seed + 1000
    while ruleset.example_sheet(other)["name"] == name:
        other += 1000
    return ruleset.example_sheet(other)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--ruleset", choices=ruleset_ids(), action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for ruleset_id in args.ruleset or ruleset_ids():
        for label, pairs in sheet_sets(ruleset_id, args.matches).items():
            row = measure(ruleset_id, pairs)
            row["sheets"] = label
            if args.json:
                print(json.dumps(row, ensure_ascii=False))
            else:
                print(
                    f"{ruleset_id:11} {label:15} lines/match {row['lines_per_match']:6}  top {row['top_template']:5} %"
                    f"  near-repeat {row['near_repeat']:5} %  filler {row['filler']:5} %"
                    f"  contradictions {row['contradictions']} {row['contradictions_by_rule'] or ''}"
                )
                print(f"{'':27} most common: {row['top_template_text']!r}")
                for rule, example in row["examples"].items():
                    print(f"{'':27} {rule}: {example}")


if __name__ == "__main__":
    main()
