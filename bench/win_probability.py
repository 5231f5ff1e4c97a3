"""Benchmark (not a unit test): the chance to win from a point of a match (rules.win_probability, issue 21 item 3).

Run: ``.venv/bin/python bench/win_probability.py [--sims 200] [--seeds 5]``. Prints one JSON line per figure, for
each ruleset (the example sheet against ``example_sheet(seed=5)``, matches of seeds 0..seeds-1):

- ``continuations/s``: continuations from the middle event of the match (each replays the prefix from the seed with
  the official dice, then plays on with fresh ones: what the worker does), CPU time of this process;
- ``s for N continuations from mid-match``: the median over the seeds, to hold against a round's pace;
- ``pre-match matches/s``: whole matches (``rules.odds``), for comparison: a continuation costs about one match;
- ``points per match`` (before the bell, the end of each round, the result) and ``CPU s per match line`` (every point
  at N continuations): what a live match costs the worker;
- ``share of the worker at pace P``: that CPU over the match's broadcast time (rounds x P seconds), for P = 1, 2, 5;
- ``N that fits half a round at pace P``: what matches/win_probability.py lowers N to when N does not fit, and the
  standard error of a 50 % chance at that N.

And for ARM, what a copy of the engine mid-match would cost instead of a replay: ``copy.deepcopy`` of the Match
object at the middle of the match (the generator that drives it cannot be copied; this is only the state), against
one continuation.

Times are CPU time (time.process_time): the machine is shared with other helpers, wall time would measure them too.
"""

import argparse
import copy
import json
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.dice import RandomDice  # noqa: E402
from rules.registry import get_ruleset, ruleset_ids  # noqa: E402
from rules.simulation import odds  # noqa: E402
from rules.win_probability import continuations, official_events  # noqa: E402

PACES = (1.0, 2.0, 5.0)
BUDGET = 0.5  # matches/win_probability.BUDGET: the share of a round's pace the continuations may take


def line(ruleset, figure, measured, **extra):
    row = {"ruleset": ruleset, "figure": figure, "measured": measured}
    row.update(extra)
    row.update(
        python=platform.python_version(),
        cpus=os.cpu_count(),
        load=os.getloadavg()[0],
        date=time.strftime("%Y-%m-%d", time.gmtime()),
    )
    print(json.dumps(row), flush=True)


def points_of(events):
    ends = [e["seq"] for e, n in zip(events, events[1:], strict=False) if n["round"] != e["round"]]
    return 1 + len(ends) + 1  # before the bell, the end of each round, the result


def bench_ruleset(ruleset_id, sims, seeds):
    ruleset = get_ruleset(ruleset_id)
    setup = ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(seed=5)]])
    times, rounds, points = [], [], []
    for seed in range(seeds):
        events = official_events(ruleset_id, setup, seed)
        middle = events[len(events) // 2]["seq"]
        started = time.process_time()
        continuations(ruleset_id, setup, seed=seed, after=middle, sims=sims, events=events)
        times.append(time.process_time() - started)
        rounds.append(events[-1]["round"])
        points.append(points_of(events))
    per = sum(times) / (sims * seeds)
    line(ruleset_id, "continuations/s (mid-match, one core)", round(1 / per, 1))
    line(
        ruleset_id,
        f"s for {sims} continuations from mid-match (median over {seeds} matches)",
        round(statistics.median(times), 3),
    )
    started = time.process_time()
    odds(ruleset_id, setup, sims=sims, seed=1000)
    line(ruleset_id, "pre-match matches/s (rules.odds, one core)", round(sims / (time.process_time() - started), 1))
    line(ruleset_id, "points per match (median)", statistics.median(points), rounds=statistics.median(rounds))
    cpu = statistics.median(points) * sims * per
    line(ruleset_id, f"CPU s per match line ({sims} continuations a point)", round(cpu, 2))
    for pace in PACES:
        share = statistics.median(p * sims * per / (r * pace) for p, r in zip(points, rounds, strict=True))
        fits = max(1, int(BUDGET * pace / per))
        line(ruleset_id, f"share of the worker at pace {pace:g} s/round", round(share, 3))
        line(
            ruleset_id,
            f"N that fits half a round at pace {pace:g} s/round",
            min(fits, sims),
            fits_uncapped=fits,
            se_of_50pct=round(math.sqrt(0.25 / min(fits, sims)), 4),
        )
    return per


def bench_copy(per):
    """ARM: copy.deepcopy of the engine's state mid-match against one continuation (replay)."""
    from rules.arm import tactics
    from rules.arm.match import Match

    ruleset = get_ruleset("arm")
    setup = ruleset.build_setup([[ruleset.example_sheet()], [ruleset.example_sheet(seed=5)]])
    copies = []
    for seed in range(5):
        match = Match(setup, RandomDice(seed), seed)
        events = list(Match(setup, RandomDice(seed), seed).run())
        stream = match.run()
        for event in stream:
            if event["seq"] >= len(events) // 2:
                break
        started = time.process_time()
        for _ in range(20):
            copy.deepcopy(match, {id(tactics): tactics, id(setup): setup})
        copies.append((time.process_time() - started) / 20)
    line("arm", "ms per copy.deepcopy of the Match mid-match (state only)", round(1000 * statistics.median(copies), 2))
    line("arm", "ms per continuation (replay from the seed)", round(1000 * per, 2))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=200)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--only", choices=ruleset_ids())
    args = parser.parse_args(argv)
    per = {}
    for ruleset_id in [args.only] if args.only else ruleset_ids():
        per[ruleset_id] = bench_ruleset(ruleset_id, args.sims, args.seeds)
    if "arm" in per:
        bench_copy(per["arm"])


if __name__ == "__main__":
    main()
