"""What uvicorn serves: Django's ASGI application (config/asgi.py) behind the request body limit
(``config.limits.BodyLimit``). docker-compose.yml, the Dockerfile, ``make run`` and the tests serve this."""

from config.asgi import application as django_application
from config.limits import BodyLimit

application = BodyLimit(django_application)
