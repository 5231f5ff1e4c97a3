"""The league's weekly rhythm and its rankings: advancing the week (healing, suspensions, notices, the league
log) and the contender rankings of every title. Formulas are in docs/league.md."""

import copy
from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Max, Q

from matches.models import Match, MatchStatus
from promotion import notices
from promotion.models import (
    ContenderSnapshot,
    Division,
    Notice,
    Promotion,
    Role,
    Title,
    TitleReign,
    WeekLog,
)
from promotion.pages import pages_changed
from promotion.permissions import require
from roster.models import Approval, Wrestler, WrestlerStatus

CLEAN_METHODS = ("pinfall", "submission", "knockout", "escape")
DQ_METHODS = ("disqualification", "count-out")
RECENT_WEEKS = 4
CONTENDERS = 10
# Contender score = Prestige // PRESTIGE_SHARE + these per result in the last RECENT_WEEKS weeks. Prestige is a career's
# standing (hundreds: a rookie 100, a main eventer 500) and results are this month's form: counted whole, Prestige
# outweighed any run of results (a 500-Prestige wrestler who went 0-2 ranked above a 100-Prestige one who went 2-0),
# so it counts a twentieth: a main eventer's standing is worth about two clean wins, and two losses undo it.
PRESTIGE_SHARE = 20
POINTS = {"clean_win": 15, "dq_win": 5, "draw": 2, "loss": -10}
PART_LABELS = {
    "clean_wins": ("clean win", "clean wins"),
    "dq_wins": ("win by DQ or count-out", "wins by DQ or count-out"),
    "draws": ("draw", "draws"),
    "losses": ("loss", "losses"),
}
MAX_HEAL_PASSES = 20
TALLY_POINTS = {"clean_wins": "clean_win", "dq_wins": "dq_win", "draws": "draw", "losses": "loss"}

# A wrestler's recent results, a count for each key of TALLY_POINTS (built with dict.fromkeys).
Tally = dict[str, int]
# What _heal returns, one row per wrestler healed: (wrestler id, points healed, points left).
Healed = list[tuple[int, int, int]]

if TYPE_CHECKING:

    class Contender(Wrestler):
        """A ranked wrestler (RankingData.ranking): a copy of the Wrestler with his Tally, score and its parts."""

        clean_wins: int
        dq_wins: int
        draws: int
        losses: int
        score: int
        parts: list[tuple[str, int]]


class ContenderRow(TypedDict):
    """One wrestler of a title's ranking with his movement (with_movement); stored without ``wrestler_obj``."""

    wrestler: int
    name: str
    rank: int
    score: int
    title: str
    moved: int | None
    wrestler_obj: NotRequired["Contender"]


class TitleBoard(TypedDict):
    title: Title
    rows: list[ContenderRow]


class OverdueTitle(TypedDict):
    title: Title
    weeks: int


class AlreadyAdvanced(Exception):
    pass


# --- healing -------------------------------------------------------------------------------------


