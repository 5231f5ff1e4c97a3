"""Writes for wrestlers. The ruleset validates every sheet; nothing is saved until it is valid."""

import logging
from types import EllipsisType
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from promotion import notices
from promotion.models import LedgerReason, Membership, PrestigeEntry, Promotion, Role, WrestlerReview
from promotion.pages import pages_changed
from promotion.permissions import require
from promotion.services import Actor, membership_for
from roster.healing import weekly_heal
from roster.models import Approval, Injury, Wrestler, WrestlerStatus
from rules import SheetError, get_ruleset
from rules.base import Ruleset, Sheet

PROFILE_FIELDS = ("hometown", "bio")
log = logging.getLogger("kayfabe.roster")


class SheetInvalid(ValidationError):
    """A sheet the ruleset refused: ``errors`` maps a dotted path (``attributes.STR``) to a message."""

    def __init__(self, errors: dict[str, str]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{path}: {msg}" for path, msg in errors.items()))


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_has_nul(v) for v in value)
    return False


def validate_sheet(ruleset_id: str, raw: Any) -> Sheet:
    if _has_nul(raw):  # Postgres cannot store NUL in text or jsonb
        raise SheetInvalid({"sheet": "text must not contain NUL characters"})
    ruleset = get_ruleset(ruleset_id)
    try:
        return ruleset.validate_sheet(raw)
    except SheetError as exc:
        raise SheetInvalid(sheet_problems(ruleset, raw) or {exc.field: exc.message}) from None
    except (TypeError, KeyError, AttributeError, IndexError) as exc:  # a ruleset bug must not become a 500
        raise SheetInvalid({"sheet": f"this sheet could not be read ({type(exc).__name__})"}) from None


def sheet_problems(ruleset: Ruleset, raw: Any) -> dict[str, str]:
    """Every problem the ruleset finds in ``raw`` at once (``Ruleset.sheet_errors``), by form path
    (``arsenal.2.flags``); empty when it cannot say (a ruleset bug is not the player's problem)."""
    from roster.sheets import error_path

    try:
        errors = ruleset.sheet_errors(raw)
    except (TypeError, KeyError, AttributeError, IndexError, ValueError):
        return {}
    return {error_path(path): message for path, message in errors.items()}


def can_edit_wrestler(wrestler: Wrestler, user: Actor, membership: Membership | None | EllipsisType = ...) -> bool:
    """``membership``: the user's membership of the wrestler's promotion when the caller has read it already (None
    when he has none), to save reading it again."""
    if not user.is_authenticated:
        return False
    if membership is ...:
        membership = membership_for(wrestler.promotion, user)
    if membership is None or not membership.is_active:
        return False
    if membership.has_role(Role.PROMOTER):
        return True
    return membership.has_role(Role.PLAYER) and wrestler.owner_id == user.pk


def _mirror(wrestler: Wrestler, sheet: Sheet) -> None:
    """Copy what pages filter on from the validated sheet into columns."""
    wrestler.sheet = sheet
    wrestler.ring_name = sheet["name"]
    wrestler.weekly_heal = weekly_heal(wrestler.promotion.ruleset, sheet)
    if sheet.get("alignment") in ("face", "heel"):
        wrestler.alignment = sheet["alignment"]
    for key, column in (("weight", "weight_lb"), ("height", "height_in")):
        value = sheet.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            setattr(wrestler, column, value)


def _save(wrestler: Wrestler) -> Wrestler:
    try:
        with transaction.atomic():
            wrestler.full_clean(exclude=["promotion", "owner", "sheet"], validate_constraints=False)
            wrestler.save()
    except IntegrityError:
        raise ValidationError({"name": f"{wrestler.ring_name} is already on this roster."}) from None
    except ValidationError as exc:
        raise ValidationError({("name" if k == "ring_name" else k): v for k, v in exc.message_dict.items()}) from None
    return wrestler


