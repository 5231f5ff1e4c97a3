"""Issue 22 item 8: the same create or state change fired from many threads at once, against the real Postgres.
Each race has one winner (or, where several may win, each a distinct row), clear answers for the rest (a form
error, a redirect with a message, or a refusal the service names), never an unhandled IntegrityError or a 500, and
a consistent database afterwards. Before the fixes: 6 of 20 concurrent /p/new/ were 500s (slug check-then-insert),
1 of 200 concurrent invitations, 18 of 60 sign-ups of RaceUser/raceuser, with two accounts differing by case."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connections
from django.test import Client

from matches import booking_services as booking
from matches import services
from matches.models import Card, CardStatus, Match
from promotion import league, titles
from promotion.models import Membership, MembershipStatus, Promotion, Referee, Role, Title, TitleReign, WeekLog
from roster.models import Wrestler
from roster.services import wrestler_create
from tests.factories import MembershipFactory, UserFactory, WrestlerFactory, book_card, sheet_for
from tests.security.conftest import COUNTS

pytestmark = pytest.mark.django_db(transaction=True)


def race(n, prepare, act):
    """Run ``act(state, i)`` in ``n`` threads released together; ``prepare(i)`` runs first in each thread (logging
    in, say). Returns each thread's result or the exception it raised."""
    barrier = threading.Barrier(n, timeout=60)
    results = [None] * n

    def run(i):
        try:
            state = prepare(i)
            connections.close_all()  # back to the pool (16 a process) while the others get ready
            barrier.wait()
            results[i] = act(state, i)
        except Exception as exc:  # noqa: BLE001 - reported by the test
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    COUNTS["races: requests fired"] += n
    COUNTS["races: races run"] += 1
    return results


def signed_in(user):
    def prepare(i):
        client = Client()  # a view's exception is raised here: a 500 would fail the test with its traceback
        if user is not None:
            client.force_login(user(i) if callable(user) else user)
        return client

    return prepare


