"""Promo segments on a card (wildknight, seed 004 K-28): booking them, airing them in the running order with the
matches, the Heat they carry into the wrestler's next match on the card, and a league that keeps no result of
them (no record, ledger, title, rankings or odds)."""

import re

import pytest
from django.db import IntegrityError, transaction

from matches import booking_services as booking
from matches import result_services, services, worker
from matches.booking_selectors import recent_results
from matches.booking_services import BookingRefused, MatchSpec
from matches.models import Card, CardStatus, Match, MatchEvent, MatchParticipant, MatchStatus
from matches.odds import odds_compute, odds_shown
from promotion import titles
from promotion.league import RankingData
from promotion.models import ContenderSnapshot, PrestigeEntry
from roster.records import Career
from rules import RandomDice, get_ruleset
from tests.factories import PromotionFactory, WrestlerFactory, sheet_for

pytestmark = pytest.mark.django_db

WILDKNIGHT = get_ruleset("wildknight")


def talker(promotion, name, **attributes):
    """A wrestler whose promo sheet we choose (the canonical sheet has no Crowd Favorite: he starts at 0 Heat)."""
    sheet = sheet_for("wildknight", name)
    sheet["attributes"] = {**sheet["attributes"], **attributes}
    return WrestlerFactory(promotion=promotion, ring_name=name, sheet=sheet)


@pytest.fixture
def league(personas):
    p = personas
    # Presence 5 + Flair 5 against Df 1: any d20 beats it by 10 (the promo always earns Heat); the others talk at
    # Presence 0 + Flair -5 (their best pair is 0): against Df 40 they never earn any.
    p.mouth = talker(p.promotion, "Motor Mouth", Presence=5, Flair=5)
    p.mumbler = talker(p.promotion, "Mumbles", Presence=0, Flair=-5, Deception=0, Brawn=0)
    p.roster = [WrestlerFactory(promotion=p.promotion, ring_name=f"Jobber {n}") for n in range(4)]
    p.card = booking.card_create(promotion=p.promotion, by=p.promoter, name="Talk Show Tuesday")
    return p


def promo(*wrestlers, promo_df=None, **kw):
    return MatchSpec(kind="promo", sides=[[w.pk] for w in wrestlers], promo_df=promo_df, **kw)


def singles(a, b):
    return MatchSpec(sides=[[a.pk], [b.pk]])


def add(league, spec):
    return booking.match_add(card=league.card, by=league.promoter, spec=spec)


def refused(league, spec, message):
    before = league.card.matches.count()
    with pytest.raises(BookingRefused, match=message):
        add(league, spec)
    assert league.card.matches.count() == before, "a refusal writes nothing"


# --- booking -------------------------------------------------------------------------------------------


def test_a_promoter_books_a_single_and_a_dueling_promo_alongside_matches(league):
    segment, _ = add(league, promo(league.mouth, promo_df=1))
    duel, _ = add(league, promo(league.roster[0], league.roster[1]))
    match, _ = add(league, singles(league.mouth, league.roster[2]))  # the same wrestler: a promo and a match
    assert [(m.order, m.kind, m.promo_df) for m in league.card.matches.order_by("order")] == [
        (1, "promo", 1),
        (2, "promo", None),
        (3, "singles", None),
    ]
    assert list(segment.participants.values_list("side", "wrestler_id", "segment")) == [(0, league.mouth.pk, True)]
    assert list(duel.participants.values_list("side", "segment")) == [(0, True), (1, True)]
    assert not match.participants.filter(segment=True).exists()
    assert segment.is_segment and not match.is_segment


def test_a_single_promo_may_use_either_slot_in_the_builder_form(league):
    from matches.booking_forms import MatchForm

    form = MatchForm({"kind": "promo", "side1_0": league.mouth.pk, "promo_df": "7"}, promotion=league.promotion)
    assert form.is_valid(), form.errors
    assert (form.spec().sides, form.spec().promo_df) == ([[league.mouth.pk]], 7)


@pytest.mark.parametrize("ruleset", ["arm", "hp-d6"])
def test_a_promotion_whose_ruleset_has_no_promos_is_refused_with_the_reason(db, ruleset):
    from promotion.models import Role
    from tests.factories import MembershipFactory, UserFactory

    promoter = UserFactory()
    promotion = PromotionFactory(ruleset=ruleset)
    MembershipFactory(promotion=promotion, user=promoter, role=Role.PROMOTER)
    card = booking.card_create(promotion=promotion, by=promoter, name="No Talking")
    w = WrestlerFactory(promotion=promotion)
    name = get_ruleset(ruleset).name
    with pytest.raises(BookingRefused, match=rf"{re.escape(name)} has no promo segments: its rules give a wrestler"):
        booking.match_add(card=card, by=promoter, spec=promo(w))
    assert not card.matches.exists()


