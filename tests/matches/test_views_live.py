"""Match pages, the polling fallback and permissions."""

import re

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
    # Screen readers hear a polite summary, not every line of the log as it arrives.
    log = re.search(r"<ol id=\"log\"[^>]*>", html).group(0)
    assert "aria-live" not in log and 'role="log"' not in log
    assert re.search(r'<p id="live-summary"[^>]*aria-live="polite"', html)


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


def test_the_setup_download_keeps_the_seed_secret_while_the_match_is_played(client, personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    match.status = "running"  # the worker has started it: the seed would tell every die still to come
    match.save(update_fields=["status"])
    data = client.get(f"/p/{personas.promotion.slug}/matches/{match.pk}/setup.json").json()
    assert data["seed"] is None and data["sides"]


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


def test_a_finished_match_opens_with_its_result_and_recap_above_the_play_by_play(client, personas, finished_match):
    from rules import get_ruleset

    events = list(MatchEvent.objects.filter(match=finished_match).order_by("seq").values_list("data", flat=True))
    # Written once with the result, from the stored events.
    assert finished_match.recap == get_ruleset("wildknight").recap(events) != ""
    html = client.get(finished_match.get_absolute_url()).content.decode()
    recap = html.index('<p id="recap" class="recap">' + finished_match.recap.replace("'", "&#x27;"))
    assert html.index('id="result-title"') < recap < html.index('<ol id="log"')
    assert re.search(r'<p id="match-status"[^>]*>\s*Finished\.', html)


def test_the_raw_event_log_is_the_stored_events(client, personas, finished_match):
    import json

    url = f"/p/{personas.promotion.slug}/matches/{finished_match.pk}/events?format=jsonl"
    html = client.get(finished_match.get_absolute_url()).content.decode()
    assert f'href="{url}"' in html
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/x-ndjson")
    stored = list(MatchEvent.objects.filter(match=finished_match).order_by("seq").values_list("data", flat=True))
    assert [json.loads(line) for line in response.content.decode().splitlines()] == stored
    assert stored[0]["seed"] == finished_match.seed  # finished: the seed is on the page anyway


def test_while_the_match_airs_the_raw_log_holds_what_has_aired_and_not_the_seed(client, personas):
    import json

    class Stop(Exception):
        pass

    def stop_at_the_first_pause(seconds):
        raise Stop

    card = book_card(personas.promotion, personas.promoter, matches=1, pace=1.0)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    with pytest.raises(Stop):  # the worker is mid-broadcast: some rounds stored, the rest not aired yet
        services.match_run(match.pk, sleep=stop_at_the_first_pause)
    match.refresh_from_db()
    assert match.status == "running"
    body = client.get(f"/p/{personas.promotion.slug}/matches/{match.pk}/events?format=jsonl").content.decode()
    lines = [json.loads(line) for line in body.splitlines()]
    stored = MatchEvent.objects.filter(match=match)
    assert lines and len(lines) == stored.count()
    assert all(e["type"] != "result" for e in lines)
    assert "seed" not in lines[0] and str(match.seed) not in body
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Live now." in html and 'id="recap"' not in html


def test_polling_brings_the_result_the_recap_and_the_status_flip(client, personas, finished_match):
    total = MatchEvent.objects.filter(match=finished_match).count()
    url = f"/p/{personas.promotion.slug}/matches/{finished_match.pk}/events?after={total - 2}"
    body = client.get(url).content.decode()
    assert body.count('<li id="event-') == 1 and "event-result" in body
    assert re.search(r'<p id="match-status"[^>]*hx-swap-oob="true"[^>]*>\s*Finished\.', body)
    assert finished_match.recap.replace("'", "&#x27;") in body
    # ... and the scoreboard of the last event, not an empty one.
    assert body.count('class="panel wrestler-card') == 2


def test_the_match_page_needs_no_inline_script_style_or_handler(client, personas, finished_match):
    """A strict Content-Security-Policy (script-src/style-src 'self') must not break the page."""
    for html in (
        client.get(finished_match.get_absolute_url()).content.decode(),
        client.get(f"/p/{personas.promotion.slug}/matches/{finished_match.pk}/events?after=-1").content.decode(),
    ):
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
        assert not re.search(r"\sstyle=", html), "inline style attribute"
        assert not re.search(r"\son[a-z]+=", html), "inline event handler"


def test_an_arm_ring_grid_has_a_legend_and_says_where_everyone_stands(client):
    from tests.conftest import Personas

    arm = Personas(ruleset="arm")
    card = book_card(arm.promotion, arm.promoter, matches=1)
    services.card_go_live(card=card, by=arm.promoter)
    match = card.matches.get()
    services.match_run(match.pk)
    html = client.get(match.get_absolute_url()).content.decode()
    last = MatchEvent.objects.filter(match=match).order_by("-seq").first().data
    assert 'aria-label="Key to the ring grid"' in html
    for label in ("Corner (turnbuckles)", "Centre of the ring", "Apron", "Ringpost", "Ringside floor"):
        assert label in html
    for state in last["state"]:  # every wrestler, his marker and his square, in words
        assert re.search(rf"{re.escape(state['name'])}: <strong>{state['square']}</strong>, ", html), state
    assert '<th scope="col">a</th>' in html and '<th scope="row">12</th>' in html
    # The live stream's scoreboard draws the same grid (the ruleset's, read from the match), and a ruleset
    # without a grid gets none.
    from matches.views_live import render_entry

    _line, board, _result = render_entry(last, match.pk)
    assert 'aria-label="Key to the ring grid"' in board and "Centre of the ring" in board
    from tests.factories import MembershipFactory, PromotionFactory

    other = PromotionFactory(ruleset="hp-d6", created_by=arm.owner)
    MembershipFactory(promotion=other, user=arm.owner, role="owner")
    other_card = book_card(other, arm.owner, matches=1)
    services.card_go_live(card=other_card, by=arm.owner)
    other_match = other_card.matches.get()
    services.match_run(other_match.pk)
    other_last = MatchEvent.objects.filter(match=other_match).order_by("-seq").first().data
    assert "Key to the ring grid" not in render_entry(dict(other_last, state=last["state"]), other_match.pk)[1]


def test_the_migration_recaps_matches_finished_before_the_recap_existed(personas, finished_match):
    from importlib import import_module

    from django.apps import apps

    from matches.models import Match

    recap = finished_match.recap
    Match.objects.filter(pk=finished_match.pk).update(recap="")
    import_module("matches.migrations.0006_match_recap").recap_finished_matches(apps, None)
    assert Match.objects.get(pk=finished_match.pk).recap == recap
