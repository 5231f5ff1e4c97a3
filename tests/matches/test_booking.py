"""The booking services with hand-made data: every refusal and warning, ordering, and read-only cards."""

import pytest
from django.core.exceptions import PermissionDenied

from matches import booking_services as booking
from matches.booking_services import BookingRefused, MatchSpec
from matches.models import CardStatus, Match, MatchParticipant
from promotion import titles
from promotion.models import Referee, Title
from rules import get_ruleset
from tests.factories import PromotionFactory, WrestlerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(personas):
    p = personas
    p.roster = [WrestlerFactory(promotion=p.promotion, ring_name=f"Grappler {n}") for n in range(8)]
    p.card = booking.card_create(promotion=p.promotion, by=p.promoter, name="Friday Night Fights")
    return p


@pytest.fixture
def with_tag(monkeypatch):
    """Pretend the persona promotion's ruleset (wildknight) has tag matches, for the title-division rules."""
    monkeypatch.setattr(type(get_ruleset("wildknight")), "match_kinds", ("singles", "tag"))


def singles(a, b, **kw):
    return MatchSpec(sides=[[a.pk], [b.pk]], **kw)


def add(league, spec):
    return booking.match_add(card=league.card, by=league.promoter, spec=spec)


def refused(league, spec, match):
    with pytest.raises(BookingRefused, match=match):
        add(league, spec)
    assert not league.card.matches.exists(), "a refusal writes nothing"


def test_it_books_a_singles_match_at_the_end_of_the_card(league):
    a, b, c, d = league.roster[:4]
    first, warnings = add(league, singles(a, b))
    second, _ = add(league, singles(c, d))
    assert warnings == []
    assert (first.order, second.order) == (1, 2)
    assert list(first.participants.values_list("side", "wrestler__ring_name")) == [(0, a.ring_name), (1, b.ring_name)]


def test_it_refuses_a_kind_the_ruleset_lacks_and_names_it(league):
    a, b, c, d = league.roster[:4]
    refused(league, MatchSpec(kind="tag", sides=[[a.pk, b.pk], [c.pk, d.pk]]), r"has no tag team matches")
    refused(league, MatchSpec(kind="cage", sides=[[a.pk], [b.pk]]), r"has no cage matches \(it has: singles\)")
    refused(league, MatchSpec(kind="ladder", sides=[[a.pk], [b.pk]]), "Unknown match kind")


def test_it_refuses_sides_of_the_wrong_size(league, with_tag):
    a, b, c = league.roster[:3]
    refused(league, MatchSpec(sides=[[a.pk], []]), "two sides of 1")
    refused(league, MatchSpec(sides=[[a.pk, c.pk], [b.pk]]), "two sides of 1")
    refused(league, MatchSpec(kind="tag", sides=[[a.pk], [b.pk]]), "two sides of 2")


def test_it_refuses_a_wrestler_against_himself(league):
    a = league.roster[0]
    refused(league, singles(a, a), "same match twice")


def test_it_refuses_a_wrestler_booked_twice_on_a_card(league):
    a, b, c = league.roster[:3]
    add(league, singles(a, b))
    with pytest.raises(BookingRefused, match=rf"{a.ring_name} is already booked on this card \(match 1\)"):
        add(league, singles(c, a))
    assert league.card.matches.count() == 1


def test_the_database_refuses_the_same_wrestler_twice_even_if_the_check_is_skipped(league, monkeypatch):
    a, b, c = league.roster[:3]
    add(league, singles(a, b))
    monkeypatch.setattr(booking, "check_match", lambda card, spec, match_id=None: [])
    with pytest.raises(BookingRefused, match=f"{a.ring_name} is already booked on this card"):
        add(league, singles(a, c))
    assert league.card.matches.count() == 1
    assert MatchParticipant.objects.filter(card=league.card).count() == 2


