"""Development settings: what `make run` uses."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env

DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY = SECRET_KEY or "kayfabe-local-development-only-not-secret"  # noqa: F405

# `make run` names its database, queue, cache keys and live channels after the checkout (config/launcher.py), so
# that two checkouts on one machine, sharing one Postgres and one Redis, keep two leagues apart.
INSTANCE = env.str("KAYFABE_INSTANCE", default="")
if INSTANCE:
    CELERY_TASK_DEFAULT_QUEUE = f"kayfabe-{INSTANCE}"
    KAYFABE_CHANNEL_PREFIX = f"kayfabe:{INSTANCE}"
    CACHES["default"]["KEY_PREFIX"] = INSTANCE  # noqa: F405
    CACHES["ratelimit"]["KEY_PREFIX"] = f"{INSTANCE}-ratelimit"  # noqa: F405
