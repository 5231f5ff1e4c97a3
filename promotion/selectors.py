"""Reads for promotions, and the access helper every promotion view starts with."""

from dataclasses import dataclass

from django.db.models import Count, F, Q, Sum
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse

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

    @property
    def sees_odds(self):
        """The pre-match odds: for everyone, unless the promotion keeps them to its promoters and owners."""
        return self.promotion.odds_public or self.can_book


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


# --- the home page (dashboard) -------------------------------------------------------------------------------

HOME_RESULTS = 8
HOME_TITLE_CHANGES = 5


def live_cards(promotions):
    """Cards on the air now in the given promotions (a queryset), with their promotion."""
    from matches.models import Card, CardStatus

    return list(
        Card.objects.filter(promotion__in=promotions, status=CardStatus.LIVE)
        .select_related("promotion")
        .order_by("-went_live", "-pk")
    )


def latest_results(promotions, *, limit=HOME_RESULTS):
    """The newest results (segments are no results) of the given promotions, whose result has aired."""
    from matches.models import SEGMENT_KINDS, Match, MatchStatus

    return list(
        Match.objects.filter(card__promotion__in=promotions, status=MatchStatus.FINISHED)
        .exclude(method="")
        .exclude(kind__in=SEGMENT_KINDS)
        .select_related("card", "card__promotion", "title")
        .defer("setup", "odds", "recap")
        .order_by(F("finished").desc(nulls_last=True), "-pk")[:limit]
    )


def latest_title_changes(promotions, *, limit=HOME_TITLE_CHANGES):
    """Reigns won in a match, newest first, with the new champions: ``[(reign, [holder, ...]), ...]``."""
    from promotion.models import TitleReign

    reigns = (
        TitleReign.objects.filter(title__promotion__in=promotions, won_match__isnull=False)
        .select_related("title", "title__promotion", "won_match")
        .prefetch_related("holders")
        .order_by("-won_match__finished", "-pk")[:limit]
    )
    return [(reign, list(reign.holders.all())) for reign in reigns]


def promotions_for_home(user):
    """The promotions a user may see, with their roster size and next booked card."""
    from matches.models import Card, CardStatus

    upcoming = Card.objects.filter(status__in=[CardStatus.BOOKED, CardStatus.LIVE]).order_by("week", "pk")
    promotions = list(
        promotions_visible_to(user)
        .annotate(roster_size=Count("wrestlers", filter=Q(wrestlers__approval="approved"), distinct=True))
        .order_by("name")
    )
    next_cards = {}
    for card in upcoming.filter(promotion__in=[p.pk for p in promotions]):
        next_cards.setdefault(card.promotion_id, card)
    for promotion in promotions:
        promotion.next_card = next_cards.get(promotion.pk)
    return promotions


def wrestlers_of_user(user):
    """A player's wrestlers in every promotion: status, injury points, and his next booking (the earliest match
    not yet played on a card that is booked or live), as ``wrestler.next_match``."""
    from matches.models import CardStatus, MatchParticipant, MatchStatus
    from roster.models import Wrestler

    wrestlers = list(
        Wrestler.objects.filter(owner=user)
        .select_related("promotion")
        .defer("sheet", "bio")
        .annotate(injury_points=Sum("injuries__points"))
        .order_by("promotion__name", "ring_name")
    )
    bookings = (
        MatchParticipant.objects.filter(
            wrestler__in=[w.pk for w in wrestlers],
            match__status=MatchStatus.SCHEDULED,
            card__status__in=[CardStatus.BOOKED, CardStatus.LIVE],
        )
        .select_related("match", "card")
        .order_by("card__week", "card_id", "match__order")
    )
    first = {}
    for participant in bookings:
        first.setdefault(participant.wrestler_id, participant.match)
    for wrestler in wrestlers:
        wrestler.next_match = first.get(wrestler.pk)
        wrestler.injury_points = wrestler.injury_points or 0
    return wrestlers


# --- the inbox: what waits for a user ----------------------------------------------------------------------------


@dataclass(frozen=True)
class WorkItem:
    """One thing waiting for a user: ``kind`` (approval, join, card, invitation), its promotion, what it is in
    words, where to act on it and the action's name."""

    kind: str
    promotion: object
    text: str
    url: str
    action: str


