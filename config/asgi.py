"""ASGI entry point (uvicorn): Django's own handler behind one plain ASGI wrapper, the request body limit
(``config.limits.BodyLimit``: Django's handler reads a whole body before any middleware runs). Streaming
(Server-Sent Events) needs ASGI: async views, no buffering. More throughput comes from more processes
(``uvicorn --workers N``), not from changing the handler."""

import logging
import os

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

from config.limits import BodyLimit  # noqa: E402 - after the settings module is named

application = BodyLimit(get_asgi_application())

logging.getLogger("kayfabe").warning(settings.KAYFABE_MODE.describe())