def test_a_promo_is_booked_like_no_match(league):
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="Talk Belt")
    referee = titles.referee_create(promotion=league.promotion, by=league.owner, name="Ref Rita")
    a, b, c = league.roster[:3]
    refused(league, MatchSpec(kind="promo", sides=[]), "A promo segment has one wrestler, or two in a dueling promo.")
    refused(league, MatchSpec(kind="promo", sides=[[a.pk, b.pk]]), "one wrestler, or two")
    refused(league, MatchSpec(kind="promo", sides=[[a.pk], [b.pk], [c.pk]]), "one wrestler, or two")
    refused(league, MatchSpec(kind="promo", sides=[[a.pk], []]), "one wrestler, or two")
    refused(league, promo(a, title_id=title.pk), "A promo segment puts no title on the line.")
    refused(league, promo(a, referee_id=referee.pk), "has no referee, time limit or disqualification rules")
    refused(league, promo(a, time_limit_minutes=10), "has no referee, time limit")
    refused(league, promo(a, no_dq=True), "has no referee, time limit")
    refused(league, promo(a, b, promo_df=12), "A dueling promo has no Difficulty")
    refused(league, promo(a, promo_df=41), "A promo's Difficulty is 1 to 40.")
    refused(league, promo(a, a), "A wrestler cannot be in the same match twice.")
    refused(league, promo(WrestlerFactory(status="suspended", promotion=league.promotion)), "is suspended")


def test_one_promo_a_wrestler_a_card_and_one_match(league):
    a, b = league.roster[:2]
    add(league, promo(a))
    add(league, singles(a, b))
    refused(league, promo(a, b), rf"{a.ring_name} already cuts a promo on this card \(promo 1\): one promo a card.")
    refused(league, singles(a, league.roster[2]), rf"{a.ring_name} is already booked on this card \(match 2\)")


def test_the_database_refuses_a_second_promo_for_a_wrestler_even_if_the_check_is_skipped(league, monkeypatch):
    a = league.roster[0]
    add(league, promo(a))
    monkeypatch.setattr(booking, "check_match", lambda *args, **kw: [])
    with pytest.raises(BookingRefused, match=f"{a.ring_name} is already booked on this card"):
        add(league, promo(a))
    assert league.card.matches.count() == 1


def test_the_database_refuses_a_promo_with_a_title_a_referee_or_a_winner(league):
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="Talk Belt")
    referee = titles.referee_create(promotion=league.promotion, by=league.owner, name="Ref Rita")
    for field, value in [("title", title), ("referee", referee), ("winner_side", 0), ("no_dq", True)]:
        with pytest.raises(IntegrityError, match="match_segment_is_no_match"), transaction.atomic():
            Match.objects.create(card=league.card, order=9, kind="promo", **{field: value})
    with pytest.raises(IntegrityError, match="match_promo_df_range"), transaction.atomic():
        Match.objects.create(card=league.card, order=9, kind="singles", promo_df=10)
    with pytest.raises(IntegrityError, match="match_promo_df_range"), transaction.atomic():
        Match.objects.create(card=league.card, order=9, kind="promo", promo_df=41)


def test_it_warns_when_the_promos_heat_has_no_later_match_to_go_into(league):
    a, b = league.roster[:2]
    _, warnings = add(league, promo(a))
    assert warnings == [
        f"{a.ring_name} has no match on this card: the Heat a promo earns carries only into a later one."
    ]
    add(league, singles(a, b))
    segment = league.card.matches.get(order=1)
    _, warnings = booking.match_update(match=segment, by=league.promoter, spec=promo(a))
    assert warnings == [], "the promo (1) comes before his match (2)"
    booking.card_reorder(
        card=league.card, by=league.promoter, ordered_ids=[m.pk for m in league.card.matches.order_by("-order")]
    )
    _, warnings = booking.match_update(match=segment, by=league.promoter, spec=promo(a))
    assert warnings == ["Move the promo before match 1: its Heat carries only into a later match."]


