"""A ruleset plugs in through rules/ alone: the web apps name no ruleset, and a fourth ruleset registered here (the
coin flip of tests/coin_flip.py) is booked, aired and healed through the web app's own services and task."""

import re
from pathlib import Path

import pytest

from matches.booking_services import MatchSpec, card_create, card_mark_booked, match_add
from matches.models import MatchEvent, MatchStatus
from matches.services import card_go_live
from matches.tasks import run_card
from promotion import league, services
from promotion.models import PrestigeEntry, WeekLog
from roster.models import Injury, Wrestler
from roster.services import wrestler_create
from rules import get_ruleset, register, ruleset_ids, unregister
from tests.coin_flip import ID, CoinFlip
from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]
WEB = ("promotion", "roster", "matches", "templates", "config")
# Files that may name a ruleset because they are data, not code that decides by ruleset.
ALLOWED = {"promotion/demo.py": "the demo league: which demo promotion plays which ruleset, and its rosters"}
# "arm" is also a body part (an injury area key): only a quoted "arm" names the ruleset.
QUOTED_ONLY = {"arm"}


def ruleset_id_patterns(ids):
    patterns = []
    for ruleset_id in ids:
        spellings = {ruleset_id, ruleset_id.replace("-", "_")}
        for spelling in spellings:
            patterns.append(re.compile(rf"[\"']{re.escape(spelling)}[\"']"))
            patterns.append(re.compile(rf"\brules\.{re.escape(spelling)}\b"))  # an import of a ruleset's module
            if ruleset_id not in QUOTED_ONLY:  # also inside a longer name: hp_d6_run_ins
                patterns.append(re.compile(rf"(?<![A-Za-z0-9]){re.escape(spelling)}"))
    return patterns


def ruleset_ids_named(root, dirs, ids):
    """``[(path, line number, line)]`` where a file under ``dirs`` names a ruleset id (migrations left out: they
    are history, frozen as they were written)."""
    patterns = ruleset_id_patterns(ids)
    found = []
    for top in dirs:
        for path in sorted((root / top).rglob("*")):
            if not path.is_file() or "migrations" in path.parts or "__pycache__" in path.parts:
                continue
            if path.suffix not in (".py", ".html", ".txt", ".js", ".css"):
                continue
            relative = path.relative_to(root).as_posix()
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if any(p.search(line) for p in patterns):
                    found.append((relative, number, line.strip()))
    return found


def test_the_web_apps_name_no_ruleset():
    named = [hit for hit in ruleset_ids_named(ROOT, WEB, ruleset_ids()) if hit[0] not in ALLOWED]
    assert named == [], "ruleset ids in web code (a ruleset's knowledge belongs in rules/):\n" + "\n".join(
        f"{path}:{number}: {line}" for path, number, line in named
    )


def test_the_scan_finds_a_ruleset_named_in_any_spelling(tmp_path):
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "views.py").write_text(
        'if ruleset == "arm":\n    pass\nx = hp_d6_run_ins\nlabel = "a wildknight match"\narms = harm = "arm hold"\n'
        "from rules.arm.ring import KIND\n"
    )
    (tmp_path / "app" / "migrations").mkdir()
    (tmp_path / "app" / "migrations" / "0001.py").write_text('ruleset = "arm"\n')
    found = ruleset_ids_named(tmp_path, ["app"], ["arm", "hp-d6", "wildknight"])
    assert [(path, number) for path, number, _ in found] == [
        ("app/views.py", 1),
        ("app/views.py", 3),
        ("app/views.py", 4),
        ("app/views.py", 6),
    ]


# --- the fourth ruleset ------------------------------------------------------------------------------


@pytest.fixture
def coin_flip():
    register(CoinFlip)
    yield get_ruleset(ID)
    unregister(ID)


@pytest.fixture
def coin_league(db, coin_flip):
    owner = UserFactory(username="coin_owner")
    promotion = services.promotion_create(
        user=owner, name="Heads or Tails", ruleset=ID, house_rules={"best_of": 5}, time_limit_minutes=5
    )
    lucky = wrestler_create(
        promotion=promotion, by=owner, sheet={"name": "Lucky Lou", "alignment": "face", "attributes": {"luck": 6}}
    )
    fumble = wrestler_create(
        promotion=promotion, by=owner, sheet={"name": "Fumble Fred", "alignment": "heel", "attributes": {"luck": 5}}
    )
    return promotion, owner, lucky, fumble


