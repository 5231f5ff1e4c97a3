"""Settings shared by every environment. Everything that differs comes from the environment."""

from pathlib import Path

import environ

from config.modes import ConfigurationError, cache_url, detect

BASE_DIR = Path(__file__).resolve().parents[2]
env = environ.Env()

try:
    DEBUG = env.bool("DEBUG", default=False)
except Exception as exc:  # noqa: BLE001 - any parse failure is a configuration error
    raise ConfigurationError(f"DEBUG: {exc}") from None
SECRET_KEY = env.str("SECRET_KEY", default="")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

(BASE_DIR / "var").mkdir(exist_ok=True)
KAYFABE_MODE = detect(sqlite_path=env.str("SQLITE_PATH", default=str(BASE_DIR / "var" / "kayfabe.sqlite3")))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "django_ratelimit",
    "template_partials",
    "roster",
    "promotion",
    "matches",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.RequestBodyLimit",  # 413 for a declared body over KAYFABE_MAX_REQUEST_BYTES, before it is read
    "config.unavailable.DatabaseUnavailable",  # database unreachable: 503 "back in a moment", never a 500
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.middleware.SecurityHeaders",  # Content-Security-Policy; Cache-Control: private for signed-in users
    "config.middleware.RateLimitWrites",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.kayfabe",
            ],
        },
    },
]

try:
    DATABASES = {"default": env.db_url_config(KAYFABE_MODE.database_url)}
except Exception as exc:  # noqa: BLE001
    raise ConfigurationError(f"DATABASE_URL is malformed: {exc}") from None
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if KAYFABE_MODE.embedded_database:
    DATABASES["default"]["OPTIONS"] = {"timeout": 20}
else:
    # A connection pool per process (psycopg_pool): a live page holds a request open for minutes, so connections
    # must be borrowed per query, not per request, or a few hundred viewers would exhaust Postgres.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # The pool checks a connection before lending it: after Postgres restarts, its idle connections are dead, and
    # without the check each would fail one request or task (tests/integration/test_faults_postgres.py).
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"]["OPTIONS"] = {
        "pool": {
            "min_size": env.int("DB_POOL_MIN", default=1),
            "max_size": env.int("DB_POOL_MAX", default=16),
            "timeout": env.int("DB_POOL_TIMEOUT", default=30),
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
if env.str("EMAIL_URL", default=""):
    vars().update(env.email_url("EMAIL_URL"))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Kayfabe <noreply@localhost>")

# Redis: Celery broker and live pub/sub (REDIS_URL), and the cache in a database of its own (CACHE_URL, by default
# the broker's next database), where every key expires: a Redis that evicts only keys with a TTL (volatile-*) can
# drop cache keys under memory pressure and never the broker's queues. Embedded mode: local memory, tasks in-process.
REDIS_URL = KAYFABE_MODE.broker_url
if REDIS_URL:
    CACHE_URL = cache_url(REDIS_URL)
    # django-redis. IGNORE_EXCEPTIONS: Redis unreachable is a miss (reads) or a dropped write, logged, never a 500;
    # short socket timeouts keep pages moving meanwhile. What the app keeps there can all be recomputed: the
    # odds requests' dedup keys, the unread counts, the rate-limit counters (for those, see RATELIMIT_FAIL_OPEN).
    REDIS_CACHE_OPTIONS = {"SOCKET_CONNECT_TIMEOUT": 1, "SOCKET_TIMEOUT": 2, "IGNORE_EXCEPTIONS": True}
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": CACHE_URL,
            "TIMEOUT": 300,
            "OPTIONS": REDIS_CACHE_OPTIONS,
        },
        "ratelimit": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "ratelimit",
            "TIMEOUT": 300,
            "OPTIONS": REDIS_CACHE_OPTIONS,
        },
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True  # an outage shows in the logs, not as errors on pages
else:
    CACHE_URL = None
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "ratelimit": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "ratelimit"},
    }

