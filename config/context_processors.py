def kayfabe(request):
    """The mode for the footer, and the signed-in user's unread notices for the navigation (one query)."""
    from django.conf import settings

    unread = 0
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        from promotion.models import Notice

        unread = Notice.objects.filter(user=user, read=False).count()
    return {"kayfabe_mode": settings.KAYFABE_MODE, "unread_notices": unread}