def test_a_fourth_ruleset_is_booked_aired_and_healed_through_the_web_app(coin_league):
    promotion, owner, lucky, fumble = coin_league
    assert promotion.get_ruleset_display() == "Coin flip (best of N)"
    assert promotion.house_rules == {"best_of": 5}
    assert (lucky.weekly_heal, fumble.weekly_heal) == (3, 2)  # the ruleset's healing rule: luck // 2

    card = card_create(promotion=promotion, by=owner, name="Flip Night", pace=0.0)
    match, warnings = match_add(card=card, by=owner, spec=MatchSpec(sides=[[lucky.pk], [fumble.pk]]))
    assert warnings == []
    card_mark_booked(card=card, by=owner)
    card, went_live = card_go_live(card=card, by=owner)
    assert went_live
    match.refresh_from_db()
    assert match.setup["stipulation"]["best_of"] == 5  # the house rule reached the engine

    assert run_card(card.pk) == "done"  # the Celery task's own function, run here

    match.refresh_from_db()
    events = [e.data for e in MatchEvent.objects.filter(match=match).order_by("seq")]
    result = events[-1]
    assert match.status == MatchStatus.FINISHED and events[0]["type"] == "bell" and result["type"] == "result"
    assert [e["seq"] for e in events] == list(range(len(events)))
    flips = [e for e in events if e["type"] == "flip"]
    winner = match.winner_side
    assert winner == result["winner"] and sum(1 for f in flips if f["actor"] == winner) == 3  # best of 5
    assert 3 <= len(flips) <= 5

    wrestlers = {0: lucky, 1: fumble}
    champ, chump = wrestlers[winner], wrestlers[1 - winner]
    ledger = {
        w.ring_name: sorted(
            PrestigeEntry.objects.filter(match=match, wrestler=w).values_list("reason", "prestige", "fame")
        )
        for w in (champ, chump)
    }
    assert ledger == {champ.ring_name: [("flair", 3, 0), ("win", 10, 10)], chump.ring_name: [("loss", -10, 5)]}

    # Pride is bruised once for every flip lost, on the ruleset's own injury area.
    lost = {side: sum(1 for f in flips if f["target"] == side) for side in (0, 1)}
    stored = {w.pk: dict(Injury.objects.filter(wrestler=w).values_list("body_part", "points")) for w in (lucky, fumble)}
    assert stored[chump.pk] == {"pride": 3}
    assert stored[champ.pk] == ({"pride": lost[winner]} if lost[winner] else {})
    assert Wrestler.objects.get(pk=chump.pk).status == "injured"

    league.advance_week(promotion=promotion, by=owner)
    healed = {w.pk: dict(Injury.objects.filter(wrestler=w).values_list("body_part", "points")) for w in (lucky, fumble)}
    heal = {lucky.pk: 3, fumble.pk: 2}
    for w in (lucky, fumble):
        left = max(0, stored[w.pk].get("pride", 0) - heal[w.pk])
        assert healed[w.pk] == ({"pride": left} if left else {})
    log = WeekLog.objects.get(promotion=promotion, week=1)
    assert {row["name"] for row in log.healed} == {w.ring_name for w in (lucky, fumble) if stored[w.pk]}


def test_the_fourth_rulesets_house_rules_and_injuries_are_on_its_pages(client, coin_league):
    promotion, owner, lucky, fumble = coin_league
    client.force_login(owner)
    settings = client.get(f"/p/{promotion.slug}/settings/").content.decode()
    assert "House rules of Coin flip (best of N)" in settings and 'name="house_best_of"' in settings
    assert "Flips in a match" in settings and "A match is the best of this many." in settings

    data = {"name": promotion.name, "time_limit_minutes": "5", "house_best_of": "10"}  # the ruleset is fixed
    assert (
        "Ensure this value is less than or equal to 9."
        in client.post(f"/p/{promotion.slug}/settings/", data).content.decode()
    )
    assert client.post(f"/p/{promotion.slug}/settings/", {**data, "house_best_of": "7"}).status_code == 302
    promotion.refresh_from_db()
    assert promotion.house_rules == {"best_of": 7}
    assert "<dt>Flips in a match</dt><dd>7</dd>" in client.get(f"/p/{promotion.slug}/").content.decode()

    from roster.services import injury_add

    injury_add(wrestler=fumble, body_part="pride", points=2)
    assert "Pride: 2 points" in client.get(f"/p/{promotion.slug}/wrestlers/{fumble.pk}/").content.decode()
    home = client.get("/").content.decode()
    assert "Four rulebooks" in home and "Coin flip (best of N)" in home


def test_the_fourth_ruleset_is_gone_once_unregistered(db, coin_flip):
    assert ID in ruleset_ids()
    unregister(ID)
    try:
        assert ID not in ruleset_ids()
        with pytest.raises(Exception) as exc:
            services.promotion_create(user=UserFactory(), name="Too Late", ruleset=ID)
        assert "ruleset" in exc.value.message_dict
    finally:
        register(CoinFlip)  # for the fixture's own cleanup
