"""The fuzz suite (issue 22): malformed values posted to every URL that takes a POST, as each persona, in every
payload class (huge and negative numbers, special floats, unicode, NUL bytes, 100k-character strings, repeated and
missing fields, wrong types, JSON and multipart bodies, markup). Every answer is below 500, and after each URL x
persona the league is whole: no half-written rows (see ``assert_everything_whole``). Bounded: one post per payload
class per URL and persona, about a minute on two cores."""

import inspect
import json
import re
from collections import Counter

import pytest
from django.db.models import Count, Sum
from django.test import Client
from django.urls import reverse

from matches import services
from matches.booking_services import MatchSpec, card_create, match_add
from matches.models import Card, CardStatus, MatchKind
from promotion.models import (
    Membership,
    MembershipStatus,
    Notice,
    PrestigeEntry,
    Promotion,
    Referee,
    Role,
    Title,
    TitleReign,
)
from roster.models import Wrestler
from rules import get_ruleset
from tests.factories import UserFactory, WrestlerFactory, book_card
from tests.security.conftest import COUNTS
from tests.security.test_url_access import kwargs_for, url_names

pytestmark = pytest.mark.django_db

# Fields of the URLs that take a POST without a form page of their own to read the names from.
KNOWN_FIELDS = {
    "promotion:member-role": ["role"],
    "promotion:invitation-respond": ["answer"],
    "promotion:title-vacate": ["reason"],
    "promotion:title-retire": ["reason"],
    "promotion:title-award": ["first", "second"],
    "roster:review": ["decision", "note"],
    "roster:status": ["status", "suspended_weeks"],
    "matches:card-reorder": ["order"],
    "matches:match-move": ["direction"],
    "league:advance": ["week"],
    "login": ["username", "password"],
    "password_reset": ["email"],
    "password_change": ["old_password", "new_password1", "new_password2"],
}
SKIP = {"logout"}  # it only signs the persona out; tests/security/test_url_access.py covers it

LONG = "x" * 100_000
PAYLOADS = {
    "missing": None,
    "empty": "",
    "huge number": "9" * 400,
    "negative": "-2147483649",
    "special float": ["1e309", "NaN", "-Infinity"],
    "unicode": "Zürich ☃ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202eevil\u202c مرحبا 🤼",
    "NUL byte": "ring\x00side",
    "100k characters": LONG,
    "repeated": ["1", "face", "2", "<b>"],
    "wrong type": '[1, {"a": null}]',
    "markup": "<script>alert(1)</script>\"' OR 1=1 --",
    "JSON body": "json",
    "multipart file": "file",
}
PERSONAS = ["anonymous", "outsider", "viewer", "player", "promoter", "owner"]
# Payload classes per URL for each persona: the owner, who reaches every form, sends every class to every URL; the
# others a rotating share, so that each still sends every class over the URLs' order, within the time bound (the
# counts of the last run are in docs/security.md).
SHARE = {"owner": len(PAYLOADS), "promoter": 6, "player": 6, "viewer": 4, "outsider": 4, "anonymous": 4}


def classes_for(persona, u):
    kinds, k = list(PAYLOADS), SHARE[persona]
    start = (u * k + PERSONAS.index(persona)) % len(kinds)
    return [kinds[(start + j) % len(kinds)] for j in range(k)]


@pytest.fixture
def world(personas):
    p = personas
    p.booked = book_card(p.promotion, p.promoter, matches=2, name="Booked Card")
    p.draft = card_create(promotion=p.promotion, by=p.promoter, name="Draft Card")
    a = WrestlerFactory(promotion=p.promotion, ring_name="Draft A")
    b = WrestlerFactory(promotion=p.promotion, ring_name="Draft B", alignment="heel")
    p.match, _ = match_add(card=p.draft, by=p.promoter, spec=MatchSpec(sides=[[a.pk], [b.pk]]))
    p.card = p.draft
    p.title = Title.objects.create(promotion=p.promotion, name="Fuzz Belt")
    p.referee = Referee.objects.create(promotion=p.promotion, name="Earl")
    p.member = Membership.objects.create(promotion=p.promotion, user=UserFactory(username="extra_member"))
    p.invitation = Membership.objects.create(
        promotion=p.promotion, user=p.outsider, role=Role.PLAYER, status=MembershipStatus.INVITED
    )
    p.notice = Notice.objects.create(user=p.member.user, promotion=p.promotion, week=1, text="Fuzz notice.")
    p.live = book_card(p.promotion, p.promoter, matches=1, name="Live Card")
    services.card_go_live(card=p.live, by=p.promoter)  # nothing is enqueued: the test's transaction never commits
    return p


def reads_posts(view):
    """Whether a view does anything with a POST: its code reads ``request.POST``/``request.method`` or takes only
    POSTs. A page that answers a POST as a GET (a read-only page) has no form to fuzz."""
    source = inspect.getsource(inspect.unwrap(view))
    helpers = ("_act(", "_end_with_reason(", "_editor(", "_title_action(")
    return "POST" in source or "method" in source or any(h in source for h in helpers)


