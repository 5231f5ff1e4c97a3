"""Live matches take the fast lane of loud mode (RandomDice): it must write exactly what the plain lane writes.

The plain lane records every die through ``Dice.roll_record`` and builds a fresh ``state`` for every
event; the fast lane draws the same numbers, takes records from shared tables and shares a ``state``
list between events while nobody changed. Any state change the fast lane misses, any record it
writes differently, shows up here as different bytes.
"""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RandomDice
from rules.hp_d6.match import Match
from rules.hp_d6.sheet import EXAMPLE_SHEET, SECOND_EXAMPLE
from tests.rules.hp_d6.helpers import RULESET
from tests.rules.hp_d6.test_properties import STIPULATIONS, _sheet


class PlainDice(RandomDice):
    """The same numbers as RandomDice, but not RandomDice itself: the match takes the plain lane."""


def _both(seed, sa, sb, stipulation, hp):
    setup = RULESET.build_setup([[_sheet(sa, hp)], [_sheet(sb, 20)]], stipulation=stipulation)
    fast_dice, plain_dice = RandomDice(seed), PlainDice(seed)
    fast = Match(setup, fast_dice, seed=seed)
    plain = Match(setup, plain_dice, seed=seed)
    assert fast.fast and not plain.fast
    return list(fast.run()), fast_dice, list(plain.run()), plain_dice


def _jsonl(events):
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**31),
    st.integers(min_value=0, max_value=10_000),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from(STIPULATIONS),
    st.integers(min_value=10, max_value=40),
)
def test_it_writes_the_same_bytes_on_both_lanes(seed, sa, sb, stipulation, hp):
    fast, fast_dice, plain, plain_dice = _both(seed, sa, sb, stipulation, hp)
    assert _jsonl(fast) == _jsonl(plain)
    assert fast_dice.count == plain_dice.count == sum(len(e["rolls"]) for e in fast)


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(STIPULATIONS))
def test_the_demo_wrestlers_read_the_same_on_both_lanes(seed, stipulation):
    setup = RULESET.build_setup([[EXAMPLE_SHEET], [SECOND_EXAMPLE]], stipulation=stipulation)
    fast = list(Match(setup, RandomDice(seed), seed=seed).run())
    plain = list(Match(setup, PlainDice(seed), seed=seed).run())
    assert _jsonl(fast) == _jsonl(plain)
