"""Advance a promotion's week from the command line (what the owner's button and Celery beat do)."""

from django.core.management.base import BaseCommand, CommandError

from promotion.league import AlreadyAdvanced, advance_week
from promotion.models import Promotion


class Command(BaseCommand):
    help = "End the current week of a promotion: heal injuries, count suspensions down, refresh the rankings."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        promotion = Promotion.objects.filter(slug=slug).first()
        if promotion is None:
            raise CommandError(f"slug: no promotion called {slug!r}")
        try:
            log = advance_week(promotion=promotion)
        except AlreadyAdvanced as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Week {log.week} ended: {len(log.healed)} healed, {len(log.returned)} back in action.")