def pending_work(user):
    """What waits for the user to act: for promoters and owners, wrestlers to approve and matches of upcoming cards
    with a wrestler who is injured, suspended, no longer approved or double-booked; for owners, join requests; for
    everyone, invitations to answer. Oldest first within each kind."""
    from matches.booking_selectors import card_cautions
    from matches.booking_services import card_problems
    from matches.models import Card, CardStatus
    from roster.models import Approval, Wrestler

    if not user.is_authenticated:
        return []
    items = []
    memberships = list(memberships_of(user).filter(status=MembershipStatus.ACTIVE))
    booked = [m.promotion for m in memberships if m.has_role(Role.PROMOTER)]
    owned = [m.promotion for m in memberships if m.has_role(Role.OWNER)]
    wrestlers = (
        Wrestler.objects.filter(promotion__in=booked, approval=Approval.PENDING)
        .select_related("promotion", "owner")
        .only("ring_name", "promotion__name", "promotion__slug", "owner__username", "updated")
        .order_by("updated", "pk")
    )
    for wrestler in wrestlers:
        who = wrestler.owner.username if wrestler.owner else "the house"
        items.append(
            WorkItem(
                "approval",
                wrestler.promotion,
                f"{wrestler.ring_name} ({who}) waits for approval.",
                reverse("roster:review", args=[wrestler.promotion.slug, wrestler.pk]),
                "Review",
            )
        )
    requests = (
        Membership.objects.filter(promotion__in=owned, status=MembershipStatus.REQUESTED)
        .select_related("promotion", "user")
        .order_by("created", "pk")
    )
    for request in requests:
        items.append(
            WorkItem(
                "join",
                request.promotion,
                f"{request.user.username} asks to join.",
                reverse("promotion:members", args=[request.promotion.slug]),
                "Answer",
            )
        )
    cards = Card.objects.filter(promotion__in=booked, status__in=[CardStatus.DRAFT, CardStatus.BOOKED])
    for card in cards.select_related("promotion").order_by("week", "pk"):
        for trouble in [*card_problems(card), *card_cautions(card)]:
            items.append(
                WorkItem(
                    "card",
                    card.promotion,
                    f"{card.name}, {trouble}",
                    reverse("matches:match-edit", args=[card.promotion.slug, card.pk, trouble.match_id]),
                    "Replace",
                )
            )
    for membership in memberships_of(user).filter(status=MembershipStatus.INVITED):
        items.append(
            WorkItem(
                "invitation",
                membership.promotion,
                f"You are invited to join as {membership.get_role_display().lower()}.",
                reverse("promotion:list"),
                "Answer",
            )
        )
    return items


# --- a wrestler's review: the sheet's changes since the last approval -------------------------------------------


def last_approved_review(wrestler):
    from promotion.models import WrestlerReview

    return WrestlerReview.objects.filter(wrestler=wrestler, approved=True).select_related("by").order_by("-pk").first()


@dataclass(frozen=True)
class SheetChange:
    """One changed entry of a sheet: where (in words), what it was and what it is (``None``: absent)."""

    where: str
    before: object
    after: object


def _words(key):
    text = str(key).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _flat(value, prefix, out):
    if isinstance(value, dict):
        for key in value:
            _flat(value[key], [*prefix, _words(key)], out)
    elif isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        for n, item in enumerate(value, 1):
            _flat(item, [*prefix, str(item.get("name") or f"#{n}")], out)
    elif isinstance(value, list):
        out[" › ".join(prefix)] = ", ".join(str(item) for item in value) or "none"
    elif isinstance(value, bool):
        out[" › ".join(prefix)] = "yes" if value else "no"
    else:
        out[" › ".join(prefix)] = "" if value is None else str(value)
    return out


def sheet_changes(before, after):
    """Every entry of the sheet that differs between two versions, in the new sheet's order, then what was removed:
    ``[SheetChange, ...]``; empty when they are the same."""
    old, new = _flat(before or {}, [], {}), _flat(after or {}, [], {})
    changes = [SheetChange(k, old.get(k), v) for k, v in new.items() if old.get(k) != v]
    changes += [SheetChange(k, v, None) for k, v in old.items() if k not in new]
    return changes


def week_title_changes(log):
    """A week log's title changes with the new champions: ``[{"title", "number", "won_match_id", "champions"}, ...]``
    (the champions read from the reign, so a log written before they were kept names them too)."""
    from promotion.models import TitleReign

    changes = log.title_changes or []
    reigns = {
        (reign.title_id, reign.number): reign
        for reign in TitleReign.objects.filter(
            title__promotion=log.promotion_id, title_id__in=[c["title_id"] for c in changes]
        ).prefetch_related("holders")
    }
    rows = []
    for change in changes:
        reign = reigns.get((change["title_id"], change["number"]))
        rows.append(
            {
                "title": change["title__name"],
                "number": change["number"],
                "won_match_id": change.get("won_match_id"),
                "champions": list(reign.holders.all()) if reign else [],
            }
        )
    return rows
