"""The demo league `make run` loads: one promotion per ruleset, a promoter, two players and their rosters;
in each promotion a referee crew, three titles with champions (awarded) and a booked card of eight matches.

Idempotent: every object is looked up by a natural key first, so loading twice changes nothing."""

from django.contrib.auth import get_user_model
from django.db import transaction

from promotion import titles
from promotion.models import (
    Division,
    LedgerReason,
    Membership,
    MembershipStatus,
    PrestigeEntry,
    Promotion,
    Referee,
    Role,
    Title,
)
from roster.healing import weekly_heal
from roster.models import Approval, Wrestler
from rules import get_ruleset

DEMO_PASSWORD = "kayfabe-demo"  # noqa: S105  # nosec B105
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
        "Gorgeous Gil Garrison",
        "Brother Bruno",
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
        "Double Down Dino",
        "Craps Carmichael",
        "Boxcar Bertha",
        "Loaded Lou",
        "Snake Eyes Sheila",
        "Yahtzee Yamamoto",
        "Sixpack Stan",
        "The Pip Counter",
        "High Roller Hank",
        "Lucky Lucy Seven",
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
        "Sir Suplex",
        "Dame Dropkick",
        "The Black Knight",
        "Lance Lariat",
        "Merlin the Mauler",
        "Green Knight Gwen",
        "Squire Slam",
        "Percival Piledriver",
        "Morgana Moonsault",
        "Galahad Grappler",
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
                weekly_heal=weekly_heal(ruleset_id, sheet),
            )
            for key, column in (("weight", "weight_lb"), ("height", "height_in")):
                if isinstance(sheet.get(key), int):
                    setattr(wrestler, column, sheet[key])
            wrestler.full_clean()
            wrestler.save()
            if wrestler.prestige or wrestler.fame:  # the totals are the ledger's sums, from the first week on
                PrestigeEntry.objects.create(
                    wrestler=wrestler,
                    week=promotion.current_week,
                    reason=LedgerReason.START,
                    prestige=wrestler.prestige,
                    fame=wrestler.fame,
                )
        champions = _referees_and_titles(promotion, promoter)
        _demo_card(promotion, promoter, champions)
        summary.append((promotion, promotion.wrestlers.count()))
    return users, summary


REFEREES = [("Honest Earl", 15, 13, 3), ("Slow-Count Sam", 10, 8, 4), ("Strict Stella", 17, 15, 2)]
TITLES = [
    ("World Heavyweight Championship", Division.SINGLES, 4, 0),
    ("Continental Championship", Division.SINGLES, 6, 1),
    ("Tag Team Championship", Division.TAG, 8, 2),
]
DEMO_CARD = "Demo Night"


def _referees_and_titles(promotion, owner):
    """Three referees and three titles; a title that never had a champion is awarded to the first names of
    the roster. Returns {title name: (title, [champion wrestlers])}."""
    for name, skill, sav, limit in REFEREES:
        Referee.objects.get_or_create(
            promotion=promotion, name=name, defaults={"skill": skill, "sav": sav, "warning_limit": limit}
        )
    names = NAMES[promotion.ruleset]
    champions = {}
    for name, division, interval, first in TITLES:
        title, _ = Title.objects.get_or_create(
            promotion=promotion, name=name, defaults={"division": division, "defense_interval_weeks": interval}
        )
        if not title.reigns.exists():
            holders = names[first : first + 2] if division == Division.TAG else [names[first]]
            ids = list(Wrestler.objects.filter(promotion=promotion, ring_name__in=holders).values_list("pk", flat=True))
            titles.title_award(title=title, by=owner, wrestler_ids=ids)
        reign = titles.current_reign(title)
        champions[name] = (title, list(reign.holders.all()) if reign else [])
    return champions


def _demo_card(promotion, promoter, champions):
    """A booked card of eight matches: the world title main event, a Continental title match, and a tag (tag
    title) and a cage match when the ruleset has those kinds; singles otherwise."""
    from matches import booking_services as booking
    from matches.models import Card, MatchKind

    if Card.objects.filter(promotion=promotion, name=DEMO_CARD).exists():
        return
    kinds = get_ruleset(promotion.ruleset).match_kinds
    referees = list(Referee.objects.filter(promotion=promotion).order_by("name"))
    world, world_champs = champions["World Heavyweight Championship"]
    second, second_champs = champions["Continental Championship"]
    tag, tag_champs = champions["Tag Team Championship"]
    taken = {w.pk for w in [*world_champs, *second_champs, *tag_champs]}
    pool = [
        w.pk
        for w in Wrestler.objects.filter(promotion=promotion, approval=Approval.APPROVED).order_by("pk")
        if w.pk not in taken
    ]
    specs = []
    if MatchKind.TAG in kinds and len(tag_champs) == 2:
        specs.append(
            booking.MatchSpec(kind=MatchKind.TAG, sides=[[w.pk for w in tag_champs], pool[:2]], title_id=tag.pk)
        )
        pool = pool[2:]
    else:
        pool = [w.pk for w in tag_champs] + pool
    if MatchKind.CAGE in kinds:
        specs.append(booking.MatchSpec(kind=MatchKind.CAGE, sides=[[pool[0]], [pool[1]]], cage_height_ft=15))
        pool = pool[2:]
    title_matches = [(second, second_champs), (world, world_champs)]
    while len(specs) < 8 - len(title_matches) and len(pool) >= 2:
        specs.append(booking.MatchSpec(sides=[[pool[0]], [pool[1]]]))
        pool = pool[2:]
    for title, holders in title_matches:
        if holders and pool:
            specs.append(booking.MatchSpec(sides=[[holders[0].pk], [pool.pop(0)]], title_id=title.pk))
    card = booking.card_create(promotion=promotion, by=promoter, name=DEMO_CARD, venue="The Demo Arena")
    for n, spec in enumerate(specs):
        spec.referee_id = referees[n % len(referees)].pk if referees else None
        booking.match_add(card=card, by=promoter, spec=spec)
    booking.card_mark_booked(card=card, by=promoter)
