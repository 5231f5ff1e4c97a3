def kayfabe(request):
    """The mode for the footer, and the signed-in user's unread notices for the navigation (kept in the cache:
    promotion/notices.py)."""
    from django.conf import settings

    from promotion.notices import unread_count

    user = getattr(request, "user", None)
    unread = unread_count(user) if user is not None else 0
    return {"kayfabe_mode": settings.KAYFABE_MODE, "unread_notices": unread}
