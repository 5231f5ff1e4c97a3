"""The live pipeline in-process: going live, exactly-once resolution, resume, and the result at the bell."""

import json
import threading
import time

import pytest
from django.db import connection

from matches import result_services, services, worker
from matches.models import Card, CardStatus, Match, MatchEvent, MatchStatus
from promotion.models import PrestigeEntry, Title, TitleReign
from roster.models import Injury
from rules import RandomDice
from tests.factories import WrestlerFactory, book_card

pytestmark = pytest.mark.django_db


def engine_events(match):
    ruleset, setup = worker.frozen_setup(match)
    return list(ruleset.resolve(setup, RandomDice(match.seed), seed=match.seed))


def stored_events(match):
    return list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))


def snapshot(card):
    """Everything a result writes, in a comparable form."""
    matches = Match.objects.filter(card=card).order_by("order")
    return {
        "matches": [(m.status, m.winner_side, m.method, m.rounds, m.title_changed) for m in matches],
        "events": {m.pk: json.dumps(stored_events(m)) for m in matches},
        "ledger": sorted(
            PrestigeEntry.objects.filter(match__card=card).values_list("wrestler_id", "reason", "prestige", "fame")
        ),
        "injuries": sorted(Injury.objects.values_list("wrestler_id", "body_part", "points")),
        "reigns": sorted(TitleReign.objects.values_list("title_id", "number", "is_current", "defenses")),
        "card": Card.objects.get(pk=card.pk).status,
    }


def test_going_live_fixes_seeds_and_setups_and_enqueues_once(personas, django_capture_on_commit_callbacks):
    card = book_card(personas.promotion, personas.promoter, matches=2)
    with django_capture_on_commit_callbacks() as callbacks:
        card, started = services.card_go_live(card=card, by=personas.promoter)
    assert started
    assert len(callbacks) == 1
    assert card.status == CardStatus.LIVE
    for match in card.matches.all():
        assert match.seed is not None
        assert [s[0]["name"] for s in match.setup["sides"]] == [
            p.wrestler.ring_name for p in match.participants.order_by("side")
        ]
    with django_capture_on_commit_callbacks() as again:
        _, started_again = services.card_go_live(card=card, by=personas.owner)
    assert (started_again, again) == (False, [])


def test_players_cannot_take_a_card_live(personas):
    from django.core.exceptions import PermissionDenied

    card = book_card(personas.promotion, personas.promoter, matches=1)
    with pytest.raises(PermissionDenied):
        services.card_go_live(card=card, by=personas.player)
    assert Card.objects.get(pk=card.pk).status == CardStatus.BOOKED