def test_editing_a_promo_into_a_match_clears_its_difficulty_and_flags(league):
    a, b = league.roster[:2]
    segment, _ = add(league, promo(a, promo_df=5))
    match, _ = booking.match_update(match=segment, by=league.promoter, spec=singles(a, b))
    match.refresh_from_db()
    assert (match.kind, match.promo_df) == ("singles", None)
    assert not match.participants.filter(segment=True).exists()


def test_the_builder_books_a_promo_and_ignores_a_title_left_in_the_form(client, league):
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="Talk Belt")
    client.force_login(league.promoter)
    url = f"/p/{league.promotion.slug}/cards/{league.card.pk}/matches/add/"
    response = client.post(url, {"kind": "promo", "side0_0": league.mouth.pk, "promo_df": "1"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and "Promo 1 booked." in body
    assert "Promo segment · Difficulty 1" in body and "Motor Mouth" in body
    assert "has no match on this card" in body  # the warning
    data = {"kind": "promo", "side0_0": league.roster[0].pk, "title": title.pk}
    # The builder hides the title for a promo (issue 18 item 5): a title left in the form is ignored, never booked.
    response = client.post(url, data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Promo 2 booked." in response.content.decode()
    assert league.card.matches.count() == 2
    assert league.card.matches.get(order=2).title_id is None


# --- airing --------------------------------------------------------------------------------------------


def aired_card(league, *specs):
    for spec in specs:
        add(league, spec)
    booking.card_mark_booked(card=league.card, by=league.promoter)
    services.card_go_live(card=league.card, by=league.promoter)
    return list(league.card.matches.order_by("order"))


def engine_events(match):
    ruleset, setup = worker.frozen_setup(match)
    return list(ruleset.resolve(setup, RandomDice(match.seed), seed=match.seed))


def stored(match):
    return list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))


def test_a_promo_airs_in_order_and_its_heat_starts_the_wrestlers_next_match(league):
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="Talk Belt")
    opener, segment, main = aired_card(
        league,
        singles(league.roster[0], league.roster[1]),
        promo(league.mouth, promo_df=1),
        singles(league.roster[2], league.mouth),  # Motor Mouth on side B of his match
    )
    assert segment.setup["kind"] == "promo" and segment.setup["stipulation"] == {"df": 1}
    assert main.setup["stipulation"]["starting_heat"] == [0, 1], "fixed at go-live, with the promo's seed"
    assert "starting_heat" not in opener.setup["stipulation"]

    assert services.card_run(league.card.pk, sleep=lambda s: None) == "done"  # what the worker task runs

    for match in (opener, segment, main):
        match.refresh_from_db()
        assert stored(match) == engine_events(match), f"{match}: the engine's events, exactly"
    promo_events = stored(segment)
    assert [e["type"] for e in promo_events] == ["promo", "result"]
    assert promo_events[0]["rolls"][0]["outcome"] == "heat" and promo_events[-1]["carry"] == [1]
    bell = stored(main)[0]
    assert bell["type"] == "bell" and [s["heat"] for s in bell["state"]] == [0, 1]
    # In running order: the promo finished after the opener and before the main event started.
    assert opener.finished <= segment.started <= segment.finished <= main.started
    assert (segment.status, segment.winner_side, segment.method, segment.rounds) == (
        MatchStatus.FINISHED,
        None,
        "promo",
        1,
    )
    assert segment.result_text == promo_events[-1]["text"] and "+1 Heat" in segment.result_text
    assert not PrestigeEntry.objects.filter(match=segment).exists()
    assert not ContenderSnapshot.objects.filter(match=segment).exists()
    assert ContenderSnapshot.objects.filter(match=main, title=title).exists()
    assert PrestigeEntry.objects.filter(match=main).count() == 2
    assert Card.objects.get(pk=league.card.pk).status == CardStatus.FINISHED


def test_a_promo_that_earns_nothing_starts_the_next_match_at_zero(league):
    segment, main = aired_card(league, promo(league.mumbler, promo_df=40), singles(league.mumbler, league.roster[0]))
    assert "starting_heat" not in main.setup["stipulation"]
    services.card_run(league.card.pk, sleep=lambda s: None)
    assert stored(segment)[-1]["carry"] == [0]
    assert [s["heat"] for s in stored(main)[0]["state"]] == [0, 0]