def _heal(promotion: Promotion) -> Healed:
    """Subtract each injured wrestler's weekly heal (``Wrestler.weekly_heal``, see roster.healing) from his
    injuries, spread over his injured areas one point at a time, most injured area first (ties by body part), as
    the seed says. Set-based: a handful of statements per pass over every injured wrestler of the promotion; each
    pass spreads the budget evenly and a later pass re-spreads what an area that healed completely could not take."""
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS kayfabe_heal_budget")
        cursor.execute("DROP TABLE IF EXISTS kayfabe_heal_pass")
        cursor.execute(
            "CREATE TEMPORARY TABLE kayfabe_heal_budget "
            "(wrestler_id bigint PRIMARY KEY, budget int, healed int, total int)"
        )
        cursor.execute(
            "CREATE TEMPORARY TABLE kayfabe_heal_pass (injury_id bigint PRIMARY KEY, wrestler_id bigint, h int)"
        )
        # The ORM's SQL, with its values bound as parameters.
        # Each wrestler's weekly heal is a column (roster.healing), so no sheet is read here.
        cursor.execute(
            "INSERT INTO kayfabe_heal_budget (wrestler_id, budget, healed, total) "
            "SELECT w.id, w.weekly_heal, 0, i.total FROM "
            "(SELECT wrestler_id, SUM(points) AS total FROM roster_injury WHERE points > 0 GROUP BY wrestler_id) i "
            "JOIN roster_wrestler w ON w.id = i.wrestler_id WHERE w.promotion_id = %s AND w.weekly_heal > 0",
            [promotion.pk],
        )
        if connection.vendor == "postgresql":
            cursor.execute("ANALYZE kayfabe_heal_budget")  # a fresh temporary table has no statistics
        for _ in range(MAX_HEAL_PASSES):
            cursor.execute("DELETE FROM kayfabe_heal_pass")
            cursor.execute(
                """
                INSERT INTO kayfabe_heal_pass (injury_id, wrestler_id, h)
                SELECT id, wrestler_id,
                       CASE WHEN points < share THEN points ELSE share END
                FROM (
                    SELECT i.id, i.wrestler_id, i.points,
                           b.budget / COUNT(*) OVER (PARTITION BY i.wrestler_id)
                           + CASE WHEN ROW_NUMBER() OVER (PARTITION BY i.wrestler_id
                                                          ORDER BY i.points DESC, i.body_part)
                                       <= b.budget % COUNT(*) OVER (PARTITION BY i.wrestler_id)
                                  THEN 1 ELSE 0 END AS share
                    FROM roster_injury i JOIN kayfabe_heal_budget b ON b.wrestler_id = i.wrestler_id
                    WHERE i.points > 0 AND b.budget > 0
                ) ranked
                WHERE share > 0
                """
            )
            cursor.execute("SELECT COUNT(*) FROM kayfabe_heal_pass")
            if cursor.fetchone()[0] == 0:
                break
            cursor.execute(
                "UPDATE roster_injury SET points = roster_injury.points - p.h "
                "FROM kayfabe_heal_pass p WHERE p.injury_id = roster_injury.id"
            )
            cursor.execute(
                "UPDATE kayfabe_heal_budget SET budget = kayfabe_heal_budget.budget - s.spent, "
                "healed = kayfabe_heal_budget.healed + s.spent "
                "FROM (SELECT wrestler_id, SUM(h) AS spent FROM kayfabe_heal_pass GROUP BY wrestler_id) s "
                "WHERE s.wrestler_id = kayfabe_heal_budget.wrestler_id"
            )
        cursor.execute("SELECT wrestler_id, healed, total - healed FROM kayfabe_heal_budget WHERE healed > 0")
        healed = cursor.fetchall()
        cursor.execute(
            "DELETE FROM roster_injury "
            "WHERE points = 0 AND wrestler_id IN (SELECT wrestler_id FROM kayfabe_heal_budget)"
        )
        cursor.execute("DROP TABLE kayfabe_heal_budget")
        cursor.execute("DROP TABLE kayfabe_heal_pass")
    return healed


def _returns(promotion: Promotion, healed: Healed) -> list[int]:
    """Wrestlers healed to zero this week become active again, and suspensions that ran out end. (A wrestler a
    promoter marked injured without injury points stays so until the promoter changes it.)"""
    back_from_injury = Wrestler.objects.filter(
        pk__in=[wid for wid, _, left in healed if left == 0], status=WrestlerStatus.INJURED
    )
    returned = list(back_from_injury.values_list("pk", flat=True))
    back_from_injury.update(status=WrestlerStatus.ACTIVE)
    Wrestler.objects.filter(promotion=promotion, status=WrestlerStatus.SUSPENDED, suspended_weeks__gt=0).update(
        suspended_weeks=F("suspended_weeks") - 1
    )
    done = Wrestler.objects.filter(promotion=promotion, status=WrestlerStatus.SUSPENDED, suspended_weeks=0)
    returned += list(done.values_list("pk", flat=True))
    done.update(status=WrestlerStatus.ACTIVE)
    return returned


INACTIVE_WEEKS = 4  # every 4 weeks without a match...
INACTIVITY_SHARE = 10  # ...cost 10% of Prestige (a Legend: 5%, seed background "legend")
LEGEND_SHARE = 5