@transaction.atomic
def wrestler_create(
    *, promotion: Promotion, by: User, sheet: Any, owner: User | None = None, hometown: str = "", bio: str = ""
) -> Wrestler:
    membership = require(
        by, promotion, Role.PLAYER, "Only players, promoters and owners of this promotion can add wrestlers."
    )
    pages_changed(promotion.pk)
    is_booker = membership.has_role(Role.PROMOTER)
    if not is_booker:
        owner = by  # players always own what they create
    validated = validate_sheet(promotion.ruleset, sheet)
    if Wrestler.objects.filter(promotion=promotion, ring_name__iexact=validated["name"]).exists():
        raise ValidationError({"name": f"{validated['name']} is already on this roster."})
    wrestler = Wrestler(promotion=promotion, owner=owner, hometown=hometown, bio=bio)
    wrestler.approval = Approval.PENDING if (promotion.wrestlers_need_approval and not is_booker) else Approval.APPROVED
    _mirror(wrestler, validated)
    wrestler = _save(wrestler)
    _starting_prestige(wrestler, validated)
    if wrestler.approval == Approval.PENDING:
        notices.wrestler_submitted(wrestler, by=by)
    else:  # approved as created: the sheet a later review compares with
        WrestlerReview.objects.create(wrestler=wrestler, approved=True, sheet=wrestler.sheet, by=by)
    return wrestler


def _starting_prestige(wrestler: Wrestler, sheet: Sheet) -> None:
    """The league standing a new wrestler starts with, as the ruleset derives it from his sheet (ARM: 100, a
    Defector 200, a Legend 400; P-ARM-08), written to the ledger so the totals stay its sums. The sheet's own
    ``prestige`` number is not trusted: the league, not the player, keeps Prestige."""
    start = get_ruleset(wrestler.promotion.ruleset).derived(sheet).get("starting_prestige", 0)
    if start > 0:
        PrestigeEntry.objects.create(
            wrestler=wrestler, week=wrestler.promotion.current_week, reason=LedgerReason.START, prestige=start
        )
        wrestler.prestige = start
        wrestler.save(update_fields=["prestige"])


def _playable(sheet: Sheet, cosmetic: tuple[str, ...] = ()) -> Sheet:
    """What of a sheet the engine plays from the player's hand: the league keeps Fame, Prestige, injuries and edge
    itself (roster.sheets.LEAGUE_FIELDS; a match's setup takes them from the league, not the sheet); ``cosmetic``:
    the fields the ruleset calls looks only (``Ruleset.cosmetic_fields``), left out too."""
    from roster.sheets import LEAGUE_FIELDS

    return {k: v for k, v in sheet.items() if k not in LEAGUE_FIELDS and k not in cosmetic}


def approval_after_edit(wrestler: Wrestler, *, sheet_changed: bool, by_booker: bool) -> str:
    """The approval an edited wrestler has. A rejected one goes back to the promoter whoever fixed it. In a promotion
    whose wrestlers need approval, an approved wrestler whose sheet a player changed goes back for review (pending:
    not bookable until a promoter approves it again), or a player could have a modest sheet approved and then raise
    it. The profile (``PROFILE_FIELDS``: hometown, bio) and the fields the ruleset calls cosmetic
    (``Ruleset.cosmetic_fields``, e.g. the pronouns) keep it approved (the change is logged); every other change to
    the sheet, its name included, counts. A promoter's or owner's own edit is already a booker's review."""
    if wrestler.approval == Approval.REJECTED:
        return Approval.PENDING
    if (
        wrestler.approval == Approval.APPROVED
        and sheet_changed
        and not by_booker
        and wrestler.promotion.wrestlers_need_approval
    ):
        return Approval.PENDING
    return wrestler.approval


