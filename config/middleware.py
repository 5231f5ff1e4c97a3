"""The request-path guards that are plain Django middleware (settings.MIDDLEWARE):

- ``RequestBodyLimit``: a body whose ``Content-Length`` is over ``KAYFABE_MAX_REQUEST_BYTES`` is refused with 413
  before anything reads it (the ASGI server's guard, ``config.limits.BodyLimit``, stops undeclared and chunked bodies
  while they arrive; this one covers the WSGI entry point and the test client).
- ``RateLimitWrites``: log-in posts (``/accounts/login/`` and ``/admin/login/``) are limited per client address
  (``RATELIMIT_LOGIN``) and per account named (``RATELIMIT_LOGIN_ACCOUNT``), so neither a new address per guess nor
  a new account per guess gets far; every other unsafe request per signed-in user, or per address for anonymous ones
  (``RATELIMIT_WRITES``). Over a limit the answer is 429 with a plain reason. The client address is ``REMOTE_ADDR``
  as the server sets it: uvicorn takes it from ``X-Forwarded-For`` only for a connection from an address in
  ``FORWARDED_ALLOW_IPS`` (docker-compose.yml, README).
- ``SecurityHeaders``: the Content-Security-Policy (``KAYFABE_CSP``) on every answer, and ``Cache-Control: private``
  on every answer to a signed-in user, so no shared cache keeps one user's page for another.
"""

from functools import cache

from django.conf import settings
from django.http import HttpResponse
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django_ratelimit.core import is_ratelimited

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


def _user_or_ip(group, request):
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"ip:{request.META.get('REMOTE_ADDR', '')}"


def _account(group, request):
    """The account a log-in post names, as the database compares names (case-insensitive)."""
    return "account:" + request.POST.get("username", "").strip().lower()[:150]


@cache
def login_paths():
    return frozenset((reverse("login"), reverse("admin:login")))


@cache
def unlimited_paths():
    """Writes never limited: logging out must work even while the counters (Redis) cannot be read."""
    return frozenset((reverse("logout"),))


def _too_many():
    # Also the answer while Redis is unreachable (the limits fail closed: docs/security.md), hence the wording.
    response = HttpResponse(
        "Too many requests right now (or our request counter is briefly unavailable): try again in a minute.",
        status=429,
        content_type="text/plain",
    )
    response["Retry-After"] = "60"
    return response


class RateLimitWrites:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in SAFE_METHODS and request.path not in unlimited_paths() and self._limited(request):
            return _too_many()
        return self.get_response(request)

    def _limited(self, request):
        if request.path in login_paths():
            # Both counters move on every attempt, so one that is over cannot be reset by varying the other.
            by_address = is_ratelimited(request, group="login", key="ip", rate=settings.RATELIMIT_LOGIN, increment=True)
            by_account = is_ratelimited(
                request, group="login-account", key=_account, rate=settings.RATELIMIT_LOGIN_ACCOUNT, increment=True
            )
            return by_address or by_account
        return is_ratelimited(request, group="writes", key=_user_or_ip, rate=settings.RATELIMIT_WRITES, increment=True)


def body_too_large(limit):
    return HttpResponse(
        f"Request body too large: at most {limit} bytes.", status=413, content_type="text/plain; charset=utf-8"
    )


class RequestBodyLimit:
    """413 for a declared body over the limit, before the view (or Django's form parser) reads it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.KAYFABE_MAX_REQUEST_BYTES
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return HttpResponse("Content-Length must be a number.", status=400, content_type="text/plain")
        if declared > limit:
            return body_too_large(limit)
        return self.get_response(request)


class SecurityHeaders:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if settings.KAYFABE_CSP and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = settings.KAYFABE_CSP
        # Only a request with a session cookie can be signed in; not reading the session otherwise keeps
        # ``Vary: Cookie`` off the pages of visitors without one.
        user = getattr(request, "user", None)
        if settings.SESSION_COOKIE_NAME in request.COOKIES and user is not None and user.is_authenticated:
            patch_cache_control(response, private=True)
        return response