def _inactivity(promotion: Promotion, week: int) -> list[tuple[int, str, int, int]]:
    """Wrestlers who have not wrestled for a multiple of INACTIVE_WEEKS weeks lose a share of their Prestige (a
    promo is not a match: it does not count as wrestling).
    Set-based: one statement finds them (with their last match week), one writes the ledger rows, one updates
    Prestige. Returns (wrestler id, name, owner id, loss) rows for the notices."""
    if connection.vendor == "postgresql":
        legend = "COALESCE((w.sheet -> 'background') @> '[\"Legend\"]'::jsonb, false)"
        now = "now()"
    else:
        legend = "EXISTS (SELECT 1 FROM json_each(w.sheet, '$.background') b WHERE b.value = 'Legend')"
        now = "CURRENT_TIMESTAMP"
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS kayfabe_idle")
        cursor.execute(
            "CREATE TEMPORARY TABLE kayfabe_idle AS "  # noqa: S608  # nosec B608
            "SELECT w.id AS wrestler_id, w.ring_name AS name, w.owner_id AS owner_id, "
            f"CASE WHEN w.prestige * (CASE WHEN {legend} THEN %s ELSE %s END) / 100 < 1 THEN 1 "
            f"ELSE w.prestige * (CASE WHEN {legend} THEN %s ELSE %s END) / 100 END AS loss "
            "FROM roster_wrestler w JOIN ("
            "  SELECT p.wrestler_id, MAX(c.week) AS last FROM matches_matchparticipant p "
            "  JOIN matches_match m ON m.id = p.match_id JOIN matches_card c ON c.id = m.card_id "
            "  WHERE c.promotion_id = %s AND m.status = 'finished' AND NOT p.segment GROUP BY p.wrestler_id"
            ") l ON l.wrestler_id = w.id "
            "WHERE w.promotion_id = %s AND w.status = 'active' AND w.approval = 'approved' AND w.prestige > 0 "
            "AND %s - l.last >= %s AND (%s - l.last) %% %s = 0",
            [
                LEGEND_SHARE,
                INACTIVITY_SHARE,
                LEGEND_SHARE,
                INACTIVITY_SHARE,
                promotion.pk,
                promotion.pk,
                week,
                INACTIVE_WEEKS,
                week,
                INACTIVE_WEEKS,
            ],
        )
        cursor.execute(
            "INSERT INTO promotion_prestigeentry (wrestler_id, match_id, week, reason, prestige, fame, created) "  # noqa: S608  # nosec B608
            f"SELECT wrestler_id, NULL, %s, 'inactivity', -loss, 0, {now} FROM kayfabe_idle",
            [week],
        )
        cursor.execute(
            "UPDATE roster_wrestler SET prestige = roster_wrestler.prestige - i.loss "
            "FROM kayfabe_idle i WHERE i.wrestler_id = roster_wrestler.id"
        )
        cursor.execute("SELECT wrestler_id, name, owner_id, loss FROM kayfabe_idle WHERE owner_id IS NOT NULL")
        losses = cursor.fetchall()
        cursor.execute("DROP TABLE kayfabe_idle")
    return losses


@transaction.atomic
def advance_week(*, promotion: Promotion, by: User | None = None, from_week: int | None = None) -> WeekLog:
    """End the current week: heal, count suspensions down, refresh the rankings, notify players, write the league
    log. Exactly once per week: the week's log row is unique, and the promotion row is locked throughout, so two
    calls at once (a double click, beat and an owner) heal once. ``by=None`` is the scheduler."""
    if by is not None:
        require(by, promotion, Role.OWNER, "Only owners advance the week.")
    pages_changed(promotion.pk)  # and the promotion row stays locked until the week is over
    promotion = Promotion.objects.select_for_update().get(pk=promotion.pk)
    week = promotion.current_week
    if from_week is not None and from_week != week:
        raise AlreadyAdvanced(f"Week {from_week} has already ended; this is week {week}.")
    try:
        with transaction.atomic():
            log = WeekLog.objects.create(promotion=promotion, week=week, advanced_by=by)
    except IntegrityError:
        raise AlreadyAdvanced(f"Week {week} has already ended.") from None

    healed = _heal(promotion)
    returned = _returns(promotion, healed)
    inactive = _inactivity(promotion, week)
    names = dict(Wrestler.objects.filter(pk__in=[h[0] for h in healed] + returned).values_list("pk", "ring_name"))
    log.healed = [{"wrestler": w, "name": names.get(w, ""), "healed": h, "left": left} for w, h, left in healed]
    log.returned = [{"wrestler": w, "name": names.get(w, "")} for w in returned]
    log.title_changes = list(
        TitleReign.objects.filter(title__promotion=promotion, won_week=week)
        .exclude(won_method="awarded")
        .values("title_id", "title__name", "number", "won_match_id")
    )
    log.rankings = {}
    data = RankingData(promotion, week)
    for title in Title.objects.filter(promotion=promotion, is_active=True):
        ranking = snapshot_contenders(title, week=week, data=data)
        log.rankings[str(title.pk)] = ranking
    log.save()

    _notify(promotion, week, log)
    notices.notify(
        [
            Notice(
                user_id=owner,
                promotion=promotion,
                week=week,
                text=f"{name} lost {loss} Prestige: no match for {INACTIVE_WEEKS} weeks or more.",
            )
            for _, name, owner, loss in inactive
            if owner
        ]
    )
    promotion.current_week = week + 1
    promotion.save(update_fields=["current_week"])
    return log


