"""The repetition rule read back from the log alone, over many seeded matches (seed 000: "Each time a
Maneuver attempt is repeated (whether the first attempt succeeded or not), it suffers a cumulative -1
penalty to Maneuver Skill. This penalty is 'reset' to 0 as soon as another Maneuver is attempted").

Each match is written as JSON lines and parsed back; the test knows nothing of the engine's state. Every
d20 roll of a maneuver attempt names its maneuver (``"maneuver"``); a wrestler's attempts, in log order,
must carry -1, -2, ... on consecutive repeats of one maneuver and nothing on the first attempt of another.
Exceptions the seed makes: Tricks carry their own card-long penalty instead ("trick used before"), and a
Fired Up wrestler "ignores ... multiple attack penalties".
"""

import json

import pytest

from rules import RandomDice
from rules.arm.tables import MANEUVER_ROWS

from .helpers import RULESET

TRICKS = frozenset(row[1] for row in MANEUVER_ROWS if "TRICK" in row[9].split())

# (sheet seed a, sheet seed b, kind, stipulation): singles, a no-DQ match, seconds at ringside, a cage
PAIRINGS = [
    (None, 3, "singles", {}),
    (1, 2, "singles", {}),
    (4, 9, "singles", {"no_dq": True}),
    (5, 8, "singles", {"seconds": [{"side": 0, "name": "X"}, {"side": 1, "name": "Y"}]}),
    (6, 7, "singles", {}),
    (10, 13, "singles", {}),
    (11, 12, "cage", {"cage": "steel"}),
    (14, 15, "singles", {"no_dq": True}),
]
SEEDS_PER_PAIRING = 12


def _jsonl(sa, sb, kind, stip, seed):
    setup = RULESET.build_setup(
        [[RULESET.example_sheet(seed=sa)], [RULESET.example_sheet(seed=sb)]], kind=kind, stipulation=stip
    )
    text = "\n".join(json.dumps(e, sort_keys=True) for e in RULESET.resolve(setup, RandomDice(seed), seed=seed))
    return [json.loads(line) for line in text.splitlines()]


def _attempts(events):
    """(wrestler, maneuver, [its roll records], fired up before it) per attempt, in log order. One attempt
    may have several records (a Contest's re-rolls, an Unopposed pair); they are in one event."""
    statuses = {}
    out = []
    for e in events:
        seen = {}
        for r in e["rolls"]:
            if r["die"] != "d20" or "maneuver" not in r:
                continue
            key = (r["actor"], r["maneuver"])
            if key not in seen:
                seen[key] = []
                out.append((r["actor"], r["maneuver"], seen[key], "fired up" in statuses.get(r["actor"], ())))
            seen[key].append(r)
        for s in e["state"]:
            statuses[s["side"]] = s["statuses"]
    return out


def _repetition(record):
    return sum(m["amount"] for m in record["modifiers"] if m["name"] == "repetition")


def test_consecutive_repeats_carry_minus_one_minus_two_and_another_maneuver_starts_at_zero():
    checked = repeats = 0
    for sa, sb, kind, stip in PAIRINGS:
        for seed in range(SEEDS_PER_PAIRING):
            streak = {}  # wrestler -> (last maneuver attempted, repeats so far)
            for who, label, records, fired in _attempts(_jsonl(sa, sb, kind, stip, seed)):
                last, n = streak.get(who, ("", 0))
                n = n + 1 if label == last else 0
                streak[who] = (label, n)
                trick = label in TRICKS or any(
                    m["name"] == "trick used before" for r in records for m in r["modifiers"]
                )
                expected = 0 if (trick or fired) else -n
                got = {_repetition(r) for r in records}
                where = f"{kind} {sa} vs {sb} {stip}, seed {seed}: {label} by side {who}"
                assert got == {expected}, f"{where}: repetition {sorted(got)}, expected {expected}"
                checked += 1
                repeats += expected < 0
    # the property was exercised: many attempts, and a good share of them repeats
    assert checked > 2000 and repeats > 200, (checked, repeats)


@pytest.mark.parametrize("seed", [0, 1])
def test_every_maneuver_attempt_in_the_log_names_its_maneuver(seed):
    """The attacker's own roll always names what he attempted (the event's ``maneuver``)."""
    events = _jsonl(None, 3, "singles", {}, seed)
    for e in events:
        if e["type"] == "miss":
            own = [r for r in e["rolls"] if r["die"] == "d20" and r.get("actor") == e["actor"]]
            assert own and all(r["maneuver"] == e["maneuver"] for r in own)
