"""Identity check for refactors of ``rules/arm`` (not a unit test): a sha256 over the JSON lines of every event
of 360 seeded ARM matches of every kind (singles, tag, cage internal and external, no-DQ, seconds at ringside,
engineered results, an ambush, heels with objects, the seed's running costs).

Run: ``python bench/arm_fingerprint.py`` prints one line per setup (its 16-hex digest) and a last line
``total <sha256>``; a refactor must leave the total unchanged (issue 19: "each refactor commit leaves the events
of every seeded match byte-identical"). ``--seeds N`` plays N seeds per setup (30 by default: 12 setups x 30).
"""

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.dice import RandomDice  # noqa: E402
from rules.registry import get_ruleset  # noqa: E402


def setups(arm):
    s = arm.example_sheet
    heel = dict(s(seed=13), objects=["Brass Knuckles"]) if s(seed=13)["alignment"] == "heel" else s(seed=13)
    seconds = [{"side": 0, "name": "Slick Sid"}, {"side": 1, "name": "Mean Gene", "skill": 14}]
    team = [
        [dict(s(seed=2), name="A One"), dict(s(seed=3), name="B Two")],
        [dict(s(seed=4), name="C Three"), dict(s(seed=6), name="D Four")],
    ]
    team3 = [
        [dict(s(seed=21), name="E Five"), dict(s(seed=22), name="F Six"), dict(s(seed=23), name="G Seven")],
        [dict(s(seed=24), name="H Eight"), dict(s(seed=25), name="I Nine")],
    ]
    return [
        ("singles example vs 3", "singles", [[s()], [s(seed=3)]], {}),
        ("singles 5 vs 8", "singles", [[s(seed=5)], [s(seed=8)]], {}),
        ("singles no-DQ", "singles", [[s(seed=11)], [s(seed=12)]], {"no_dq": True}),
        ("singles seconds", "singles", [[heel], [s(seed=14)]], {"seconds": seconds}),
        ("singles engineered", "singles", [[s(seed=15)], [s(seed=16)]], {"engineered": {"winner": 1, "round": 9}}),
        ("singles ambush", "singles", [[s(seed=17)], [s(seed=18)]], {"ambush": 1, "floor": "concrete"}),
        (
            "singles seed running costs",
            "singles",
            [[s(seed=19)], [s(seed=20)]],
            {"running_costs": "maneuver_section", "referee": {"skill": 14, "warning_limit": 1}},
        ),
        ("tag", "tag", team, {}),
        ("tag 3 vs 2", "tag", team3, {"no_dq": True}),
        ("cage steel", "cage", [[s(seed=7)], [s(seed=9)]], {"cage": "steel"}),
        (
            "cage external escape",
            "cage",
            [[s(seed=26)], [s(seed=27)]],
            {"cage_internal": False, "escape": "escape", "cage_height": 20},
        ),
        ("cage pinfall only", "cage", [[s(seed=28)], [s()]], {"escape": "pinfall", "cage_roof": True}),
    ]


def main(argv=None):
    parser = argparse.ArgumentParser(description="sha256 of the events of seeded ARM matches")
    parser.add_argument("--seeds", type=int, default=30)
    args = parser.parse_args(argv)
    arm = get_ruleset("arm")
    total = hashlib.sha256()
    matches = 0
    for name, kind, sides, stip in setups(arm):
        setup = arm.build_setup(sides, kind=kind, stipulation=stip)
        digest = hashlib.sha256()
        for seed in range(args.seeds):
            for event in arm.resolve(setup, RandomDice(seed), seed=seed):
                line = (json.dumps(event, sort_keys=True) + "\n").encode()
                digest.update(line)
                total.update(line)
            matches += 1
        print(f"{digest.hexdigest()[:16]}  {name}", flush=True)
    print(f"total {total.hexdigest()}  ({matches} matches)")


if __name__ == "__main__":
    main()