def test_a_match_stores_exactly_the_engines_events_and_its_result(personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    assert services.match_run(match.pk) == "done"
    expected = engine_events(match)
    assert stored_events(match) == expected
    match.refresh_from_db()
    result = expected[-1]
    assert (match.status, match.winner_side, match.method, match.rounds) == (
        MatchStatus.FINISHED,
        result["winner"],
        result["method"],
        result["rounds"],
    )
    assert Card.objects.get(pk=card.pk).status == CardStatus.FINISHED
    reasons = sorted(PrestigeEntry.objects.filter(match=match).values_list("reason", flat=True))
    assert len(reasons) == 2


def test_running_a_match_twice_leaves_the_state_of_running_it_once(personas):
    card = book_card(personas.promotion, personas.promoter, matches=2)
    services.card_go_live(card=card, by=personas.promoter)
    services.card_run(card.pk)
    once = snapshot(card)
    for match in card.matches.all():
        assert services.match_run(match.pk) == "finished"
    services.card_run(card.pk)
    assert snapshot(card) == once


def test_a_run_that_died_midway_resumes_after_the_last_stored_event(personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    expected = engine_events(match)
    half = expected[: len(expected) // 2]
    worker.events_store(match.pk, half)
    # The dead worker's claim: running, with a lease that has run out.
    from datetime import timedelta

    from django.utils import timezone

    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.RUNNING, lease_until=timezone.now() - timedelta(seconds=1)
    )
    assert services.match_run(match.pk) == "done"
    assert stored_events(match) == expected


def test_a_match_held_by_a_live_lease_is_left_alone(personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    assert worker.match_claim(match.pk)
    assert services.match_run(match.pk) == "busy"
    assert MatchEvent.objects.filter(match=match).count() == 0


def test_pace_spaces_rounds_without_changing_the_events(personas):
    card = book_card(personas.promotion, personas.promoter, matches=1, pace=2.0)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    naps = []
    started = time.monotonic()
    services.match_run(match.pk, sleep=naps.append)
    took = time.monotonic() - started
    events = engine_events(match)
    assert stored_events(match) == events
    # The waits are the pace less the time the worker spent working out the chance to win (matches/win_probability)
    paced = 2.0 * (events[-1]["round"] - events[0]["round"])
    assert paced - took <= sum(naps) <= paced + 1e-6
    assert sum(naps) > 0


@pytest.mark.django_db(transaction=True)
def test_two_workers_racing_on_one_match_store_one_log_and_one_result(personas):
    card = book_card(personas.promotion, personas.promoter, matches=1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    barrier = threading.Barrier(2)
    outcomes = []

    def worker():
        barrier.wait()
        try:
            outcomes.append(services.match_run(match.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) in (["busy", "done"], ["done", "finished"])
    assert stored_events(match) == engine_events(match)
    assert PrestigeEntry.objects.filter(match=match).count() == 2


def _title_match(personas, *, champion_wins, method_override=None, changes_on_dq=False):
    """A title match whose champion is side 0 or side 1 so that the engine's winner is (or is not) him."""
    from matches.booking_services import MatchSpec, card_create, match_add

    title = Title.objects.create(promotion=personas.promotion, name="World Title")
    a = WrestlerFactory(promotion=personas.promotion, ring_name="Champ", alignment="face")
    b = WrestlerFactory(promotion=personas.promotion, ring_name="Challenger", alignment="heel")
    card = card_create(promotion=personas.promotion, by=personas.promoter, name="Title Night")
    match, _ = match_add(
        card=card,
        by=personas.promoter,
        spec=MatchSpec(sides=[[a.pk], [b.pk]], title_id=title.pk, titles_change_on_dq=changes_on_dq),
    )
    services.card_go_live(card=card, by=personas.promoter)
    match.refresh_from_db()
    # Fix a seed whose match has a clean winner, so each test knows who wins and how.
    for seed in range(500):
        match.seed = seed
        result = engine_events(match)[-1]
        if result["method"] in result_services.WIN_METHODS_CLEAN and result["winner"] is not None:
            break
    Match.objects.filter(pk=match.pk).update(seed=match.seed)
    champion = a if (result["winner"] == 0) == champion_wins else b
    reign = TitleReign.objects.create(title=title, number=1, won_week=1, won_method="awarded")
    reign.holders.set([champion])
    if method_override:
        result = dict(result, method=method_override)
    return match, title, champion, result


def test_the_champion_who_wins_defends_the_title(personas):
    match, title, champion, _ = _title_match(personas, champion_wins=True)
    services.match_run(match.pk)
    reign = TitleReign.objects.get(title=title, is_current=True)
    assert list(reign.holders.all()) == [champion]
    assert reign.defenses == 1
    assert PrestigeEntry.objects.filter(match=match, reason="title_defense", wrestler=champion).exists()


def test_a_challenger_who_wins_cleanly_becomes_champion(personas):
    match, title, champion, result = _title_match(personas, champion_wins=False)
    services.match_run(match.pk)
    old = TitleReign.objects.get(title=title, number=1)
    new = TitleReign.objects.get(title=title, is_current=True)
    assert (old.is_current, old.end, old.lost_match_id, old.ended_week) == (False, "lost", match.pk, 1)
    assert new.number == 2
    assert new.won_match_id == match.pk
    assert champion not in new.holders.all()
    assert Match.objects.get(pk=match.pk).title_changed


@pytest.mark.parametrize("changes_on_dq", [False, True])
def test_a_disqualification_changes_the_title_only_when_the_stipulation_says_so(personas, changes_on_dq):
    match, title, champion, result = _title_match(personas, champion_wins=False, changes_on_dq=changes_on_dq)
    dq_result = dict(result, method="disqualification")  # the challenger wins, by DQ
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.RUNNING)
    result_services.match_apply_result(match_id=match.pk, result=dq_result)
    current = TitleReign.objects.get(title=title, is_current=True)
    assert (champion in current.holders.all()) is (not changes_on_dq)


@pytest.mark.parametrize(
    ("ruleset", "engine_injuries"),
    [
        ("arm", {"Ribs": 3, "Leg": 1, "Tail": 2}),  # ARM's engine names its parts as the seed does
        ("wildknight", {"body": 3, "leg": 1, "tail": 2}),  # a ruleset on the default areas names them by key
    ],
)
def test_injuries_from_the_match_are_written_onto_the_wrestlers(db, ruleset, engine_injuries):
    from tests.conftest import Personas

    personas = Personas(ruleset=ruleset)
    card = book_card(personas.promotion, personas.promoter, matches=1)
    services.card_go_live(card=card, by=personas.promoter)
    match = card.matches.get()
    result = engine_events(match)[-1]
    result = json.loads(json.dumps(result))
    result["state"][1]["injuries"] = engine_injuries  # an area the ruleset does not list is left out
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.RUNNING)
    result_services.match_apply_result(match_id=match.pk, result=result)
    loser = match.participants.get(side=1).wrestler
    assert dict(Injury.objects.filter(wrestler=loser).values_list("body_part", "points")) == {"body": 3, "leg": 1}
    loser.refresh_from_db()
    assert loser.status == "injured"


def test_the_sweeper_finds_cards_nobody_works_on(personas):
    from datetime import timedelta

    from django.utils import timezone

    card = book_card(personas.promotion, personas.promoter, matches=2)
    services.card_go_live(card=card, by=personas.promoter)
    assert services.stuck_cards() == []  # just went live: its own task has it
    Card.objects.filter(pk=card.pk).update(went_live=timezone.now() - timedelta(minutes=5))
    assert services.stuck_cards() == [card.pk]
    first = card.matches.order_by("order").first()
    worker.match_claim(first.pk)
    assert services.stuck_cards() == []  # a worker holds a live lease


def test_arm_prestige_parts_become_ledger_entries_that_add_up_to_the_engines_change(db):
    from django.db.models import Sum

    from tests.conftest import Personas

    p = Personas(ruleset="arm")
    card = book_card(p.promotion, p.promoter, matches=3)
    services.card_go_live(card=card, by=p.promoter)
    services.card_run(card.pk)
    for match in card.matches.all():
        result = engine_events(match)[-1]
        for entry in result["prestige"]:
            wrestler = match.participants.get(side=entry["side"], wrestler__ring_name=entry["name"]).wrestler
            rows = PrestigeEntry.objects.filter(match=match, wrestler=wrestler)
            assert rows.aggregate(s=Sum("prestige"))["s"] == entry["change"]
            for detail in entry["detail"]:
                if detail["name"] == "heat":
                    assert rows.get(reason="heat").prestige == detail["amount"]
            assert rows.filter(reason__in=["win", "loss", "dq_win", "draw"]).count() == 1
