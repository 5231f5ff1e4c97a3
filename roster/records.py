"""A wrestler's record, derived from results (never stored): wins, losses and draws by method, the current
streak, the record in title matches, head-to-head, and the match history. Two queries per wrestler page.
Segments (promos) are not matches: they are in none of it."""

from collections import Counter
from dataclasses import dataclass, field

from matches.models import SEGMENT_KINDS, MatchParticipant, MatchStatus


@dataclass
class Record:
    wins: Counter = field(default_factory=Counter)  # by method
    losses: Counter = field(default_factory=Counter)
    draws: Counter = field(default_factory=Counter)
    title_wins: int = 0
    title_losses: int = 0
    title_draws: int = 0
    streak: str = ""  # "W3", "L1", "D2" or ""

    @property
    def total_wins(self):
        return sum(self.wins.values())

    @property
    def total_losses(self):
        return sum(self.losses.values())

    @property
    def total_draws(self):
        return sum(self.draws.values())

    @property
    def methods(self):
        return sorted(set(self.wins) | set(self.losses) | set(self.draws))

    def by_method(self):
        return [(m, self.wins[m], self.losses[m], self.draws[m]) for m in self.methods]


def outcome(side, winner_side):
    if winner_side is None:
        return "D"
    return "W" if winner_side == side else "L"


def streak_of(outcomes):
    """The current streak from outcomes newest first, e.g. ["W", "W", "L"] -> "W2"."""
    if not outcomes:
        return ""
    first = outcomes[0]
    n = 0
    for o in outcomes:
        if o != first:
            break
        n += 1
    return f"{first}{n}"


class Career:
    """Everything the wrestler page shows about a wrestler's matches, from two queries."""

    def __init__(self, wrestler):
        self.wrestler = wrestler
        self.mine = list(
            MatchParticipant.objects.filter(wrestler=wrestler, match__status=MatchStatus.FINISHED)
            .exclude(match__kind__in=SEGMENT_KINDS)
            .select_related("match", "match__card", "match__card__promotion", "match__title")
            .defer("match__setup")  # the sheets the engine played: never shown here, and large
            .order_by("-match__card__week", "-match__finished", "-match_id")
        )
        self.others = {}
        if self.mine:
            for p in (
                MatchParticipant.objects.filter(match_id__in=[m.match_id for m in self.mine])
                .exclude(wrestler=wrestler)
                .select_related("wrestler")
                .only("match_id", "side", "wrestler_id", "wrestler__ring_name")  # no sheets: names are enough
            ):
                self.others.setdefault(p.match_id, []).append(p)

    def record(self):
        rec = Record()
        outcomes = []
        for p in self.mine:
            result = outcome(p.side, p.match.winner_side)
            outcomes.append(result)
            {"W": rec.wins, "L": rec.losses, "D": rec.draws}[result][p.match.method] += 1
            if p.match.title_id is not None:
                if result == "W":
                    rec.title_wins += 1
                elif result == "L":
                    rec.title_losses += 1
                else:
                    rec.title_draws += 1
        rec.streak = streak_of(outcomes)
        return rec

    def history(self, limit=50):
        rows = []
        for p in self.mine[:limit]:
            others = self.others.get(p.match_id, [])
            rows.append(
                {
                    "match": p.match,
                    "result": outcome(p.side, p.match.winner_side),
                    "opponents": [o.wrestler for o in others if o.side != p.side],
                    "partners": [o.wrestler for o in others if o.side == p.side],
                }
            )
        return rows

    def opponents(self):
        """Everyone the wrestler has faced across the ring, by name."""
        seen = {}
        for p in self.mine:
            for o in self.others.get(p.match_id, []):
                if o.side != p.side:
                    seen[o.wrestler_id] = o.wrestler
        return sorted(seen.values(), key=lambda w: w.ring_name)

    def head_to_head(self, opponent_id):
        tally = Counter()
        for p in self.mine:
            if any(o.wrestler_id == opponent_id and o.side != p.side for o in self.others.get(p.match_id, [])):
                tally[outcome(p.side, p.match.winner_side)] += 1
        return {"wins": tally["W"], "losses": tally["L"], "draws": tally["D"]}


def record(wrestler):
    return Career(wrestler).record()


def history(wrestler, limit=50):
    return Career(wrestler).history(limit)


def head_to_head(wrestler, opponent):
    return Career(wrestler).head_to_head(opponent.pk)


def opponents_of(wrestler):
    return Career(wrestler).opponents()
