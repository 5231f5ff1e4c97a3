"""The demo league `make run` loads: one promotion per ruleset, a promoter, two players and their rosters.

Idempotent: every object is looked up by a natural key first, so loading twice changes nothing."""

from django.contrib.auth import get_user_model
from django.db import transaction

from promotion.models import Membership, MembershipStatus, Promotion, Role
from roster.models import Approval, Wrestler
from rules import get_ruleset

DEMO_PASSWORD = "kayfabe-demo"  # noqa: S105 - printed to the person running `make run`
DEMO_USERS = [
    # username, is_superuser, what they are for
    ("admin", True, "site admin (Django admin)"),
    ("promoter", False, "owns and books the three demo promotions"),
    ("player1", False, "player: owns wrestlers in every demo promotion"),
    ("player2", False, "player: owns wrestlers in every demo promotion"),
]

PROMOTIONS = [
    ("arm", "Ring Masters Alliance", "rma"),
    ("hp-d6", "Six-Sided Slam", "six-sided-slam"),
    ("wildknight", "Wild World Weekly", "wild-world-weekly"),
]

NAMES = {
    "arm": [
        "Rick Steel",
        "Dusty Rhodes Jr.",
        "The Masked Marvel",
        "Big Sal Valenti",
        "Kid Cyclone",
        "Hacksaw Harlan",
        "Lady Vendetta",
        "Professor Pain",
        "Tommy Tornado",
        "The Iron Sheik-ah",
        "Magnum Moore",
        "Crusher Kowalski",
        "Flyin' Brian Bell",
        "Mean Gene Machine",
        "Sister Sledge",
        "Ox Oxford",
    ],
    "hp-d6": [
        "Jake the Snake Eyes",
        "Macho Mandy",
        "Hulk Hoagie",
        "The Ultimate Roller",
        "Million Dollar Die",
        "Bret the Hitman Hart",
        "Razor Rollin",
        "Papa Shango Six",
    ],
    "wildknight": [
        "Rowdy Rex Rampage",
        "Stone Cold Steve Knight",
        "Lita Lightning",
        "Goldberg Gauntlet",
        "The Rattler",
        "Captain Chaos",
        "Miss Mayhem",
        "Big Ben Brawn",
    ],
}


def _user(username, superuser):
    User = get_user_model()
    user, created = User.objects.get_or_create(
        username=username,
        defaults={"is_superuser": superuser, "is_staff": superuser, "email": f"{username}@example.com"},
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user


@transaction.atomic
def load_demo():
    """Create the demo league; return a summary of what it holds."""
    users = {username: _user(username, superuser) for username, superuser, _ in DEMO_USERS}
    promoter = users["promoter"]
    players = [None, users["player1"], users["player2"]]  # None: a house wrestler
    summary = []
    for ruleset_id, name, slug in PROMOTIONS:
        promotion, _ = Promotion.objects.get_or_create(
            slug=slug,
            defaults={
                "name": name,
                "ruleset": ruleset_id,
                "created_by": promoter,
                "description": f"The {ruleset_id} demo promotion.",
            },
        )
        Membership.objects.get_or_create(
            promotion=promotion, user=promoter, defaults={"role": Role.OWNER, "status": MembershipStatus.ACTIVE}
        )
        for player in players[1:]:
            Membership.objects.get_or_create(
                promotion=promotion, user=player, defaults={"role": Role.PLAYER, "status": MembershipStatus.ACTIVE}
            )
        ruleset = get_ruleset(ruleset_id)
        for n, ring_name in enumerate(NAMES[ruleset_id]):
            if Wrestler.objects.filter(promotion=promotion, ring_name=ring_name).exists():
                continue
            sheet = ruleset.example_sheet(seed=1000 + n) if n else ruleset.example_sheet()
            sheet["name"] = ring_name
            sheet = ruleset.validate_sheet(sheet)
            wrestler = Wrestler(
                promotion=promotion,
                owner=players[n % 3],
                ring_name=ring_name,
                alignment=sheet.get("alignment", "face"),
                sheet=sheet,
                approval=Approval.APPROVED,
                fame=sheet.get("fame", 100 + 25 * n) if isinstance(sheet.get("fame"), int) else 100 + 25 * n,
                prestige=sheet.get("prestige", 0) if isinstance(sheet.get("prestige"), int) else 0,
            )
            for key, column in (("weight", "weight_lb"), ("height", "height_in")):
                if isinstance(sheet.get(key), int):
                    setattr(wrestler, column, sheet[key])
            wrestler.full_clean()
            wrestler.save()
        summary.append((promotion, promotion.wrestlers.count()))
    return users, summary
