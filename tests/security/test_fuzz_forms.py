"""Property-based fuzzing of every form: whatever a client posts, never a 500 and never a half-written object."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.models import Card, Match
from promotion.models import Promotion, Referee, Title
from roster.models import Wrestler
from rules import get_ruleset

pytestmark = pytest.mark.django_db

VALUES = st.one_of(
    st.text(max_size=40),
    st.integers(min_value=-(10**12), max_value=10**12).map(str),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "1e9",
            "on",
            "true",
            "null",
            "[]",
            "{}",
            "<b>x</b>",
            "face",
            "heel",
            "singles",
            "tag",
            "cage",
            "arm",
            "hp-d6",
            "wildknight",
            "owner",
            "player",
            "approve",
            "reject",
            "active",
        ]
    ),
)

FORM_PAGES = [
    # (page to read the field names from, where to post)
    ("/p/new/", "/p/new/"),
    ("/p/{slug}/settings/", "/p/{slug}/settings/"),
    ("/p/{slug}/members/", "/p/{slug}/members/"),
    ("/p/{slug}/roster/new/", "/p/{slug}/roster/new/"),
    ("/p/{slug}/wrestlers/{wrestler}/edit/", "/p/{slug}/wrestlers/{wrestler}/edit/"),
    ("/p/{slug}/roster/new/", "/p/{slug}/roster/preview/"),
    ("/p/{slug}/referees/", "/p/{slug}/referees/new/"),
    ("/p/{slug}/titles/", "/p/{slug}/titles/new/"),
    ("/p/{slug}/cards/new/", "/p/{slug}/cards/new/"),
    ("/p/{slug}/cards/{card}/edit/", "/p/{slug}/cards/{card}/matches/add/"),
]


def field_names(html):
    names = set(re.findall(r'name="([^"]+)"', html)) - {"csrfmiddlewaretoken"}
    return sorted(names)


def assert_everything_whole(promotion):
    """Every stored object is complete: sheets the ruleset accepts, cards with gapless match orders."""
    for p in Promotion.objects.all():
        assert p.ruleset in ("arm", "hp-d6", "wildknight")
    ruleset = get_ruleset(promotion.ruleset)
    for w in Wrestler.objects.filter(promotion=promotion):
        ruleset.validate_sheet(w.sheet)
    for card in Card.objects.filter(promotion=promotion):
        orders = list(Match.objects.filter(card=card).order_by("order").values_list("order", flat=True))
        assert orders == list(range(1, len(orders) + 1))
        for match in Match.objects.filter(card=card):
            assert match.participants.count() >= 2
    assert Referee.objects.filter(promotion=promotion, name="").count() == 0
    assert Title.objects.filter(promotion=promotion, name="").count() == 0


@pytest.mark.parametrize(("page", "target"), FORM_PAGES)
def test_fuzzed_posts_never_break_anything(client, personas, page, target):
    from matches.booking import card_create

    card = card_create(promotion=personas.promotion, by=personas.owner, name="Fuzz Card")
    fmt = {"slug": personas.promotion.slug, "wrestler": personas.wrestler.pk, "card": card.pk}
    client.force_login(personas.owner)
    response = client.get(page.format(**fmt))
    assert response.status_code == 200, page
    names = field_names(response.content.decode())
    assert names, page
    url = target.format(**fmt)

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.fixed_dictionaries({}, optional={n: st.one_of(VALUES, st.lists(VALUES, max_size=3)) for n in names}))
    def post(data):
        response = client.post(url, data)
        assert response.status_code < 500, (url, data, response.status_code)
        assert_everything_whole(personas.promotion)

    post()
