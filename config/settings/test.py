"""Test settings: real Postgres and real Redis (make test starts them)."""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/kayfabe")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
os.environ.setdefault("CACHE_URL", "redis://127.0.0.1:6379/15")

from config.settings.base import *  # noqa: E402, F403

SECRET_KEY = "kayfabe-tests-not-secret"  # noqa: S105  # nosec B105
DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# One test database and one Celery queue per test run, so that runs on one machine (several developers, or
# CI beside a developer) never share rows or tasks. Child processes (worker, ASGI server) inherit the names.
_RUN = os.environ.setdefault("KAYFABE_TEST_RUN", str(os.getpid()))
DATABASES["default"]["TEST"] = {"NAME": f"test_kayfabe_{_RUN}"}  # noqa: F405
CELERY_TASK_DEFAULT_QUEUE = f"kayfabe-test-{_RUN}"
CACHES["default"]["KEY_PREFIX"] = f"test-{_RUN}"  # noqa: F405
CACHES["ratelimit"]["KEY_PREFIX"] = f"test-{_RUN}-ratelimit"  # noqa: F405
# Tests run tasks for real: either directly, or through the real worker fixture.
CELERY_TASK_ALWAYS_EAGER = False
# Tests do not run collectstatic: whitenoise serves straight from the app and project static folders.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Short leases so that fault tests see a dead worker's match taken over within seconds.
KAYFABE_MATCH_LEASE_SECONDS = 3
# A chance to win after every round of every aired match: few continuations, the suite's CPU is shared.
KAYFABE_WIN_SIMS = int(os.environ.get("KAYFABE_WIN_SIMS", "12"))
# Tests log in and post far faster than people; tests/security/test_rate_limits.py sets the real limits.
RATELIMIT_LOGIN = os.environ.get("RATELIMIT_LOGIN", "10000/m")
RATELIMIT_LOGIN_ACCOUNT = os.environ.get("RATELIMIT_LOGIN_ACCOUNT", "10000/m")
RATELIMIT_WRITES = os.environ.get("RATELIMIT_WRITES", "100000/m")
# Many viewers of one match come from 127.0.0.1 in the streaming tests; tests/security sets the cap it tests.
KAYFABE_STREAMS_PER_CLIENT = int(os.environ.get("STREAMS_PER_CLIENT", "10000"))
