"""What must hold in every match, whoever chooses (issue 20 item 1: random legal choices never crash or break an
invariant). Each check returns the invariants a match broke, in words (an empty list: none); the property tests
assert the list is empty and ``bench/random_choices.py`` counts them over thousands of seeded matches.

``seen`` is what the choosers were offered and chose: ``[(Decision, Option), ...]`` (``RandomChooser.seen``)."""

from rules.arm.damage import level_for, weardown_name
from rules.arm.ring import IN_RING, KIND, SQUARE_AT
from rules.arm.tables import FALLEN
from rules.base import RESULT_METHODS

# docs/rules/arm.md, "Events": a result's method
ARM_METHODS = ("pinfall", "submission", "knockout", "disqualification", "count-out", "escape", "draw", "no-contest")


def in_ring(square_id):
    return KIND[SQUARE_AT[square_id]] in IN_RING


def stream(events, methods=RESULT_METHODS):
    """Every ruleset: seq 0, 1, 2, ...; exactly one result, the last event; its method one of ``methods``."""
    broken = []
    if [e["seq"] for e in events] != list(range(len(events))):
        broken.append("seq is not 0, 1, 2, ... without a gap")
    results = [i for i, e in enumerate(events) if e["type"] == "result"]
    if len(results) != 1 or results[0] != len(events) - 1:
        broken.append(f"{len(results)} result events, not exactly one as the last event")
    elif events[-1]["method"] not in methods:
        broken.append(f"result method {events[-1]['method']!r} is not one of the ruleset's")
    return broken


def decisions(events, seen):
    """Every decision note is a choice a chooser made, at that index, of that option; each option chosen was
    among the legal ones, and every refused option carries its reason."""
    broken = []
    notes = [e for e in events if e["type"] == "decision"]
    made = sorted((d.index, d.kind, d.side, o.id) for d, o in seen)
    noted = sorted((n["decision"], n["kind"], n["actor"], n.get("option")) for n in notes)
    if noted != made:
        broken.append(f"{len(notes)} decision notes do not match the {len(seen)} choices made")
    if len({n["decision"] for n in notes}) != len(notes):
        broken.append("a decision index is noted twice")
    for decision, option in seen:
        if option not in decision.options:
            broken.append(f"decision {decision.index}: {option.id!r} chosen is not among the legal options")
        if any(o.refusal is not None for o in decision.options):
            broken.append(f"decision {decision.index}: a legal option carries a refusal")
        for refused in decision.refused:
            if not refused.refusal:
                broken.append(f"decision {decision.index}: refused option {refused.id!r} gives no reason")
        if not decision.options:
            broken.append(f"decision {decision.index} ({decision.kind}) offers no legal option")
    return broken


def _victim(event, before):
    """The pinned (or held) wrestler's state in ``before``: by name in tag matches, else by side."""
    name = event.get("target_name")
    if name is not None:
        return next(w for w in before["state"] if w["name"] == name)
    return before["state"][event["target"]]


def arm(events, seen, setup):
    """ARM (seed 000_0fb8bf4da84bcb84.txt, docs/rules/arm.md): the stream and the decisions as above, and
    - Action Points, damage, Edge and warnings never below zero (seed 54: "Action Points"; 103-105);
    - each wrestler's StunTrack is five rising breaks that never change during the match, and his weardown level
      is the one his damage total reaches on it (seed 105: "above a new StunTrack break ... the new weardown");
    - a pin only on a man down (Prone or Facedown) or out cold, both men in the ring (seed 123, D20), never where
      falls do not count (an escape-only cage); a pinfall only after a pin with a count of three on the loser (or
      a Screwjob the referee missed, or a save or a second's run-in at two that missed);
    - a submission only while the loser is held (seed "Submission"), never in an escape-only cage;
    - an escape only in a cage, no count-out in a cage, no disqualification in a no-DQ match."""
    broken = stream(events, ARM_METHODS) + decisions(events, seen)
    stip = setup.stipulation or {}
    cage = setup.kind == "cage"
    falls_count = not (cage and stip.get("escape") == "escape")
    broken += _arm_tracks(events)
    held, last_pin, falls = _arm_falls(events, falls_count)
    broken += falls
    result = events[-1] if events and events[-1]["type"] == "result" else None
    if result is not None:
        broken += _arm_result(result, held, last_pin, falls_count, cage, stip)
    return broken


