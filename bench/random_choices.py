"""Random legal choices over thousands of seeded matches (issue 20 item 1, "Done means": random legal choices never
crash or break an invariant).

For each ruleset: N seeded matches (seed 0 .. N-1; ARM's are singles, tag and cage in turn, with seconds, no-DQ,
title and escape-only stipulations: ``tests/rules/invariants.setup_for``) in which both sides are played by a
person who picks at random among the legal options (``tests/rules/choosers.RandomChooser``, seeded). Each match
is checked with the same functions as the property tests (``tests/rules/invariants.CHECKS``). Prints, per
ruleset, the matches played, the decisions made, the crashes (an exception out of ``resolve``) and the matches
that broke an invariant, with the first few of each (seed and message), and the CPU time.

    .venv/bin/python bench/random_choices.py [--matches 2000] [--ruleset arm] [--show 5]

Exits 1 when anything crashed or broke an invariant.
"""

import argparse
import collections
import os
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import RandomDice, get_ruleset  # noqa: E402
from tests.rules.choosers import RandomChooser  # noqa: E402
from tests.rules.invariants import CHECKS, setup_for  # noqa: E402


def run(ruleset_id, matches, show):
    ruleset = get_ruleset(ruleset_id)
    check = CHECKS[ruleset_id]
    tally = collections.Counter()
    kinds = collections.Counter()
    examples = []
    start = time.process_time()
    for seed in range(matches):
        setup = setup_for(ruleset, seed)
        people = {0: RandomChooser(seed), 1: RandomChooser(seed + 7919)}
        tally["matches"] += 1
        tally[setup.kind] += 1
        try:
            events = list(ruleset.resolve(setup, RandomDice(seed), seed=seed, choosers=people))
        except Exception as exc:  # a crash is what this run looks for: count it, show it, go on
            tally["crashes"] += 1
            if len(examples) < show:
                where = traceback.extract_tb(exc.__traceback__)[-1]
                examples.append(f"seed {seed} ({setup.kind}): crash {exc!r} at {where.filename}:{where.lineno}")
            continue
        seen = [pair for chooser in people.values() for pair in chooser.seen]
        tally["decisions"] += len(seen)
        kinds.update(decision.kind for decision, _option in seen)
        broken = check(events, seen, setup)
        if broken:
            tally["broken"] += 1
            if len(examples) < show:
                examples.append(f"seed {seed} ({setup.kind}): {broken[0]}")
    return tally, kinds, examples, time.process_time() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="seeded matches per ruleset (default 2000)")
    parser.add_argument("--ruleset", action="append", choices=sorted(CHECKS), help="one ruleset (repeatable)")
    parser.add_argument("--show", type=int, default=5, help="crashes and broken invariants shown per ruleset")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    bad = 0
    for ruleset_id in args.ruleset or sorted(CHECKS):
        tally, kinds, examples, cpu = run(ruleset_id, args.matches, args.show)
        kinds_seen = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
        venues = ", ".join(f"{k} {tally[k]}" for k in ("singles", "tag", "cage") if tally[k])
        print(
            f"{ruleset_id}: {tally['matches']} matches ({venues}), {tally['decisions']} decisions, "
            f"{tally['crashes']} crashes, {tally['broken']} broke an invariant; "
            f"{cpu:.1f} s CPU ({tally['matches'] / cpu:.1f} matches/s)"
        )
        print(f"  decision kinds: {kinds_seen}")
        for line in examples:
            print(f"  {line}")
        bad += tally["crashes"] + tally["broken"]
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
