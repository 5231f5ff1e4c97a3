"""ASGI entry point (uvicorn): Django's own handler. Streaming (Server-Sent Events) needs ASGI: async views, no
buffering. More throughput comes from more processes (``uvicorn --workers N``), not from changing the handler."""

import logging
import os

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

application = get_asgi_application()

logging.getLogger("kayfabe").warning(settings.KAYFABE_MODE.describe())
