"""The chance to win while a match airs (matches/win_probability.py, issue 21 item 2): worked out by the worker at
the card's pace, stored by match and seq, shown only for aired events, plotted on the match page, and the biggest
swing in the recap."""

import re

import pytest

from matches import services, win_probability, worker
from matches.models import MatchEvent, WinChance
from matches.views_live import render_entry
from rules.win_probability import BEFORE_THE_BELL
from tests.factories import book_card

pytestmark = pytest.mark.django_db


def aired(personas, pace, **kwargs):
    card = book_card(personas.promotion, personas.promoter, matches=1, pace=pace, **kwargs)
    services.card_go_live(card=card, by=personas.promoter)
    return card.matches.get()


def round_ends(events):
    ends = [e["seq"] for e, n in zip(events, events[1:], strict=False) if n["round"] != e["round"]]
    return [BEFORE_THE_BELL, *ends, events[-1]["seq"]]


def stored(match):
    return list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))


def test_at_a_pace_the_worker_stores_a_chance_after_every_round_and_the_result_is_certain(personas):
    match = aired(personas, 2.0)
    services.match_run(match.pk, sleep=lambda s: None)
    events = stored(match)
    chances = list(WinChance.objects.filter(match=match).order_by("seq"))
    assert [c.seq for c in chances] == round_ends(events)
    result = events[-1]
    last = chances[-1].data
    if result["winner"] is None:  # the seed is drawn at go-live: now and then the match is a draw
        assert last["draw"] == 1 and last["win"] == [0, 0]
    else:
        assert last["win"][result["winner"]] == 1 and last["win"][1 - result["winner"]] == 0
    for chance in chances[:-1]:
        figures = chance.data
        assert chance.sims >= win_probability.MIN_SIMS or chance.sims == win_probability.sims_wanted()
        assert abs(sum(figures["win"]) + figures["draw"] - 1) < 1e-9
        assert all(0 <= se <= 0.5 for se in figures["win_se"])


def test_the_page_shows_the_chances_of_aired_events_only(personas, client):
    """At each wait of the pace, the next round's chance may be stored already; the page plots only points whose
    events are stored."""
    match = aired(personas, 2.0)
    url = match.get_absolute_url()
    shown = []

    def nap(seconds):
        last = MatchEvent.objects.filter(match=match).order_by("-seq").values_list("seq", flat=True).first()
        html = client.get(url).content.decode()
        points = re.search(r'data-points="(\d+)"', html)
        aired_points = WinChance.objects.filter(match=match, seq__lte=last).count()
        shown.append((int(points.group(1)) if points else 0, aired_points))

    services.match_run(match.pk, sleep=nap)
    assert shown and all(on_page == aired_points for on_page, aired_points in shown)
    assert shown[-1][0] >= 2  # the plot grew as the rounds aired
    html = client.get(url).content.decode()
    section = html[html.index('id="win-line"') :]
    section = section[: section.index("</section>")]
    assert section.count("<polyline") == 2
    assert " style=" not in section and "<script" not in section  # the CSP refuses inline styles and scripts


def test_the_stream_carries_the_plot_with_the_last_event_of_a_round(personas):
    match = aired(personas, 2.0)
    services.match_run(match.pk, sleep=lambda s: None)
    events = stored(match)
    ends = set(round_ends(events))
    for event in events[:12]:
        _line, board, _result = render_entry(event, match.pk)
        assert ('id="win-line"' in board) == (event["seq"] in ends)
        if event["seq"] in ends:
            assert 'hx-swap-oob="true"' in board


def test_at_instant_pace_the_line_is_worked_out_after_the_match_and_the_recap_names_the_swing(personas):
    match = aired(personas, 0)
    services.match_run(match.pk)
    assert not WinChance.objects.filter(match=match).exists()  # the card is not held up
    events = stored(match)
    stored_points = win_probability.line_compute(match.pk)
    assert stored_points == len(round_ends(events))
    assert win_probability.line_compute(match.pk) == 0  # twice is once
    match.refresh_from_db()
    rows = win_probability._rows(match.pk, events[-1]["seq"])
    sentence = win_probability.swing_sentence(events, rows)
    assert sentence and match.recap.endswith(sentence) and match.recap.count(sentence) == 1
    assert re.search(r"\d+ % to win", sentence)


