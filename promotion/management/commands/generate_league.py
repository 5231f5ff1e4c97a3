"""Generate a large league for benchmarks: deterministic (seeded), bulk-inserted, events left out.

python manage.py generate_league --wrestlers 100000 --matches 100000 --seed 1
"""

import random
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from matches.models import Card, CardStatus, Match, MatchParticipant, MatchStatus
from promotion.models import Membership, Promotion, Role, Title, TitleReign
from roster.healing import weekly_heal
from roster.models import Injury, Wrestler
from rules import get_ruleset, ruleset_ids

BATCH = 5000
METHODS = ["pinfall"] * 6 + ["submission"] * 2 + ["knockout", "disqualification", "count-out", "draw"]


class Command(BaseCommand):
    help = "Create a generated league (a promotion with many wrestlers and finished matches) for benchmarks."

    def add_arguments(self, parser):
        parser.add_argument("--wrestlers", type=int, default=10_000)
        parser.add_argument("--matches", type=int, default=100_000)
        parser.add_argument("--seed", type=int, default=1)
        ids = ruleset_ids()
        parser.add_argument("--ruleset", choices=ids, default=ids[0], help="default: the first registered, by id")
        parser.add_argument("--injured", type=float, default=0.3, help="share of wrestlers with injuries")
        parser.add_argument("--slug", default=None, help="default: generated-<seed>")

    def handle(self, *args, wrestlers, matches, seed, ruleset, injured, slug, **options):
        if wrestlers < 4:
            raise CommandError("wrestlers: at least 4")
        if matches < 0:
            raise CommandError("matches: must not be negative")
        slug = slug or f"generated-{seed}"
        if Promotion.objects.filter(slug=slug).exists():
            raise CommandError(f"slug: {slug} exists; delete it first or pass --slug")
        rng = random.Random(seed)  # noqa: S311 - benchmark data
        started = time.perf_counter()
        rules = get_ruleset(ruleset)
        templates = [rules.example_sheet(seed=seed * 100 + n) for n in range(16)]
        with transaction.atomic():
            owner, _ = get_user_model().objects.get_or_create(username="generator")
            promotion = Promotion.objects.create(
                name=f"Generated League {seed}", slug=slug, ruleset=ruleset, created_by=owner, book_injured=True
            )
            Membership.objects.create(promotion=promotion, user=owner, role=Role.OWNER)
            rows = []
            for n in range(wrestlers):
                sheet = dict(templates[n % len(templates)])
                sheet["name"] = f"Generated {n:06d}"
                if "attributes" in sheet and "STA" in sheet["attributes"]:
                    sheet["attributes"] = dict(sheet["attributes"], STA=rng.randint(5, 16))
                rows.append(
                    Wrestler(
                        promotion=promotion,
                        ring_name=sheet["name"],
                        alignment=rng.choice(["face", "heel"]),
                        sheet=sheet,
                        prestige=rng.randint(0, 600),
                        fame=rng.randint(100, 800),
                        weekly_heal=weekly_heal(ruleset, sheet),
                    )
                )
            created = Wrestler.objects.bulk_create(rows, batch_size=BATCH)
            ids = [w.pk for w in created]
            parts = [key for key, _label in rules.injury_areas()]
            injuries = []
            for wid in ids:
                if parts and rng.random() < injured:
                    for part in rng.sample(parts, rng.randint(1, min(3, len(parts)))):
                        injuries.append(Injury(wrestler_id=wid, body_part=part, points=rng.randint(1, 12)))
            Injury.objects.bulk_create(injuries, batch_size=BATCH)
            Wrestler.objects.filter(promotion=promotion, injuries__isnull=False).update(status="injured")
            for name in ("World Title", "Television Title", "Tag Team Titles"):
                title = Title.objects.create(
                    promotion=promotion, name=name, division="tag" if "Tag" in name else "singles"
                )
                reign = TitleReign.objects.create(title=title, number=1, won_week=1, won_method="awarded")
                reign.holders.set(rng.sample(ids, 2 if title.division == "tag" else 1))
            per_card = max(1, min(50, wrestlers // 2))
            week = 1
            made = 0
            while made < matches:
                card = Card.objects.create(
                    promotion=promotion, name=f"Week {week} show", week=week, status=CardStatus.FINISHED
                )
                count = min(per_card, matches - made)
                people = rng.sample(ids, 2 * count)
                batch = [
                    Match(
                        card=card,
                        order=i + 1,
                        status=MatchStatus.FINISHED,
                        method=(m := rng.choice(METHODS)),
                        winner_side=None if m == "draw" else rng.randint(0, 1),
                        rounds=rng.randint(5, 60),
                        result_text="Generated result",
                        seed=rng.randrange(2**31),
                    )
                    for i in range(count)
                ]
                Match.objects.bulk_create(batch)
                MatchParticipant.objects.bulk_create(
                    [
                        MatchParticipant(match=m, card=card, side=s, wrestler_id=people[2 * i + s])
                        for i, m in enumerate(batch)
                        for s in (0, 1)
                    ]
                )
                made += count
                week += 1
            promotion.current_week = week
            promotion.save(update_fields=["current_week"])
        from django.db import connection

        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")  # fresh statistics after a bulk load, as autovacuum would give later
        self.stdout.write(
            f"{slug}: {wrestlers} wrestlers ({len(injuries)} injuries), {matches} matches over {week - 1} weeks "
            f"in {time.perf_counter() - started:.1f} s"
        )
