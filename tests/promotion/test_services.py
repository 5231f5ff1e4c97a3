import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from promotion import services
from promotion.models import Membership, MembershipStatus, Promotion, Role
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_it_creates_a_promotion_with_its_creator_as_owner():
    user = UserFactory()
    promotion = services.promotion_create(user=user, name="All Japan Tabletop", ruleset="hp-d6")
    assert promotion.slug == "all-japan-tabletop"
    assert Membership.objects.get(promotion=promotion, user=user).role == Role.OWNER


def test_it_gives_clashing_and_reserved_names_their_own_slug():
    user = UserFactory()
    first = services.promotion_create(user=user, name="Mid-South", ruleset="arm")
    second = services.promotion_create(user=user, name="Mid South", ruleset="arm")
    reserved = services.promotion_create(user=user, name="New", ruleset="arm")
    assert (first.slug, second.slug, reserved.slug) == ("mid-south", "mid-south-2", "new-promotion")


def test_it_refuses_an_unknown_ruleset_and_writes_nothing():
    with pytest.raises(ValidationError) as exc:
        services.promotion_create(user=UserFactory(), name="Bad", ruleset="chess")
    assert "ruleset" in exc.value.message_dict
    assert not Promotion.objects.filter(name="Bad").exists()


def test_the_ruleset_is_fixed_once_the_promotion_has_wrestlers(personas):
    with pytest.raises(ValidationError, match="fixed"):
        services.promotion_update(promotion=personas.promotion, by=personas.owner, ruleset="hp-d6")
    personas.promotion.refresh_from_db()
    assert personas.promotion.ruleset == "wildknight"


def test_only_owners_change_settings(personas):
    with pytest.raises(PermissionDenied):
        services.promotion_update(promotion=personas.promotion, by=personas.promoter, name="Hijacked")


def test_an_invited_user_accepts_and_becomes_a_member(personas):
    newcomer = UserFactory(username="newcomer")
    membership = services.membership_invite(promotion=personas.promotion, by=personas.owner, username="NEWCOMER")
    assert membership.status == MembershipStatus.INVITED
    assert not membership.has_role(Role.VIEWER)
    services.membership_respond(membership=membership, user=newcomer, accept=True)
    membership.refresh_from_db()
    assert membership.has_role(Role.PLAYER)


def test_an_invitation_cannot_be_answered_by_someone_else(personas):
    UserFactory(username="invitee")
    membership = services.membership_invite(promotion=personas.promotion, by=personas.owner, username="invitee")
    with pytest.raises(PermissionDenied):
        services.membership_respond(membership=membership, user=personas.outsider, accept=True)


def test_inviting_an_unknown_user_names_the_field(personas):
    with pytest.raises(ValidationError) as exc:
        services.membership_invite(promotion=personas.promotion, by=personas.owner, username="ghost")
    assert exc.value.message_dict == {"username": ["There is no user called 'ghost'."]}


def test_a_join_request_waits_for_the_owner(personas):
    membership = services.membership_request(promotion=personas.promotion, user=personas.outsider)
    assert membership.status == MembershipStatus.REQUESTED
    with pytest.raises(ValidationError):
        services.membership_request(promotion=personas.promotion, user=personas.outsider)
    services.membership_approve(membership=membership, by=personas.owner)
    membership.refresh_from_db()
    assert membership.has_role(Role.PLAYER)


def test_the_invite_link_joins_as_player_until_it_is_replaced(personas):
    token = personas.promotion.invite_token
    services.membership_join_by_link(promotion=personas.promotion, user=personas.outsider, token=token)
    assert Membership.objects.get(promotion=personas.promotion, user=personas.outsider).role == Role.PLAYER
    services.promotion_regenerate_invite(promotion=personas.promotion, by=personas.owner)
    with pytest.raises(PermissionDenied):
        services.membership_join_by_link(promotion=personas.promotion, user=UserFactory(), token=token)


def test_the_last_owner_cannot_step_down_or_be_removed(personas):
    owner_membership = Membership.objects.get(promotion=personas.promotion, user=personas.owner)
    with pytest.raises(ValidationError, match="at least one owner"):
        services.membership_set_role(membership=owner_membership, by=personas.owner, role=Role.PLAYER)
    with pytest.raises(ValidationError, match="at least one owner"):
        services.membership_remove(membership=owner_membership, by=personas.owner)
    promoter_membership = Membership.objects.get(promotion=personas.promotion, user=personas.promoter)
    services.membership_set_role(membership=promoter_membership, by=personas.owner, role=Role.OWNER)
    services.membership_set_role(membership=owner_membership, by=personas.owner, role=Role.PLAYER)
    owner_membership.refresh_from_db()
    assert owner_membership.role == Role.PLAYER


def test_a_member_may_leave_but_not_remove_others(personas):
    player_membership = Membership.objects.get(promotion=personas.promotion, user=personas.player)
    other = MembershipFactory(promotion=personas.promotion)
    with pytest.raises(PermissionDenied):
        services.membership_remove(membership=other, by=personas.player)
    services.membership_remove(membership=player_membership, by=personas.player)
    assert not Membership.objects.filter(pk=player_membership.pk).exists()


def test_house_rules_become_the_engine_stipulation():
    promotion = services.promotion_create(
        user=UserFactory(), name="Rules", ruleset="hp-d6", time_limit_minutes=20, house_rules={"run_ins": True}
    )
    rules = promotion.match_stipulation()
    assert rules["time_limit"] == 1200
    assert rules["advanced"] == {"foreign_objects": False, "run_ins": True, "attack_referee": False}
    assert "automatic_dq" not in rules  # ARM's house rule: no hp-d6 match reads it