def test_it_refuses_wrestlers_of_another_promotion(league):
    stranger = WrestlerFactory(promotion=PromotionFactory(), ring_name="Stranger")
    refused(league, singles(league.roster[0], stranger), "this promotion's roster")
    refused(league, MatchSpec(sides=[[league.roster[0].pk], [2**31 - 1]]), "this promotion's roster")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("approval", "pending", "is not approved yet"),
        ("approval", "rejected", "is not approved yet"),
        ("status", "suspended", "is suspended"),
        ("status", "retired", "is retired"),
        ("status", "injured", "is injured, and this promotion does not book injured wrestlers"),
    ],
)
def test_it_refuses_wrestlers_who_cannot_wrestle(league, field, value, message):
    a, b = league.roster[:2]
    setattr(b, field, value)
    b.save()
    refused(league, singles(a, b), f"{b.ring_name} {message}")


def test_injured_wrestlers_are_booked_with_a_warning_when_the_house_allows_it(league):
    league.promotion.book_injured = True
    league.promotion.save()
    a, b = league.roster[:2]
    b.status = "injured"
    b.save()
    match, warnings = add(league, singles(a, b))
    assert warnings == [f"{b.ring_name} is injured."]
    assert match.pk


def test_it_refuses_a_referee_of_another_promotion(league):
    other = Referee.objects.create(promotion=PromotionFactory(), name="Crooked Carl")
    refused(league, singles(*league.roster[:2], referee_id=other.pk), "referee of this promotion")


def test_it_refuses_a_title_of_another_promotion_or_a_retired_one(league):
    a, b = league.roster[:2]
    foreign = Title.objects.create(promotion=PromotionFactory(), name="Foreign Belt")
    refused(league, singles(a, b, title_id=foreign.pk), "title of this promotion")
    retired = titles.title_create(promotion=league.promotion, by=league.owner, name="Old Belt", is_active=False)
    refused(league, singles(a, b, title_id=retired.pk), "The Old Belt is retired")


def test_a_title_match_needs_the_champion(league):
    a, b, c = league.roster[:3]
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="World Title")
    titles.title_award(title=title, by=league.owner, wrestler_ids=[a.pk])
    refused(league, singles(b, c, title_id=title.pk), "The World Title is on the line, but the champion is not")
    match, _ = add(league, singles(b, a, title_id=title.pk))
    assert match.title == title


def test_a_vacant_title_may_be_contested_by_anyone(league):
    a, b = league.roster[:2]
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="Vacant Title")
    match, _ = add(league, singles(a, b, title_id=title.pk))
    assert match.title == title


def test_a_title_is_on_the_line_once_per_card(league):
    a, b, c, d = league.roster[:4]
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="Vacant Title")
    add(league, singles(a, b, title_id=title.pk))
    with pytest.raises(BookingRefused, match="already on the line on this card"):
        add(league, singles(c, d, title_id=title.pk))


def test_tag_titles_only_in_tag_matches_and_singles_titles_never_in_tag_matches(league, with_tag):
    a, b, c, d = league.roster[:4]
    tag_title = titles.title_create(promotion=league.promotion, by=league.owner, name="Tag Belts", division="tag")
    world = titles.title_create(promotion=league.promotion, by=league.owner, name="World Title")
    refused(league, singles(a, b, title_id=tag_title.pk), "The Tag Belts is a tag team title: it is only defended")
    tag = MatchSpec(kind="tag", sides=[[a.pk, b.pk], [c.pk, d.pk]])
    tag.title_id = world.pk
    refused(league, tag, "The World Title is a singles title: it cannot be on the line in a tag match")
    tag.title_id = tag_title.pk
    match, _ = add(league, tag)
    assert match.participants.count() == 4


def test_tag_champions_must_both_defend(league, with_tag):
    a, b, c, d, e = league.roster[:5]
    tag_title = titles.title_create(promotion=league.promotion, by=league.owner, name="Tag Belts", division="tag")
    titles.title_award(title=tag_title, by=league.owner, wrestler_ids=[a.pk, b.pk])
    refused(
        league,
        MatchSpec(kind="tag", sides=[[a.pk, e.pk], [c.pk, d.pk]], title_id=tag_title.pk),
        "champion is not in the match",
    )


