"""ASGI entry point (uvicorn). Streaming (Server-Sent Events) needs ASGI: async views, no buffering."""

import logging
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
application = get_asgi_application()

from django.conf import settings  # noqa: E402

logging.getLogger("kayfabe").warning(settings.KAYFABE_MODE.describe())
