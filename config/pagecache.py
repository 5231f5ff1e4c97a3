"""Rendered fragments of the busy public pages (roster, wrestler, card, title, contenders), cached and invalidated
by a version per promotion. See docs/caching.md.

- Only HTML that every visitor of a promotion sees alike is cached. What depends on the visitor (the menu, the
  promoter's and owner's controls, CSRF tokens, messages) is rendered outside the fragments on every request.
- A fragment's key holds the promotion's version. Every write that changes what a page shows bumps the version:
  model signals for row writes (``connect()``, called once per process by ``config.apps.PageCacheConfig``), and
  ``bump()`` called by hand after set-based writes (``UPDATE`` of many rows, raw SQL), which send no signal.
- A bump happens twice: at once, so that the writer's own transaction (and a test) reads fresh pages, and after
  commit, so that a reader who cached the old rows between the first bump and the commit is not believed.
- A renderer reads everything it shows itself, after the version was read: a fragment never holds rows read
  before the version it is stored under.
- Whole pages for visitors without any cookie (not logged in, no messages, no CSRF cookie: crawlers, links
  shared in a chat, load tests) come from one cached response (``shared_page``): such a page has nothing per
  visitor, and carries no CSRF token (it has nothing to post).
- The cache failing (Redis down) never fails a page: it is rendered without the cache.
"""

import functools
import hashlib
import logging
import time
from contextvars import ContextVar
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.db import transaction
from django.http import HttpResponse
from django.utils.safestring import mark_safe

log = logging.getLogger("kayfabe.pagecache")

PREFIX = "kayfabe:pages:v1"


def _ttl():
    return getattr(settings, "KAYFABE_PAGE_CACHE_SECONDS", 60 * 60)


def _version_key(promotion_id):
    return f"{PREFIX}:version:{promotion_id}"


def version(promotion_id):
    """The promotion's current version (read once per page: ``_this_page``). A missing version (never set, or
    evicted) starts at the clock in nanoseconds, past any version counted up before, so that old fragments are never
    found again."""
    page = _this_page.get()
    if page is not None and ("version", promotion_id) in page:
        return page["version", promotion_id]
    key = _version_key(promotion_id)
    value = cache.get(key)
    if value is None:
        cache.add(key, time.time_ns(), timeout=None)
        value = cache.get(key)
    if page is not None and value is not None:
        page["version", promotion_id] = value
    return value


def bump(promotion_id):
    """Every fragment of the promotion is out of date from now on."""
    if promotion_id is None:
        return
    try:
        try:
            cache.incr(_version_key(promotion_id))
        except ValueError:  # no version yet: the next reader starts a new one
            cache.add(_version_key(promotion_id), time.time_ns(), timeout=None)
    except Exception:  # noqa: BLE001 - a cache that is down holds no fragment to invalidate until it is back
        log.warning("page cache: could not bump promotion %s", promotion_id, exc_info=True)


def bump_now_and_on_commit(promotion_id):
    """Bump now (the writer's own reads), and again after commit (readers who cached the old rows meanwhile)."""
    if promotion_id is None:
        return
    bump(promotion_id)
    transaction.on_commit(lambda: bump(promotion_id))


