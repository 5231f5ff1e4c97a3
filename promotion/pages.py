"""The promotion's cached page fragments (docs/caching.md): their version, and lazy reads for the views.

Pages cache the parts every visitor sees alike with Django's ``{% cache %}`` tag, keyed by
``Promotion.pages_key`` (the promotion's id, when it was made, and ``pages_version``). Every service that changes
what those parts show calls :func:`pages_changed` in its own transaction, **before any other write or lock of that
transaction**: the promotion's row is then the first lock every write takes, so two writes never wait on each other
in a circle (a week's end locks the promotion and then wrestlers; a result would otherwise hold wrestlers and then
wait for the promotion). No model signal is involved: a write outside the services (the Django admin, a shell) shows
when its fragments expire (``FRAGMENT_SECONDS``).
"""

import functools
from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import F

from promotion.models import Promotion

FRAGMENT_SECONDS = 300


def pages_changed(promotion_id: int) -> None:
    """What the promotion's pages show has changed: bump ``pages_version`` in the caller's transaction (a write
    that rolls back leaves the old version, and its fragments, in place)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("pages_changed belongs in the transaction of the write it announces")
    Promotion.objects.filter(pk=promotion_id).update(pages_version=F("pages_version") + 1)


def lazy(read: Callable[[], Any]) -> Callable[[], Any]:
    """A context value read only when a template asks for it, and then once: inside a ``{% cache %}`` block that
    hits, the read (and its queries) never happens. Django's templates call a callable value."""
    return functools.cache(read)
