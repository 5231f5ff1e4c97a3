"""Issue 22 item 7: an approved wrestler whose sheet a player changes goes back for review and cannot be booked
until a promoter approves it again; a profile-only edit (hometown, bio) does not."""

import pytest

from matches.booking_services import BookingRefused, MatchSpec, card_create, match_add
from roster.models import Approval
from roster.services import wrestler_review, wrestler_update
from tests.factories import WrestlerFactory

pytestmark = pytest.mark.django_db


def approved(personas):
    w = personas.wrestler
    assert w.approval == Approval.APPROVED and personas.promotion.wrestlers_need_approval
    return w


def changed_sheet(wrestler):
    sheet = dict(wrestler.sheet)
    sheet["name"] = wrestler.ring_name + " II"
    return sheet


def test_a_players_sheet_change_sends_an_approved_wrestler_back_for_review(personas):
    w = wrestler_update(wrestler=approved(personas), by=personas.player, sheet=changed_sheet(personas.wrestler))
    assert w.approval == Approval.PENDING
    card = card_create(promotion=personas.promotion, by=personas.promoter, name="Re-review Card")
    rival = WrestlerFactory(promotion=personas.promotion, ring_name="Rival")
    with pytest.raises(BookingRefused, match="is not approved yet"):
        match_add(card=card, by=personas.promoter, spec=MatchSpec(sides=[[w.pk], [rival.pk]]))
    wrestler_review(wrestler=w, by=personas.promoter, approve=True)
    match, _ = match_add(card=card, by=personas.promoter, spec=MatchSpec(sides=[[w.pk], [rival.pk]]))
    assert match.pk


def test_a_profile_only_edit_or_an_unchanged_sheet_keeps_the_approval(personas):
    w = approved(personas)
    w = wrestler_update(wrestler=w, by=personas.player, sheet=dict(w.sheet), hometown="Parts Unknown", bio="New bio")
    assert w.approval == Approval.APPROVED and w.bio == "New bio"


def test_a_bookers_own_edit_is_its_review(personas):
    w = wrestler_update(wrestler=approved(personas), by=personas.promoter, sheet=changed_sheet(personas.wrestler))
    assert w.approval == Approval.APPROVED


def test_no_review_where_the_promotion_needs_none(personas):
    personas.promotion.wrestlers_need_approval = False
    personas.promotion.save()
    w = wrestler_update(wrestler=personas.wrestler, by=personas.player, sheet=changed_sheet(personas.wrestler))
    assert w.approval == Approval.APPROVED


def edit_page_data(client, url):
    """What a browser posts back from the edit page as it was rendered."""
    import re

    html = client.get(url).content.decode()
    form = html[html.index('id="sheet-form"') if 'id="sheet-form"' in html else 0 :]
    data = {}
    for tag in re.findall(r"<(?:input|select|textarea)[^>]*>(?:[^<]*</textarea>)?", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or 'type="submit"' in tag:
            continue
        if tag.startswith("<textarea"):
            value = re.search(r">([^<]*)</textarea>", tag).group(1)
        elif tag.startswith("<select") or ('type="checkbox"' in tag or 'type="radio"' in tag) and "checked" not in tag:
            continue
        else:
            found = re.search(r'value="([^"]*)"', tag)
            value = found.group(1) if found else ""
        data.setdefault(name.group(1), []).append(
            value.replace("&quot;", '"').replace("&#x27;", "'").replace("&amp;", "&")
        )
    for select in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select[1])
        if chosen:
            data.setdefault(select[0], []).append(chosen.group(1))
    return data


def test_saving_the_edit_page_unchanged_keeps_the_approval(client, personas):
    """A sheet saved through the edit page, approved, then saved again unchanged stays approved. (A sheet made
    elsewhere, such as the example sheets, may list its maneuvers in another order than the form's checkboxes: its
    first save through the form is a change, and is reviewed.)"""
    w = approved(personas)
    client.force_login(personas.promoter)
    url = f"/p/{personas.promotion.slug}/wrestlers/{w.pk}/edit/"
    assert client.post(url, edit_page_data(client, url)).status_code == 302
    client.force_login(personas.player)
    response = client.post(url, edit_page_data(client, url))
    assert response.status_code == 302, response.content.decode()[:2000]
    w.refresh_from_db()
    assert w.approval == Approval.APPROVED
    data = edit_page_data(client, url)
    data["sheet.name"] = ["Paula's Pride Reborn"]
    response = client.post(url, data, follow=True)
    assert "It waits for a promoter&#x27;s approval." in response.content.decode()
    w.refresh_from_db()
    assert w.approval == Approval.PENDING


@pytest.mark.parametrize("ruleset", ["arm", "hp-d6", "wildknight"])
def test_a_change_the_ruleset_calls_cosmetic_keeps_the_approval_and_is_logged(ruleset, caplog):
    from rules import get_ruleset
    from tests.conftest import Personas

    personas = Personas(ruleset=ruleset)
    w = approved(personas)
    assert "pronouns" in get_ruleset(ruleset).cosmetic_fields
    sheet = dict(w.sheet, pronouns="they")
    with caplog.at_level("INFO", logger="kayfabe.roster"):
        w = wrestler_update(wrestler=w, by=personas.player, sheet=sheet)
    assert w.approval == Approval.APPROVED and w.sheet["pronouns"] == "they"
    assert "cosmetic change of pronouns" in caplog.text
    # the same edit with a playable change goes back for review
    w = wrestler_update(wrestler=w, by=personas.player, sheet=dict(changed_sheet(w), pronouns="she"))
    assert w.approval == Approval.PENDING
