"""Create the configured Postgres database when it does not exist yet (used by `make run`)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Create the Postgres database named in DATABASE_URL if it is missing; print the mode."

    def handle(self, *args, **options):
        self.stdout.write(settings.KAYFABE_MODE.describe())
        db = settings.DATABASES["default"]
        if "postgresql" not in db["ENGINE"]:
            return
        import psycopg
        from psycopg import sql

        params = {
            "host": db.get("HOST") or None,
            "port": db.get("PORT") or None,
            "user": db.get("USER") or None,
            "password": db.get("PASSWORD") or None,
            "dbname": "postgres",
            "connect_timeout": 5,
        }
        try:
            with psycopg.connect(**{k: v for k, v in params.items() if v is not None}, autocommit=True) as conn:
                exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [db["NAME"]]).fetchone()
                if not exists:
                    conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(db["NAME"])))
                    self.stdout.write(f"Created database {db['NAME']}")
        except psycopg.Error as exc:
            raise CommandError(f"cannot reach Postgres at {db.get('HOST')}:{db.get('PORT')}: {exc}") from None
