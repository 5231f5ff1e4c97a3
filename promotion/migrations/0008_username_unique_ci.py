"""Usernames are unique regardless of case: a unique index on lower(username) of Django's auth_user table.

Django's User model is not ours to change, so the index is created here, by the app whose sign-up form creates
accounts. The same SQL works on Postgres and on SQLite (embedded mode): both support unique indexes on an
expression. A database that already holds two names differing only by case fails this migration, naming them;
rename one (``manage.py shell``) and migrate again."""

from django.db import migrations

INDEX = "auth_user_username_lower_unique"


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("promotion", "0007_promotion_house_rules"),
    ]

    operations = [
        migrations.RunSQL(
            sql=f"CREATE UNIQUE INDEX {INDEX} ON auth_user (lower(username))",
            reverse_sql=f"DROP INDEX IF EXISTS {INDEX}",
        ),
    ]