def test_it_refuses_time_limits_out_of_range_and_unknown_escape_rules(league, monkeypatch):
    a, b = league.roster[:2]
    refused(league, singles(a, b, time_limit_minutes=0), "1 to 120 minutes")
    refused(league, singles(a, b, time_limit_minutes=500), "1 to 120 minutes")
    monkeypatch.setattr(type(get_ruleset("wildknight")), "match_kinds", ("singles", "cage"))
    refused(league, MatchSpec(kind="cage", sides=[[a.pk], [b.pk]], escape_rule="tunnel"), "Unknown escape rule")


def test_cage_options_are_cleared_when_a_match_is_not_a_cage_match(league):
    a, b = league.roster[:2]
    match, _ = add(league, singles(a, b, cage_material="steel", cage_height_ft=20, escape_rule="escape"))
    assert (match.cage_material, match.cage_height_ft, match.escape_rule) == ("", None, "")


def test_updating_a_match_may_keep_its_wrestlers_and_swap_one(league):
    a, b, c = league.roster[:3]
    match, _ = add(league, singles(a, b))
    booking.match_update(match=match, by=league.promoter, spec=singles(a, c, no_dq=True))
    match.refresh_from_db()
    assert match.no_dq
    assert sorted(match.participants.values_list("wrestler_id", flat=True)) == sorted([a.pk, c.pk])


def orders(card):
    return list(card.matches.order_by("order").values_list("order", flat=True))


def test_remove_move_and_reorder_keep_the_order_gapless(league):
    pairs = [league.roster[i : i + 2] for i in range(0, 8, 2)]
    matches = [add(league, singles(a, b))[0] for a, b in pairs]
    booking.match_remove(match=matches[1], by=league.promoter)
    assert orders(league.card) == [1, 2, 3]
    booking.match_move(match=matches[3], by=league.promoter, delta=-1)
    ids = list(league.card.matches.order_by("order").values_list("pk", flat=True))
    assert ids == [matches[0].pk, matches[3].pk, matches[2].pk]
    booking.match_move(match=matches[0], by=league.promoter, delta=-1)  # already first: stays
    new_order = [matches[2].pk, matches[0].pk, matches[3].pk]
    booking.card_reorder(card=league.card, by=league.promoter, ordered_ids=new_order)
    assert list(league.card.matches.order_by("order").values_list("pk", flat=True)) == new_order
    assert orders(league.card) == [1, 2, 3]


def test_reorder_must_list_every_match_once(league):
    a, b, c, d = league.roster[:4]
    m1, _ = add(league, singles(a, b))
    m2, _ = add(league, singles(c, d))
    for bad in ([m1.pk], [m1.pk, m1.pk], [m1.pk, m2.pk, 999999], [m2.pk, m1.pk, m1.pk]):
        with pytest.raises(BookingRefused, match="every match of the card once"):
            booking.card_reorder(card=league.card, by=league.promoter, ordered_ids=bad)
    assert list(league.card.matches.order_by("order").values_list("pk", flat=True)) == [m1.pk, m2.pk]


def test_a_card_needs_a_match_to_be_booked(league):
    with pytest.raises(BookingRefused, match="at least one match"):
        booking.card_mark_booked(card=league.card, by=league.promoter)
    add(league, singles(*league.roster[:2]))
    assert booking.card_mark_booked(card=league.card, by=league.promoter).status == CardStatus.BOOKED


