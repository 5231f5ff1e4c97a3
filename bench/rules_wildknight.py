"""Benchmark (not a unit test): wildknight matches per second on one core between two example sheets.

Run: ``.venv/bin/python bench/rules_wildknight.py [--seconds 5]``. Prints one JSON line per figure.
Target: at least 1,000 matches/s for ``resolve`` (every event built, state snapshots included).
"""

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.dice import RandomDice  # noqa: E402
from rules.registry import get_ruleset  # noqa: E402


def measure(label, run, seconds):
    n = 0
    events = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        events += run(n)
        n += 1
    elapsed = time.perf_counter() - start
    return {
        "ruleset": "wildknight",
        "figure": label,
        "matches": n,
        "seconds": round(elapsed, 3),
        "matches_per_s": round(n / elapsed, 1),
        "events_per_match": round(events / n, 1),
        "target_matches_per_s": 1000,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description="wildknight matches per second")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per figure")
    args = parser.parse_args(argv)
    ruleset = get_ruleset("wildknight")
    setup = ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(seed=3)]])

    def resolve(n):
        return sum(1 for _ in ruleset.resolve(setup, RandomDice(n), seed=n))

    def resolve_json(n):
        return len([json.dumps(e, separators=(",", ":")) for e in ruleset.resolve(setup, RandomDice(n), seed=n)])

    for label, run in (("resolve", resolve), ("resolve + json.dumps per event", resolve_json)):
        print(json.dumps(measure(label, run, args.seconds)), flush=True)


if __name__ == "__main__":
    main()
