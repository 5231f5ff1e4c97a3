import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from roster import services
from roster.models import Approval, Injury, Wrestler, WrestlerStatus
from roster.selectors import export_sheet, roster
from tests.factories import WrestlerFactory, sheet_for

pytestmark = pytest.mark.django_db


def test_a_players_new_wrestler_waits_for_approval(personas):
    sheet = sheet_for("wildknight", "The Natural", alignment="face")
    wrestler = services.wrestler_create(promotion=personas.promotion, by=personas.player, sheet=sheet)
    assert wrestler.owner == personas.player
    assert wrestler.approval == Approval.PENDING
    assert not wrestler.is_bookable
    services.wrestler_review(wrestler=wrestler, by=personas.promoter, approve=True)
    wrestler.refresh_from_db()
    assert wrestler.is_bookable


def test_a_promoters_wrestler_is_approved_at_once(personas):
    wrestler = services.wrestler_create(
        promotion=personas.promotion, by=personas.promoter, sheet=sheet_for("wildknight", "House Heel")
    )
    assert wrestler.approval == Approval.APPROVED
    assert wrestler.owner is None


def test_the_ruleset_validates_the_sheet_and_nothing_is_saved(personas):
    sheet = sheet_for("wildknight", "Too Strong")
    sheet["attributes"]["Brawn"] = 99
    with pytest.raises(services.SheetInvalid) as exc:
        services.wrestler_create(promotion=personas.promotion, by=personas.player, sheet=sheet)
    assert list(exc.value.errors) == ["attributes.Brawn"]
    assert not Wrestler.objects.filter(ring_name="Too Strong").exists()


def test_ring_names_are_unique_per_promotion_whatever_the_case(personas):
    with pytest.raises(ValidationError) as exc:
        services.wrestler_create(
            promotion=personas.promotion, by=personas.player, sheet=sheet_for("wildknight", "PAULA'S PRIDE")
        )
    assert "already on this roster" in exc.value.message_dict["name"][0]


def test_columns_mirror_the_sheet(personas):
    sheet = sheet_for("wildknight", "Heavy Harry", alignment="heel", weight=380)
    wrestler = services.wrestler_update(wrestler=personas.wrestler, by=personas.player, sheet=sheet)
    assert (wrestler.ring_name, wrestler.alignment, wrestler.weight_lb) == ("Heavy Harry", "heel", 380)


def test_players_edit_only_their_own_wrestlers(personas):
    with pytest.raises(PermissionDenied):
        services.wrestler_update(
            wrestler=personas.wrestler, by=personas.other_player, sheet=sheet_for("wildknight", "Mine Now")
        )
    with pytest.raises(PermissionDenied):
        services.wrestler_create(promotion=personas.promotion, by=personas.viewer, sheet=sheet_for("wildknight", "V"))


def test_a_rejected_wrestler_goes_back_to_review_when_fixed(personas):
    wrestler = personas.wrestler
    services.wrestler_review(wrestler=wrestler, by=personas.owner, approve=False, note="Too many moves")
    wrestler.refresh_from_db()
    assert (wrestler.approval, wrestler.approval_note) == (Approval.REJECTED, "Too many moves")
    services.wrestler_update(wrestler=wrestler, by=personas.player, sheet=wrestler.sheet)
    wrestler.refresh_from_db()
    assert wrestler.approval == Approval.PENDING


def test_a_suspension_needs_a_length(personas):
    with pytest.raises(ValidationError):
        services.wrestler_set_status(wrestler=personas.wrestler, by=personas.owner, status=WrestlerStatus.SUSPENDED)
    services.wrestler_set_status(
        wrestler=personas.wrestler, by=personas.owner, status=WrestlerStatus.SUSPENDED, suspended_weeks=3
    )
    personas.wrestler.refresh_from_db()
    assert (personas.wrestler.status, personas.wrestler.suspended_weeks) == ("suspended", 3)


def test_injuries_accumulate_per_body_part_and_mark_the_wrestler_injured(personas):
    services.injury_add(wrestler=personas.wrestler, body_part="leg", points=3)
    services.injury_add(wrestler=personas.wrestler, body_part="leg", points=2)
    services.injury_add(wrestler=personas.wrestler, body_part="head", points=1)
    assert {i.body_part: i.points for i in Injury.objects.filter(wrestler=personas.wrestler)} == {"leg": 5, "head": 1}
    personas.wrestler.refresh_from_db()
    assert personas.wrestler.status == WrestlerStatus.INJURED


def test_an_injury_goes_on_one_of_the_rulesets_areas_or_is_refused(personas):
    with pytest.raises(ValidationError) as exc:
        services.injury_add(wrestler=personas.wrestler, body_part="tail", points=2)
    assert (
        "'tail' is not an injury area here (areas: head, neck, body, back, arm, leg)"
        in exc.value.message_dict["body_part"][0]
    )
    assert not Injury.objects.filter(wrestler=personas.wrestler).exists()
    personas.wrestler.refresh_from_db()
    assert personas.wrestler.status == WrestlerStatus.ACTIVE


