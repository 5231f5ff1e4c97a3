"""Odds: many simulated matches of one setup, each seeded, counted by winner and method."""

from collections import Counter

from rules.dice import RandomDice
from rules.registry import get_ruleset


def _count(ruleset_id, setup, seeds):
    ruleset = get_ruleset(ruleset_id)
    counts = Counter()
    for seed in seeds:
        result = ruleset.outcome(setup, RandomDice(seed), seed=seed)
        counts[(result["winner"], result["method"])] += 1
    return counts


def odds(ruleset_id, setup, *, sims, seed=0, jobs=1):
    """Play ``sims`` matches of ``setup`` (seeds ``seed``, ``seed + 1``, ...) and count their results:
    ``Counter({(winner side or None, method): matches})``. The same arguments give the same counts, whatever
    ``jobs``: more than one spreads the seeds over that many processes (each seed is one match)."""
    seeds = range(seed, seed + sims)
    if jobs <= 1 or sims < 200:
        return _count(ruleset_id, setup, seeds)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    chunks = [seeds[i::jobs] for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        return sum(pool.map(_count, [ruleset_id] * jobs, [setup] * jobs, chunks), Counter())
