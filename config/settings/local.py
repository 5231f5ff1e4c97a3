"""Development settings: what `make run` uses."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env

DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY = SECRET_KEY or "kayfabe-local-development-only-not-secret"  # noqa: F405
