"""Reads for promotions, and the access helper every promotion view starts with."""

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404

from promotion.models import Membership, MembershipStatus, Promotion, Role
from rules import RulesError


class PromotionAccess:
    """Who the current user is in a promotion: ``membership`` (or None) and what they may do."""

    def __init__(self, promotion, membership):
        self.promotion = promotion
        self.membership = membership

    def has(self, role):
        return self.membership is not None and self.membership.has_role(role)

    @property
    def is_owner(self):
        return self.has(Role.OWNER)

    @property
    def can_book(self):
        return self.has(Role.PROMOTER)

    @property
    def is_player(self):
        return self.has(Role.PLAYER)

    @property
    def is_member(self):
        return self.has(Role.VIEWER)


def promotion_access(user, slug):
    """The promotion and the user's access, or 404 when the user may not even see it."""
    promotion = get_object_or_404(Promotion, slug=slug)
    membership = None
    if user.is_authenticated:
        membership = Membership.objects.filter(promotion=promotion, user=user).first()
    access = PromotionAccess(promotion, membership)
    if not promotion.is_public and not access.is_member:
        raise Http404("No such promotion.")
    return access


def promotions_visible_to(user):
    qs = Promotion.objects.all()
    if not user.is_authenticated:
        return qs.filter(is_public=True)
    return qs.filter(
        Q(is_public=True) | Q(memberships__user=user, memberships__status=MembershipStatus.ACTIVE)
    ).distinct()


def memberships_of(user):
    if not user.is_authenticated:
        return Membership.objects.none()
    return Membership.objects.filter(user=user).select_related("promotion").order_by("promotion__name")


def members_of(promotion):
    return Membership.objects.filter(promotion=promotion).select_related("user").order_by("status", "user__username")


def house_rules_shown(promotion):
    """The ruleset's house rules of a promotion as its page states them: ``[(label, value in words), ...]``."""
    ruleset = promotion.rules()
    try:
        values = promotion.checked_house_rules()
    except RulesError:
        values = ruleset.validate_house_rules({})
    rows = []
    for rule in ruleset.house_rule_spec():
        value, labels = values[rule.name], dict(rule.choices)
        if rule.type == "boolean":
            text = "yes" if value else "no"
        elif rule.type == "list":
            text = ", ".join(labels[v] for v in value) or "none"
        elif rule.type == "choice":
            text = labels[value]
        else:
            text = str(value)
        rows.append((rule.label, text))
    return rows
