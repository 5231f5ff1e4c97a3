"""Template helpers of the card builder and the promotion's front page (next card, champions, results)."""

from django import template

from matches import booking_selectors as selectors
from promotion.titles import titles_of

register = template.Library()


@register.filter
def split(value):
    return value.split()


@register.inclusion_tag("matches/_picker.html", takes_context=True)
def picker(context, form, slot):
    return {
        "field": form[slot],
        "slot": slot,
        "selected_id": form.selected(slot),
        "wrestlers": context["wrestlers"],
        "promotion": context["promotion"],
    }


@register.inclusion_tag("matches/_field_row.html")
def field_row(form, name):
    return {"field": form[name]}


@register.inclusion_tag("matches/_promotion_front.html", takes_context=True)
def promotion_front(context, promotion):
    card = selectors.next_card(promotion)
    matches = selectors.lineup(card) if card else []
    results = selectors.recent_results(promotion)
    for match in [*matches, *results]:
        match.sides = selectors.sides_of(match)
    for match in results:
        won = match.winner_side if match.winner_side is not None and match.winner_side < len(match.sides) else None
        match.winners = [w.ring_name for w in match.sides[won]] if won is not None else []
        match.losers = [" & ".join(w.ring_name for w in s) for i, s in enumerate(match.sides) if i != won]
    return {
        "promotion": promotion,
        "access": context.get("access"),
        "next_card": card,
        "next_matches": matches,
        "champions": titles_of(promotion, active_only=True),
        "results": results,
    }
