"""Every URL pattern is either on an explicit public list or refuses the wrong user. A new view that is not in
ACCESS below fails this suite until someone decides who may use it."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from matches import services
from promotion.league import advance_week
from promotion.models import Membership, Notice, Referee, Title, TitleReign
from tests.factories import UserFactory, book_card

pytestmark = pytest.mark.django_db

# Who may use each view. public: anyone, no object. login: any signed-in user, no promotion object.
# see: whoever may see the promotion (members; everyone when it is public). player / booker / owner: that role
# or higher in the promotion (a player only for his own wrestler where the view is about one wrestler).
ACCESS = {
    "home": "public",
    "healthz": "public",
    "healthz-stream": "public",
    "signup": "public",
    "login": "public",
    "logout": "public",
    "password_reset": "public",
    "password_reset_done": "public",
    "password_reset_confirm": "public",
    "password_reset_complete": "public",
    "promotion:list": "public",
    "password_change": "login",
    "password_change_done": "login",
    "promotion:create": "login",
    "notices": "login",
    "notice-open": "invitee",  # a notice is its user's alone: the one probed is nobody's here
    "favicon": "public",
    "promotion:invitation-respond": "invitee",
    "promotion:detail": "see",
    "promotion:join-request": "login-see",
    "promotion:join-link": "login-link",
    "promotion:referees": "see",
    "promotion:titles": "see",
    "promotion:title": "see",
    "roster:roster": "see",
    "roster:wrestler": "see",
    "roster:export": "see",
    "matches:cards": "see",
    "matches:card": "see",
    "matches:match": "see",
    "matches:match-stream": "see",
    "matches:match-events": "see",
    "matches:match-setup": "see",
    "matches:card-progress": "see",
    "matches:match-odds": "see",
    # The decision panel of an interactive match (tests/matches/test_views_interactive.py checks who may see and
    # choose); the match probed here plays by its tactics, so the panel is a 404 for everyone.
    "matches:match-decision": "invitee",
    "league:home": "see",
    "league:week": "see",
    "league:results": "see",
    "league:dice": "see",
    "league:export": "see",
    "roster:create": "player",
    "roster:preview": "player",
    "roster:row": "player",
    "roster:edit": "wrestler-owner",
    "roster:review": "booker",
    "roster:status": "booker",
    "promotion:referee-create": "booker",
    "promotion:referee-edit": "booker",
    "promotion:title-create": "booker",
    "promotion:title-edit": "booker",
    "matches:card-create": "booker",
    "matches:wrestler-search": "booker",
    "matches:card-edit": "booker",
    "matches:card-book": "booker",
    "matches:card-reorder": "booker",
    "matches:match-add": "booker",
    "matches:match-edit": "booker",
    "matches:match-move": "booker",
    "matches:match-remove": "booker",
    "matches:go-live": "booker",
    "promotion:settings": "owner",
    "promotion:members": "owner",
    "promotion:member-role": "owner",
    "promotion:member-approve": "owner",
    "promotion:member-remove": "owner",
    "promotion:regenerate-invite": "owner",
    "promotion:title-vacate": "owner",
    "promotion:title-retire": "owner",
    "promotion:title-award": "owner",
    "league:advance": "owner",
}
NEEDS = {"player": 2, "booker": 3, "owner": 4, "wrestler-owner": 2}


def url_names():
    def walk(patterns, ns=""):
        for p in patterns:
            if isinstance(p, URLResolver):
                if p.namespace == "admin":
                    continue
                yield from walk(p.url_patterns, ns + (f"{p.namespace}:" if p.namespace else ""))
            elif isinstance(p, URLPattern):
                yield ns + p.name, p

    return dict(walk(get_resolver().url_patterns))


def test_every_view_has_a_declared_audience():
    missing = sorted(set(url_names()) - set(ACCESS))
    assert missing == [], f"views without an access rule in tests/security/test_url_access.py: {missing}"


@pytest.fixture
def world(private_personas):
    p = private_personas
    card = book_card(p.promotion, p.promoter, matches=1)
    p.card, p.match = card, card.matches.get()
    p.title = Title.objects.create(promotion=p.promotion, name="Private Belt")
    TitleReign.objects.create(title=p.title, number=1, won_week=1, won_method="awarded").holders.set([p.wrestler])
    p.referee = Referee.objects.create(promotion=p.promotion, name="Earl")
    # A membership that belongs to none of the personas (anyone may leave, so one's own would be allowed).
    p.member = Membership.objects.create(promotion=p.promotion, user=UserFactory(username="extra_member"))
    p.notice = Notice.objects.create(user=p.member.user, promotion=p.promotion, week=1, text="Not yours.")
    advance_week(promotion=p.promotion, by=p.owner)
    services.card_go_live(card=card, by=p.promoter)  # seeds and setups exist; nothing is enqueued (no commit)
    return p


def kwargs_for(name, pattern, w):
    keys = set(pattern.pattern.converters)
    kw = {}
    if "slug" in keys:
        kw["slug"] = w.promotion.slug
    if "mid" in keys:
        kw["mid"] = w.match.pk
    if "week" in keys:
        kw["week"] = 1
    if "token" in keys:
        kw["token"] = w.promotion.invite_token
    if "field" in keys:
        kw["field"] = "maneuvers"
    if "uidb64" in keys:
        kw.update(uidb64="x", token="y")
    if "pk" in keys:
        route = str(pattern.pattern)
        for marker, obj in (
            ("cards/<int:pk>", w.card),
            ("matches/<int:pk>", w.match),
            ("wrestlers/<int:pk>", w.wrestler),
            ("titles/<int:pk>", w.title),
            ("referees/<int:pk>", w.referee),
            ("members/<int:pk>", w.member),
            ("invitations/<int:pk>", w.member),
            ("notices/<int:pk>", w.notice),
        ):
            if marker in route:
                kw["pk"] = obj.pk
                break
        else:
            raise AssertionError(f"{name}: which object does <pk> name in {route}? Teach kwargs_for.")
    return kw


def refused(response):
    if response.status_code in (403, 404):
        return True
    return response.status_code == 302 and "/accounts/login/" in response["Location"]


def probe(client, url, method):
    return client.post(url, {}) if method == "POST" else client.get(url)


def methods_of(pattern):
    view = pattern.callback
    allowed = getattr(view, "http_method_names", None)
    return ["GET", "POST"] if allowed is None else [m.upper() for m in allowed if m in ("get", "post")]


def personas_of(w):
    return {
        "anonymous": None,
        "outsider": w.outsider,
        "viewer": w.viewer,
        "player": w.player,
        "other_player": w.other_player,
        "promoter": w.promoter,
        "owner": w.owner,
    }


def role_of(persona):
    return {"viewer": 1, "player": 2, "other_player": 2, "promoter": 3, "owner": 4}.get(persona, 0)


@pytest.mark.parametrize("name", sorted(ACCESS))
def test_each_view_refuses_the_wrong_user(client, world, name):
    names = url_names()
    if name not in names:
        pytest.fail(f"{name} is in ACCESS but no longer routed: remove it")
    rule = ACCESS[name]
    if rule == "public":
        return
    url = reverse(name, kwargs=kwargs_for(name, names[name], world))
    allowed_checked = False
    for persona, user in personas_of(world).items():
        should_refuse = must_refuse(rule, persona, user)
        if not should_refuse and allowed_checked:
            continue  # one allowed persona is enough, and its POST may have changed the object
        client.logout()
        if user is not None:
            client.force_login(user)
        for method in ("GET", "POST"):
            response = probe(client, url, method)
            if response.status_code == 405:
                continue
            assert response.status_code < 500, (name, persona, method, response.status_code)
            if should_refuse:
                assert refused(response), (name, persona, method, response.status_code)
                if persona == "outsider" and rule not in ("login", "invitee", "login-link"):
                    assert response.status_code == 404, (name, persona, method, "outsiders must not learn it exists")
            elif name == "roster:row" and response.status_code == 404:
                assert b"No such list on this sheet" in response.content  # the field, not the user, is refused
            else:
                assert not refused(response), (name, persona, method, response.status_code)
        allowed_checked = allowed_checked or not should_refuse


def must_refuse(rule, persona, user):
    if rule in ("login", "login-link"):
        return user is None
    if rule == "invitee":
        return True  # the membership used is nobody's invitation
    if rule == "see":
        return role_of(persona) == 0
    if rule == "login-see":
        return user is None or role_of(persona) == 0
    if rule == "wrestler-owner":
        return not (persona == "player" or role_of(persona) >= 3)
    return role_of(persona) < NEEDS[rule]


def test_the_admin_is_for_staff_only(client, world):
    assert client.get("/admin/").status_code == 302
    client.force_login(world.owner)
    response = client.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    staff = UserFactory(username="staffer", is_staff=True, is_superuser=True)
    client.force_login(staff)
    assert client.get("/admin/").status_code == 200
