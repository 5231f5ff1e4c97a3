"""The weekly cycle and the contender rankings, with hand-computed cases."""

import threading

import pytest
from django.db import connection

from promotion.league import AlreadyAdvanced, advance_week, contenders
from promotion.models import Notice, Title, TitleReign, WeekLog
from roster.models import Injury, Wrestler
from tests.factories import MembershipFactory, PromotionFactory, UserFactory, WrestlerFactory, sheet_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def arm():
    owner = UserFactory(username="arm_owner")
    promotion = PromotionFactory(ruleset="arm", created_by=owner)
    MembershipFactory(promotion=promotion, user=owner, role="owner")
    return promotion, owner


def arm_wrestler(promotion, name, sta, injuries, owner=None):
    sheet = sheet_for("arm", name)
    sheet["attributes"]["STA"] = sta
    w = WrestlerFactory(
        promotion=promotion, ring_name=name, sheet=sheet, owner=owner, status="injured" if injuries else "active"
    )
    for part, points in injuries.items():
        Injury.objects.create(wrestler=w, body_part=part, points=points)
    return w


def injuries(w):
    return dict(Injury.objects.filter(wrestler=w).values_list("body_part", "points"))


def test_each_wrestler_heals_his_sta_bonus_spread_over_his_injured_areas(arm):
    promotion, owner = arm
    two = arm_wrestler(promotion, "STA 11 heals 2", 11, {"leg": 3, "arm": 1})
    four = arm_wrestler(promotion, "STA 15 heals 4", 15, {"head": 1, "back": 5})
    spread = arm_wrestler(promotion, "STA 9 heals 2", 9, {"head": 1, "back": 1, "arm": 1})
    none = arm_wrestler(promotion, "STA 4 heals 0", 4, {"neck": 2})
    advance_week(promotion=promotion, by=owner)
    assert injuries(two) == {"leg": 2}  # one point from each area; the arm is healed and its row gone
    assert injuries(four) == {"back": 2}  # head 1 and back 3: the point the head could not take goes to the back
    assert injuries(spread) == {"head": 1}  # most injured first, ties by body part: arm and back heal
    assert injuries(none) == {"neck": 2}  # STA bonus 0
    statuses = dict(Wrestler.objects.filter(promotion=promotion).values_list("ring_name", "status"))
    assert statuses["STA 11 heals 2"] == "injured"
    log = WeekLog.objects.get(promotion=promotion, week=1)
    assert {row["name"]: (row["healed"], row["left"]) for row in log.healed} == {
        "STA 11 heals 2": (2, 2),
        "STA 15 heals 4": (4, 2),
        "STA 9 heals 2": (2, 1),
    }


def test_a_healed_wrestler_becomes_active_and_his_player_hears_of_it(arm):
    promotion, owner = arm
    player = UserFactory(username="healed_player")
    w = arm_wrestler(promotion, "Nearly Fit", 12, {"leg": 1, "arm": 2}, owner=player)  # STA 12: bonus 3
    advance_week(promotion=promotion, by=owner)
    w.refresh_from_db()
    assert injuries(w) == {}
    assert w.status == "active"
    texts = list(Notice.objects.filter(user=player).values_list("text", flat=True))
    assert "Nearly Fit healed 3 injury points in week 1: fully healed." in texts
    assert "Nearly Fit is active again after week 1." in texts


def test_suspensions_count_down_and_end(arm):
    promotion, owner = arm
    w = WrestlerFactory(promotion=promotion, status="suspended", suspended_weeks=2)
    advance_week(promotion=promotion, by=owner)
    w.refresh_from_db()
    assert (w.status, w.suspended_weeks) == ("suspended", 1)
    advance_week(promotion=promotion, by=owner)
    w.refresh_from_db()
    assert (w.status, w.suspended_weeks) == ("active", 0)


