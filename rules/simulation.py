"""Odds: many simulated matches of one setup, each seeded, counted by winner and method."""

from collections import Counter
from collections.abc import Iterable

from rules.base import MatchSetup
from rules.dice import RandomDice
from rules.errors import RulesError
from rules.registry import get_ruleset

Counts = Counter[tuple[int | None, str]]


def _count(ruleset_id: str, setup: MatchSetup, seeds: Iterable[int]) -> Counts:
    ruleset = get_ruleset(ruleset_id)
    counts: Counts = Counter()
    for seed in seeds:
        result = ruleset.outcome(setup, RandomDice(seed), seed=seed)
        if result is None:
            raise RulesError(f"ruleset {ruleset_id} ended a match without a result event")
        counts[(result["winner"], result["method"])] += 1
    return counts


def odds(ruleset_id: str, setup: MatchSetup, *, sims: int, seed: int = 0, jobs: int = 1) -> Counts:
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
        total: Counts = Counter()
        for counts in pool.map(_count, [ruleset_id] * jobs, [setup] * jobs, chunks):
            total += counts
        return total