def test_a_dueling_promo_carries_heat_only_for_the_upper_hand_and_is_nobodys_win(league):
    segment, main = aired_card(league, promo(league.mouth, league.mumbler), singles(league.mumbler, league.mouth))
    services.card_run(league.card.pk, sleep=lambda s: None)
    result = stored(segment)[-1]
    # Motor Mouth talks at +10, Mumbles at +0: a d20 apart by 10 or more is likely, not sure; the carry is
    # whatever the promo's own result says, and it is what the match starts with.
    expected = [result["carry"][1], result["carry"][0]]  # Mumbles is side A of the match
    assert main.setup["stipulation"].get("starting_heat", [0, 0]) == expected
    assert [s["heat"] for s in stored(main)[0]["state"]] == expected
    segment.refresh_from_db()
    assert segment.winner_side is None and result["winner"] is None
    assert result["upper_hand"] in (None, 0, 1)


def test_heat_does_not_carry_into_a_match_before_the_promo_or_onto_the_next_card(league):
    first, segment = aired_card(league, singles(league.mouth, league.roster[0]), promo(league.mouth, promo_df=1))
    assert "starting_heat" not in first.setup["stipulation"]
    services.card_run(league.card.pk, sleep=lambda s: None)
    assert stored(segment)[-1]["carry"] == [1]
    nxt = booking.card_create(promotion=league.promotion, by=league.promoter, name="Next Week")
    booking.match_add(card=nxt, by=league.promoter, spec=singles(league.mouth, league.roster[0]))
    booking.card_mark_booked(card=nxt, by=league.promoter)
    services.card_go_live(card=nxt, by=league.promoter)
    assert "starting_heat" not in nxt.matches.get().setup["stipulation"]


def test_running_a_promo_twice_stores_one_log_and_one_result(league):
    (segment,) = aired_card(league, promo(league.mouth, league.roster[0]))
    assert services.match_run(segment.pk) == "done"
    first = stored(segment)
    finished = Match.objects.get(pk=segment.pk).finished
    assert services.match_run(segment.pk) == "finished"
    assert result_services.match_apply_result(match_id=segment.pk, result=first[-1]) is False  # a late second delivery
    assert stored(segment) == first and [e["seq"] for e in first] == [0, 1, 2]
    assert Match.objects.get(pk=segment.pk).finished == finished


def test_the_league_keeps_no_record_ranking_result_or_odds_of_a_promo(league):
    segment, main = aired_card(
        league, promo(league.mouth, league.roster[0]), singles(league.roster[1], league.roster[2])
    )
    assert odds_shown(segment).state == "none", "a promo has no winner to bet on"
    assert odds_compute(match_id=segment.pk) is None
    services.card_run(league.card.pk, sleep=lambda s: None)
    career = Career(league.mouth)
    record = career.record()
    assert (record.total_wins, record.total_losses, record.total_draws, career.history()) == (0, 0, 0, [])
    assert league.mouth.pk not in RankingData(league.promotion).tally
    assert [m.pk for m in recent_results(league.promotion)] == [main.pk]
    league.mouth.refresh_from_db()
    assert (league.mouth.prestige, league.mouth.fame) == (0, 0)


def test_a_promo_does_not_count_as_wrestling_for_inactivity(league):
    from promotion.league import INACTIVE_WEEKS, _inactivity

    league.mouth.prestige = 100
    league.mouth.save()
    add(league, promo(league.mouth, league.roster[0]))
    booking.card_mark_booked(card=league.card, by=league.promoter)
    services.card_go_live(card=league.card, by=league.promoter)
    services.card_run(league.card.pk, sleep=lambda s: None)
    assert MatchParticipant.objects.filter(wrestler=league.mouth, segment=True, match__status="finished").exists()
    _inactivity(league.promotion, league.card.week + INACTIVE_WEEKS)
    league.mouth.refresh_from_db()
    assert league.mouth.prestige == 100, "a wrestler with only a promo has no last match to be idle since"
    assert not PrestigeEntry.objects.filter(wrestler=league.mouth, reason="inactivity").exists()


def test_the_match_page_shows_the_promo_its_dice_and_how_to_replay_it(client, league):
    (segment,) = aired_card(league, promo(league.mouth, promo_df=1))
    services.card_run(league.card.pk, sleep=lambda s: None)
    segment.refresh_from_db()
    body = client.get(segment.get_absolute_url()).content.decode()
    events = stored(segment)
    assert events[0]["text"] in body and events[-1]["text"] in body
    assert "promo (charisma): Presence + Flair" in body
    assert "A promo segment: no winner or loser in the record" in body
    assert "How it was won" not in body
    assert f"python -m rules promo wildknight side-a.json --seed {segment.seed} --df 1 --format jsonl" in body
