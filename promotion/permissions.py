"""Who may do what in a promotion: the one permission check of every service and view (issue 19, item 5).

A role is held by an active membership and covers the roles below it (owner > promoter > player > viewer:
``Membership.has_role``). A service calls ``require(by, promotion, Role.PROMOTER, "Only promoters and owners book
cards.")`` before it writes; a view that has read the visitor's membership already (``promotion_access``) passes it
(``membership=access.membership``) to save the query. Refused: ``PermissionDenied`` with the reason, a 403 page.
"""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied

from promotion.models import Membership, Promotion, Role

# Who acts: a signed-in user, or a visitor (refused wherever a role is needed).
Actor = User | AnonymousUser

_UNREAD: Any = object()


def membership_for(promotion: Promotion, user: Actor) -> Membership | None:
    """The user's membership of the promotion (of any status), or None."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(promotion=promotion, user=user).first()


def require(
    user: Actor, promotion: Promotion, role: str, why: str | None = None, *, membership: Any = _UNREAD
) -> Membership:
    """The user's active membership when it holds ``role`` (or a higher one), else PermissionDenied saying ``why``
    (by default: which role of which promotion it takes)."""
    if membership is _UNREAD:
        membership = membership_for(promotion, user)
    if membership is None or not membership.has_role(role):
        raise PermissionDenied(why or f"You must be a {Role(role).label.lower()} of {promotion.name} to do that.")
    return membership
