"""How many injury points a wrestler heals in a week, kept in a column so the weekly update is plain SQL.

ARM (seed 000): "The wrestler gets to subtract his STA bonus each week from his total Injuries". The STA bonus is
REFERENCE P-ARM-05: max(0, (STA - 3) // 3). The other rulesets have no injury rule: one point a week.
"""


def weekly_heal(ruleset_id, sheet):
    if ruleset_id == "arm":
        try:
            sta = int(sheet["attributes"]["STA"])
        except (KeyError, TypeError, ValueError):
            return 0
        return max(0, (sta - 3) // 3)
    return 1
