"""Seed 000, "Disqualifications": "interference from a third party on behalf of a wrestler" (D51).

A promotion may put a second (a manager, a stablemate) at ringside for a side with the ``seconds``
stipulation. He runs in once a match: his attack is one check at his Skill against the opponent (no
Counter: the wrestler never sees him coming), which knocks him down for the second's damage and gives his
man Advantage; then the referee's Check, and noticed interference is an automatic DQ of the wrestler he came
to help (a warning when the promotion takes it off the list). A cage keeps him out (seed: the cage "serves to
restrict outside interference")."""

from rules.arm import damage, heat, narration, referee
from rules.arm.checks import ACE, check_need, succeeded

INTERFERENCE = "interference"


class Second:
    __slots__ = ("name", "side", "skill", "damage", "used")

    def __init__(self, spec):
        self.name = spec["name"]
        self.side = spec["side"]
        self.skill = spec["skill"]
        self.damage = spec["damage"]
        self.used = False


def run_in(match, second, victim):
    """The second's run-in on ``victim``; returns True when his attack lands."""
    second.used = True
    helped = match.legal[second.side]
    rec = check_need(
        match.dice, second.skill, f"{second.name} runs in", actor=helped.idx, name=f"{second.name}'s Skill"
    )
    hit = succeeded(rec)
    dealt = 0
    old = victim.damage
    if hit:
        dealt = second.damage + (2 if rec["outcome"] == ACE else 0)
        old = damage.add(victim, dealt)
        victim.position = "Prone"
        victim.cornered = ""
        victim.running = False
        victim.perch = ""
    match.emit(
        "interference",
        narration.run_in(second, helped, victim, hit, dealt),
        actor=helped.idx,
        target=victim.idx,
        second=second.name,
        hit=hit,
        damage=dealt,
    )
    if hit:
        damage.after(match, victim, old, f"{second.name}'s run-in", dealt)
    heat.heat_change(match, helped, -1)
    referee.referee_check(match, helped, f"{INTERFERENCE} by {second.name}", dq_key=INTERFERENCE)
    if hit and match.attacker is not helped and not helped.unconscious:
        match.set_advantage(helped, "the run-in")
    return hit