def test_roster_filters_and_sorts(personas):
    p = personas.promotion
    WrestlerFactory(promotion=p, ring_name="Zed Heel", alignment="heel", prestige=50)
    hurt = WrestlerFactory(promotion=p, ring_name="Achy Andy", alignment="face", prestige=10)
    services.injury_add(wrestler=hurt, body_part="back", points=2)
    assert [w.ring_name for w in roster(p, alignment="heel")] == ["Zed Heel"]
    assert [w.ring_name for w in roster(p, injured="yes")] == ["Achy Andy"]
    assert [w.ring_name for w in roster(p, sort="prestige")][0] == "Zed Heel"
    assert [w.ring_name for w in roster(p, owner="house")] == ["Achy Andy", "Zed Heel"]
    assert [w.ring_name for w in roster(p, q="pride")] == ["Paula's Pride"]


def test_the_exported_sheet_validates_with_the_ruleset(personas):
    from rules import get_ruleset

    sheet = export_sheet(personas.wrestler)
    assert get_ruleset("wildknight").validate_sheet(sheet)["name"] == "Paula's Pride"


@pytest.mark.parametrize(
    ("prestige", "tier"),
    [
        (-50, "Preliminary"),
        (149, "Preliminary"),
        (150, "Mid-card"),
        (299, "Mid-card"),
        (300, "Upper mid-card"),
        (450, "Main event"),
        (900, "Main event"),
    ],
)
def test_prestige_places_a_wrestler_in_a_tier(personas, client, prestige, tier):
    Wrestler.objects.filter(pk=personas.wrestler.pk).update(prestige=prestige)
    personas.wrestler.refresh_from_db()
    assert personas.wrestler.tier == tier
    assert f"<td>{tier}</td>" in client.get(f"/p/{personas.promotion.slug}/roster/").content.decode()


def test_a_wrestler_whose_standing_fell_below_zero_can_still_be_booked_and_play(db):
    from matches import services as live
    from roster.selectors import export_sheet
    from tests.conftest import Personas
    from tests.factories import book_card

    p = Personas(ruleset="arm")
    card = book_card(p.promotion, p.promoter, matches=1)
    loser = card.matches.get().participants.get(side=1).wrestler
    Wrestler.objects.filter(pk=loser.pk).update(prestige=-35)
    loser.refresh_from_db()
    assert export_sheet(loser)["prestige"] == 0
    live.card_go_live(card=card, by=p.promoter)
    assert live.match_run(card.matches.get().pk) == "done"


def test_injuries_beyond_the_rulesets_limit_are_played_at_the_limit(db):
    from roster.selectors import export_sheet
    from rules import get_ruleset
    from tests.conftest import Personas

    p = Personas(ruleset="arm")
    services.injury_add(wrestler=p.wrestler, body_part="neck", points=53)
    services.injury_add(wrestler=p.wrestler, body_part="body", points=4)
    sheet = export_sheet(p.wrestler)
    assert sheet["injuries"] == {"neck": 50, "body": 4}
    assert get_ruleset("arm").validate_sheet(sheet)["injuries"] == {"Neck": 50, "Ribs": 4}


def test_the_wrestler_page_derives_edge_from_the_leagues_fame(client, db):
    from tests.conftest import Personas

    p = Personas(ruleset="arm")
    Wrestler.objects.filter(pk=p.wrestler.pk).update(fame=700)
    html = client.get(p.wrestler.get_absolute_url()).content.decode()
    compact = html.replace("\n", "").replace(" ", "")
    assert "Edgepointspermatch</dt><dd>7</dd>" in compact  # Fame 700 -> 7 Edge, whatever the stored sheet says


@pytest.mark.parametrize(("background", "start"), [([], 100), (["Defector"], 200), (["Legend"], 400)])
def test_a_new_arm_wrestler_starts_with_his_backgrounds_prestige_in_the_ledger(db, background, start):
    from promotion.models import LedgerReason, PrestigeEntry
    from tests.conftest import Personas

    p = Personas(ruleset="arm")
    sheet = sheet_for("arm", "The Returning Star", background=background, prestige=99_999)
    wrestler = services.wrestler_create(promotion=p.promotion, by=p.player, sheet=sheet)
    wrestler.refresh_from_db()
    assert wrestler.prestige == start  # the league's standing, not the number typed into the sheet
    entry = PrestigeEntry.objects.get(wrestler=wrestler)
    assert (entry.reason, entry.prestige, entry.week) == (LedgerReason.START, start, p.promotion.current_week)
    assert export_sheet(wrestler)["prestige"] == start


def test_rulesets_without_a_starting_prestige_start_at_zero(personas):
    from promotion.models import PrestigeEntry

    wrestler = services.wrestler_create(
        promotion=personas.promotion, by=personas.player, sheet=sheet_for("wildknight", "Fresh Face")
    )
    assert wrestler.prestige == 0
    assert not PrestigeEntry.objects.filter(wrestler=wrestler).exists()
