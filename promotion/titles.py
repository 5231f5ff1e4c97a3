"""Referees and titles: the writes (``<entity>_<action>``) and the reads their pages need.

Lineage is derived from results: ``matches.services`` opens and closes reigns at the final bell. The only
hand-made changes are the owner's two league-setup actions, :func:`title_vacate` and :func:`title_award`.
"""

from collections.abc import Iterable
from typing import TypedDict, TypeVar

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Prefetch, QuerySet

from promotion.models import Division, Promotion, Referee, ReignEnd, Role, Title, TitleReign
from promotion.pages import pages_changed
from promotion.permissions import Actor, require
from roster.models import Approval, Wrestler, WrestlerStatus

AWARDED = "awarded"
REFEREE_FIELDS = ("name", "skill", "sav", "warning_limit")
TITLE_FIELDS = ("name", "division", "is_active", "defense_interval_weeks")

_Named = TypeVar("_Named", Referee, Title)


class LineageRow(TypedDict):
    """One reign of :func:`lineage_table`."""

    reign: TitleReign
    holders: list[Wrestler]
    nth: int
    weeks: int
    x: float
    width: float


class LineageSpan(TypedDict):
    """The weeks the lineage timeline covers."""

    start: int
    end: int


class TitleRefused(ValidationError):
    """A title action the league's rules refuse; the message says why."""


def _unique_error(model_name: str, name: str) -> ValidationError:
    return ValidationError({"name": f"{model_name} called {name!r} already exists in this promotion."})


def _save_named(obj: _Named, model_name: str) -> _Named:
    same_name = type(obj).objects.filter(promotion_id=obj.promotion_id, name=obj.name).exclude(pk=obj.pk)
    if same_name.exists():
        raise _unique_error(model_name, obj.name)
    obj.full_clean()
    try:
        with transaction.atomic():
            obj.save()
    except IntegrityError:
        raise _unique_error(model_name, obj.name) from None
    return obj


# --- referees -----------------------------------------------------------------------------------


@transaction.atomic
def referee_create(
    *, promotion: Promotion, by: Actor, name: str, skill: int = 12, sav: int = 10, warning_limit: int = 3
) -> Referee:
    require(by, promotion, Role.PROMOTER, f"Only promoters and owners of {promotion.name} may do that.")
    pages_changed(promotion.pk)
    referee = Referee(promotion=promotion, name=name, skill=skill, sav=sav, warning_limit=warning_limit)
    return _save_named(referee, "A referee")


@transaction.atomic
def referee_update(*, referee: Referee, by: Actor, **fields: object) -> Referee:
    require(by, referee.promotion, Role.PROMOTER, f"Only promoters and owners of {referee.promotion.name} may do that.")
    pages_changed(referee.promotion_id)
    referee = Referee.objects.select_for_update().get(pk=referee.pk)
    for key, value in fields.items():
        if key not in REFEREE_FIELDS:
            raise TypeError(f"unknown referee field {key}")
        setattr(referee, key, value)
    return _save_named(referee, "A referee")


# --- titles -------------------------------------------------------------------------------------


@transaction.atomic
def title_create(
    *,
    promotion: Promotion,
    by: Actor,
    name: str,
    division: str = Division.SINGLES,
    is_active: bool = True,
    defense_interval_weeks: int | None = None,
) -> Title:
    require(by, promotion, Role.PROMOTER, f"Only promoters and owners of {promotion.name} may do that.")
    pages_changed(promotion.pk)
    title = Title(
        promotion=promotion,
        name=name,
        division=division,
        is_active=is_active,
        defense_interval_weeks=defense_interval_weeks,
    )
    return _save_named(title, "A title")


@transaction.atomic
def title_update(*, title: Title, by: Actor, **fields: object) -> Title:
    require(by, title.promotion, Role.PROMOTER, f"Only promoters and owners of {title.promotion.name} may do that.")
    pages_changed(title.promotion_id)
    title = Title.objects.select_for_update().select_related("promotion").get(pk=title.pk)
    if "division" in fields and fields["division"] != title.division and title.reigns.exists():
        raise ValidationError({"division": "The division is fixed once the title has a history."})
    for key, value in fields.items():
        if key not in TITLE_FIELDS:
            raise TypeError(f"unknown title field {key}")
        setattr(title, key, value)
    return _save_named(title, "A title")


def current_reign(title: Title) -> TitleReign | None:
    return TitleReign.objects.filter(title=title, is_current=True).prefetch_related("holders").first()


@transaction.atomic
def title_vacate(*, title: Title, by: Actor, reason: str | None, end: str = ReignEnd.VACATED) -> TitleReign | None:
    """Close the current reign: end=vacated (or retired, see title_retire), with the owner's reason."""
    require(by, title.promotion, Role.OWNER, f"Only owners of {title.promotion.name} may do that.")
    pages_changed(title.promotion_id)
    title = Title.objects.select_for_update().select_related("promotion").get(pk=title.pk)
    reason = (reason or "").strip()
    verb = "vacated" if end == ReignEnd.VACATED else "retired"
    if not reason:
        raise TitleRefused(f"Say why the title is {verb}.")
    if len(reason) > 200:
        raise TitleRefused("Keep the reason under 200 characters.")
    reign = TitleReign.objects.select_for_update().filter(title=title, is_current=True).first()
    if reign is None:
        if end == ReignEnd.VACATED:
            raise TitleRefused(f"The {title.name} is already vacant.")
        return None
    reign.is_current = False
    reign.ended_week = title.promotion.current_week
    reign.end = end
    reign.end_reason = reason
    reign.full_clean()
    reign.save()
    return reign


