"""Benchmark (not a test): hp-d6 matches per second on one core, between the two example sheets.

    python bench/rules_hp_d6.py [--matches N] [--repeat R] [--profile]

Prints one JSON line per figure: ``outcome`` (the quiet path used by odds: result only) and
``resolve`` (every event built, as the web app streams them: the fast lane of loud mode), each the
best of R runs, plus the same two with every advanced rule switched on. ``value`` is matches per CPU
second of this single process (one core, robust to other load on the machine); ``wall_clock_value``
is per elapsed second. Target: 10,000 matches/s. ``--profile`` prints the top of a cProfile of the
``resolve`` path instead.

On a shared machine compare versions by instructions, not seconds, e.g.
``valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/rules_hp_d6.py --matches 3000 --repeat 1``
against the same with ``--matches 0`` (the difference over the matches played).
"""

import argparse
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rules import get_ruleset  # noqa: E402
from rules.dice import RandomDice  # noqa: E402


def _rate(fn, setup, matches, repeat):
    """Best of ``repeat`` runs: (matches per CPU second of this process, matches per wall-clock second).

    CPU time is the honest "one core" figure on a shared machine; wall time is printed alongside.
    """
    best_cpu = best_wall = 0.0
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        fn(setup, matches)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        best_cpu = max(best_cpu, matches / cpu) if cpu > 0 else best_cpu
        best_wall = max(best_wall, matches / wall)
    return best_cpu, best_wall


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="cProfile the resolve path and print the top")
    args = parser.parse_args(argv)
    ruleset = get_ruleset("hp-d6")
    a = ruleset.example_sheet()
    b = ruleset.validate_sheet(__import__("rules.hp_d6.sheet", fromlist=["x"]).SECOND_EXAMPLE)

    def outcome(setup, n):
        for seed in range(n):
            ruleset.outcome(setup, RandomDice(seed), seed=seed)

    def resolve(setup, n):
        for seed in range(n):
            for _ in ruleset.resolve(setup, RandomDice(seed), seed=seed):
                pass

    if args.profile:
        import cProfile
        import pstats

        setup = ruleset.build_setup([[a], [b]])
        profile = cProfile.Profile()
        profile.runcall(resolve, setup, max(args.matches // 10, 1))
        pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(15)
        return
    for label, stip in (("", {}), ("advanced ", {"advanced": True})):
        setup = ruleset.build_setup([[a], [b]], stipulation=stip)
        for name, fn, n in (("outcome", outcome, args.matches), ("resolve", resolve, max(args.matches // 10, 1))):
            cpu, wall = _rate(fn, setup, n, args.repeat)
            row = {
                "bench": "rules_hp_d6",
                "figure": f"{label}{name} matches/s",
                "value": round(cpu, 1),
                "wall_clock_value": round(wall, 1),
                "matches": n,
                "target": 10000 if name == "outcome" and not label else None,
                "python": platform.python_version(),
            }
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