def _arm_tracks(events):
    """Action Points, damage, Edge and warnings never below zero; the StunTrack fixed and the weardown its own."""
    broken, tracks = [], {}
    for e in events:
        for w in e["state"]:
            for key in ("ap", "damage", "edge", "warnings"):
                if w[key] < 0:
                    broken.append(f"seq {e['seq']}: {w['name']}'s {key} is {w[key]}")
            track = tracks.setdefault(w["name"], w["stuntrack"])
            if w["stuntrack"] != track:
                broken.append(f"seq {e['seq']}: {w['name']}'s StunTrack changed from {track} to {w['stuntrack']}")
            if len(track) != 5 or track[0] <= 0 or any(b <= a for a, b in zip(track, track[1:])):
                broken.append(f"seq {e['seq']}: {w['name']}'s StunTrack {track} is not five rising breaks")
            elif w["weardown"] != weardown_name(level_for(w["damage"], track)):
                broken.append(f"seq {e['seq']}: {w['name']} is {w['weardown']} at {w['damage']} damage on {track}")
    return broken


def _arm_falls(events, falls_count):
    """The pins (each on a man down or out cold, both in the ring, where falls count) and holds of the match:
    ``(the man held at the end, the last pin and its victim, what broke)``."""
    broken = []
    held = None  # the name of the man in a hold, while it is on
    last_pin = None
    for before, e in zip(events, events[1:]):
        if e["type"] == "pin":
            victim = _victim(e, before)
            pinner = next(w for w in before["state"] if w["side"] == e["actor"] and w.get("legal", True))
            if not (victim["position"] in FALLEN or "unconscious" in victim["statuses"]):
                broken.append(f"seq {e['seq']}: a pin on {victim['name']}, who is {victim['position']}")
            if not (in_ring(victim["square"]) and in_ring(pinner["square"])):
                broken.append(f"seq {e['seq']}: a pin outside the ring ({pinner['square']}, {victim['square']})")
            if not falls_count:
                broken.append(f"seq {e['seq']}: a pin in an escape-only cage")
            last_pin = (e, victim["name"])
        missed = (e["type"] == "save" and e.get("saved") is False) or (e["type"] == "interference" and not e["hit"])
        if missed and last_pin and last_pin[0].get("interrupted"):
            last_pin = ({"count": 3}, last_pin[1])  # a partner's save or a second's run-in at two missed: three
        if e["type"] == "screwjob" and e.get("success"):
            last_pin = ({"count": 3}, _victim(e, before)["name"])  # the referee counts three (seed: Screwjob)
        if e["type"] == "hold":
            held = None if e.get("released") else _victim(e, before)["name"]
    return held, last_pin, broken


def _arm_result(result, held, last_pin, falls_count, cage, stip):
    """The result's method is one the match allowed."""
    broken = []
    method, loser = result["method"], result.get("loser")
    losers = {w["name"] for w in result["state"] if w["side"] == loser}
    three = last_pin is not None and last_pin[0].get("count") == 3 and last_pin[1] in losers
    if method == "pinfall" and not result.get("engineered") and not three:
        broken.append("a pinfall without a three-count pin on the loser")
    if method == "submission" and not result.get("engineered") and (held is None or held not in losers):
        broken.append("a submission with no hold on the loser")
    if method in ("pinfall", "submission", "knockout") and not falls_count:
        broken.append(f"a {method} in an escape-only cage")
    if method == "escape" and not cage:
        broken.append("an escape outside a cage")
    if method == "count-out" and cage:
        broken.append("a count-out in a cage")
    if method == "disqualification" and stip.get("no_dq"):
        broken.append("a disqualification in a no-DQ match")
    return broken


# --- the matches a property run plays --------------------------------------------------------------------------

ARM_STIPULATIONS = ({}, {}, {"no_dq": True}, {"title": "the World Heavyweight Championship"})
ARM_SECONDS = [{"side": 0, "name": "Slick Sid"}, {"side": 1, "name": "Mean Marv"}]


