"""Getting Up.

"If you are the recipient of an attack you are immediately knocked down, and are considered to be
'prone'. If you are prone when it comes to your turn, each player rolls a d6, if the prone wrestler
rolls highest, then he/she gets up and can attack on their next turn. If you roll a natural 6 you may
get up and also make an attack that turn. For every turn the prone wrestler is not attacked
successfully, he/she adds a +1 to his/her roll."
"""

P_GET_UP = "get up: prone wrestler"
P_GET_UP_OPP = "get up: opponent"


# Every change to a wrestler's state goes through these functions (and ``hit_points.damage``): each drops his
# kept state dict (``snap``) so the next event shows the change.


def knock_down(wrestler):
    """He was successfully attacked: down he goes; his +1s start again; he drops any foreign object."""
    wrestler.prone = True
    wrestler.turns_not_hit = 0
    wrestler.hit = True
    wrestler.weapon = None
    wrestler.snap = None


def crash(wrestler):
    """He missed a high-risk move and hit the mat: prone, but not attacked by anyone (keeps his weapon)."""
    wrestler.prone = True
    wrestler.turns_not_hit = 0
    wrestler.snap = None


def stand(wrestler):
    wrestler.prone = False
    wrestler.turns_not_hit = 0
    wrestler.snap = None


def spent(m, w, opp):
    """D10: at 0 HP he has no "energy left to compete": his turn passes (no get-up roll, no move)."""
    m.emit("spent", "", w.side, opp.side, {"prone": w.prone})


def get_up_check(bonus, a, d):
    """What the prone wrestler's record adds: his modifiers, the number he needed, the outcome."""
    modifiers = [{"name": "turns not hit", "amount": bonus}] if bonus else []
    need = min(max(d + 1 - bonus, 1), 6)  # a natural 6 always gets him up
    return modifiers, need, "success" if a == 6 or a + bonus > d else "failure"


def get_up(m, w, opp):
    """The prone wrestler's turn starts with a roll-off. Returns True if he may also attack this turn."""
    bonus = w.turns_not_hit
    if m.loud:
        a, d = m.get_up_rolls(w, opp, bonus)
    else:
        a, d = m.opposed(None, w, opp)  # the prone wrestler's d6, then the opponent's
    if a == 6:  # a natural 6 always gets him up, and he attacks this very turn
        outcome = "up and attack"
    elif a + bonus > d:
        outcome = "up"
    else:
        outcome = "down"
    if outcome != "down":
        stand(w)
    if m.loud:
        m.emit("get_up", "", w.side, opp.side, {"outcome": outcome, "bonus": bonus})
    else:
        m.log.seq += 1
    return outcome == "up and attack"