@pytest.mark.parametrize("status", [CardStatus.LIVE, CardStatus.FINISHED])
def test_a_live_or_finished_card_refuses_every_edit(league, status):
    a, b, c, d = league.roster[:4]
    match, _ = add(league, singles(a, b))
    league.card.status = status
    league.card.save()
    by = league.promoter
    attempts = [
        lambda: add(league, singles(c, d)),
        lambda: booking.match_update(match=match, by=by, spec=singles(a, c)),
        lambda: booking.match_remove(match=match, by=by),
        lambda: booking.match_move(match=match, by=by, delta=1),
        lambda: booking.card_reorder(card=league.card, by=by, ordered_ids=[match.pk]),
        lambda: booking.card_update(card=league.card, by=by, name="Renamed"),
        lambda: booking.card_mark_booked(card=league.card, by=by),
    ]
    for attempt in attempts:
        with pytest.raises(BookingRefused, match="can no longer change"):
            attempt()
    league.card.refresh_from_db()
    assert league.card.name == "Friday Night Fights"
    assert list(Match.objects.filter(card=league.card).values_list("pk", flat=True)) == [match.pk]
    assert sorted(match.participants.values_list("wrestler_id", flat=True)) == sorted([a.pk, b.pk])


@pytest.mark.parametrize("persona", ["player", "viewer", "outsider"])
def test_only_promoters_and_owners_book(league, persona):
    user = getattr(league, persona)
    with pytest.raises(PermissionDenied):
        booking.card_create(promotion=league.promotion, by=user, name="Rogue card")
    with pytest.raises(PermissionDenied):
        booking.match_add(card=league.card, by=user, spec=singles(*league.roster[:2]))
    assert not league.card.matches.exists()


def test_a_new_card_defaults_to_the_current_week(league):
    league.promotion.current_week = 7
    league.promotion.save()
    card = booking.card_create(promotion=league.promotion, by=league.owner, name="Week Seven")
    assert card.week == 7


# --- titles -------------------------------------------------------------------------------------


def test_owners_award_a_vacant_title_and_vacate_it_with_a_reason(league):
    a = league.roster[0]
    title = titles.title_create(promotion=league.promotion, by=league.promoter, name="World Title")
    reign = titles.title_award(title=title, by=league.owner, wrestler_ids=[a.pk])
    assert (reign.number, reign.won_method, reign.is_current) == (1, "awarded", True)
    with pytest.raises(titles.TitleRefused, match="has a champion: vacate it first"):
        titles.title_award(title=title, by=league.owner, wrestler_ids=[league.roster[1].pk])
    vacated = titles.title_vacate(title=title, by=league.owner, reason="Injured for months")
    assert (vacated.is_current, vacated.end, vacated.end_reason) == (False, "vacated", "Injured for months")
    assert vacated.ended_week == league.promotion.current_week
    with pytest.raises(titles.TitleRefused, match="already vacant"):
        titles.title_vacate(title=title, by=league.owner, reason="again")
    second = titles.title_award(title=title, by=league.owner, wrestler_ids=[league.roster[1].pk])
    assert second.number == 2


def test_title_actions_refuse_what_the_league_refuses(league):
    a, b = league.roster[:2]
    tag = titles.title_create(promotion=league.promotion, by=league.owner, name="Tag Belts", division="tag")
    with pytest.raises(titles.TitleRefused, match="two different wrestlers"):
        titles.title_award(title=tag, by=league.owner, wrestler_ids=[a.pk])
    with pytest.raises(titles.TitleRefused, match="two different wrestlers"):
        titles.title_award(title=tag, by=league.owner, wrestler_ids=[a.pk, a.pk])
    b.approval = "pending"
    b.save()
    with pytest.raises(titles.TitleRefused, match="not approved"):
        titles.title_award(title=tag, by=league.owner, wrestler_ids=[a.pk, b.pk])
    stranger = WrestlerFactory(promotion=PromotionFactory())
    with pytest.raises(titles.TitleRefused, match="roster"):
        titles.title_award(title=tag, by=league.owner, wrestler_ids=[a.pk, stranger.pk])
    titles.title_award(title=tag, by=league.owner, wrestler_ids=[a.pk, league.roster[2].pk])
    with pytest.raises(titles.TitleRefused, match="Say why"):
        titles.title_vacate(title=tag, by=league.owner, reason="   ")
    assert tag.reigns.get().is_current