def digest(*parts):
    """A short key part for values a visitor chooses (filters, page numbers)."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def _safe(html):
    # Our own templates' output, escaped when it was rendered (autoescape), kept as it was rendered.
    return mark_safe(html)  # noqa: S308  # nosec B308, B703


def fragments(promotion_id, parts, renderers):
    """``{name: html}`` for each ``name: render()`` in ``renderers``, from the cache or rendered (and stored).

    ``parts`` tells apart the fragments of one promotion (page, object, query); the promotion's version is added
    here. One round trip for every fragment of a page."""
    _shown.set(promotion_id)
    base = ":".join(str(p) for p in parts)
    try:
        stamp = version(promotion_id)
        if stamp is None:  # the cache answered nothing (config/cache.py: Redis unreachable is a miss)
            raise LookupError("no version")
        keys = {name: f"{PREFIX}:{promotion_id}:{stamp}:{base}:{name}" for name in renderers}
        found = cache.get_many(list(keys.values()))
    except Exception:  # noqa: BLE001 - render without the cache rather than fail the page
        log.warning("page cache: unavailable; rendering promotion %s without it", promotion_id, exc_info=True)
        return {name: _safe(str(render())) for name, render in renderers.items()}
    out, missing = {}, {}
    for name, key in keys.items():
        html = found.get(key)
        if html is None:
            html = missing[key] = str(renderers[name]())
        out[name] = _safe(html)
    if missing:
        try:
            cache.set_many(missing, _ttl())
        except Exception:  # noqa: BLE001
            log.warning("page cache: could not store fragments of promotion %s", promotion_id, exc_info=True)
    return out


def fragment(promotion_id, parts, render):
    return fragments(promotion_id, parts, {"html": render})["html"]


# --- rows kept in this process ------------------------------------------------------------------------------
# Small reads the busy pages start with (the promotion, the visitor's membership, the wrestler, title or finished
# card shown), kept in each process under the promotion's version: a query less per row and request, for the
# version the page reads anyway. Local memory pickles what it keeps, so every caller gets its own copy to change.


def _promotion_of_slug(slug):
    page = _this_page.get()
    if page is not None and ("slug", slug) in page:
        return page["slug", slug]
    promotion_id = cache.get(_slug_key(slug))
    if page is not None and promotion_id is not None:
        page["slug", slug] = promotion_id
    return promotion_id


_MISSING = object()
_kept = LocMemCache("kayfabe-pagecache-kept", {"MAX_ENTRIES": 10_000, "TIMEOUT": None})


def kept(slug, parts, read, keep=None):
    """``read()`` -> ``(promotion id, value)``, or the value it gave before under the promotion's current version.

    ``slug`` finds the promotion (remembered in the cache by ``remember_slug``); ``parts`` tells apart the values
    kept for one promotion. ``read`` runs after the version is read, as a fragment's renderer does; what it raises
    (a 404) goes to the caller. ``keep(value)`` false: not kept (a row that changes without a signal). Without the
    cache, or with a slug not known yet, ``read()`` runs every time."""
    try:
        promotion_id = _promotion_of_slug(slug)
        stamp = None if promotion_id is None else version(promotion_id)
    except Exception:  # noqa: BLE001 - read afresh rather than fail the page
        log.warning("page cache: unavailable; reading %s afresh", slug, exc_info=True)
        promotion_id = stamp = None
    key = None if stamp is None else f"{promotion_id}:{stamp}:{slug}:" + ":".join(str(p) for p in parts)
    if key is not None:
        value = _kept.get(key, _MISSING)
        if value is not _MISSING:
            return value
    read_id, value = read()
    if read_id != promotion_id:  # a slug not known yet, or taken by another promotion since
        remember_slug(slug, read_id)
    elif key is not None and (keep is None or keep(value)):
        _kept.set(key, value)
    return value


# --- whole pages for visitors without cookies ------------------------------------------------------------

_shown = ContextVar("kayfabe_page_promotion", default=None)  # the promotion whose fragments the view rendered
# What one page read from the cache about its promotion ({("slug", slug): id, ("version", id): stamp}), so that its
# kept rows and fragments read them once: set for the length of a page by ``shared_page``. A version read earlier in
# the same page is still read before every row the page reads after it.
_this_page = ContextVar("kayfabe_page_reads", default=None)
_changing = ContextVar("kayfabe_page_changing", default=False)


def changes_without_signal():
    """The view says: this page can change without any write bumping the version (a card still to air, whose
    fragment key holds what the version does not), so the whole page is not kept for visitors without cookies."""
    _changing.set(True)


def _slug_key(slug):
    return f"{PREFIX}:slug:{slug}"


def _page_key(promotion_id, stamp, request):
    where = digest(request.get_full_path(), bool(getattr(request, "htmx", False)))
    return f"{PREFIX}:{promotion_id}:{stamp}:page:{where}"


def remember_slug(slug, promotion_id):
    try:
        cache.set(_slug_key(slug), promotion_id, timeout=None)
    except Exception:  # noqa: BLE001
        log.warning("page cache: could not remember slug %s", slug, exc_info=True)


def shared_page(view):
    """One cached response for every visitor of a promotion page who sends no cookie at all: not logged in, no
    pending message, no session. Keyed by the promotion's version (read before the view reads anything), and the
    full path; kept only when it is a 200 that sets no cookie, and shows the promotion the slug was known to belong
    to (slug -> promotion is remembered in the cache: set when a promotion is saved, learnt from the view)."""

    @functools.wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        if request.method != "GET":  # a write reads the version again after it bumped it
            return view(request, slug, *args, **kwargs)
        page = _this_page.set({})
        try:
            return shared_or_rendered(request, slug, *args, **kwargs)
        finally:
            _this_page.reset(page)

    def shared_or_rendered(request, slug, *args, **kwargs):
        if request.COOKIES:
            return view(request, slug, *args, **kwargs)
        request.kayfabe_shared_page = True  # base.html: no CSRF token in a page shared by strangers
        promotion_id = stamp = None
        try:
            promotion_id = _promotion_of_slug(slug)
            if promotion_id is not None:
                stamp = version(promotion_id)
                html = None if stamp is None else cache.get(_page_key(promotion_id, stamp, request))
                if html is not None:
                    return HttpResponse(html)
        except Exception:  # noqa: BLE001 - render without the cache rather than fail the page
            log.warning("page cache: unavailable for %s", request.path, exc_info=True)
            return view(request, slug, *args, **kwargs)
        token, changing = _shown.set(None), _changing.set(False)
        try:
            response = view(request, slug, *args, **kwargs)
            shown, volatile = _shown.get(), _changing.get()
        finally:
            _shown.reset(token)
            _changing.reset(changing)
        if shown is not None and shown != promotion_id:
            remember_slug(slug, shown)  # kept from the next request on
        elif (
            shown is not None
            and stamp is not None
            and not volatile
            and response.status_code == 200
            and not response.cookies
        ):
            try:
                cache.set(_page_key(promotion_id, stamp, request), response.content.decode(), _ttl())
            except Exception:  # noqa: BLE001
                log.warning("page cache: could not store %s", request.path, exc_info=True)
        return response

    return wrapper


# --- invalidation by signals ------------------------------------------------------------------------------
# Each receiver finds the promotion of the row written. Wrestlers, cards and titles never change promotion, so
# the look-ups through them are remembered per process.


@lru_cache(maxsize=4096)
def _promotion_of_wrestler(wrestler_id):
    from roster.models import Wrestler

    return Wrestler.objects.filter(pk=wrestler_id).values_list("promotion_id", flat=True).first()


@lru_cache(maxsize=4096)
def _promotion_of_card(card_id):
    from matches.models import Card

    return Card.objects.filter(pk=card_id).values_list("promotion_id", flat=True).first()


@lru_cache(maxsize=1024)
def _promotion_of_title(title_id):
    from promotion.models import Title

    return Title.objects.filter(pk=title_id).values_list("promotion_id", flat=True).first()


def _promotions_of_user(user):
    from promotion.models import Membership
    from roster.models import Wrestler

    ids = set(Membership.objects.filter(user=user).values_list("promotion_id", flat=True))
    return ids | set(Wrestler.objects.filter(owner=user).values_list("promotion_id", flat=True).distinct())


PROMOTION_OF = {
    # model label: instance -> promotion id
    "promotion.Promotion": lambda obj: obj.pk,
    "promotion.Membership": lambda obj: obj.promotion_id,  # who may see and do what: pages and kept() rows
    "promotion.Referee": lambda obj: obj.promotion_id,
    "promotion.Title": lambda obj: obj.promotion_id,
    "promotion.TitleReign": lambda obj: _promotion_of_title(obj.title_id),
    "promotion.WeekLog": lambda obj: obj.promotion_id,
    "promotion.ContenderSnapshot": lambda obj: _promotion_of_title(obj.title_id),
    "roster.Wrestler": lambda obj: obj.promotion_id,
    "roster.Injury": lambda obj: _promotion_of_wrestler(obj.wrestler_id),
    "matches.Card": lambda obj: obj.promotion_id,
    "matches.Match": lambda obj: _promotion_of_card(obj.card_id),
    "matches.MatchParticipant": lambda obj: _promotion_of_card(obj.card_id),
}


def _deleted_with_its_promotion(origin):
    """A row deleted because its whole promotion is: the promotion's own signal bumps once for all of them."""
    from promotion.models import Promotion

    return isinstance(origin, Promotion) or getattr(origin, "model", None) is Promotion