def arm_setup(ruleset, seed):
    """Seed ``seed``'s ARM match: singles, tag and cage in turn (a third each), every fourth one no DQ and every
    fourth a title match; seconds at ringside in every other singles and tag match (the run-in decision); an
    escape-only cage every third cage."""
    kind = ("singles", "tag", "cage")[seed % 3]
    sheet = ruleset.example_sheet
    if kind == "tag":
        sides = [
            [dict(sheet(seed=seed), name="Ace One"), dict(sheet(seed=seed + 1), name="Ace Two")],
            [dict(sheet(seed=seed + 2), name="Bo One"), dict(sheet(seed=seed + 3), name="Bo Two")],
        ]
    else:
        sides = [[dict(sheet(seed=seed), name="Ace")], [dict(sheet(seed=seed + 1000), name="Bo")]]
    stip = dict(ARM_STIPULATIONS[(seed // 3) % 4])
    if kind != "cage" and (seed // 2) % 2:
        stip["seconds"] = ARM_SECONDS
    if kind == "cage" and (seed // 3) % 3 == 2:
        stip["escape"] = "escape"
    return ruleset.build_setup(sides, kind=kind, stipulation=stip)


def people(chooser, seed):
    """Random choices on both sides two matches in three, else on one side (the other plays its tactics)."""
    if seed % 3:
        return {0: chooser(seed), 1: chooser(seed + 7919)}
    return {seed % 2: chooser(seed)}


def hp_d6(events, seen, setup):
    """hp-d6 (seed 001_fd28d4658b626a54.txt): the stream and the decisions; HP between 0 and the wrestler's
    maximum; a pin only on a man down at 10 HP or less, with the referee there."""
    broken = stream(events) + decisions(events, seen)
    for e in events:
        for w in e["state"]:
            if not 0 <= w["hp"] <= w["hp_max"]:
                broken.append(f"seq {e['seq']}: {w['name']} at {w['hp']} of {w['hp_max']} HP")
    for before, e in zip(events, events[1:]):
        if e["type"] == "pin":
            victim = before["state"][e["target"]]
            if not (victim["prone"] and victim["hp"] <= 10 and before.get("referee", "up") == "up"):
                broken.append(f"seq {e['seq']}: a pin on {victim['name']} (prone {victim['prone']}, {victim['hp']} HP)")
    return broken


def wildknight(events, seen, setup):
    """Wildknight (seed 004_6c76598058a27d49.txt): the stream and the decisions; Heat 0..4 and Fatigue never below
    zero; each kick-out attribute used once per pin attempt."""
    broken = stream(events) + decisions(events, seen)
    for e in events:
        for w in e["state"]:
            if not (0 <= w["heat"] <= 4 and w["fatigue"] >= 0):
                broken.append(f"seq {e['seq']}: {w['name']} at Heat {w['heat']}, Fatigue {w['fatigue']}")
    used = []
    for e in events:
        if e["type"] == "pin":
            used = []
        elif e["type"] == "pin-count" and e.get("kickout") and e["outcome"] != "automatic":
            if e["kickout"] in used:
                broken.append(f"seq {e['seq']}: kick-out attribute {e['kickout']} used twice in one pin")
            used.append(e["kickout"])
    return broken


CHECKS = {"arm": arm, "hp-d6": hp_d6, "wildknight": wildknight}
HP_D6_STIPULATIONS = ({}, {"advanced": True}, {"advanced": True, "no_dq": True}, {"advanced": {"run_ins": True}})
WILDKNIGHT_STIPULATIONS = ({}, {}, {}, {}, {"no_dq": True})


def setup_for(ruleset, seed):
    """Seed ``seed``'s match of a property run, for any of the three rulesets."""
    if ruleset.id == "arm":
        return arm_setup(ruleset, seed)
    if ruleset.id == "hp-d6":
        a, b = ruleset.example_sheet(seed=seed), ruleset.example_sheet(seed=seed + 1000)
        stip = HP_D6_STIPULATIONS[seed % len(HP_D6_STIPULATIONS)]
    else:
        a, b = ruleset.example_sheet(seed), ruleset.example_sheet(seed + 500)
        stip = WILDKNIGHT_STIPULATIONS[seed % len(WILDKNIGHT_STIPULATIONS)]
    b["name"] = b["name"] + " II"
    return ruleset.build_setup([[a], [b]], stipulation=stip)