def targets(w):
    """[(url name, url)] of every routed view that takes a POST."""
    found = []
    for name, pattern in sorted(url_names().items()):
        if name in SKIP:
            continue
        allowed = getattr(pattern.callback, "http_method_names", None)
        if allowed is not None and "post" not in allowed:
            continue
        if allowed is None and not reads_posts(pattern.callback):
            continue
        kw = kwargs_for(name, pattern, w)
        if name == "promotion:invitation-respond":
            kw["pk"] = w.invitation.pk
        found.append((name, reverse(name, kwargs=kw)))
    return found


def field_names(client, name, url):
    names = set(KNOWN_FIELDS.get(name, []))
    response = client.get(url)
    if response.status_code == 200 and response.get("Content-Type", "").startswith("text/html"):
        names |= set(re.findall(r'name="([^"]+)"', response.content.decode())) - {"csrfmiddlewaretoken"}
    return sorted(names)


def payload(kind, names):
    value = PAYLOADS[kind]
    if value is None:
        return {}
    if kind == "100k characters":
        return dict.fromkeys(names[:9], LONG)  # nine fields: under the request body limit, so the forms see them
    return dict.fromkeys(names, value)


def post(client, url, kind, names):
    if kind == "JSON body":
        body = json.dumps({n: [None, -1, 1e300, {"x": "\u0000"}, LONG[:1000]] for n in names} or {"a": 1})
        return client.post(url, body, content_type="application/json")
    if kind == "multipart file":
        from django.core.files.uploadedfile import SimpleUploadedFile

        data = {n: SimpleUploadedFile("x.bin", b"\x00\xff" * 512) for n in names} or {
            "file": SimpleUploadedFile("x.bin", b"\x00")
        }
        return client.post(url, data)
    return client.post(url, payload(kind, names))


def assert_everything_whole(w):
    """What a half-written write would leave behind, over the whole promotion."""
    for promotion in Promotion.objects.all():
        assert promotion.ruleset in ("arm", "hp-d6", "wildknight") and promotion.slug
        owners = promotion.memberships.filter(role=Role.OWNER, status=MembershipStatus.ACTIVE)
        assert owners.exists(), f"{promotion.slug} has no owner"
    ruleset = get_ruleset(w.promotion.ruleset)
    for wrestler in Wrestler.objects.filter(promotion=w.promotion):
        assert ruleset.validate_sheet(wrestler.sheet)["name"] == wrestler.ring_name
        sums = PrestigeEntry.objects.filter(wrestler=wrestler).aggregate(p=Sum("prestige"), f=Sum("fame"))
        assert (sums["p"] or 0, sums["f"] or 0) == (wrestler.prestige, wrestler.fame)
    for card in Card.objects.filter(promotion=w.promotion):
        orders = list(card.matches.order_by("order").values_list("order", flat=True))
        assert orders == list(range(1, len(orders) + 1)), card.name
        for match in card.matches.annotate(n=Count("participants")):
            size = 2 if match.kind == MatchKind.TAG else 1
            assert match.n == 2 * size, (card.name, match.order, match.n)
            if card.status in (CardStatus.LIVE, CardStatus.FINISHED):
                assert match.seed is not None and match.setup is not None
    for title in Title.objects.filter(promotion=w.promotion):
        assert title.name
        current = TitleReign.objects.filter(title=title, is_current=True)
        assert current.count() <= 1
        for reign in current:
            assert reign.holders.count() == (2 if title.division == "tag" else 1)
    assert not Referee.objects.filter(name="", promotion=w.promotion).exists()


@pytest.mark.parametrize("persona", PERSONAS)
def test_malformed_posts_to_every_url_never_break_anything(world, persona):
    users = {"anonymous": None, **{k: getattr(world, k) for k in PERSONAS[1:]}}
    reader = Client()
    reader.force_login(world.owner)
    urls = targets(world)
    names = {name: field_names(reader, name, url) for name, url in urls}
    client = Client(raise_request_exception=True)  # a view's exception fails the test with its traceback
    statuses = Counter()
    for u, (name, url) in enumerate(urls):
        if users[persona] is not None:
            client.force_login(users[persona])  # a post may have signed the persona out or changed his password
        for kind in classes_for(persona, u):
            response = post(client, url, kind, names[name])
            statuses[response.status_code // 100] += 1
            assert response.status_code < 500, (name, persona, kind, response.status_code)
            COUNTS[f"fuzz: payload {kind}"] += 1
        assert_everything_whole(world)
    COUNTS["fuzz: posts"] += sum(statuses.values())
    COUNTS["fuzz: URLs"] = len(urls)
    COUNTS[f"fuzz: persona {persona}"] += sum(statuses.values())
    for klass, n in statuses.items():
        COUNTS[f"fuzz: {klass}xx answers"] += n
