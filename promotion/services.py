"""Writes for promotions and memberships. Every function is atomic and checks the acting user's role."""

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from promotion import notices
from promotion.models import Membership, MembershipStatus, Promotion, Role, new_invite_token
from promotion.pages import pages_changed
from promotion.permissions import Actor, membership_for, require
from rules import HouseRuleError, Ruleset, ruleset_ids

__all__ = ["Actor", "membership_for"]  # kept importable from here

RESERVED_SLUGS = {"new", "invitations"}

EDITABLE_FIELDS = (
    "name",
    "description",
    "ruleset",
    "is_public",
    "wrestlers_need_approval",
    "time_limit_minutes",
    "house_rules",
    "titles_change_on_dq",
    "book_injured",
    "odds_public",
)


def house_rule_message(ruleset: Ruleset, exc: HouseRuleError) -> str:
    """A refused house rule in words: its label and key, and what is wrong with the value."""
    labels = {rule.name: rule.label for rule in ruleset.house_rule_spec()}
    name = f"{labels[exc.field]} ({exc.field})" if exc.field in labels else exc.field
    return f"{name}: {exc.message}"


def _check_house_rules(promotion: Promotion, raw: Any) -> None:
    """Store the ruleset's house rules, validated by the ruleset (every rule, defaults filled in)."""
    if promotion.ruleset not in ruleset_ids():
        return  # full_clean names the unknown ruleset
    ruleset = promotion.rules()
    try:
        promotion.house_rules = ruleset.validate_house_rules(raw)
    except HouseRuleError as exc:
        raise ValidationError({"house_rules": house_rule_message(ruleset, exc)}) from None


def _unique_slug(name: str) -> str:
    base = slugify(name)[:70] or "promotion"
    if base in RESERVED_SLUGS:
        base = f"{base}-promotion"
    slug, n = base, 2
    while Promotion.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


SLUG_TRIES = 25


@transaction.atomic
def promotion_create(*, user: User, name: str, ruleset: str, **fields: Any) -> Promotion:
    promotion = Promotion(name=name, ruleset=ruleset, created_by=user, slug=_unique_slug(name))
    for key, value in fields.items():
        if key not in EDITABLE_FIELDS:
            raise TypeError(f"unknown promotion field {key}")
        setattr(promotion, key, value)
    _check_house_rules(promotion, fields.get("house_rules"))
    promotion.full_clean(exclude=["slug"])
    # The slug is checked, then inserted: a promotion of the same name started in between takes it first, and the
    # database refuses ours (unique). Each refusal means one more promotion of this name exists: take the next free
    # slug and insert again.
    for _ in range(SLUG_TRIES):
        try:
            with transaction.atomic():
                promotion.save(force_insert=True)
            break
        except IntegrityError:
            if not Promotion.objects.filter(slug=promotion.slug).exists():
                raise  # not the slug: a bug, not a race
            promotion.slug = _unique_slug(name)
    else:
        raise ValidationError({"name": "Many promotions of this name are being started right now: try again."})
    Membership.objects.create(promotion=promotion, user=user, role=Role.OWNER, status=MembershipStatus.ACTIVE)
    return promotion


@transaction.atomic
def promotion_update(*, promotion: Promotion, by: Actor, **fields: Any) -> Promotion:
    require(by, promotion, Role.OWNER)
    pages_changed(promotion.pk)
    promotion = Promotion.objects.select_for_update().get(pk=promotion.pk)
    if "ruleset" in fields and fields["ruleset"] != promotion.ruleset and promotion.wrestlers.exists():
        raise ValidationError({"ruleset": "The ruleset is fixed once the promotion has wrestlers."})
    # House rules given are changes to the current ones (a rule the ruleset no longer has is dropped); a new ruleset
    # starts from its own defaults.
    house_rules = fields.get("house_rules")
    if house_rules is None:
        house_rules = {}
    if isinstance(house_rules, dict) and fields.get("ruleset", promotion.ruleset) == promotion.ruleset:
        known = {rule.name for rule in promotion.rules().house_rule_spec()}
        house_rules = {**{k: v for k, v in promotion.house_rules.items() if k in known}, **house_rules}
    for key, value in fields.items():
        if key not in EDITABLE_FIELDS:
            raise TypeError(f"unknown promotion field {key}")
        setattr(promotion, key, value)
    _check_house_rules(promotion, house_rules)
    promotion.full_clean()
    promotion.save()
    return promotion


@transaction.atomic
def promotion_regenerate_invite(*, promotion: Promotion, by: Actor) -> Promotion:
    require(by, promotion, Role.OWNER)
    promotion.invite_token = new_invite_token()
    promotion.save(update_fields=["invite_token"])
    return promotion


