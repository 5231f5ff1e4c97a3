"""Decision points (issue 20): what they cost the automatic match, and what a restore costs the server.

For each ruleset: matches/s of ``resolve`` with no choosers (the automatic match) and with a TacticsChooser on both
sides (every decision point taken, nothing built); then, for a match in which side A is a person who picks by a
fixed rule, the time ``rules.decisions.play`` takes to replay the match up to each of his decisions (what the
server does between a click and the next decision it shows, engine part only): median, p95 and max.

    .venv/bin/python bench/decisions.py [--matches 300] [--seeds 5]
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import RandomDice, get_ruleset  # noqa: E402
from rules.decisions import PromptChooser, TacticsChooser, play  # noqa: E402


def saved_setup(ruleset_id, seed):
    ruleset = get_ruleset(ruleset_id)
    a, b = ruleset.example_sheet(seed=seed), ruleset.example_sheet(seed=seed + 1)
    b["name"] = f"{b['name']} II"
    return {"sides": [[a], [b]], "kind": "singles", "stipulation": {}}


def policy(decision, error):
    return decision.options[(decision.index * 7 + 3) % len(decision.options)].id


def per_second(ruleset, setup, n, choosers):
    start = time.perf_counter()
    for seed in range(n):
        for _ in ruleset.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers() if choosers else None):
            pass
    return n / (time.perf_counter() - start)


def restore_times(ruleset_id, seeds):
    times, decisions = [], []
    for seed in range(seeds):
        saved = saved_setup(ruleset_id, seed)
        ruleset = get_ruleset(ruleset_id)
        setup = ruleset.build_setup(saved["sides"], stipulation=saved["stipulation"])
        person = PromptChooser(policy)
        list(ruleset.resolve(setup, RandomDice(seed), seed=seed, choosers={0: person}))
        records = person.records
        decisions.append(len(records))
        for k in range(len(records) + 1):
            start = time.perf_counter()
            play(ruleset_id, setup, seed, records[:k], people=(0,))
            times.append(time.perf_counter() - start)
    return times, decisions


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for ruleset_id in ("hp-d6", "wildknight", "arm"):
        ruleset = get_ruleset(ruleset_id)
        saved = saved_setup(ruleset_id, 0)
        setup = ruleset.build_setup(saved["sides"], stipulation=saved["stipulation"])
        n = args.matches if ruleset_id != "arm" else max(args.matches // 10, 10)
        plain = per_second(ruleset, setup, n, None)
        tactics = per_second(ruleset, setup, n, lambda: {0: TacticsChooser(), 1: TacticsChooser()})
        times, decisions = restore_times(ruleset_id, args.seeds)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{ruleset_id}: resolve {plain:,.0f}/s plain, {tactics:,.0f}/s through TacticsChooser "
            f"({tactics / plain - 1:+.1%}); {statistics.median(decisions):.0f} decisions of side A a match; "
            f"play() to a decision: median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
            f"max {times[-1] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