@pytest.mark.parametrize("persona", ["promoter", "player", "viewer", "outsider"])
def test_only_owners_vacate_and_award(league, persona):
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="World Title")
    with pytest.raises(PermissionDenied):
        titles.title_award(title=title, by=getattr(league, persona), wrestler_ids=[league.roster[0].pk])
    titles.title_award(title=title, by=league.owner, wrestler_ids=[league.roster[0].pk])
    with pytest.raises(PermissionDenied):
        titles.title_vacate(title=title, by=getattr(league, persona), reason="Because")
    assert title.reigns.get().is_current


def test_referee_and_title_names_are_unique_per_promotion(league):
    titles.referee_create(promotion=league.promotion, by=league.promoter, name="Earl")
    with pytest.raises(Exception, match="already exists"):
        titles.referee_create(promotion=league.promotion, by=league.promoter, name="Earl")
    titles.title_create(promotion=league.promotion, by=league.promoter, name="Belt")
    with pytest.raises(Exception, match="already exists"):
        titles.title_create(promotion=league.promotion, by=league.promoter, name="Belt")


def test_a_title_with_a_history_keeps_its_division(league):
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="World Title")
    titles.title_award(title=title, by=league.owner, wrestler_ids=[league.roster[0].pk])
    with pytest.raises(Exception, match="division is fixed"):
        titles.title_update(title=title, by=league.owner, division="tag")
    assert titles.title_update(title=title, by=league.owner, name="Undisputed Title").name == "Undisputed Title"


def test_marking_a_card_booked_checks_every_match_again(league):
    a, b, c, d = league.roster[:4]
    add(league, singles(a, b))
    add(league, singles(c, d))
    d.status = "suspended"  # suspended after the draft was written
    d.save()
    with pytest.raises(BookingRefused, match=f"Match 2: {d.ring_name} is suspended."):
        booking.card_mark_booked(card=league.card, by=league.promoter)
    league.card.refresh_from_db()
    assert league.card.status == CardStatus.DRAFT
    d.status = "active"
    d.save()
    assert booking.card_mark_booked(card=league.card, by=league.promoter).status == CardStatus.BOOKED


def test_marking_booked_refuses_a_title_match_whose_champion_changed(league):
    a, b, c = league.roster[:3]
    title = titles.title_create(promotion=league.promotion, by=league.owner, name="World Title")
    titles.title_award(title=title, by=league.owner, wrestler_ids=[a.pk])
    add(league, singles(a, b, title_id=title.pk))
    titles.title_vacate(title=title, by=league.owner, reason="Stripped")
    titles.title_award(title=title, by=league.owner, wrestler_ids=[c.pk])
    with pytest.raises(BookingRefused, match="Match 1: The World Title is on the line, but the champion is not"):
        booking.card_mark_booked(card=league.card, by=league.promoter)


def test_a_tag_match_without_its_own_limit_gets_twenty_minutes():
    from matches.booking_services import MatchSpec, card_create, match_add, match_setup
    from tests.conftest import Personas
    from tests.factories import WrestlerFactory

    p = Personas(ruleset="arm")
    card = card_create(promotion=p.promotion, by=p.promoter, name="Tag Night")
    team = [WrestlerFactory(promotion=p.promotion, ring_name=f"Tagger {n}") for n in range(4)]
    match, _ = match_add(
        card=card, by=p.promoter, spec=MatchSpec(kind="tag", sides=[[team[0].pk, team[1].pk], [team[2].pk, team[3].pk]])
    )
    assert match_setup(match)[1].stipulation["time_limit"] == 20 * 60
    single, _ = match_add(
        card=card,
        by=p.promoter,
        spec=MatchSpec(
            sides=[[p.wrestler.pk], [WrestlerFactory(promotion=p.promotion, ring_name="Solo").pk]],
            time_limit_minutes=15,
        ),
    )
    assert match_setup(single)[1].stipulation["time_limit"] == 15 * 60