def test_a_replays_line_is_worked_in_slices_each_queued_behind_what_came_meanwhile(personas, monkeypatch):
    """Each slice of the line is a task that queues the next one (behind the odds a promoter booked meanwhile); the
    line comes out whole, each point once, and the recap names the swing once the last point is in."""
    from matches.tasks import compute_win_line

    match = aired(personas, 0)
    services.match_run(match.pk)
    events = stored(match)
    queued = []  # the broker is a boundary here: the test plays each queued slice itself, in order
    monkeypatch.setattr(compute_win_line, "delay", lambda *args: queued.append(args))
    monkeypatch.setattr(win_probability, "SLICE_SECONDS", 0.0)  # one point a slice
    assert compute_win_line(match.pk) == 1
    points = round_ends(events)
    for slice_number in range(2, len(points) + 1):
        match.refresh_from_db()
        assert "% to win" not in match.recap, "the swing is named once the line is whole"
        match_id, spent, sims = queued.pop()
        assert match_id == match.pk and spent > 0 and sims >= 1
        assert compute_win_line(match_id, spent, sims) == 1
        assert WinChance.objects.filter(match=match).count() == slice_number
    assert queued == [], "the last slice queues nothing"
    assert sorted(WinChance.objects.filter(match=match).values_list("seq", flat=True)) == points
    match.refresh_from_db()
    assert match.recap.count("% to win") == 1


def test_a_paced_recap_names_the_biggest_swing(personas):
    match = aired(personas, 1.0)
    services.match_run(match.pk, sleep=lambda s: None)
    match.refresh_from_db()
    sentence = win_probability.swing_sentence(stored(match), win_probability._rows(match.pk, 10**6))
    assert sentence and sentence in match.recap


def test_the_swing_names_the_finisher_of_the_side_that_gained():
    events = [
        {"seq": 0, "round": 0, "type": "bell", "actor": None},
        {"seq": 1, "round": 1, "type": "maneuver", "actor": 0, "maneuver": "Body Slam", "damage": 5},
        {"seq": 2, "round": 2, "type": "finisher", "actor": 1, "finisher": "Santos Bomb", "maneuver": "Powerbomb"},
        {"seq": 3, "round": 2, "type": "maneuver", "actor": 1, "maneuver": "Pin Attempt"},
        {
            "seq": 4,
            "round": 2,
            "type": "result",
            "actor": 1,
            "winner": 1,
            "state": [{"name": "Rex", "side": 0}, {"name": "Santos", "side": 1}],
        },
    ]
    rows = [
        {"seq": -1, "data": {"win": [0.5, 0.5]}},
        {"seq": 1, "data": {"win": [0.88, 0.12]}},
        {"seq": 4, "data": {"win": [0.0, 1.0]}},
    ]
    assert (
        win_probability.swing_sentence(events, rows) == "Santos was 12 % to win before the Santos Bomb, 100 % after it."
    )


class Stopped(Exception):
    pass


def test_an_engine_that_stops_mid_round_still_hands_out_what_it_made(personas):
    """A match paused at a decision (the engine raises) airs the events made before the pause."""
    match = aired(personas, 2.0)
    ruleset, setup = worker.frozen_setup(match)
    events = list(ruleset.resolve(setup, services.RandomDice(match.seed), seed=match.seed))
    cut = next(e["seq"] for e, n in zip(events, events[1:], strict=False) if n["round"] == e["round"] and e["round"])

    def engine():
        yield from events[: cut + 1]
        raise Stopped

    live = win_probability.LiveLine(match, ruleset, setup, stored=-1, pace=2.0)
    got = []
    with pytest.raises(Stopped):
        got.extend(live.stream(engine()))
    assert got == events[: cut + 1]
