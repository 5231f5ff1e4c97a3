"""Benchmark (not a unit test): ARM singles matches on one core, between the example sheet and
``example_sheet(seed=5)``.

Run: ``.venv/bin/python bench/rules_arm.py [--matches 400]``. Prints one JSON line per figure:

- ``median ms per match (resolve)``: every event built (state snapshots, narration), median of the runs;
- ``matches/s (resolve)`` and ``matches/s (outcome)`` (what odds and ``--count`` use: since the quiet mode went,
  the base class's ``outcome``, the last event of ``resolve``);
- ``dice per match``;
- ``ratio to bare dice``: time per match / time to roll the same number of dice with
  ``random.Random().randint(1, 20)``.

Times are CPU time of this process (time.process_time), so other load on the machine skews them less.

Targets (issue 3): at least 500 matches/s on one core, ratio at most 10.

Speed work that must not change a ruling: ``--hash`` prints a hash of every event (and of every ``outcome``)
of 150 seeds for six setups (singles, no-DQ, seconds at ringside, tag, cage); run it before and after and
compare. ``--fixed N resolve|outcome|none`` plays N matches and prints nothing, for instruction counts:
``valgrind --tool=callgrind python bench/rules_arm.py --fixed 100 resolve`` minus the same with ``none``
(the machine is shared: instructions are a fairer before/after than time).
"""

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.dice import RandomDice  # noqa: E402
from rules.registry import get_ruleset  # noqa: E402


def line(figure, measured, **extra):
    row = {"ruleset": "arm", "figure": figure, "measured": measured}
    row.update(extra)
    row.update(python=platform.python_version(), cpus=os.cpu_count(), date=time.strftime("%Y-%m-%d", time.gmtime()))
    print(json.dumps(row), flush=True)


def timed(fn, n):
    times, dice = [], 0
    for seed in range(n):
        d = RandomDice(seed)
        t0 = time.process_time()
        fn(d, seed)
        times.append(time.process_time() - t0)
        dice += d.count
    return times, dice


def event_hashes(n=150):
    """One line per setup: the hash of every event of seeds 0..n-1, and of every outcome()."""
    import hashlib

    arm = get_ruleset("arm")
    s = arm.example_sheet
    seconds = [{"side": 0, "name": "X"}, {"side": 1, "name": "Y"}]
    team = [
        [dict(s(seed=2), name="A"), dict(s(seed=3), name="B")],
        [dict(s(seed=4), name="C"), dict(s(seed=6), name="D")],
    ]
    cases = [
        ("singles", [[s()], [s(seed=3)]], {}),
        ("singles", [[s(seed=5)], [s(seed=8)]], {}),
        ("singles", [[s(seed=11)], [s(seed=12)]], {"no_dq": True}),
        ("singles", [[s(seed=13)], [s(seed=14)]], {"seconds": seconds}),
        ("tag", team, {}),
        ("cage", [[s(seed=7)], [s(seed=9)]], {"cage": "steel"}),
    ]
    for kind, sides, stip in cases:
        setup = arm.build_setup(sides, kind=kind, stipulation=stip)
        events, results = hashlib.sha256(), hashlib.sha256()
        for seed in range(n):
            for e in arm.resolve(setup, RandomDice(seed), seed=seed):
                events.update(json.dumps(e, sort_keys=True).encode())
            results.update(json.dumps(arm.outcome(setup, RandomDice(seed), seed=seed), sort_keys=True).encode())
        print(kind, events.hexdigest()[:16], results.hexdigest()[:16], flush=True)


def fixed(n, mode):
    """Play ``n`` matches (example vs seed 3, as bench/run.py) for an instruction count."""
    arm = get_ruleset("arm")
    setup = arm.build_setup([[arm.example_sheet()], [arm.example_sheet(seed=3)]])
    for seed in range(n):
        if mode == "resolve":
            for _event in arm.resolve(setup, RandomDice(seed), seed=seed):
                pass
        elif mode == "outcome":
            arm.outcome(setup, RandomDice(seed), seed=seed)


def main(argv=None):
    parser = argparse.ArgumentParser(description="ARM matches per second")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--hash", action="store_true", help="print event hashes (identity check) and stop")
    parser.add_argument("--fixed", nargs=2, metavar=("N", "MODE"), help="play N matches (resolve|outcome|none)")
    args = parser.parse_args(argv)
    if args.hash:
        event_hashes()
        return
    if args.fixed:
        fixed(int(args.fixed[0]), args.fixed[1])
        return
    arm = get_ruleset("arm")
    setup = arm.build_setup([[arm.example_sheet()], [arm.example_sheet(seed=5)]])
    n = args.matches

    def resolve(d, seed):
        for _event in arm.resolve(setup, d, seed=seed):
            pass

    def outcome(d, seed):
        arm.outcome(setup, d, seed=seed)

    timed(resolve, min(n, 50))  # warm up
    full, dice = timed(resolve, n)
    quiet, _ = timed(outcome, n)
    per_match_dice = dice / n
    rng = random.Random(1)  # noqa: S311
    randint = rng.randint
    rolls = int(per_match_dice * n)
    t0 = time.process_time()
    for _ in range(rolls):
        randint(1, 20)
    bare = (time.process_time() - t0) / n  # seconds of bare dice per match
    median = statistics.median(full)
    line("median ms per match (resolve)", round(median * 1000, 3), matches=n)
    line("matches/s (resolve)", round(n / sum(full), 1), target=500)
    line("matches/s (outcome)", round(n / sum(quiet), 1), target=500)
    line("dice per match", round(per_match_dice, 1))
    line("ratio to bare dice (resolve)", round(median / bare, 1), target=10, bare_us_per_match=round(bare * 1e6, 1))
    line("ratio to bare dice (outcome)", round(statistics.median(quiet) / bare, 1), target=10)


if __name__ == "__main__":
    main()
