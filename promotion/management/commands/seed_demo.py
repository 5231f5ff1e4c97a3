"""Load the demo league. Idempotent: running it twice changes nothing the second time."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from promotion.demo import DEMO_PASSWORD, DEMO_USERS, load_demo


class Command(BaseCommand):
    help = "Create the demo league: users, a promotion per ruleset, rosters (and more as features land)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="allow when DEBUG is off")

    def handle(self, *args, force=False, **options):
        if not settings.DEBUG and not force:
            raise CommandError("seed_demo creates accounts with a public password; use --force outside DEBUG")
        _, summary = load_demo()
        for promotion, count in summary:
            self.stdout.write(f"  {promotion.name} ({promotion.ruleset}): {count} wrestlers at /p/{promotion.slug}/")
            for card in promotion.cards.order_by("week", "pk"):
                self.stdout.write(f"    {card.name}: {card.matches.count()} matches at {card.get_absolute_url()}")
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for username, _, purpose in DEMO_USERS:
            self.stdout.write(f"  {username:<10} {purpose}")