# Celery (config/celery_app.py reads every CELERY_* setting).
# The Redis pub/sub channels of live pages start with this (config/settings/local.py names it after the checkout).
KAYFABE_CHANNEL_PREFIX = "kayfabe"
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = REDIS_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Live matches go to the default queue; odds and the chance-to-win lines to queues of their own beside it, worked
# by a worker of its own, so that a card going live never waits behind the odds that booking it enqueued
# (config/celery_app.route_background_work; docs/live.md, "Queues").
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = ("config.celery_app.route_background_work",)
CELERY_TASK_TIME_LIMIT = 15 * 60
CELERY_TASK_SOFT_TIME_LIMIT = 14 * 60
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A task not acknowledged within the visibility timeout is redelivered to another worker. "priority": a worker given
# several queues (-Q a,b) takes a task from b only when a is empty (kombu's Redis transport option), so the odds
# worker works a new booking's odds before the replay lines queued ahead of them.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 30 * 60, "queue_order_strategy": "priority"}
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Publishing (going live) waits at most about a second for a broker that is down; the sweeper retries later.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}
CELERY_BEAT_SCHEDULE = {
    # With the lease below, a viewer of a match whose worker died waits at most a lease plus this (docs/live.md).
    "sweep-stuck-cards": {"task": "matches.sweep_stuck_cards", "schedule": 5.0},
    "advance-due-weeks": {"task": "promotion.advance_due_weeks", "schedule": 3600.0},
}
# A worker running a match renews its lease every third of it (between events, and while it waits out the pace); a
# match whose lease ran out is taken over by the sweeper. Shorter means a viewer waits less after a worker dies;
# the renewals (one UPDATE each) keep a live worker's match from ever looking abandoned.
KAYFABE_MATCH_LEASE_SECONDS = env.int("KAYFABE_MATCH_LEASE_SECONDS", default=15)
# Continuations a point of a live match's chance to win (matches/win_probability.py); 0 turns the plot off.
KAYFABE_WIN_SIMS = env.int("KAYFABE_WIN_SIMS", default=200)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}

# Rate limits (django-ratelimit, counted in the cache: Redis in full mode). Log-in attempts per IP; every other
# write (booking, editing) per signed-in user or IP. See config/middleware.py.
RATELIMIT_USE_CACHE = "ratelimit"
# Fail closed: a count the cache cannot give (Redis unreachable: django-redis answers nothing) refuses the request
# (429) rather than let it through, so nobody can guess passwords at full speed by making Redis unreachable. Until
# Redis is back, log-in and every other limited write are refused (docs/security.md, "Rate limits").
RATELIMIT_FAIL_OPEN = False
RATELIMIT_LOGIN = env.str("RATELIMIT_LOGIN", default="10/m")
# Log-in attempts naming one account, from any address: a guesser with many addresses still gets this many an hour.
RATELIMIT_LOGIN_ACCOUNT = env.str("RATELIMIT_LOGIN_ACCOUNT", default="30/h")
RATELIMIT_WRITES = env.str("RATELIMIT_WRITES", default="120/m")
SILENCED_SYSTEM_CHECKS = []
if KAYFABE_MODE.broker_url is None:
    # Embedded mode is one process, so a local-memory cache counts correctly.
    SILENCED_SYSTEM_CHECKS += ["django_ratelimit.E003", "django_ratelimit.W001"]

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
# Sessions live in the database only: a log-out or a password change ends them at once (docs/security.md).
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Request bodies: the largest accepted, in bytes (config/limits.py stops a longer one as it arrives, 413). Django's own
# form limits are set to the same, so nothing under it is refused by the form parser and nothing over it is spooled.
KAYFABE_MAX_REQUEST_BYTES = env.int("MAX_REQUEST_BYTES", default=1024 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = KAYFABE_MAX_REQUEST_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = KAYFABE_MAX_REQUEST_BYTES
# Live streams (Server-Sent Events) one client address may hold open in one web process (config/limits.py).
KAYFABE_STREAMS_PER_CLIENT = env.int("STREAMS_PER_CLIENT", default=20)
# Content-Security-Policy of every page (config/middleware.py). Scripts only from our own static files (no inline
# script, no eval), styles only from our files (no inline style: bars and meters are SVG, htmx's indicator styles
# are in our CSS); nothing framed, no plugins, forms post only to us.
KAYFABE_CSP = env.str(
    "CONTENT_SECURITY_POLICY",
    default=(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
        "frame-ancestors 'none'"
    ),
)