@transaction.atomic
def wrestler_update(
    *, wrestler: Wrestler, by: User, sheet: Any, hometown: str | None = None, bio: str | None = None
) -> Wrestler:
    if not can_edit_wrestler(wrestler, by):
        raise PermissionDenied("You cannot edit this wrestler.")
    pages_changed(wrestler.promotion_id)
    wrestler = Wrestler.objects.select_for_update().select_related("promotion").get(pk=wrestler.pk)
    validated = validate_sheet(wrestler.promotion.ruleset, sheet)
    clash = Wrestler.objects.filter(promotion=wrestler.promotion, ring_name__iexact=validated["name"])
    if clash.exclude(pk=wrestler.pk).exists():
        raise ValidationError({"name": f"{validated['name']} is already on this roster."})
    cosmetic = tuple(get_ruleset(wrestler.promotion.ruleset).cosmetic_fields)
    sheet_changed = _playable(validated, cosmetic) != _playable(wrestler.sheet, cosmetic)
    looks = sorted(k for k in cosmetic if validated.get(k) != wrestler.sheet.get(k))
    if looks and not sheet_changed:
        log.info(
            "wrestler %s (%s): cosmetic change of %s by %s, approval kept",
            wrestler.pk,
            wrestler.ring_name,
            ", ".join(looks),
            by,
        )
    membership = membership_for(wrestler.promotion, by)
    by_booker = membership is not None and membership.has_role(Role.PROMOTER)
    _mirror(wrestler, validated)
    if hometown is not None:
        wrestler.hometown = hometown
    if bio is not None:
        wrestler.bio = bio
    was = wrestler.approval
    wrestler.approval = approval_after_edit(wrestler, sheet_changed=sheet_changed, by_booker=by_booker)
    wrestler = _save(wrestler)
    if wrestler.approval == Approval.PENDING and (was != Approval.PENDING or sheet_changed):
        notices.wrestler_submitted(wrestler, by=by)
    elif by_booker and sheet_changed and wrestler.approval == Approval.APPROVED:  # a booker's edit is a review
        WrestlerReview.objects.create(wrestler=wrestler, approved=True, sheet=wrestler.sheet, by=by)
    return wrestler


@transaction.atomic
def wrestler_review(*, wrestler: Wrestler, by: User, approve: bool, note: str = "") -> Wrestler:
    require(by, wrestler.promotion, Role.PROMOTER, "Only promoters and owners approve wrestlers.")
    pages_changed(wrestler.promotion_id)
    wrestler = Wrestler.objects.select_for_update().select_related("promotion").get(pk=wrestler.pk)
    wrestler.approval = Approval.APPROVED if approve else Approval.REJECTED
    wrestler.approval_note = note[:200]
    wrestler.save(update_fields=["approval", "approval_note", "updated"])
    WrestlerReview.objects.create(wrestler=wrestler, approved=approve, sheet=wrestler.sheet, note=note[:200], by=by)
    notices.wrestler_reviewed(wrestler, by=by, approved=approve, note=note[:200])
    return wrestler


@transaction.atomic
def wrestler_set_status(*, wrestler: Wrestler, by: Actor, status: str, suspended_weeks: int = 0) -> Wrestler:
    require(by, wrestler.promotion, Role.PROMOTER, "Only promoters and owners change a wrestler's status.")
    pages_changed(wrestler.promotion_id)
    if status not in WrestlerStatus.values:
        raise ValidationError({"status": "Unknown status."})
    if status == WrestlerStatus.SUSPENDED and not 1 <= suspended_weeks <= 52:
        raise ValidationError({"suspended_weeks": "A suspension lasts 1 to 52 weeks."})
    wrestler = Wrestler.objects.select_for_update().get(pk=wrestler.pk)
    wrestler.status = status
    wrestler.suspended_weeks = suspended_weeks if status == WrestlerStatus.SUSPENDED else 0
    wrestler.save(update_fields=["status", "suspended_weeks", "updated"])
    return wrestler


@transaction.atomic
def injury_add(*, wrestler: Wrestler, body_part: str, points: int) -> Injury:
    """Add injury points to an area of the body (match results call this); marks the wrestler injured. The area is
    one of the ruleset's (``Ruleset.injury_areas``)."""
    if points <= 0:
        raise ValidationError({"points": "Injury points must be positive."})
    pages_changed(wrestler.promotion_id)
    areas = dict(get_ruleset(wrestler.promotion.ruleset).injury_areas())
    if body_part not in areas:
        raise ValidationError({"body_part": f"{body_part!r} is not an injury area here (areas: {', '.join(areas)})."})
    injury, created = Injury.objects.select_for_update().get_or_create(
        wrestler=wrestler, body_part=body_part, defaults={"points": points}
    )
    if not created:
        injury.points += points
        injury.save(update_fields=["points"])
    Wrestler.objects.filter(pk=wrestler.pk, status=WrestlerStatus.ACTIVE).update(status=WrestlerStatus.INJURED)
    return injury
