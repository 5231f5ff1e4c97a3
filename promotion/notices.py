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
