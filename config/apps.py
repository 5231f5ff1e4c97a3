from django.apps import AppConfig


class PageCacheConfig(AppConfig):
    """Connects the page cache's invalidation signals (config/pagecache.py) in every process: web, worker, beat,
    management commands."""

    name = "config"
    label = "kayfabe_pages"
    verbose_name = "Page cache"

    def ready(self):
        from config import pagecache

        pagecache.connect()
