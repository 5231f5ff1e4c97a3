"""Builders for interactive matches (matches/interactive.py): a league whose two players each own a wrestler, and a
card with one match they play."""

from dataclasses import dataclass

from matches import services
from matches.booking_services import MatchSpec, card_create, card_mark_booked, match_add
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory


@dataclass
class League:
    promotion: object
    promoter: object
    red: object  # plays side 0
    blue: object  # plays side 1
    viewer: object
    a: object
    b: object


def league(ruleset="arm", slug="decision-pro"):
    promoter = UserFactory(username=f"{slug}-promoter")
    promotion = PromotionFactory(name=f"{slug} league", slug=slug, ruleset=ruleset, created_by=promoter)
    MembershipFactory(promotion=promotion, user=promoter, role="owner")
    red = MembershipFactory(promotion=promotion, user=UserFactory(username=f"{slug}-red")).user
    blue = MembershipFactory(promotion=promotion, user=UserFactory(username=f"{slug}-blue")).user
    viewer = MembershipFactory(promotion=promotion, user=UserFactory(username=f"{slug}-viewer"), role="viewer").user
    a = WrestlerFactory(promotion=promotion, owner=red, ring_name="Red Rocket", alignment="face")
    b = WrestlerFactory(promotion=promotion, owner=blue, ring_name="Blue Thunder", alignment="heel")
    return League(promotion, promoter, red, blue, viewer, a, b)


def interactive_card(lg, *, minutes=1, seconds=60, live=True, before=0):
    """A card with ``before`` automatic matches and then the players' match (time limit ``minutes``: a short one)."""
    card = card_create(promotion=lg.promotion, by=lg.promoter, name="Decision Night", decision_seconds=seconds)
    for n in range(before):
        x = WrestlerFactory(promotion=lg.promotion, ring_name=f"Opener {n}A", alignment="face")
        y = WrestlerFactory(promotion=lg.promotion, ring_name=f"Opener {n}B", alignment="heel")
        match_add(card=card, by=lg.promoter, spec=MatchSpec(sides=[[x.pk], [y.pk]]))
    spec = MatchSpec(sides=[[lg.a.pk], [lg.b.pk]], time_limit_minutes=minutes, interactive=True)
    match, _warnings = match_add(card=card, by=lg.promoter, spec=spec)
    card_mark_booked(card=card, by=lg.promoter)
    if live:
        services.card_go_live(card=card, by=lg.promoter)
    match.refresh_from_db()
    return card, match
