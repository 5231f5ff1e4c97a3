"""The open-data export of a promotion (schema: docs/export.md). Reads only; a few queries whatever the size."""

from matches.models import Card, Match, MatchParticipant
from promotion.models import Title, TitleReign
from roster.models import Wrestler

SCHEMA_VERSION = 1


def export_promotion(promotion):
    wrestlers = list(
        Wrestler.objects.filter(promotion=promotion)
        .select_related("owner")
        .order_by("pk")
        .values(
            "pk", "ring_name", "alignment", "status", "fame", "prestige", "height_in", "weight_lb", "owner__username"
        )
    )
    titles = list(
        Title.objects.filter(promotion=promotion).order_by("pk").values("pk", "name", "division", "is_active")
    )
    holders = {}
    for reign_id, wrestler_id in TitleReign.holders.through.objects.filter(
        titlereign__title__promotion=promotion
    ).values_list("titlereign_id", "wrestler_id"):
        holders.setdefault(reign_id, []).append(wrestler_id)
    reigns = [
        {**r, "holders": sorted(holders.get(r["pk"], []))}
        for r in TitleReign.objects.filter(title__promotion=promotion)
        .order_by("title_id", "number")
        .values(
            "pk",
            "title_id",
            "number",
            "won_week",
            "won_method",
            "won_match_id",
            "ended_week",
            "end",
            "end_reason",
            "lost_match_id",
            "defenses",
            "is_current",
        )
    ]
    cards = list(
        Card.objects.filter(promotion=promotion).order_by("week", "pk").values("pk", "name", "week", "venue", "status")
    )
    sides = {}
    for match_id, side, wrestler_id in (
        MatchParticipant.objects.filter(card__promotion=promotion)
        .order_by("match_id", "side", "slot")
        .values_list("match_id", "side", "wrestler_id")
    ):
        sides.setdefault(match_id, {}).setdefault(side, []).append(wrestler_id)
    matches = [
        {**m, "sides": [sides.get(m["pk"], {}).get(s, []) for s in sorted(sides.get(m["pk"], {}))]}
        for m in Match.objects.filter(card__promotion=promotion)
        .order_by("card_id", "order")
        .values(
            "pk",
            "card_id",
            "order",
            "kind",
            "status",
            "title_id",
            "winner_side",
            "method",
            "rounds",
            "title_changed",
            "seed",
            "recap",
        )
    ]
    rename = {
        "pk": "id",
        "owner__username": "owner",
        "title_id": "title",
        "card_id": "card",
        "won_match_id": "won_match",
        "lost_match_id": "lost_match",
    }

    def clean(rows):
        return [{rename.get(k, k): v for k, v in row.items()} for row in rows]

    return {
        "schema": SCHEMA_VERSION,
        "promotion": {
            "name": promotion.name,
            "slug": promotion.slug,
            "ruleset": promotion.ruleset,
            "current_week": promotion.current_week,
        },
        "wrestlers": clean(wrestlers),
        "titles": clean(titles),
        "reigns": clean(reigns),
        "cards": clean(cards),
        "matches": clean(matches),
    }
