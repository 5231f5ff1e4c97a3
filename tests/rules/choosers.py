"""Choosers for tests of the decision points (rules/decisions.py): a player who picks at random among the legal
options (its own ``random.Random``, not the match dice: a person is not the rules), keeping what it was offered."""

import random

from rules.decisions import AwaitingDecision, Chooser, IllegalChoice, make_decision


class RandomChooser(Chooser):
    """Picks a random legal option at each decision of its side; ``seen`` holds (decision, option chosen)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seen = []

    def choose(self, match, decision_index, kind, side, build, default):
        decision = make_decision(match, decision_index, kind, side, build)
        assert decision.options, f"decision {decision_index} ({kind}) offers no legal option"
        option = self.rng.choice(decision.options)
        self.seen.append((decision, option))
        match.note_decision(decision, option, None)
        return option.value


def record(decision, option):
    return {"index": decision.index, "side": decision.side, "kind": decision.kind, "option": option.id}


def picks(*option_ids):
    """A person who answers with ``option_ids`` in order (a PromptChooser's ``ask``); when they run out the engine
    stops at the next decision (AwaitingDecision), and a refused answer is raised (IllegalChoice)."""
    queue = list(option_ids)

    def ask(decision, error):
        if error is not None:
            raise IllegalChoice(error)
        if not queue:
            raise AwaitingDecision(decision)
        return queue.pop(0)

    return ask
