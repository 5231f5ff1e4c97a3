"""The wrestler page reads like a card: the ruleset's labels and layout (Ruleset.wrestler_view), never a raw
sheet key; the arsenal a table with the Finisher marked; record, form, titles, injuries with the return; and the
roster's win-loss column."""

import re
from html import unescape

import pytest

from roster.services import injury_add
from rules import get_ruleset
from tests.factories import PromotionFactory, WrestlerFactory, sheet_for

pytestmark = pytest.mark.django_db

RULESETS = ("arm", "hp-d6", "wildknight")


def text_of(html):
    body = html.split("<main", 1)[1]
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", body)))


def every_sheet_key(ruleset_id):
    """Every key a sheet or its derived values has, which must not print as such."""
    ruleset = get_ruleset(ruleset_id)
    sheet = ruleset.validate_sheet(ruleset.example_sheet(seed=3))
    keys = set()

    def walk(value):
        if isinstance(value, dict):
            for k, v in value.items():
                keys.add(str(k))
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(sheet)
    walk(ruleset.derived(sheet))
    return {k for k in keys if "_" in k or k != k.capitalize() and k.islower()}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_page_shows_labels_never_raw_keys(client, ruleset_id):
    promotion = PromotionFactory(ruleset=ruleset_id, is_public=True)
    wrestler = WrestlerFactory(
        promotion=promotion, ring_name="Card Reader", sheet=sheet_for(ruleset_id, "Card Reader", seed=3)
    )
    response = client.get(wrestler.get_absolute_url())
    assert response.status_code == 200
    text = text_of(response.content.decode())
    words = set(re.findall(r"[A-Za-z_]+", text))
    raw = {k for k in every_sheet_key(ruleset_id) if "_" in k} & words
    assert not raw, f"raw keys on the page: {raw}"
    assert "False" not in words and "True" not in words
    assert "★ Finisher" in text  # the finisher's row is marked


def test_arm_card_has_attributes_bonuses_and_the_arsenal_as_the_match_uses_it(client):
    promotion = PromotionFactory(ruleset="arm", is_public=True)
    wrestler = WrestlerFactory(promotion=promotion, ring_name="Rick Steel", sheet=sheet_for("arm", "Rick Steel"))
    html = re.sub(r"\s*\n\s*", "", client.get(wrestler.get_absolute_url()).content.decode())
    assert '<span class="attribute-label">Strength</span> <strong class="attribute-value">12</strong>' in html
    assert "bonus +3" in html
    assert re.search(
        r"<dt[^>]*>Talent</dt><dd>45 of 50 spent \(attributes 41, merits 3, training 1\), 5 left</dd>", html
    )
    assert re.search(r"<dt[^>]*>StunTrack breaks</dt><dd>23 / 46 / 69 / 92 / 115</dd>", html)
    # Steel Bomb: a Sit-out Powerbomb, Level 3, Damage 22, Skill 16, the finisher's row marked
    row = re.search(r'<tr class="finisher-row">(.*?)</tr>', html).group(1)
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)
    assert cells[0].startswith("Steel Bomb")
    assert cells[1:8] == ["Sit-out Powerbomb", "STR", "Slam", "Sit-out", "3", "22", "16"]


def test_injuries_show_the_expected_return(client):
    promotion = PromotionFactory(ruleset="arm", is_public=True)
    wrestler = WrestlerFactory(promotion=promotion, ring_name="Hurt Harry", sheet=sheet_for("arm", "Hurt Harry"))
    injury_add(wrestler=wrestler, body_part="leg", points=5)
    # STA 11: bonus 2 points a week, so 5 points take 3 weeks
    text = text_of(client.get(wrestler.get_absolute_url()).content.decode())
    assert "Leg: 5 points" in text
    assert "Expected back in about 3 weeks (2 points healed a week)" in text


def test_the_roster_has_a_win_loss_column(client):
    from matches.models import MatchStatus
    from tests.factories import book_card

    promotion = PromotionFactory(ruleset="wildknight", is_public=True)
    from tests.factories import MembershipFactory

    booker = MembershipFactory(promotion=promotion, role="promoter").user
    card = book_card(promotion, booker, matches=1, name="WL")
    match = card.matches.get()
    match.status, match.winner_side, match.method = MatchStatus.FINISHED, 0, "pinfall"
    match.save()
    html = re.sub(r"\s*\n\s*", "", client.get(f"/p/{promotion.slug}/roster/").content.decode())
    assert "W–L" in html
    assert re.search(r'WL 0A</a></td><td class="win-loss">1–0</td>', html)
    assert re.search(r'WL 0B</a></td><td class="win-loss">0–1</td>', html)
