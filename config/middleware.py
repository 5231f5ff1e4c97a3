"""Rate limits for writes, so that one client cannot hammer log-in or the booking pages.

Log-in posts are limited per IP (``RATELIMIT_LOGIN``); every other unsafe request per signed-in user, or per IP
for anonymous ones (``RATELIMIT_WRITES``). Over the limit the answer is 429 with a plain reason.
"""

from django.conf import settings
from django.http import HttpResponse
from django_ratelimit.core import is_ratelimited

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


def _user_or_ip(group, request):
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"ip:{request.META.get('REMOTE_ADDR', '')}"


class RateLimitWrites:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in SAFE_METHODS and self._limited(request):
            response = HttpResponse(
                "Too many requests: slow down and try again in a minute.", status=429, content_type="text/plain"
            )
            response["Retry-After"] = "60"
            return response
        return self.get_response(request)

    def _limited(self, request):
        if request.path.startswith("/accounts/login/"):
            return is_ratelimited(request, group="login", key="ip", rate=settings.RATELIMIT_LOGIN, increment=True)
        return is_ratelimited(request, group="writes", key=_user_or_ip, rate=settings.RATELIMIT_WRITES, increment=True)