def test_a_week_advanced_twice_heals_once(arm):
    promotion, owner = arm
    w = arm_wrestler(promotion, "Once", 12, {"back": 5})
    advance_week(promotion=promotion, by=owner, from_week=1)
    with pytest.raises(AlreadyAdvanced):
        advance_week(promotion=promotion, by=owner, from_week=1)
    assert injuries(w) == {"back": 2}
    promotion.refresh_from_db()
    assert promotion.current_week == 2


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_advances_of_one_week_heal_once(arm):
    promotion, owner = arm
    w = arm_wrestler(promotion, "Concurrent", 12, {"back": 9})
    barrier = threading.Barrier(2)
    outcomes = []

    def advance():
        barrier.wait()
        try:
            advance_week(promotion=promotion, by=owner, from_week=1)
            outcomes.append("advanced")
        except AlreadyAdvanced:
            outcomes.append("already")
        finally:
            connection.close()

    threads = [threading.Thread(target=advance) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["advanced", "already"]
    assert injuries(w) == {"back": 6}
    assert WeekLog.objects.filter(promotion=promotion).count() == 1


def test_only_owners_advance_the_week(personas):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        advance_week(promotion=personas.promotion, by=personas.promoter)
    personas.promotion.refresh_from_db()
    assert personas.promotion.current_week == 1


def _result(match_card, a, b, winner_side, method, week):
    from matches.models import Card, Match, MatchParticipant

    card = match_card.get(week) or Card.objects.create(
        promotion=a.promotion, name=f"Week {week}", week=week, status="finished"
    )
    match_card[week] = card
    order = card.matches.count() + 1
    match = Match.objects.create(
        card=card, order=order, status="finished", winner_side=winner_side, method=method, rounds=10
    )
    MatchParticipant.objects.create(match=match, card=card, side=0, wrestler=a)
    MatchParticipant.objects.create(match=match, card=card, side=1, wrestler=b)
    return match


def test_contenders_weigh_prestige_and_recent_results_by_method(personas):
    p = personas.promotion
    p.current_week = 5
    p.save()
    title = Title.objects.create(promotion=p, name="World")
    champ = WrestlerFactory(promotion=p, ring_name="Champion", prestige=500)
    reign = TitleReign.objects.create(title=title, number=1, won_week=1, won_method="awarded")
    reign.holders.set([champ])
    ace = WrestlerFactory(promotion=p, ring_name="Ace", prestige=100)
    dq = WrestlerFactory(promotion=p, ring_name="DQ Winner", prestige=100)
    old = WrestlerFactory(promotion=p, ring_name="Old Wins", prestige=100)
    loser = WrestlerFactory(promotion=p, ring_name="Loser", prestige=120)
    WrestlerFactory(promotion=p, ring_name="Hurt", prestige=900, status="injured")
    cards = {}
    _result(cards, ace, loser, 0, "pinfall", 5)  # Ace +15, Loser -10
    _result(cards, dq, loser, 0, "disqualification", 4)  # DQ +5, Loser -10
    _result(cards, old, loser, 0, "pinfall", 1)  # week 1 is outside the last 4 weeks (2-5)
    ranked = contenders(title)
    scores = {w.ring_name: w.score for w in ranked}
    # Prestige counts a twentieth: 100 -> 5, 120 -> 6
    assert scores == {"Ace": 20, "DQ Winner": 10, "Loser": -14, "Old Wins": 5, "Paula's Pride": 0}
    assert [w.ring_name for w in ranked][:4] == ["Ace", "DQ Winner", "Old Wins", "Paula's Pride"]
    assert "Champion" not in scores and "Hurt" not in scores
    ace_row = next(w for w in ranked if w.ring_name == "Ace")
    assert ace_row.parts == [("Prestige 100 ÷ 20", 5), ("1 clean win × 15", 15)]
    loser_row = next(w for w in ranked if w.ring_name == "Loser")
    assert loser_row.parts == [("Prestige 120 ÷ 20", 6), ("2 losses × -10", -20)]


def test_a_wrestler_who_went_0_2_is_not_the_first_contender(personas):
    """The demo's week: the highest Prestige on the roster lost twice; those who won rank above him."""
    p = personas.promotion
    p.current_week = 2
    p.save()
    title = Title.objects.create(promotion=p, name="World")
    star = WrestlerFactory(promotion=p, ring_name="Fading Star", prestige=500)
    riser = WrestlerFactory(promotion=p, ring_name="Rising Rookie", prestige=100)
    winner = WrestlerFactory(promotion=p, ring_name="Steady Hand", prestige=200)
    cards = {}
    _result(cards, riser, star, 0, "pinfall", 1)
    _result(cards, winner, star, 0, "submission", 2)
    ranked = [w.ring_name for w in contenders(title)]
    assert ranked.index("Rising Rookie") < ranked.index("Fading Star")
    assert ranked.index("Steady Hand") < ranked.index("Fading Star")
    assert ranked[0] == "Steady Hand"  # 10 + 15 against the rookie's 5 + 15


def test_the_week_log_records_ranking_movement(personas):
    p = personas.promotion
    title = Title.objects.create(promotion=p, name="World")
    riser = WrestlerFactory(promotion=p, ring_name="Riser", prestige=10)
    WrestlerFactory(promotion=p, ring_name="Leader", prestige=50)
    advance_week(promotion=p, by=personas.owner)
    Wrestler.objects.filter(pk=riser.pk).update(prestige=80)
    log = advance_week(promotion=p, by=personas.owner)
    ranking = {row["name"]: (row["rank"], row["moved"]) for row in log.rankings[str(title.pk)]}
    assert ranking["Riser"] == (1, 1)
    assert ranking["Leader"] == (2, -1)


def test_wrestlers_idle_for_four_weeks_lose_prestige_legends_less(personas):
    from matches.models import Card, Match, MatchParticipant
    from promotion.models import PrestigeEntry

    p = personas.promotion
    p.current_week = 6
    p.save()
    idle = WrestlerFactory(promotion=p, ring_name="Idle Ike", prestige=200, owner=personas.player)
    legend = WrestlerFactory(promotion=p, ring_name="Legend Lou", prestige=200)
    legend.sheet = {**legend.sheet, "background": ["Legend"]}
    legend.save()
    busy = WrestlerFactory(promotion=p, ring_name="Busy Bea", prestige=200)
    old = Card.objects.create(promotion=p, name="Week 2", week=2, status="finished")
    recent = Card.objects.create(promotion=p, name="Week 5", week=5, status="finished")
    for card, a, b in ((old, idle, legend), (recent, busy, personas.wrestler)):
        m = Match.objects.create(card=card, order=1, status="finished", winner_side=0, method="pinfall", rounds=5)
        MatchParticipant.objects.create(match=m, card=card, side=0, wrestler=a)
        MatchParticipant.objects.create(match=m, card=card, side=1, wrestler=b)
    advance_week(promotion=p, by=personas.owner)  # week 6: four weeks since week 2
    prestige = dict(Wrestler.objects.filter(promotion=p).values_list("ring_name", "prestige"))
    assert (prestige["Idle Ike"], prestige["Legend Lou"], prestige["Busy Bea"]) == (180, 190, 200)
    assert PrestigeEntry.objects.get(wrestler=idle, reason="inactivity").prestige == -20
    assert Notice.objects.filter(user=personas.player, text__contains="Idle Ike lost 20 Prestige").exists()
    advance_week(promotion=p, by=personas.owner)  # week 7: five weeks idle, not a multiple of four
    assert Wrestler.objects.get(pk=idle.pk).prestige == 180
