"""Issue 18 item 9: `make run` in two checkouts on one machine keeps two leagues apart. The launcher names the
Postgres database, the Celery queue, the cache keys and the live channels after the checkout's folder (unless
DATABASE_URL names a database), and prints which database it uses."""

import os
import subprocess
import sys
from pathlib import Path

from config.modes import checkout_name, shown_url, with_database

ROOT = Path(__file__).resolve().parents[2]


def test_two_checkouts_get_two_names():
    assert checkout_name("/work/wt-week-home") == "wt_week_home"
    assert checkout_name("/work/main/") == "main"
    assert checkout_name("/home/lou/Kayfabe Fork (2)") == "kayfabe_fork__2"
    assert checkout_name("/") == "main"
    assert checkout_name("/work/wt-week-home") != checkout_name("/work/wt-week-roster")


def test_the_database_is_renamed_and_a_password_never_printed():
    url = "postgres://postgres@127.0.0.1:5432/kayfabe"
    assert with_database(url, "kayfabe_wt_week_home") == "postgres://postgres@127.0.0.1:5432/kayfabe_wt_week_home"
    assert shown_url("postgres://lou:s3cret@db:5432/k") == "postgres://lou:***@db:5432/k"
    assert shown_url(url) == url


def settings_of(instance):
    """The local settings `make run` gives its children, read in a fresh interpreter."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.local", "KAYFABE_INSTANCE": instance}
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.CELERY_TASK_DEFAULT_QUEUE, s.KAYFABE_CHANNEL_PREFIX, s.CACHES['default'].get('KEY_PREFIX'))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_the_queue_cache_and_channels_follow_the_checkout():
    env_redis = os.environ.get("REDIS_URL")
    queue, channels, prefix = settings_of("wt_week_home")
    assert queue == "kayfabe-wt_week_home" and channels == "kayfabe:wt_week_home"
    if env_redis:  # the cache is Redis only with a broker; in memory it is this process's own anyway
        assert prefix == "wt_week_home"
    assert settings_of("wt_week_roster")[0] == "kayfabe-wt_week_roster"
