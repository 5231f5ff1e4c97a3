"""Reads for rosters and wrestlers."""

from django.db.models import Exists, OuterRef, Q, Subquery, Sum

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
