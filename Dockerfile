FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=config.settings.production
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN SECRET_KEY=build-only-collectstatic-key-not-used-at-runtime-0123456789abcdef ALLOWED_HOSTS=build \
    KAYFABE_MODE=embedded DATABASE_URL=sqlite:////tmp/build.sqlite3 python manage.py collectstatic --no-input -v 0
RUN useradd --create-home kayfabe
USER kayfabe
EXPOSE 8000
CMD ["uvicorn", "config.server:application", "--host", "0.0.0.0", "--port", "8000", "--proxy-headers"]
