"""Benchmark (not a test): how often a match injures a wrestler, per ruleset, over many seeded matches.

    python bench/injuries.py [--matches N]

For each ruleset, N singles matches between random example sheets (``example_sheet(seed)``), each played with
``RandomDice(seed)``. Per wrestler and match: did he gain an injury point (``Ruleset.injuries_gained``), how many
points, and how many weeks his own weekly heal (``Ruleset.expected_weeks_out``) needs for them. Prints one JSON line
per ruleset: ``injured_share`` (wrestler-matches with at least one point gained), ``points_per_injury``,
``weeks_out_per_injury`` (mean and the share of injuries healed within a week). Deterministic: the same N gives the
same figures.
"""

import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules import RandomDice, get_ruleset, ruleset_ids  # noqa: E402


def measure(ruleset_id, matches):
    ruleset = get_ruleset(ruleset_id)
    injured = bouts = 0
    points, weeks, never = [], [], 0
    for n in range(matches):
        sheets = [ruleset.example_sheet(seed=2 * n + 1), ruleset.example_sheet(seed=2 * n + 2)]
        sheets[0]["name"], sheets[1]["name"] = f"Red {n}", f"Blue {n}"
        setup = ruleset.build_setup([[sheets[0]], [sheets[1]]])
        result = ruleset.outcome(setup, RandomDice(10_000 + n), seed=10_000 + n)
        state = result.get("state") or []
        for index, sheet in enumerate(setup.sides[0] + setup.sides[1]):
            bouts += 1
            gained = ruleset.injuries_gained(sheet, state[index] if index < len(state) else {})
            total = sum(gained.values())
            if total:
                injured += 1
                points.append(total)
                out = ruleset.expected_weeks_out(sheet, total)
                if out is None:
                    never += 1
                else:
                    weeks.append(out)
    return {
        "ruleset": ruleset_id,
        "matches": matches,
        "wrestler_matches": bouts,
        "injured_share": round(injured / bouts, 3) if bouts else 0,
        "points_per_injury": round(statistics.mean(points), 2) if points else 0,
        "weeks_out_per_injury": round(statistics.mean(weeks), 2) if weeks else 0,
        "healed_within_a_week": round(sum(1 for w in weeks if w <= 1) / len(weeks), 3) if weeks else 0,
        "never_heal": never,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--only", choices=ruleset_ids())
    args = parser.parse_args()
    for ruleset_id in [args.only] if args.only else ruleset_ids():
        print(json.dumps(measure(ruleset_id, args.matches)), flush=True)


if __name__ == "__main__":
    main()
