"""The dice page: counts from real match events, and a chi-square test checked against known values."""

import pytest

from matches import services
from matches.dice import chi_square, chi_square_survival, fairness, roll_counts
from matches.models import MatchEvent
from tests.factories import book_card

pytestmark = pytest.mark.django_db


def test_chi_square_survival_matches_known_table_values():
    # Critical values: P(X >= 3.841 | df=1) = 0.05; P(X >= 11.070 | df=5) = 0.05; P(X >= 36.191 | df=19) = 0.01
    assert chi_square_survival(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_survival(11.070, 5) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_survival(36.191, 19) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_survival(0, 5) == 1.0


def test_chi_square_of_a_perfectly_flat_die_is_zero():
    stat, df, p = chi_square(dict.fromkeys(range(1, 7), 10), 6)
    assert (stat, df) == (0.0, 5)
    assert p == pytest.approx(1.0)


def test_a_loaded_die_is_flagged():
    stat, df, p = chi_square({1: 100, 2: 10, 3: 10, 4: 10, 5: 10, 6: 10}, 6)
    assert p < 0.01


def test_the_counts_are_every_roll_of_the_promotions_events(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=2)
    services.card_go_live(card=card, by=personas.promoter)
    services.card_run(card.pk)
    expected = {}
    for data in MatchEvent.objects.filter(match__card=card).values_list("data", flat=True):
        for roll in data["rolls"]:
            expected.setdefault(roll["die"], {}).setdefault(roll["value"], 0)
            expected[roll["die"]][roll["value"]] += 1
    assert roll_counts(personas.promotion) == expected
    rows = fairness(personas.promotion)
    assert {row["die"] for row in rows} <= set(expected)
    html = client.get(f"/p/{personas.promotion.slug}/dice/").content.decode()
    assert "χ²" in html
    # Each face's bar is an SVG rect as tall as its share of the busiest face (no inline style: the CSP allows none).
    d20 = next(row for row in rows if row["die"] == "d20")
    peak = max(f["count"] for f in d20["faces"])
    tallest = next(f for f in d20["faces"] if f["count"] == peak)
    assert (tallest["height"], tallest["gap"]) == (100, 0)
    assert 'y="0" width="16" height="100"' in html and 'style="' not in html
