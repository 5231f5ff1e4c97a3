"""Notices to users about their wrestlers, and the unread count every signed-in page shows in its menu.

The count is kept in the cache per user (``UNREAD_SECONDS`` at most), so that a page does not count rows on every
request. Every write here forgets the counts it changes: at once, and again after commit (a reader who counted the
old rows between the two would otherwise keep them). A count the cache could not forget (Redis unreachable) is
wrong for ``UNREAD_SECONDS`` at most, and so is one of notices deleted with their promotion (no signal); the
notices page itself always reads the rows.
"""

import logging

from django.core.cache import cache
from django.db import transaction

from promotion.models import Notice

log = logging.getLogger("kayfabe.notices")

UNREAD_SECONDS = 5 * 60


def _unread_key(user_id):
    return f"kayfabe:notices:unread:{user_id}"


def unread_count(user):
    """How many notices the user has not read (0 for anonymous visitors)."""
    if not user.is_authenticated:
        return 0
    key = _unread_key(user.pk)
    count = cache.get(key)  # None when missing, or when the cache is unreachable (IGNORE_EXCEPTIONS)
    if count is None:
        count = Notice.objects.filter(user=user, read=False).count()
        cache.set(key, count, UNREAD_SECONDS)
    return count


def _forget_unread(user_ids):
    keys = [_unread_key(user_id) for user_id in set(user_ids)]
    if not keys:
        return

    def forget():
        try:
            cache.delete_many(keys)
        except Exception:  # noqa: BLE001 - a count the cache could not forget lapses after UNREAD_SECONDS
            log.warning("notices: could not forget %d unread counts", len(keys), exc_info=True)

    forget()
    transaction.on_commit(forget)


def notify(notices):
    """Store new notices (``Notice`` instances, not saved yet)."""
    Notice.objects.bulk_create(notices)
    _forget_unread(notice.user_id for notice in notices)


def mark_all_read(user):
    Notice.objects.filter(user=user, read=False).update(read=True)
    _forget_unread([user.pk])


def mark_read(user, notice_id):
    """Mark one notice read; its link, or None when the notice is not the user's."""
    notice = Notice.objects.filter(user=user, pk=notice_id).first()
    if notice is None:
        return None
    if not notice.read:
        Notice.objects.filter(pk=notice.pk).update(read=True)
        _forget_unread([user.pk])
    return notice.link or notice.promotion.get_absolute_url()


# --- who is told what (called by the services, inside their transaction) ------------------------------------------


def _bookers(promotion, *, role=None):
    from promotion.models import Membership, MembershipStatus, Role

    roles = [Role.OWNER] if role == Role.OWNER else [Role.OWNER, Role.PROMOTER]
    return list(
        Membership.objects.filter(promotion=promotion, status=MembershipStatus.ACTIVE, role__in=roles).values_list(
            "user_id", flat=True
        )
    )


def _send(promotion, user_ids, text, link="", *, exclude=None, once=False):
    """``once``: not to a user who has the same notice unread already (a wrestler submitted again)."""
    ids = set(user_ids) - {getattr(exclude, "pk", exclude), None}
    if once:
        ids -= set(
            Notice.objects.filter(user_id__in=ids, text=text[:300], link=link, read=False).values_list(
                "user_id", flat=True
            )
        )
    ids = sorted(ids)
    notify(
        [
            Notice(user_id=uid, promotion=promotion, week=promotion.current_week, text=text[:300], link=link)
            for uid in ids
        ]
    )


def wrestler_submitted(wrestler, *, by):
    """A wrestler waits for approval: every promoter and owner is told (not the one who submitted him)."""
    from django.urls import reverse

    owner = wrestler.owner.username if wrestler.owner_id else "the house"
    _send(
        wrestler.promotion,
        _bookers(wrestler.promotion),
        f"{wrestler.ring_name} ({owner}) waits for your approval.",
        reverse("roster:review", args=[wrestler.promotion.slug, wrestler.pk]),
        exclude=by,
        once=True,
    )


def wrestler_reviewed(wrestler, *, by, approved, note=""):
    """The player is told the decision, with the promoter's note."""
    verdict = "approved: he can be booked" if approved else "rejected"
    text = f"Your wrestler {wrestler.ring_name} was {verdict}." + (f" Note: {note}" if note else "")
    _send(wrestler.promotion, [wrestler.owner_id], text, wrestler.get_absolute_url(), exclude=by)


def join_requested(membership):
    from django.urls import reverse

    from promotion.models import Role

    promotion = membership.promotion
    _send(
        promotion,
        _bookers(promotion, role=Role.OWNER),
        f"{membership.user.username} asks to join {promotion.name}.",
        reverse("promotion:members", args=[promotion.slug]),
    )


def membership_decided(membership, *, by, invited=False):
    """The user is told he was invited (to answer) or let in (after asking)."""
    promotion = membership.promotion
    if invited:
        text, link = f"You are invited to {promotion.name} as {membership.get_role_display().lower()}.", "/p/"
    else:
        text, link = f"You are in: {promotion.name} accepted you as {membership.get_role_display().lower()}.", ""
    _send(promotion, [membership.user_id], text, link or promotion.get_absolute_url(), exclude=by)


def card_booked(card, *, by):
    """Every player with a wrestler on a card just booked is told where he is on it."""
    rows = {}
    for p in card.participants.select_related("wrestler", "match").order_by("match__order", "side", "slot"):
        if p.wrestler.owner_id:
            rows.setdefault(p.wrestler.owner_id, []).append(f"{p.wrestler.ring_name} (match {p.match.order})")
    for user_id, lines in rows.items():
        _send(
            card.promotion,
            [user_id],
            f"Booked on {card.name}, week {card.week}: {', '.join(lines)}.",
            card.get_absolute_url(),
            exclude=by,
        )


def match_result(match, participants, *, new_champions=()):
    """Each player with a wrestler in the match gets its result; on a title change the promotion's promoters too."""
    promotion = match.card.promotion
    owners = [p.wrestler.owner_id for p in participants]
    _send(promotion, owners, f"Result, {match.card.name}: {match.result_text}", match.get_absolute_url())
    if new_champions and match.title_id:
        names = " & ".join(w.ring_name for w in new_champions)
        text = f"New champion: {names} won the {match.title.name}."
        _send(promotion, set(_bookers(promotion)) | set(owners), text, match.title.get_absolute_url())