@transaction.atomic
def title_retire(*, title: Title, by: Actor, reason: str | None) -> Title:
    """Retire a title with a reason: its current reign ends as "title retired" and it is no longer defended."""
    if not title.is_active:
        raise TitleRefused(f"The {title.name} is already retired.")
    title_vacate(title=title, by=by, reason=reason, end=ReignEnd.RETIRED)
    Title.objects.filter(pk=title.pk).update(is_active=False)
    title.refresh_from_db()
    return title


@transaction.atomic
def title_award(*, title: Title, by: Actor, wrestler_ids: Iterable[int | str]) -> TitleReign:
    """Open a reign for a vacant title without a match (setting up a league): won_method "awarded"."""
    require(by, title.promotion, Role.OWNER, f"Only owners of {title.promotion.name} may do that.")
    pages_changed(title.promotion_id)
    title = Title.objects.select_for_update().select_related("promotion").get(pk=title.pk)
    promotion = title.promotion
    if not title.is_active:
        raise TitleRefused(f"The {title.name} is retired.")
    size = 2 if title.division == Division.TAG else 1
    ids = [int(i) for i in wrestler_ids if i]
    if len(ids) != size or len(set(ids)) != size:
        who = "two different wrestlers" if size == 2 else "one wrestler"
        raise TitleRefused(f"The {title.name} is awarded to {who}.")
    wrestlers = list(Wrestler.objects.filter(pk__in=ids, promotion=promotion).order_by("ring_name"))
    if len(wrestlers) != size:
        raise TitleRefused("Every champion must be on this promotion's roster.")
    for wrestler in wrestlers:
        if wrestler.approval != Approval.APPROVED:
            raise TitleRefused(f"{wrestler.ring_name} is not approved yet.")
        if wrestler.status == WrestlerStatus.RETIRED:
            raise TitleRefused(f"{wrestler.ring_name} is retired.")
    if TitleReign.objects.filter(title=title, is_current=True).exists():
        raise TitleRefused(f"The {title.name} has a champion: vacate it first.")
    number = (TitleReign.objects.filter(title=title).aggregate(n=Max("number"))["n"] or 0) + 1
    try:
        with transaction.atomic():
            reign = TitleReign.objects.create(
                title=title, number=number, won_week=promotion.current_week, won_method=AWARDED, is_current=True
            )
    except IntegrityError:  # another owner awarded it in the same instant
        raise TitleRefused(f"The {title.name} has a champion: vacate it first.") from None
    reign.holders.set(wrestlers)
    return reign


# --- reads --------------------------------------------------------------------------------------


def referees_of(promotion: Promotion) -> QuerySet[Referee]:
    return Referee.objects.filter(promotion=promotion).order_by("name")


def titles_of(promotion: Promotion, *, active_only: bool = False) -> QuerySet[Title]:
    """Titles with their current reign (``title.current`` is a list of 0 or 1 reigns, holders prefetched)."""
    qs = Title.objects.filter(promotion=promotion)
    if active_only:
        qs = qs.filter(is_active=True)
    current = TitleReign.objects.filter(is_current=True).prefetch_related("holders")
    return qs.prefetch_related(Prefetch("reigns", queryset=current, to_attr="current")).order_by("division", "name")


def title_lineage(title: Title) -> QuerySet[TitleReign]:
    """Every reign, newest first, with holders and the matches that opened and closed it."""
    return (
        TitleReign.objects.filter(title=title)
        .prefetch_related("holders")
        .select_related("won_match__card", "lost_match__card")
        .order_by("-number")
    )


def lineage_table(title: Title, current_week: int) -> tuple[list[LineageRow], LineageSpan]:
    """The lineage as rows a reader wants: each reign with the champion's nth reign of this title, its length in
    weeks, and a bar for the timeline picture (x and width in percent of the title's history). Newest first."""
    reigns = list(
        TitleReign.objects.filter(title=title)
        .prefetch_related("holders")
        .select_related(
            "won_match__card", "won_match__card__promotion", "lost_match__card", "lost_match__card__promotion"
        )
        .order_by("number")
    )
    if not reigns:
        return [], {"start": current_week, "end": current_week}
    start = min(r.won_week for r in reigns)
    end = max(current_week, *(r.ended_week or current_week for r in reigns))
    span = max(1, end - start)
    seen: dict[frozenset[int], int] = {}
    rows: list[LineageRow] = []
    for reign in reigns:
        holders = list(reign.holders.all())
        key = frozenset(w.pk for w in holders)
        seen[key] = seen.get(key, 0) + 1
        last = reign.ended_week if reign.ended_week is not None else current_week
        rows.append(
            {
                "reign": reign,
                "holders": holders,
                "nth": seen[key],
                "weeks": max(0, last - reign.won_week),
                "x": round(100 * (reign.won_week - start) / span, 2),
                "width": max(0.8, round(100 * (last - reign.won_week) / span, 2)),
            }
        )
    rows.reverse()
    return rows, {"start": start, "end": end}