def messages_of(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def assert_no_errors(results):
    errors = [r for r in results if isinstance(r, BaseException)]
    assert errors == [], errors[:3]
    statuses = [r.status_code for r in results if hasattr(r, "status_code")]
    assert all(s < 500 for s in statuses), statuses


def test_twenty_promotions_of_one_name_at_once_all_open_with_their_own_slugs(db):
    users = [UserFactory(username=f"founder{i}") for i in range(20)]
    data = {"name": "Race Wrestling", "ruleset": "arm", "time_limit_minutes": 10, "referee_warning_limit": 3}
    results = race(20, signed_in(lambda i: users[i]), lambda c, i: c.post("/p/new/", data))
    assert_no_errors(results)
    assert [r.status_code for r in results] == [302] * 20
    slugs = sorted(Promotion.objects.filter(name="Race Wrestling").values_list("slug", flat=True))
    assert len(slugs) == len(set(slugs)) == 20
    assert "race-wrestling" in slugs
    for promotion in Promotion.objects.filter(name="Race Wrestling"):
        assert list(promotion.memberships.values_list("role", flat=True)) == [Role.OWNER]


def test_sign_ups_of_one_name_in_different_cases_make_one_account(db):
    names = ["RaceUser", "raceuser", "RACEUSER", "Raceuser"]

    def act(client, i):
        pw = "Turnbuckle-Bomb-93"
        data = {"username": names[i % 4], "email": f"r{i}@example.com", "password1": pw, "password2": pw}
        return client.post("/accounts/signup/", data)

    results = race(40, signed_in(None), act)
    assert_no_errors(results)
    assert get_user_model().objects.filter(username__iexact="raceuser").count() == 1
    won = [r for r in results if r.status_code == 302]
    assert len(won) == 1
    for r in results:
        if r.status_code != 302:
            assert r.status_code == 200
            assert "A user with that username already exists." in r.content.decode()


@pytest.fixture
def league_world(db):
    owner = UserFactory(username="race_owner")
    co_owner = UserFactory(username="race_co_owner")
    promotion = Promotion.objects.create(name="Race League", slug="race-league", ruleset="wildknight", created_by=owner)
    MembershipFactory(promotion=promotion, user=owner, role=Role.OWNER)
    MembershipFactory(promotion=promotion, user=co_owner, role=Role.OWNER)
    promoter = MembershipFactory(promotion=promotion, user=UserFactory(username="race_promoter"), role="promoter").user
    return type("World", (), {"owner": owner, "co_owner": co_owner, "promotion": promotion, "promoter": promoter})


def test_many_invitations_of_one_user_at_once_make_one(league_world):
    w = league_world
    UserFactory(username="Invitee")
    url = f"/p/{w.promotion.slug}/members/"
    owners = [w.owner, w.co_owner]
    results = race(
        30, signed_in(lambda i: owners[i % 2]), lambda c, i: c.post(url, {"username": "invitee", "role": "player"})
    )
    assert_no_errors(results)
    assert Membership.objects.filter(promotion=w.promotion, user__username="Invitee").count() == 1
    invited = [r for r in results if r.status_code == 302]
    assert len(invited) == 1 and messages_of(invited[0]) == ["Invitee invited as player."]
    for r in results:
        if r.status_code != 302:
            body = r.content.decode()
            assert "Invitee is already invited." in body or "Invitee was invited or joined just now." in body


def test_one_user_joining_by_link_from_many_tabs_joins_once(league_world):
    w = league_world
    joiner = UserFactory(username="joiner")
    url = f"/p/{w.promotion.slug}/join/{w.promotion.invite_token}/"
    results = race(10, signed_in(joiner), lambda c, i: c.post(url))
    assert_no_errors(results)
    assert [r.status_code for r in results] == [302] * 10
    assert Membership.objects.get(promotion=w.promotion, user=joiner).status == MembershipStatus.ACTIVE


def test_asking_to_join_from_many_tabs_asks_once(league_world):
    w = league_world
    w.promotion.is_public = True
    w.promotion.save()
    asker = UserFactory(username="asker")
    results = race(10, signed_in(asker), lambda c, i: c.post(f"/p/{w.promotion.slug}/join/"))
    assert_no_errors(results)
    assert Membership.objects.filter(promotion=w.promotion, user=asker).count() == 1
    said = sorted(m for r in results for m in messages_of(r))
    assert said.count("You asked to join Race League. An owner will answer.") == 1
    assert said.count("You are already a member of this promotion or have asked to join.") == 9


def test_an_invitation_accepted_from_many_tabs_is_accepted_once(league_world):
    w = league_world
    user = UserFactory(username="tabby")
    invitation = Membership.objects.create(promotion=w.promotion, user=user, status=MembershipStatus.INVITED)
    url = f"/p/invitations/{invitation.pk}/"
    results = race(10, signed_in(user), lambda c, i: c.post(url, {"answer": "accept"}))
    assert_no_errors(results)
    assert all(r.status_code in (302, 404) for r in results)
    assert sum(r.status_code == 302 for r in results) >= 1
    assert Membership.objects.get(pk=invitation.pk).status == MembershipStatus.ACTIVE


@pytest.mark.parametrize(
    ("path", "data", "model"),
    [
        ("referees/new/", {"name": "Twin Earl", "skill": 12, "sav": 10, "warning_limit": 3}, Referee),
        ("titles/new/", {"name": "Race Belt", "division": "singles", "is_active": "on"}, Title),
    ],
)
def test_one_name_created_from_many_threads_is_created_once(league_world, path, data, model):
    w = league_world
    results = race(12, signed_in(w.promoter), lambda c, i: c.post(f"/p/{w.promotion.slug}/{path}", data))
    assert_no_errors(results)
    assert model.objects.filter(promotion=w.promotion, name=data["name"]).count() == 1
    assert sum(r.status_code == 302 for r in results) == 1
    for r in results:
        if r.status_code != 302:
            assert "already" in r.content.decode()


def service(fn):
    """A service call's answer: the object, or the message of the refusal it raised (ValidationError, or
    PermissionDenied once the race has taken away the right to act: the views answer both with a reason)."""

    def act(_, i):
        try:
            return fn(i)
        except ValidationError as exc:
            return " ".join(exc.messages)
        except PermissionDenied as exc:
            return f"refused: {exc}"

    return act


def test_one_ring_name_created_from_many_threads_is_created_once(league_world):
    w = league_world
    sheet = sheet_for("wildknight", "Twin Terror")
    results = race(
        12, lambda i: None, service(lambda i: wrestler_create(promotion=w.promotion, by=w.promoter, sheet=dict(sheet)))
    )
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert Wrestler.objects.filter(promotion=w.promotion, ring_name="Twin Terror").count() == 1
    assert sum(isinstance(r, Wrestler) for r in results) == 1
    assert all(r == "Twin Terror is already on this roster." for r in results if not isinstance(r, Wrestler))


def test_one_wrestler_booked_into_two_matches_at_once_is_booked_once(league_world):
    w = league_world
    card = booking.card_create(promotion=w.promotion, by=w.promoter, name="Race Card")
    star = WrestlerFactory(promotion=w.promotion, ring_name="Star")
    rivals = [WrestlerFactory(promotion=w.promotion, ring_name=f"Rival {i}") for i in range(10)]

    def add(i):
        return booking.match_add(card=card, by=w.promoter, spec=booking.MatchSpec(sides=[[star.pk], [rivals[i].pk]]))

    results = race(10, lambda i: None, service(add))
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert Match.objects.filter(card=card).count() == 1
    assert list(Match.objects.filter(card=card).values_list("order", flat=True)) == [1]
    assert sum(isinstance(r, tuple) for r in results) == 1
    assert all("Star is already booked on this card" in r for r in results if isinstance(r, str))


def test_go_live_pressed_by_many_promoters_at_once_goes_live_once(league_world):
    w = league_world
    card = book_card(w.promotion, w.promoter, matches=2)
    url = f"/p/{w.promotion.slug}/cards/{card.pk}/go-live/"
    bookers = [w.promoter, w.owner, w.co_owner]
    results = race(12, signed_in(lambda i: bookers[i % 3]), lambda c, i: c.post(url))
    assert_no_errors(results)
    assert [r.status_code for r in results] == [302] * 12
    said = [m for r in results for m in messages_of(r)]
    assert said.count(f"{card.name} is live!") == 1
    assert said.count(f"{card.name} is already live.") + said.count(f"{card.name} is already finished.") == 11
    card.refresh_from_db()
    assert card.status in (CardStatus.LIVE, CardStatus.FINISHED)
    assert Match.objects.filter(card=card, seed__isnull=True).count() == 0


def test_mark_as_booked_pressed_many_times_at_once_books_once(league_world):
    w = league_world
    card = booking.card_create(promotion=w.promotion, by=w.promoter, name="Double Click")
    a, b = (WrestlerFactory(promotion=w.promotion, ring_name=n) for n in ("Dee", "Dum"))
    booking.match_add(card=card, by=w.promoter, spec=booking.MatchSpec(sides=[[a.pk], [b.pk]]))
    results = race(10, signed_in(w.promoter), lambda c, i: c.post(f"/p/{w.promotion.slug}/cards/{card.pk}/book/"))
    assert_no_errors(results)
    assert Card.objects.get(pk=card.pk).status == CardStatus.BOOKED


def test_a_vacant_title_awarded_by_two_owners_at_once_has_one_reign(league_world):
    w = league_world
    title = Title.objects.create(promotion=w.promotion, name="Contested Belt")
    contenders = [WrestlerFactory(promotion=w.promotion, ring_name=f"Claimant {i}") for i in range(10)]
    owners = [w.owner, w.co_owner]

    def award(i):
        return titles.title_award(title=title, by=owners[i % 2], wrestler_ids=[contenders[i].pk])

    results = race(10, lambda i: None, service(award))
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert TitleReign.objects.filter(title=title).count() == 1
    assert TitleReign.objects.filter(title=title, is_current=True).count() == 1
    assert sum(isinstance(r, TitleReign) for r in results) == 1


def test_the_week_advanced_by_many_clicks_at_once_advances_once(league_world):
    w = league_world
    owners = [w.owner, w.co_owner]
    url = f"/p/{w.promotion.slug}/league/advance/"
    results = race(10, signed_in(lambda i: owners[i % 2]), lambda c, i: c.post(url, {"week": 1}))
    assert_no_errors(results)
    assert WeekLog.objects.filter(promotion=w.promotion).count() == 1
    assert Promotion.objects.get(pk=w.promotion.pk).current_week == 2
    assert sum(r["Location"].endswith("/league/weeks/1/") for r in results) == 1


def test_two_owners_demoting_each_other_at_once_leave_an_owner(league_world):
    w = league_world
    mine = Membership.objects.get(promotion=w.promotion, user=w.owner)
    theirs = Membership.objects.get(promotion=w.promotion, user=w.co_owner)
    pairs = [(w.owner, theirs), (w.co_owner, mine)]

    def demote(i):
        by, membership = pairs[i % 2]
        return league_role(membership, by)

    def league_role(membership, by):
        from promotion.services import membership_set_role

        return membership_set_role(membership=membership, by=by, role=Role.PLAYER)

    results = race(8, lambda i: None, service(demote))
    assert not [r for r in results if isinstance(r, BaseException)], results
    owners = Membership.objects.filter(promotion=w.promotion, role=Role.OWNER, status=MembershipStatus.ACTIVE)
    assert owners.count() >= 1


def test_the_league_is_consistent_after_the_races(league_world):
    """The week's advance and a card going live at once: both happen, each once."""
    w = league_world
    card = book_card(w.promotion, w.promoter, matches=1)

    def act(_, i):
        try:
            if i % 2:
                return league.advance_week(promotion=w.promotion, by=w.owner, from_week=1)
            return services.card_go_live(card=card, by=w.promoter)
        except (ValidationError, league.AlreadyAdvanced) as exc:
            return str(exc)

    results = race(8, lambda i: None, act)
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert WeekLog.objects.filter(promotion=w.promotion).count() == 1
    assert Card.objects.get(pk=card.pk).status in (CardStatus.LIVE, CardStatus.FINISHED)
