"""The Django admin pages for booking, titles and the ledger open for a superuser; events are read-only."""

import pytest
from django.core.management import call_command

from matches.models import Match, MatchEvent
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MODELS = ["promotion/referee", "promotion/title", "promotion/titlereign", "promotion/prestigeentry"]
MODELS += ["matches/card", "matches/match", "matches/matchevent"]


def test_every_admin_page_opens(client, settings):
    settings.DEBUG = True
    call_command("seed_demo")
    match = Match.objects.first()
    MatchEvent.objects.create(match=match, seq=0, type="start", data={"seq": 0, "type": "start"})
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    for model in MODELS:
        assert client.get(f"/admin/{model}/").status_code == 200, model
    assert client.get(f"/admin/matches/match/{match.pk}/change/").status_code == 200
    assert client.get(f"/admin/matches/card/{match.card_id}/change/").status_code == 200
    assert client.get("/admin/matches/matchevent/add/").status_code == 403
    event = MatchEvent.objects.get(match=match)
    response = client.post(f"/admin/matches/matchevent/{event.pk}/change/", {"type": "edited"})
    assert response.status_code == 403
    event.refresh_from_db()
    assert event.type == "start"
