"""Write a promotion's open data as JSON (schema: docs/export.md)."""

import json

from django.core.management.base import BaseCommand, CommandError

from promotion.export import export_promotion
from promotion.models import Promotion


class Command(BaseCommand):
    help = "Export a promotion (roster, titles and reigns, cards, matches) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args, slug, output=None, **options):
        promotion = Promotion.objects.filter(slug=slug).first()
        if promotion is None:
            raise CommandError(f"slug: no promotion called {slug!r}")
        text = json.dumps(export_promotion(promotion), indent=2, ensure_ascii=False)
        if output:
            try:
                with open(output, "w", encoding="utf-8") as fh:
                    fh.write(text + "\n")
            except OSError as exc:
                raise CommandError(f"output: cannot write {output}: {exc.strerror}") from None
        else:
            self.stdout.write(text)
