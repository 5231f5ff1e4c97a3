"""Booking: cards and the matches on them, everything up to the bell.

Every write bumps the promotion's page version first (``promotion.pages``: the promotion row is the first lock of
every write), then locks the card row (``select_for_update``), so two promoters editing one card are serialized; the
database refuses the same wrestler twice on a card (``participant_once_per_card``), so two bookings racing for one
wrestler cannot both succeed.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max

from matches import interactive
from matches.models import SEGMENT_KINDS, Card, CardStatus, EscapeRule, Match, MatchKind, MatchParticipant
from matches.tasks import compute_odds
from promotion import notices
from promotion.models import Division, Promotion, Referee, Role, Title, TitleReign
from promotion.pages import pages_changed
from promotion.permissions import Actor, require
from roster.models import Approval, Wrestler, WrestlerStatus
from rules import MatchSetup, Ruleset, get_ruleset
from rules.base import Sheet

TAG_DEFAULT_TIME_LIMIT = 20 * 60  # seconds
SIDE_SIZES: dict[str, int] = {MatchKind.SINGLES: 1, MatchKind.CAGE: 1, MatchKind.TAG: 2}


class BookingRefused(ValidationError):
    """A booking the rules of the promotion refuse; ``message`` says why in the promoter's words."""


@dataclass
class MatchSpec:
    """What a promoter books: ``sides`` is a list of lists of Wrestler ids."""

    kind: str = MatchKind.SINGLES
    sides: list[list[int]] = field(default_factory=list)
    referee_id: int | None = None
    title_id: int | None = None
    time_limit_minutes: int | None = None
    no_dq: bool = False
    titles_change_on_dq: bool = False
    cage_material: str = ""
    cage_height_ft: int | None = None
    cage_internal: bool = True
    cage_roof: bool = False
    escape_rule: str = ""
    promo_df: int | None = None  # a single promo's Difficulty (promo segments only; None: the ruleset's)
    interactive: bool = False  # played by the wrestlers' players, decision by decision (matches/interactive.py)


BOOKERS_ONLY = "Only promoters and owners book cards."


def _lock_card(card: Card) -> Card:
    card = Card.objects.select_for_update().select_related("promotion").get(pk=card.pk)
    if not card.is_editable:
        raise BookingRefused(f"{card.name} is {card.get_status_display().lower()}: its line-up can no longer change.")
    return card


