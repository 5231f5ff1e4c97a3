"""The default policy: what a wrestler chooses where the rules give him a choice.

Per alignment, tunable per wrestler with the sheet's ``tactics`` object: ``aggression`` (big moves, covers, Edge),
``risk`` (High Risk and dives), ``cheating`` (heels: illegal moves, objects, screwjobs, Leverage, refusing rope
breaks), ``counter`` (how readily he declares Counters), ``finisher_weardown`` (the opponent's weardown Level,
1 Fresh .. 5 Exhausted, from which he goes for the Finisher).

Everything here chooses among what the rules allow; the rules (what is legal, what it costs, what it does) are in
the chapter modules. Choices are deterministic given the state, except the pick among the three best attacks,
which is a recorded d6 ("tactics: which attack"), so every seed gives a different but reproducible match. The
engine asks through ``match.tactics`` (this package), so the rules never import the tactics.

| module | choices |
|---|---|
| ``policy`` | the sheet's knobs, how readily he cheats now, the style inside a maneuver's plan |
| ``attack`` | this round's maneuver, stall or movement round, a referee bump, the start (tie-up, test of strength) |
| ``defence`` | Counters (Defenses, Reversals, Lunge Tag/Escape), the reply after a miss, the next combo strike |
| ``follow_up`` | cover, hook, re-pin, screwjob; the pin break and Squeeze Count; the AP after a maneuver, the crowd |
| ``holds`` | release, drag off the ropes, Leverage, the break or Reversal, refusing a rope break, Hanging On |
| ``venue`` | tag out, Blind/Fake Tag, save, block, double team, two men, staying in; climbing out; run-ins |
| ``edge`` | Second Wind, Fired Up, Working Over, Seize the Initiative |
"""

from rules.arm.plans import Plan
from rules.arm.tactics.attack import (
    MAX_STALLS,
    build,
    choose_start,
    plan_attack,
    quick_value,
    score,
    wants_referee_bump,
    wants_stall,
)
from rules.arm.tactics.defence import choose_counter, choose_reply, combo_next, venue_counter
from rules.arm.tactics.edge import seize_plan, wants_fire_up, wants_second_wind, work_over_target
from rules.arm.tactics.follow_up import (
    cover_after_release,
    cover_choice,
    cover_hook,
    follow_up_choice,
    pin_break_method,
    pin_chance,
    plays_to_crowd,
    repin_choice,
    screwjob_choice,
    tag_after_maneuver,
    wants_repin,
    wants_screwjob,
    wants_squeeze,
)
from rules.arm.tactics.holds import (
    drags_off_ropes,
    hold_break_option,
    hold_reversal,
    refuses_rope_break,
    release_hold,
    wants_hanging_on,
    wants_leverage,
)
from rules.arm.tactics.policy import Policy, cheat
from rules.arm.tactics.venue import (
    double_team,
    lingers,
    save_coming,
    team_choice,
    wants_blind_tag,
    wants_block,
    wants_escape,
    wants_run_in,
    wants_run_in_save,
    wants_save,
    wants_tag,
)

__all__ = [
    "MAX_STALLS",
    "Plan",
    "Policy",
    "build",
    "cheat",
    "choose_counter",
    "choose_reply",
    "choose_start",
    "combo_next",
    "cover_after_release",
    "cover_choice",
    "cover_hook",
    "double_team",
    "drags_off_ropes",
    "follow_up_choice",
    "hold_break_option",
    "hold_reversal",
    "lingers",
    "pin_break_method",
    "pin_chance",
    "plan_attack",
    "plays_to_crowd",
    "quick_value",
    "refuses_rope_break",
    "release_hold",
    "repin_choice",
    "save_coming",
    "score",
    "screwjob_choice",
    "seize_plan",
    "tag_after_maneuver",
    "team_choice",
    "venue_counter",
    "wants_blind_tag",
    "wants_block",
    "wants_escape",
    "wants_fire_up",
    "wants_hanging_on",
    "wants_leverage",
    "wants_referee_bump",
    "wants_repin",
    "wants_run_in",
    "wants_run_in_save",
    "wants_save",
    "wants_screwjob",
    "wants_second_wind",
    "wants_squeeze",
    "wants_stall",
    "wants_tag",
    "work_over_target",
]