def _on_save(sender, instance, **kwargs):
    if sender._meta.label == "promotion.Promotion":
        remember_slug(instance.slug, instance.pk)  # a new promotion may take the slug another one had
    bump_now_and_on_commit(PROMOTION_OF[sender._meta.label](instance))


def _on_delete(sender, instance, origin=None, **kwargs):
    if sender._meta.label != "promotion.Promotion" and _deleted_with_its_promotion(origin):
        return
    bump_now_and_on_commit(PROMOTION_OF[sender._meta.label](instance))


def _on_holders_changed(sender, instance, action, reverse, pk_set, **kwargs):
    if action not in ("post_add", "post_remove", "post_clear"):
        return
    if not reverse:  # reign.holders.set(...)
        bump_now_and_on_commit(_promotion_of_title(instance.title_id))
    else:  # wrestler.reigns.add(...)
        bump_now_and_on_commit(instance.promotion_id)


def _on_user_saved(sender, instance, created, update_fields=None, raw=False, **kwargs):
    """Usernames show on the roster ("owner") and the wrestler page; a log-in (last_login) changes nothing shown."""
    if raw or created or (update_fields is not None and set(update_fields) <= {"last_login", "password"}):
        return
    for promotion_id in _promotions_of_user(instance):
        bump_now_and_on_commit(promotion_id)


def _on_user_deleting(sender, instance, **kwargs):
    """His wrestlers become the house's (SET_NULL, an UPDATE without signal): read where before they change."""
    for promotion_id in _promotions_of_user(instance):
        bump_now_and_on_commit(promotion_id)


def connect():
    from django.apps import apps
    from django.contrib.auth import get_user_model
    from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete

    for label in PROMOTION_OF:
        model = apps.get_model(label)
        post_save.connect(_on_save, sender=model, dispatch_uid=f"pagecache-save-{label}")
        post_delete.connect(_on_delete, sender=model, dispatch_uid=f"pagecache-delete-{label}")
    TitleReign = apps.get_model("promotion.TitleReign")  # noqa: N806
    m2m_changed.connect(_on_holders_changed, sender=TitleReign.holders.through, dispatch_uid="pagecache-holders")
    post_save.connect(_on_user_saved, sender=get_user_model(), dispatch_uid="pagecache-user")
    pre_delete.connect(_on_user_deleting, sender=get_user_model(), dispatch_uid="pagecache-user-delete")