def _points(n: int) -> str:
    return f"{n} injury point{'s' if n != 1 else ''}"


def _notify(promotion: Promotion, week: int, log: WeekLog) -> None:
    owners = dict(Wrestler.objects.filter(promotion=promotion, owner__isnull=False).values_list("pk", "owner_id"))
    new = []
    for row in log.healed:
        if row["wrestler"] in owners:
            left = (
                f"{row['left']} injury point{'s' if row['left'] != 1 else ''} left" if row["left"] else "fully healed"
            )
            new.append(
                Notice(
                    user_id=owners[row["wrestler"]],
                    promotion=promotion,
                    week=week,
                    text=f"{row['name']} healed {_points(row['healed'])} in week {week}: {left}.",
                )
            )
    for row in log.returned:
        if row["wrestler"] in owners:
            new.append(
                Notice(
                    user_id=owners[row["wrestler"]],
                    promotion=promotion,
                    week=week,
                    text=f"{row['name']} is active again after week {week}.",
                )
            )
    for ranking in log.rankings.values():
        for entry in ranking:
            if entry["wrestler"] in owners and entry["moved"]:
                direction = "up" if entry["moved"] > 0 else "down"
                new.append(
                    Notice(
                        user_id=owners[entry["wrestler"]],
                        promotion=promotion,
                        week=week,
                        text=f"{entry['name']} moved {direction} to #{entry['rank']} in the {entry['title']} rankings.",
                    )
                )
    notices.notify(new)


# --- contenders ------------------------------------------------------------------------------------


class RankingData:
    """What every title's ranking of one promotion needs, read once: the champions of each title, the eligible
    wrestlers' recent results, and the Prestige leaders. Four queries, whatever the number of titles."""

    def __init__(self, promotion: Promotion, week: int | None = None) -> None:
        from matches.models import MatchParticipant

        self.week = promotion.current_week if week is None else week
        since = max(1, self.week - RECENT_WEEKS + 1)
        self.champions: dict[int, set[int]] = {}
        for title_id, wid in TitleReign.holders.through.objects.filter(
            titlereign__title__promotion=promotion, titlereign__is_current=True
        ).values_list("titlereign__title_id", "wrestler_id"):
            self.champions.setdefault(title_id, set()).add(wid)
        self.eligible = (
            Wrestler.objects.filter(promotion=promotion, status=WrestlerStatus.ACTIVE, approval=Approval.APPROVED)
            .select_related("promotion")
            .defer("sheet", "bio")  # a ranking shows names and numbers; sheets are large
        )
        self.tally: dict[int, Tally] = {}
        recent = MatchParticipant.objects.filter(
            segment=False,  # a promo is no result
            wrestler__in=self.eligible,
            match__status="finished",
            match__card__promotion=promotion,
            match__card__week__gte=since,
            match__card__week__lte=self.week,
        ).values_list("wrestler_id", "side", "match__winner_side", "match__method")
        for wid, side, winner, method in recent:
            t = self.tally.setdefault(wid, dict.fromkeys(TALLY_POINTS, 0))
            if winner is None:
                t["draws"] += 1
            elif winner != side:
                t["losses"] += 1
            elif method in DQ_METHODS:
                t["dq_wins"] += 1
            elif method in CLEAN_METHODS:
                t["clean_wins"] += 1
        most = max((len(c) for c in self.champions.values()), default=0)
        pool = list(self.eligible.order_by("-prestige", "ring_name")[: CONTENDERS + most])
        pool += list(self.eligible.filter(pk__in=list(self.tally)).exclude(pk__in=[w.pk for w in pool]))
        self.pool = pool

    def ranking(self, title: Title, limit: int = CONTENDERS) -> list["Contender"]:
        """Only wrestlers with a recent match can score more than their Prestige, so the top ``limit`` are among
        the Prestige leaders plus everyone who wrestled lately."""
        champions = self.champions.get(title.pk, set())
        none = dict.fromkeys(TALLY_POINTS, 0)
        scored = []
        for w in self.pool:
            if w.pk in champions:
                continue
            tally = self.tally.get(w.pk, none)
            scored.append((score_of(w.prestige, tally), w, tally))
        scored.sort(key=lambda row: (-row[0], -row[1].prestige, row[1].ring_name))
        ranked = []
        for score, w, tally in scored[:limit]:  # copies of the ranked only: the pool is hundreds of wrestlers
            row = cast("Contender", copy.copy(w))  # given a Contender's attributes below
            for key, value in tally.items():
                setattr(row, key, value)
            row.score = score
            row.parts = score_parts(w.prestige, tally)
            ranked.append(row)
        return ranked


