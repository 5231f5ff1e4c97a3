def kayfabe(request):
    from django.conf import settings

    return {"kayfabe_mode": settings.KAYFABE_MODE}
