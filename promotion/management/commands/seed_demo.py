"""Load the demo league. Idempotent: running it twice changes nothing the second time."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

DEMO_PASSWORD = "kayfabe-demo"  # noqa: S105 - printed to the person running `make run`
DEMO_USERS = [
    # username, is_superuser, what they are for
    ("admin", True, "site admin (Django admin)"),
    ("promoter", False, "runs the demo promotions"),
    ("player1", False, "owns wrestlers"),
    ("player2", False, "owns wrestlers"),
]


class Command(BaseCommand):
    help = "Create the demo league (users now; promotions, rosters and cards as those features land)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="allow when DEBUG is off")

    @transaction.atomic
    def handle(self, *args, force=False, **options):
        if not settings.DEBUG and not force:
            raise CommandError("seed_demo creates accounts with a public password; use --force outside DEBUG")
        User = get_user_model()
        for username, superuser, _ in DEMO_USERS:
            user, created = User.objects.get_or_create(
                username=username,
                defaults={"is_superuser": superuser, "is_staff": superuser, "email": f"{username}@example.com"},
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save(update_fields=["password"])
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for username, _, purpose in DEMO_USERS:
            self.stdout.write(f"  {username:<10} {purpose}")
