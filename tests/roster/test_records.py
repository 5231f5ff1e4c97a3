"""Records derived from results: by method, streaks, title matches, head-to-head, history."""

import pytest

from matches.models import Card, Match, MatchParticipant
from promotion.models import Title
from roster.records import head_to_head, history, opponents_of, record, streak_of
from tests.factories import WrestlerFactory

pytestmark = pytest.mark.django_db


def play(a, b, winner_side, method, week, title=None):
    card, _ = Card.objects.get_or_create(
        promotion=a.promotion, name=f"Week {week}", week=week, defaults={"status": "finished"}
    )
    match = Match.objects.create(
        card=card,
        order=card.matches.count() + 1,
        status="finished",
        title=title,
        winner_side=winner_side,
        method=method,
        rounds=9,
        result_text="",
    )
    MatchParticipant.objects.create(match=match, card=card, side=0, wrestler=a)
    MatchParticipant.objects.create(match=match, card=card, side=1, wrestler=b)
    return match


@pytest.fixture
def trio(personas):
    p = personas.promotion
    return (
        WrestlerFactory(promotion=p, ring_name="Hero"),
        WrestlerFactory(promotion=p, ring_name="Villain"),
        WrestlerFactory(promotion=p, ring_name="Jobber"),
    )


def test_the_record_counts_results_by_method_and_title_matches(personas, trio):
    hero, villain, jobber = trio
    title = Title.objects.create(promotion=personas.promotion, name="World")
    play(hero, villain, 0, "pinfall", 1)
    play(villain, hero, 0, "disqualification", 2, title=title)
    play(hero, jobber, None, "draw", 3)
    play(jobber, hero, 1, "submission", 4)
    play(hero, villain, 0, "pinfall", 5, title=title)
    rec = record(hero)
    assert (rec.total_wins, rec.total_losses, rec.total_draws) == (3, 1, 1)
    assert rec.by_method() == [
        ("disqualification", 0, 1, 0),
        ("draw", 0, 0, 1),
        ("pinfall", 2, 0, 0),
        ("submission", 1, 0, 0),
    ]
    assert (rec.title_wins, rec.title_losses, rec.title_draws) == (1, 1, 0)
    assert rec.streak == "W2"


def test_streaks_read_from_the_newest_result():
    assert streak_of([]) == ""
    assert streak_of(["L", "L", "L", "W"]) == "L3"
    assert streak_of(["D", "W"]) == "D1"


def test_head_to_head_counts_only_matches_across_the_ring(personas, trio):
    hero, villain, jobber = trio
    play(hero, villain, 0, "pinfall", 1)
    play(villain, hero, 0, "knockout", 2)
    play(hero, villain, 1, "pinfall", 3)
    play(hero, jobber, 0, "pinfall", 4)
    assert head_to_head(hero, villain) == {"wins": 1, "losses": 2, "draws": 0}
    assert head_to_head(villain, hero) == {"wins": 2, "losses": 1, "draws": 0}
    assert [w.ring_name for w in opponents_of(hero)] == ["Jobber", "Villain"]


def test_history_lists_matches_newest_first_with_opponents(personas, trio):
    hero, villain, jobber = trio
    first = play(hero, villain, 0, "pinfall", 1)
    second = play(jobber, hero, 0, "submission", 2)
    rows = history(hero)
    assert [(r["match"].pk, r["result"], [o.ring_name for o in r["opponents"]]) for r in rows] == [
        (second.pk, "L", ["Jobber"]),
        (first.pk, "W", ["Villain"]),
    ]


def test_the_wrestler_page_shows_the_record_in_few_queries(client, personas, trio, django_assert_max_num_queries):
    hero, villain, jobber = trio
    for week in range(1, 30):
        play(hero, villain if week % 2 else jobber, week % 3 and 0 or 1, "pinfall", week)
    with django_assert_max_num_queries(10):
        html = client.get(f"{hero.get_absolute_url()}?vs={villain.pk}").content.decode()
    assert "Against Villain:" in html
    assert "Current streak" in html