@transaction.atomic
def card_create(
    *,
    promotion: Promotion,
    by: Actor,
    name: str,
    week: int | None = None,
    venue: str = "",
    pace: float = 0.0,
    decision_seconds: int | None = 60,
) -> Card:
    require(by, promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(promotion.pk)
    card = Card(
        promotion=promotion,
        name=name,
        week=week or promotion.current_week,
        venue=venue,
        pace=pace,
        decision_seconds=decision_seconds or 60,
    )
    card.full_clean()
    card.save()
    return card


@transaction.atomic
def card_update(*, card: Card, by: Actor, **fields: object) -> Card:
    require(by, card.promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(card.promotion_id)
    card = _lock_card(card)
    for key in ("name", "week", "venue", "pace", "decision_seconds"):
        if key in fields:
            setattr(card, key, fields[key])
    card.full_clean()
    card.save()
    return card


def current_champions(title: Title) -> set[int]:
    reign = TitleReign.objects.filter(title=title, is_current=True).prefetch_related("holders").first()
    return set() if reign is None else {w.pk for w in reign.holders.all()}


def check_match(card: Card, spec: MatchSpec, *, match_id: int | None = None) -> list[str]:
    """Refuse what the promotion's rules refuse; return warnings (strings) for what they only warn about."""
    promotion = card.promotion
    warnings = []
    if spec.kind not in MatchKind.values:
        raise BookingRefused("Unknown match kind.")
    ruleset = get_ruleset(promotion.ruleset)
    segment = spec.kind in SEGMENT_KINDS
    if segment:
        check_segment(ruleset, spec)
    elif spec.kind not in ruleset.match_kinds:
        raise BookingRefused(
            f"{ruleset.name or ruleset.id} has no {MatchKind(spec.kind).label.lower()} matches "
            f"(it has: {', '.join(ruleset.match_kinds)})."
        )
    if spec.interactive and (segment or not interactive.supports(ruleset)):
        what = "a segment" if segment else f"{ruleset.name or ruleset.id} matches"
        raise BookingRefused(f"Players cannot play {what} decision by decision: the rules give them no decisions.")
    size = SIDE_SIZES.get(spec.kind)
    if not segment and (len(spec.sides) != 2 or any(len(side) != size for side in spec.sides)):
        raise BookingRefused(f"A {MatchKind(spec.kind).label.lower()} match has two sides of {size}.")
    ids = [wid for side in spec.sides for wid in side]
    if len(set(ids)) != len(ids):
        raise BookingRefused("A wrestler cannot be in the same match twice.")
    wrestlers = {w.pk: w for w in Wrestler.objects.filter(pk__in=ids, promotion=promotion)}
    if len(wrestlers) != len(ids):
        raise BookingRefused("Every wrestler must be on this promotion's roster.")
    elsewhere = MatchParticipant.objects.filter(card=card, wrestler_id__in=ids, segment=segment)
    if match_id is not None:  # a match edited: its own wrestlers are not booked twice
        elsewhere = elsewhere.exclude(match_id=match_id)
    booked = elsewhere.select_related("wrestler", "match").order_by("match__order").first()
    if booked is not None and segment:
        raise BookingRefused(
            f"{booked.wrestler.ring_name} already cuts a promo on this card (promo {booked.match.order}): "
            "one promo a card."
        )
    if booked is not None:
        raise BookingRefused(
            f"{booked.wrestler.ring_name} is already booked on this card (match {booked.match.order})."
        )
    for wrestler in wrestlers.values():
        if wrestler.approval != Approval.APPROVED:
            raise BookingRefused(f"{wrestler.ring_name} is not approved yet.")
        if wrestler.status == WrestlerStatus.SUSPENDED:
            raise BookingRefused(f"{wrestler.ring_name} is suspended.")
        if wrestler.status == WrestlerStatus.RETIRED:
            raise BookingRefused(f"{wrestler.ring_name} is retired.")
        if wrestler.status == WrestlerStatus.INJURED:
            if not promotion.book_injured:
                raise BookingRefused(
                    f"{wrestler.ring_name} is injured, and this promotion does not book injured wrestlers."
                )
            warnings.append(f"{wrestler.ring_name} is injured.")
    if spec.referee_id is not None and not Referee.objects.filter(pk=spec.referee_id, promotion=promotion).exists():
        raise BookingRefused("Choose a referee of this promotion.")
    if spec.title_id is not None:
        title = Title.objects.filter(pk=spec.title_id, promotion=promotion).first()
        if title is None:
            raise BookingRefused("Choose a title of this promotion.")
        if not title.is_active:
            raise BookingRefused(f"The {title.name} is retired.")
        if title.division == Division.TAG and spec.kind != MatchKind.TAG:
            raise BookingRefused(f"The {title.name} is a tag team title: it is only defended in tag matches.")
        if title.division == Division.SINGLES and spec.kind == MatchKind.TAG:
            raise BookingRefused(f"The {title.name} is a singles title: it cannot be on the line in a tag match.")
        champions = current_champions(title)
        if champions and not any(champions <= set(side) for side in spec.sides):
            raise BookingRefused(f"The {title.name} is on the line, but the champion is not in the match.")
        on_the_line = Match.objects.filter(card=card, title=title)
        if match_id is not None:
            on_the_line = on_the_line.exclude(pk=match_id)
        if on_the_line.exists():
            raise BookingRefused(f"The {title.name} is already on the line on this card.")
    if spec.kind == MatchKind.CAGE and spec.escape_rule and spec.escape_rule not in EscapeRule.values:
        raise BookingRefused("Unknown escape rule.")
    if spec.time_limit_minutes is not None and not 1 <= spec.time_limit_minutes <= 120:
        raise BookingRefused("A time limit is 1 to 120 minutes.")
    if segment:
        warnings += _heat_warnings(card, spec, wrestlers, match_id)
    return warnings


PROMO_DF_RANGE = (1, 40)


def check_segment(ruleset: Ruleset, spec: MatchSpec) -> None:
    """Refuse a segment (a promo) the promotion's ruleset does not play, or one booked like a match: a promo has
    one wrestler (or two, dueling), and no referee, title or match stipulation. The cage options are ignored, as
    for every kind but cage."""
    label = MatchKind(spec.kind).label.lower()
    if spec.kind not in ruleset.segment_kinds:
        raise BookingRefused(
            f"{ruleset.name or ruleset.id} has no {label}s: its rules give a wrestler nothing for one "
            f"(book a match: {', '.join(ruleset.match_kinds)})."
        )
    if len(spec.sides) not in (1, 2) or any(len(side) != 1 for side in spec.sides):
        raise BookingRefused(f"A {label} has one wrestler, or two in a dueling promo.")
    if spec.title_id is not None:
        raise BookingRefused(f"A {label} puts no title on the line.")
    if spec.referee_id is not None or spec.time_limit_minutes is not None or spec.no_dq or spec.titles_change_on_dq:
        raise BookingRefused(f"A {label} has no referee, time limit or disqualification rules: leave them empty.")
    if spec.promo_df is not None:
        low, high = PROMO_DF_RANGE
        if len(spec.sides) == 2:
            raise BookingRefused("A dueling promo has no Difficulty: each wrestler's roll is the other's.")
        if not low <= spec.promo_df <= high:
            raise BookingRefused(f"A promo's Difficulty is {low} to {high}.")


def _heat_warnings(card: Card, spec: MatchSpec, wrestlers: dict[int, Wrestler], match_id: int | None) -> list[str]:
    """A promo's Heat carries only into the wrestler's next match on the same card (the ruleset's docs):
    warn when there is none after it. A new promo is booked at the end of the card."""
    order = Match.objects.filter(pk=match_id).values_list("order", flat=True).first() if match_id else None
    matches = dict(
        MatchParticipant.objects.filter(card=card, segment=False, wrestler_id__in=list(wrestlers)).values_list(
            "wrestler_id", "match__order"
        )
    )
    warnings = []
    for wid in (w for side in spec.sides for w in side):
        name = wrestlers[wid].ring_name
        if wid not in matches:
            warnings.append(f"{name} has no match on this card: the Heat a promo earns carries only into a later one.")
        elif order is None or matches[wid] < order:
            warnings.append(f"Move the promo before match {matches[wid]}: its Heat carries only into a later match.")
    return warnings


def _write_participants(match: Match, spec: MatchSpec) -> None:
    MatchParticipant.objects.filter(match=match).delete()
    try:
        with transaction.atomic():
            MatchParticipant.objects.bulk_create(
                [
                    MatchParticipant(
                        match=match,
                        card_id=match.card_id,
                        side=side_no,
                        slot=slot,
                        wrestler_id=wid,
                        segment=match.is_segment,
                    )
                    for side_no, side in enumerate(spec.sides)
                    for slot, wid in enumerate(side)
                ]
            )
    except IntegrityError:
        booked = (
            MatchParticipant.objects.filter(card_id=match.card_id, wrestler_id__in=[w for s in spec.sides for w in s])
            .exclude(match=match)
            .select_related("wrestler")
            .first()
        )
        who = booked.wrestler.ring_name if booked else "A wrestler"
        raise BookingRefused(f"{who} is already booked on this card.") from None


def _apply_spec(match: Match, spec: MatchSpec) -> None:
    for key in (
        "kind",
        "referee_id",
        "title_id",
        "time_limit_minutes",
        "no_dq",
        "titles_change_on_dq",
        "cage_material",
        "cage_height_ft",
        "cage_internal",
        "cage_roof",
        "escape_rule",
        "promo_df",
        "interactive",
    ):
        setattr(match, key, getattr(spec, key))
    if match.kind != MatchKind.CAGE:
        match.cage_material, match.cage_height_ft, match.escape_rule = "", None, ""
    if match.kind != MatchKind.PROMO:
        match.promo_df = None


@transaction.atomic
def match_add(*, card: Card, by: Actor, spec: MatchSpec) -> tuple[Match, list[str]]:
    """Book a match at the end of the card. Returns ``(match, warnings)``."""
    require(by, card.promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(card.promotion_id)
    card = _lock_card(card)
    warnings = check_match(card, spec)
    last = card.matches.aggregate(m=Max("order"))["m"] or 0
    match = Match(card=card, order=last + 1)
    _apply_spec(match, spec)
    match.save()
    _write_participants(match, spec)
    _odds_after_commit(match)
    return match, warnings


@transaction.atomic
def match_update(*, match: Match, by: Actor, spec: MatchSpec) -> tuple[Match, list[str]]:
    require(by, match.card.promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(match.card.promotion_id)
    card = _lock_card(match.card)
    match = Match.objects.select_for_update().get(pk=match.pk, card=card)
    warnings = check_match(card, spec, match_id=match.pk)
    _apply_spec(match, spec)
    match.save()
    _write_participants(match, spec)
    _odds_after_commit(match)
    return match, warnings


def _odds_after_commit(match: Match) -> None:
    """A worker works out the odds of the match as booked now (matches/odds.py), once this booking commits."""
    compute_odds.delay_on_commit(match.pk)


@transaction.atomic
def match_remove(*, match: Match, by: Actor) -> None:
    require(by, match.card.promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(match.card.promotion_id)
    card = _lock_card(match.card)
    Match.objects.filter(pk=match.pk, card=card).delete()
    _renumber(card, list(card.matches.order_by("order").values_list("pk", flat=True)))


def _renumber(card: Card, ordered_ids: Sequence[int]) -> None:
    # Two steps so the (card, order) unique constraint never sees a duplicate in between.
    for i, pk in enumerate(ordered_ids, start=1):
        Match.objects.filter(pk=pk).update(order=1000 + i)
    for i, pk in enumerate(ordered_ids, start=1):
        Match.objects.filter(pk=pk).update(order=i)


@transaction.atomic
def match_move(*, match: Match, by: Actor, delta: int) -> None:
    """Move a match up (delta -1) or down (+1) the card."""
    require(by, match.card.promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(match.card.promotion_id)
    card = _lock_card(match.card)
    ids = list(card.matches.order_by("order").values_list("pk", flat=True))
    i = ids.index(match.pk)
    j = max(0, min(len(ids) - 1, i + delta))
    ids.insert(j, ids.pop(i))
    _renumber(card, ids)


@transaction.atomic
def card_reorder(*, card: Card, by: Actor, ordered_ids: Sequence[int]) -> None:
    require(by, card.promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(card.promotion_id)
    card = _lock_card(card)
    current = set(card.matches.values_list("pk", flat=True))
    if set(ordered_ids) != current or len(ordered_ids) != len(current):
        raise BookingRefused("The new order must list every match of the card once.")
    _renumber(card, ordered_ids)


@dataclass(frozen=True)
class CardProblem:
    """Why one match of a card may not go ahead now: ``message`` names the wrestler (or title, referee) and why."""

    match_id: int
    order: int
    message: str

    def __str__(self) -> str:
        return f"Match {self.order}: {self.message}"


def card_problems(card: Card) -> list[CardProblem]:
    """Every match of the card the booking rules refuse now, as the roster stands (an approval withdrawn, an
    injury, a suspension or a retirement since the match was booked): a list of CardProblem, empty when the card
    may go ahead. "Mark as booked" and "Go live" both refuse a card with any; a page can list them to let the
    promoter replace a wrestler."""
    problems = []
    for match in card.matches.prefetch_related("participants").order_by("order"):
        try:
            check_match(card, spec_of(match), match_id=match.pk)
        except BookingRefused as exc:
            problems.append(CardProblem(match.pk, match.order, " ".join(exc.messages)))
    return problems


@transaction.atomic
def card_mark_booked(*, card: Card, by: Actor) -> Card:
    require(by, card.promotion, Role.PROMOTER, BOOKERS_ONLY)
    pages_changed(card.promotion_id)
    card = _lock_card(card)
    if not card.matches.exists():
        raise BookingRefused("A card needs at least one match.")
    problems = card_problems(card)  # the roster may have changed since the draft was written
    if problems:
        raise BookingRefused([str(p) for p in problems])
    card.status = CardStatus.BOOKED
    card.save(update_fields=["status"])
    notices.card_booked(card, by=by)
    return card


def spec_of(match: Match) -> MatchSpec:
    """The MatchSpec a booked match was made from (to check it again)."""
    sides: list[list[int]] = [[], []]
    for p in sorted(match.participants.all(), key=lambda p: (p.side, p.slot)):
        while len(sides) <= p.side:
            sides.append([])
        sides[p.side].append(p.wrestler_id)
    if match.is_segment:
        sides = [side for side in sides if side]  # a single promo has one side
    return MatchSpec(
        kind=match.kind,
        sides=sides,
        referee_id=match.referee_id,
        title_id=match.title_id,
        time_limit_minutes=match.time_limit_minutes,
        no_dq=match.no_dq,
        titles_change_on_dq=match.titles_change_on_dq,
        cage_material=match.cage_material,
        cage_height_ft=match.cage_height_ft,
        cage_internal=match.cage_internal,
        cage_roof=match.cage_roof,
        escape_rule=match.escape_rule,
        promo_df=match.promo_df,
        interactive=match.interactive,
    )


def match_setup(match: Match, carried: list[list[Any]] | None = None) -> tuple[Ruleset, MatchSetup]:
    """The engine's MatchSetup for a booked match: sheets (with what the league keeps) and the stipulation.
    ``carried``: what segments earlier on the card earned each wrestler, one list per side (``Ruleset.carry_in``).
    A segment (a promo) takes only its own options, not the house rules of a match."""
    from roster.selectors import export_sheet

    promotion = match.card.promotion
    ruleset = get_ruleset(promotion.ruleset)
    participants = list(match.participants.select_related("wrestler", "wrestler__promotion").order_by("side", "slot"))
    sides: list[list[Sheet]] = [[], []]
    for p in participants:
        sides[p.side].append(export_sheet(p.wrestler))
    if match.is_segment:
        stipulation = {"df": match.promo_df} if match.promo_df else {}
        return ruleset, ruleset.build_setup([s for s in sides if s], kind=match.kind, stipulation=stipulation)
    stipulation = promotion.match_stipulation()
    if match.time_limit_minutes:
        stipulation["time_limit"] = match.time_limit_minutes * 60
    elif match.kind == MatchKind.TAG:
        # Tag matches run long (tags, saves): at 10 minutes a quarter of ARM tag matches are time-limit draws,
        # at 20 none were (docs/booking.md), so a tag match without its own limit gets at least 20 minutes.
        stipulation["time_limit"] = max(stipulation["time_limit"], TAG_DEFAULT_TIME_LIMIT)
    stipulation["no_dq"] = match.no_dq
    stipulation["titles_change_on_dq"] = match.titles_change_on_dq or promotion.titles_change_on_dq
    if match.referee_id:
        stipulation["referee"] = cast(Referee, match.referee).as_stipulation()  # referee_id is set
    if match.kind == MatchKind.CAGE:
        stipulation.update(
            cage=match.cage_material or "chainlink",
            cage_height=match.cage_height_ft or 15,
            cage_internal=match.cage_internal,
            cage_roof=match.cage_roof,
            escape=match.escape_rule or "either",
        )
    if carried:
        stipulation = ruleset.carry_in(stipulation, carried)
    return ruleset, ruleset.build_setup(sides, kind=match.kind, stipulation=stipulation)