def score_of(prestige: int, tally: Tally) -> int:
    return sum(points for _label, points in score_parts(prestige, tally))


def score_parts(prestige: int, tally: Tally) -> list[tuple[str, int]]:
    """The score's breakdown, ``[(what, points)]``: the Prestige share first, then each kind of recent result."""
    parts = [(f"Prestige {prestige} ÷ {PRESTIGE_SHARE}", prestige // PRESTIGE_SHARE)]
    for key, n in tally.items():
        if n:
            one, many = PART_LABELS[key]
            each = POINTS[TALLY_POINTS[key]]
            parts.append((f"{n} {one if n == 1 else many} × {each}", n * each))
    return parts


def contenders(
    title: Title, *, week: int | None = None, limit: int = CONTENDERS, data: RankingData | None = None
) -> list["Contender"]:
    """The ranking of one title: Prestige plus recent results; champions, injured, suspended and unapproved
    wrestlers excluded. Pass ``data`` (a RankingData) to rank several titles from one read."""
    data = data or RankingData(title.promotion, week)
    return data.ranking(title, limit)


def boards(promotion: Promotion) -> list[TitleBoard]:
    """Every active title's ranking with movement since its last snapshot, for the contenders page."""
    titles = list(
        Title.objects.filter(promotion=promotion, is_active=True).select_related("promotion").order_by("name")
    )
    data = RankingData(promotion)
    latest = {}
    for snapshot in ContenderSnapshot.objects.filter(
        pk__in=ContenderSnapshot.objects.filter(title__in=titles)
        .values("title_id")
        .annotate(last=Max("pk"))
        .values("last")
    ):
        latest[snapshot.title_id] = snapshot
    return [{"title": t, "rows": with_movement(t, data.ranking(t), latest.get(t.pk))} for t in titles]


def previous_snapshot(title: Title, before_id: int | None = None) -> ContenderSnapshot | None:
    qs = ContenderSnapshot.objects.filter(title=title)
    if before_id is not None:
        qs = qs.filter(pk__lt=before_id)
    return qs.order_by("-pk").first()


def with_movement(title: Title, ranked: list["Contender"], previous: ContenderSnapshot | None) -> list[ContenderRow]:
    """Annotate each ranked wrestler with ``moved``: places gained since the previous snapshot (None: new)."""
    before = {wid: i + 1 for i, (wid, _) in enumerate(previous.ranking)} if previous else {}
    rows: list[ContenderRow] = []
    for rank, w in enumerate(ranked, start=1):
        old = before.get(w.pk)
        rows.append(
            {
                "wrestler": w.pk,
                "name": w.ring_name,
                "rank": rank,
                "score": w.score,
                "title": title.name,
                "moved": (old - rank) if old else None,
                "wrestler_obj": w,
            }
        )
    return rows


def snapshot_contenders(
    title: Title, *, week: int, match: Match | None = None, data: RankingData | None = None
) -> list[ContenderRow]:
    ranked = contenders(title, week=week, data=data)
    previous = previous_snapshot(title)
    ContenderSnapshot.objects.create(title=title, match=match, week=week, ranking=[[w.pk, w.score] for w in ranked])
    rows = with_movement(title, ranked, previous)
    for row in rows:
        row.pop("wrestler_obj")
    return rows


def snapshot_after_match(match: Match) -> None:
    """After a result: one snapshot per active title of the promotion (the match page shows the movement)."""
    data = RankingData(match.card.promotion, match.card.week)
    for title in Title.objects.filter(promotion=match.card.promotion, is_active=True):
        snapshot_contenders(title, week=match.card.week, match=match, data=data)


def division_of(title: Title) -> str:
    return Division(title.division).label


def overdue_titles(promotion: Promotion) -> list[OverdueTitle]:
    """Titles whose champion has not defended within the title's interval (weeks). One query."""
    reigns = (
        TitleReign.objects.filter(
            title__promotion=promotion,
            title__is_active=True,
            is_current=True,
            title__defense_interval_weeks__isnull=False,
        )
        .select_related("title", "title__promotion")
        .annotate(last=Max("title__matches__card__week", filter=Q(title__matches__status=MatchStatus.FINISHED)))
    )
    overdue: list[OverdueTitle] = []
    for reign in reigns:
        weeks = promotion.current_week - max(reign.won_week, reign.last or 0)
        if weeks > cast(int, reign.title.defense_interval_weeks):  # not null: the query's filter
            overdue.append({"title": reign.title, "weeks": weeks})
    return overdue
