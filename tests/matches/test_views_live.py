"""Match pages, the polling fallback and permissions."""

import pytest

from matches import services
from matches.models import MatchEvent
from tests.factories import book_card

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished_match(personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    services.match_run(match.pk)
    match.refresh_from_db()
    return match


def test_a_scheduled_match_shows_no_events(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    match = card.matches.get()
    response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    assert "This match has not started yet." in response.content.decode()
    assert client.get(f"/p/{personas.promotion.slug}/matches/{match.pk}/events?after=-1").content.count(b"<li") == 0


def test_a_finished_match_shows_the_log_result_plot_moments_and_replay(client, personas, finished_match):
    html = client.get(finished_match.get_absolute_url()).content.decode()
    events = MatchEvent.objects.filter(match=finished_match)
    assert html.count('class="event event-') >= events.count()
    assert finished_match.result_text.replace("'", "&#x27;") in html
    assert "<polyline" in html
    assert f"--seed {finished_match.seed}" in html
    assert "How it was won" in html
    assert 'role="log"' in html and 'aria-live="polite"' in html


def test_every_line_opens_to_show_its_dice(client, personas, finished_match):
    html = client.get(finished_match.get_absolute_url()).content.decode()
    with_rolls = [e for e in MatchEvent.objects.filter(match=finished_match) if e.data["rolls"]]
    assert with_rolls
    assert html.count("<details>") >= len(with_rolls)
    roll = with_rolls[0].data["rolls"][0]
    assert f"<td>{roll['for']}</td><td>{roll['die']}</td><td>{roll['value']}</td>" in html.replace("&#x27;", "'")


def test_the_setup_download_replays_with_the_same_seed(client, personas, finished_match):
    from rules import RandomDice, get_ruleset

    data = client.get(f"/p/{personas.promotion.slug}/matches/{finished_match.pk}/setup.json").json()
    ruleset = get_ruleset("wildknight")
    setup = ruleset.build_setup(data["sides"], kind=data["kind"], stipulation=data["stipulation"])
    replay = list(ruleset.resolve(setup, RandomDice(data["seed"]), seed=data["seed"]))
    stored = list(MatchEvent.objects.filter(match=finished_match).order_by("seq").values_list("data", flat=True))
    assert replay == stored


def test_polling_returns_only_lines_after_the_given_id(client, personas, finished_match):
    url = f"/p/{personas.promotion.slug}/matches/{finished_match.pk}/events"
    total = MatchEvent.objects.filter(match=finished_match).count()
    body = client.get(f"{url}?after=2").content.decode()
    assert body.count('<li id="event-') == total - 3
    assert 'id="event-2"' not in body and 'id="event-3"' in body
    # Nothing new after the last line of a finished match: htmx is told to stop polling.
    assert client.get(f"{url}?after={total - 1}").status_code == 286


def test_the_stream_answers_204_when_a_finished_match_has_nothing_more(client, personas, finished_match):
    total = MatchEvent.objects.filter(match=finished_match).count()
    url = f"/p/{personas.promotion.slug}/matches/{finished_match.pk}/stream"
    assert client.get(url, headers={"Last-Event-ID": str(total - 1)}).status_code == 204


def test_outsiders_cannot_see_a_private_promotions_match(client, private_personas):
    card = book_card(private_personas.promotion, private_personas.promoter, matches=1)
    match = card.matches.get()
    slug = private_personas.promotion.slug
    client.force_login(private_personas.outsider)
    for url in [
        match.get_absolute_url(),
        f"/p/{slug}/matches/{match.pk}/events",
        f"/p/{slug}/matches/{match.pk}/stream",
        f"/p/{slug}/cards/{card.pk}/progress/",
    ]:
        assert client.get(url).status_code == 404, url
    client.force_login(private_personas.viewer)
    assert client.get(match.get_absolute_url()).status_code == 200


@pytest.mark.parametrize(
    ("persona", "expected"),
    [("owner", 302), ("promoter", 302), ("player", 403), ("viewer", 403), ("outsider", 403), ("anonymous", "login")],
)
def test_only_bookers_take_a_card_live(client, personas, persona, expected, django_capture_on_commit_callbacks):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    if persona != "anonymous":
        client.force_login(getattr(personas, persona))
    with django_capture_on_commit_callbacks() as callbacks:
        response = client.post(f"/p/{personas.promotion.slug}/cards/{card.pk}/go-live/")
    if expected == "login":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == expected
    card.refresh_from_db()
    assert (card.status == "live") is (expected == 302)
    assert len(callbacks) == (1 if expected == 302 else 0)


def test_a_finished_match_page_shows_how_it_moved_the_rankings(client, personas):
    from promotion.models import Title

    Title.objects.create(promotion=personas.promotion, name="Contender Cup")
    card = book_card(personas.promotion, personas.promoter, matches=1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    services.match_run(match.pk)
    html = client.get(match.get_absolute_url()).content.decode()
    assert "How it moved the rankings" in html
    assert "Contender Cup contenders" in html
    for p in match.participants.select_related("wrestler"):
        assert p.wrestler.ring_name in html


@pytest.mark.django_db(transaction=True)
def test_embedded_mode_runs_the_card_in_process_and_the_page_polls(client, personas, settings):
    """No broker: going live runs the card in a thread of this process, and the match page polls for lines."""
    import time

    from matches.models import Card

    settings.REDIS_URL = None
    settings.CELERY_TASK_ALWAYS_EAGER = True
    card = book_card(personas.promotion, personas.promoter, matches=1, pace=0.1)
    match = card.matches.get()
    services.card_go_live(card=card, by=personas.promoter)  # returns at once; the card airs in the background
    html = client.get(match.get_absolute_url()).content.decode()
    assert 'id="poller"' in html  # the page polls for new lines...
    assert "sse-connect" not in html  # ...instead of streaming
    deadline = time.monotonic() + 60
    while Card.objects.get(pk=card.pk).status != "finished":
        assert time.monotonic() < deadline, "the in-process card did not finish"
        time.sleep(0.1)
    assert all(m.status == "finished" for m in card.matches.all())
