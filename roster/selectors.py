"""Reads for rosters and wrestlers."""

from django.db.models import Count, Exists, F, IntegerField, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from roster.models import Injury, Wrestler
from roster.sheets import LEAGUE_FIELDS, spec_for

SORTS = {
    "name": ("ring_name",),
    "-name": ("-ring_name",),
    "prestige": ("-prestige", "ring_name"),
    "fame": ("-fame", "ring_name"),
    "weight": ("-weight_lb", "ring_name"),
    "newest": ("-created",),
}


def roster(promotion, *, q="", alignment="", status="", owner="", injured="", sort="name", include_pending=True):
    qs = (
        Wrestler.objects.filter(promotion=promotion)
        .select_related("owner", "promotion")
        .annotate(
            is_injured=Exists(Injury.objects.filter(wrestler=OuterRef("pk"))),
            # A subquery, not Sum() over a join: no GROUP BY over every wrestler of a large roster.
            injury_points=Subquery(
                Injury.objects.filter(wrestler=OuterRef("pk")).values("wrestler").annotate(s=Sum("points")).values("s")
            ),
            **_win_loss(),
        )
    )
    if q:
        qs = qs.filter(Q(ring_name__icontains=q) | Q(hometown__icontains=q))
    if alignment:
        qs = qs.filter(alignment=alignment)
    if status:
        qs = qs.filter(status=status)
    if owner == "house":
        qs = qs.filter(owner__isnull=True)
    elif owner:
        qs = qs.filter(owner__username=owner)
    if injured == "yes":
        qs = qs.filter(is_injured=True)
    elif injured == "no":
        qs = qs.filter(is_injured=False)
    if not include_pending:
        qs = qs.filter(approval="approved")
    return qs.order_by(*SORTS.get(sort, SORTS["name"]))


def _win_loss():
    """``wins`` and ``losses`` of each wrestler over his finished matches (segments are no match), as subqueries."""
    from matches.models import SEGMENT_KINDS, MatchParticipant, MatchStatus

    finished = MatchParticipant.objects.filter(wrestler=OuterRef("pk"), match__status=MatchStatus.FINISHED).exclude(
        match__kind__in=SEGMENT_KINDS
    )

    def count(qs):
        counted = qs.values("wrestler").annotate(n=Count("pk")).values("n")
        return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))

    return {
        "wins": count(finished.filter(match__winner_side=F("side"))),
        "losses": count(finished.filter(match__winner_side__isnull=False).exclude(match__winner_side=F("side"))),
    }


def wrestler_injuries(wrestler):
    return {i.body_part: i.points for i in wrestler.injuries.all()}


def injury_rows(ruleset, injuries):
    """``[(area label, points), ...]`` in the ruleset's order of areas (an area it does not list: by its key)."""
    labels = dict(ruleset.injury_areas())
    order = {key: n for n, key in enumerate(labels)}
    return [
        (labels.get(area, area), points)
        for area, points in sorted(injuries.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
    ]


def weeks_out(ruleset, wrestler, injuries):
    """Weeks until every injury point is healed at his weekly heal (the ruleset's rule), None when healthy or
    when he does not heal."""
    total = sum(injuries.values())
    if not total:
        return None
    return ruleset.expected_weeks_out(wrestler.sheet, total)


def export_sheet(wrestler):
    """The sheet the rules engine plays: the player's sheet plus what the league keeps (Fame, Prestige,
    injuries) for the fields the ruleset's sheet has, within the ranges the ruleset accepts."""
    sheet = dict(wrestler.sheet)
    fields = spec_for(wrestler.promotion.ruleset)["fields"]
    injuries = wrestler_injuries(wrestler)
    # Points past the ruleset's limit (a wrestler can be hurt beyond it) are played at the limit.
    caps = [d.get("max") for d in fields.get("injuries", {}).get("fields", {}).values() if d.get("max") is not None]
    if caps:
        injuries = {part: min(points, min(caps)) for part, points in injuries.items()}
    # The ledger may take a losing wrestler's standing below zero; a sheet's Prestige is a standing, never negative.
    league = {"fame": max(0, wrestler.fame), "prestige": max(0, wrestler.prestige), "injuries": injuries}
    for key in LEAGUE_FIELDS & set(fields):
        if key in league:
            sheet[key] = league[key]
    return sheet