@transaction.atomic
def membership_invite(*, promotion: Promotion, by: Actor, username: str, role: str = Role.PLAYER) -> Membership:
    require(by, promotion, Role.OWNER)
    if role not in Role.values:
        raise ValidationError({"role": "Unknown role."})
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise ValidationError({"username": f"There is no user called {username.strip()!r}."})
    existing = Membership.objects.select_for_update().filter(promotion=promotion, user=user).first()
    if existing is not None:
        if existing.status == MembershipStatus.REQUESTED:
            # They asked already: inviting them approves the request.
            existing.status, existing.role = MembershipStatus.ACTIVE, role
            existing.save(update_fields=["status", "role"])
            notices.membership_decided(existing, by=by)
            return existing
        raise ValidationError({"username": f"{user.username} is already {existing.get_status_display().lower()}."})
    try:
        with transaction.atomic():  # two owners inviting one user at once: the database keeps one membership
            membership = Membership.objects.create(
                promotion=promotion, user=user, role=role, status=MembershipStatus.INVITED
            )
    except IntegrityError:
        raise ValidationError({"username": f"{user.username} was invited or joined just now."}) from None
    notices.membership_decided(membership, by=by, invited=True)
    return membership


@transaction.atomic
def membership_request(*, promotion: Promotion, user: User) -> Membership:
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                promotion=promotion, user=user, role=Role.PLAYER, status=MembershipStatus.REQUESTED
            )
    except IntegrityError:
        raise ValidationError("You are already a member of this promotion or have asked to join.") from None
    notices.join_requested(membership)
    return membership


@transaction.atomic
def membership_join_by_link(*, promotion: Promotion, user: User, token: str) -> Membership:
    if token != promotion.invite_token:
        raise PermissionDenied("This invitation link is no longer valid. Ask the owner for a new one.")
    membership, created = Membership.objects.select_for_update().get_or_create(
        promotion=promotion, user=user, defaults={"role": Role.PLAYER, "status": MembershipStatus.ACTIVE}
    )
    if not created and membership.status != MembershipStatus.ACTIVE:
        membership.status = MembershipStatus.ACTIVE
        membership.save(update_fields=["status"])
    return membership


@transaction.atomic
def membership_respond(*, membership: Membership, user: User, accept: bool) -> Membership | None:
    """The invited user accepts or declines an invitation. Answered twice at once (two tabs), the second finds it
    answered: accepting an accepted one is a no-op, anything else is refused with the reason."""
    locked = Membership.objects.select_for_update().filter(pk=membership.pk).first()
    if locked is None:
        raise ValidationError("That invitation was declined already.")
    membership = locked
    if membership.user_id != user.pk:
        raise PermissionDenied("That invitation is not yours to answer.")
    if membership.status != MembershipStatus.INVITED:
        if accept and membership.status == MembershipStatus.ACTIVE:
            return membership
        raise ValidationError("That invitation was answered already.")
    if accept:
        membership.status = MembershipStatus.ACTIVE
        membership.save(update_fields=["status"])
        return membership
    membership.delete()
    return None


def _other_owners(membership: Membership) -> bool:
    return (
        Membership.objects.filter(promotion=membership.promotion, role=Role.OWNER, status=MembershipStatus.ACTIVE)
        .exclude(pk=membership.pk)
        .exists()
    )


@transaction.atomic
def membership_approve(*, membership: Membership, by: Actor) -> Membership:
    require(by, membership.promotion, Role.OWNER)
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.status != MembershipStatus.REQUESTED:
        raise ValidationError("Only a request to join can be approved.")
    membership.status = MembershipStatus.ACTIVE
    membership.save(update_fields=["status"])
    notices.membership_decided(membership, by=by)
    return membership


@transaction.atomic
def membership_set_role(*, membership: Membership, by: Actor, role: str) -> Membership:
    require(by, membership.promotion, Role.OWNER)
    if role not in Role.values:
        raise ValidationError({"role": "Unknown role."})
    # The promotion's row first, as every write takes it (promotion.pages), then every owner row in one order, so
    # two owners demoting each other at once cannot leave none, nor wait on each other in a circle.
    pages_changed(membership.promotion_id)
    list(Membership.objects.select_for_update().filter(promotion=membership.promotion, role=Role.OWNER).order_by("pk"))
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.role == Role.OWNER and role != Role.OWNER and not _other_owners(membership):
        raise ValidationError("A promotion needs at least one owner: make someone else owner first.")
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership, by: Actor) -> None:
    if membership.user_id != by.pk:
        require(by, membership.promotion, Role.OWNER)
    pages_changed(membership.promotion_id)
    list(Membership.objects.select_for_update().filter(promotion=membership.promotion, role=Role.OWNER).order_by("pk"))
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.role == Role.OWNER and membership.is_active and not _other_owners(membership):
        raise ValidationError("A promotion needs at least one owner: make someone else owner first.")
    membership.delete()


def _pages_of_owner_changed(user: User) -> None:
    """The pages of every promotion where ``user`` owns a wrestler (they show his name) change."""
    from roster.models import Wrestler

    ids = Wrestler.objects.filter(owner=user).values_list("promotion_id", flat=True).distinct()
    for promotion_id in sorted(ids):  # one order for every writer: no two wait on each other in a circle
        pages_changed(promotion_id)


@transaction.atomic
def account_save(*, user: User) -> User:
    """Save a changed account (the admin's user form): the rosters that name him show the change."""
    if user.pk is not None:
        _pages_of_owner_changed(user)
    user.save()
    return user


@transaction.atomic
def account_delete(*, user: User) -> None:
    """Delete an account (the admin's only way): his wrestlers stay with the house (``owner`` set to none), and the
    rosters that named him show it at once."""
    _pages_of_owner_changed(user)
    user.delete()
