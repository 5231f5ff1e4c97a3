"""factory_boy factories for the Django models (real rows in the real database)."""

import factory
from django.contrib.auth import get_user_model

from promotion.models import Membership, MembershipStatus, Promotion, Role
from roster.healing import weekly_heal
from roster.models import Wrestler
from rules import get_ruleset


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password("ring-rope-turnbuckle")


class PromotionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Promotion

    name = factory.Sequence(lambda n: f"Promotion {n}")
    slug = factory.Sequence(lambda n: f"promotion-{n}")
    ruleset = "wildknight"
    created_by = factory.SubFactory(UserFactory)


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    promotion = factory.SubFactory(PromotionFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.PLAYER
    status = MembershipStatus.ACTIVE


def sheet_for(ruleset_id, name, seed=None, **overrides):
    sheet = get_ruleset(ruleset_id).example_sheet(seed=seed)
    sheet["name"] = name
    sheet.update(overrides)
    return sheet


class WrestlerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Wrestler

    promotion = factory.SubFactory(PromotionFactory)
    ring_name = factory.Sequence(lambda n: f"Wrestler {n}")
    alignment = "face"
    sheet = factory.LazyAttribute(lambda w: sheet_for(w.promotion.ruleset, w.ring_name, alignment=w.alignment))
    weekly_heal = factory.LazyAttribute(lambda w: weekly_heal(w.promotion.ruleset, w.sheet))


def book_card(promotion, booker, *, matches=3, pace=0.0, name="Test Card", title=None):
    """A booked card of ``matches`` singles matches between fresh approved wrestlers (through the real
    booking services). The first match has ``title`` on the line when given."""
    from matches.booking_services import MatchSpec, card_create, card_mark_booked, match_add

    card = card_create(promotion=promotion, by=booker, name=name, pace=pace)
    for n in range(matches):
        a = WrestlerFactory(promotion=promotion, ring_name=f"{name} {n}A", alignment="face")
        b = WrestlerFactory(promotion=promotion, ring_name=f"{name} {n}B", alignment="heel")
        spec = MatchSpec(sides=[[a.pk], [b.pk]], title_id=title.pk if (title and n == 0) else None)
        match_add(card=card, by=booker, spec=spec)
    return card_mark_booked(card=card, by=booker)
