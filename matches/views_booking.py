"""Cards: the list, the public card page with odds, and the card builder (HTMX, and plain forms without JS).

Every builder request renders the ``#builder`` region for HTMX (``card_edit.html#builder``) or the whole page
otherwise; refusals answer 422 with the message beside the form."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST
from django_htmx.http import HTMX_STOP_POLLING

from config.forms import add_errors
from matches import booking_selectors as selectors
from matches import booking_services as booking
from matches import odds
from matches.booking_forms import SLOTS, CardForm, MatchForm, MoveForm, ReorderForm
from matches.models import Card, CardStatus, Match
from promotion.league import overdue_titles
from promotion.models import Role
from promotion.pages import lazy
from promotion.permissions import require
from promotion.selectors import promotion_access


def _card(access, pk):
    """The card, with the promotion of ``access``; 404 unless the visitor may see it."""
    card = get_object_or_404(Card, pk=pk, promotion=access.promotion)
    card.promotion = access.promotion
    if card.status == CardStatus.DRAFT and not access.can_book:
        raise Http404("No such card.")
    return card


def _booker(request, slug):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PROMOTER,
        "Only promoters and owners book cards.",
        membership=access.membership,
    )
    return access


def card_list(request, slug):
    access = promotion_access(request.user, slug)
    cards = selectors.cards_of(access.promotion, include_drafts=access.can_book)
    return render(request, "matches/card_list.html", {"access": access, "promotion": access.promotion, "cards": cards})


@login_required
def card_create(request, slug):
    access = _booker(request, slug)
    form = CardForm(request.POST or None, promotion=access.promotion)
    if request.method == "POST" and form.is_valid():
        try:
            card = booking.card_create(promotion=access.promotion, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"{card.name} created: now book its matches.")
            return redirect("matches:card-edit", slug, card.pk)
    context = {"access": access, "promotion": access.promotion, "form": form, "title": "New card"}
    return render(request, "promotion/form.html", context, status=422 if form.errors else 200)


def card_detail(request, slug, pk):
    access = promotion_access(request.user, slug)
    card = _card(access, pk)

    def lineup():
        matches = selectors.lineup(card)
        for match in matches:
            match.sides = selectors.sides_of(match)
            match.odds_ready = access.sees_odds and odds.odds_ready(match)
        return matches

    # Read only when the line-up's fragment is not cached (promotion.pages; docs/caching.md).
    context = {"access": access, "promotion": access.promotion, "card": card, "matches": lazy(lineup)}
    if access.can_book and card.status == CardStatus.BOOKED:  # what "Go live" would refuse or ask to confirm
        cautions = selectors.card_cautions(card)
        context.update(
            problems=booking.card_problems(card), cautions=cautions, cautions_digest=selectors.cautions_digest(cautions)
        )
    return render(request, "matches/card.html", context)


def match_odds(request, slug, pk, mid):
    """The odds of a scheduled match, polled by the card page until they are ready (then HTMX stops polling)."""
    access = promotion_access(request.user, slug)
    card = _card(access, pk)
    if not access.sees_odds:
        raise PermissionDenied("This promotion shows the odds to its promoters only.")
    match = get_object_or_404(Match.objects.select_related("card__promotion", "referee"), pk=mid, card=card)
    shown = odds.odds_shown(match)
    status = HTMX_STOP_POLLING if request.htmx and shown.state != "pending" else 200
    return render(request, "matches/card.html#odds", {"odds": shown}, status=status)


# --- the builder --------------------------------------------------------------------------------


def _builder(
    request, access, card, *, form=None, editing=None, refused=None, warnings=(), notice="", card_form=None, status=200
):
    if form is None:
        form = MatchForm(promotion=access.promotion, initial=MatchForm.initial_for(editing) if editing else None)
    matches = selectors.lineup(card)
    for match in matches:
        match.sides = selectors.sides_of(match)
    context = {
        "access": access,
        "promotion": access.promotion,
        "card": card,
        "matches": matches,
        "form": form,
        "editing": editing,
        "refused": refused,
        "warnings": warnings,
        "notice": notice,
        "wrestlers": selectors.bookable_wrestlers(access.promotion),
        "card_form": card_form or CardForm(instance=card, promotion=access.promotion),
        "overdue": [] if request.htmx else overdue_titles(access.promotion),
    }
    template = "matches/card_edit.html#builder" if request.htmx else "matches/card_edit.html"
    return render(request, template, context, status=status)


def _done(request, access, card, notice, warnings=()):
    """After a successful write: HTMX gets the fresh builder, a plain form a redirect (POST/redirect/GET)."""
    if request.htmx:
        return _builder(request, access, card, notice=notice, warnings=warnings)
    messages.success(request, notice)
    for warning in warnings:
        messages.warning(request, warning)
    return redirect("matches:card-edit", access.promotion.slug, card.pk)


@login_required
def card_edit(request, slug, pk):
    access = _booker(request, slug)
    card = _card(access, pk)
    if not card.is_editable:
        messages.info(request, f"{card.name} is {card.get_status_display().lower()}: its line-up is final.")
        return redirect(card)
    if request.method != "POST":
        return _builder(request, access, card)
    form = CardForm(request.POST, instance=card, promotion=access.promotion)
    if form.is_valid():
        try:
            card = booking.card_update(card=card, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, "Card details saved.")
            return redirect("matches:card-edit", slug, card.pk)
    return _builder(request, access, card, card_form=form, status=422)


def _save_match(request, access, card, editing=None):
    form = MatchForm(request.POST, promotion=access.promotion)
    if not form.is_valid():
        return _builder(request, access, card, form=form, editing=editing, status=422)
    try:
        if editing is None:
            match, warnings = booking.match_add(card=card, by=request.user, spec=form.spec())
        else:
            match, warnings = booking.match_update(match=editing, by=request.user, spec=form.spec())
    except booking.BookingRefused as exc:
        refused = " ".join(exc.messages)
        return _builder(request, access, card, form=form, editing=editing, refused=refused, status=422)
    verb = "booked" if editing is None else "updated"
    what = "Promo" if match.is_segment else "Match"
    return _done(request, access, card, f"{what} {match.order} {verb}.", warnings)


@login_required
@require_POST
def match_add(request, slug, pk):
    access = _booker(request, slug)
    return _save_match(request, access, _card(access, pk))


def _match(card, mid):
    return get_object_or_404(Match.objects.select_related("card__promotion"), pk=mid, card=card)


@login_required
def match_edit(request, slug, pk, mid):
    access = _booker(request, slug)
    card = _card(access, pk)
    match = _match(card, mid)
    if request.method != "POST":
        if not card.is_editable:
            return redirect(card)
        return _builder(request, access, card, editing=match)
    return _save_match(request, access, card, editing=match)


def _refused(request, access, card, exc):
    return _builder(request, access, card, refused=" ".join(exc.messages), status=422)


@login_required
@require_POST
def match_move(request, slug, pk, mid):
    access = _booker(request, slug)
    card = _card(access, pk)
    match = _match(card, mid)
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _builder(request, access, card, refused="Move a match up or down.", status=422)
    try:
        booking.match_move(match=match, by=request.user, delta=form.delta)
    except booking.BookingRefused as exc:
        return _refused(request, access, card, exc)
    return _done(request, access, card, f"Moved {form.cleaned_data['direction']}.")


@login_required
@require_POST
def match_remove(request, slug, pk, mid):
    access = _booker(request, slug)
    card = _card(access, pk)
    match = _match(card, mid)
    try:
        booking.match_remove(match=match, by=request.user)
    except booking.BookingRefused as exc:
        return _refused(request, access, card, exc)
    return _done(request, access, card, f"Match {match.order} removed.")


@login_required
@require_POST
def card_reorder(request, slug, pk):
    access = _booker(request, slug)
    card = _card(access, pk)
    form = ReorderForm(request.POST)
    if not form.is_valid():
        return _builder(request, access, card, refused=" ".join(form.errors["order"]), status=422)
    try:
        booking.card_reorder(card=card, by=request.user, ordered_ids=form.cleaned_data["order"])
    except booking.BookingRefused as exc:
        return _refused(request, access, card, exc)
    return _done(request, access, card, "New order saved.")


@login_required
@require_POST
def card_book(request, slug, pk):
    access = _booker(request, slug)
    card = _card(access, pk)
    try:
        card = booking.card_mark_booked(card=card, by=request.user)
    except booking.BookingRefused as exc:
        if request.htmx:
            return _refused(request, access, card, exc)
        messages.error(request, " ".join(exc.messages))
        return redirect("matches:card-edit", slug, card.pk) if card.is_editable else redirect(card)
    messages.success(request, f"{card.name} is booked.")
    return redirect(card)


@login_required
def wrestler_search(request, slug):
    """Type-ahead for the wrestler pickers: ``<option>``s of matching approved wrestlers."""
    access = _booker(request, slug)
    q = request.GET.get("q", "").strip()[:60].replace("\x00", "")
    slot = request.GET.get("slot", "")
    selected = request.GET.get(slot, "") if slot in SLOTS else ""
    selected = int(selected) if selected.isascii() and selected.isdigit() and len(selected) < 10 else None
    wrestlers = selectors.bookable_wrestlers(access.promotion, q=q, limit=selectors.PICKER_LIMIT)
    if selected not in [w.pk for w in wrestlers]:
        chosen = [w for w in selectors.bookable_wrestlers(access.promotion) if w.pk == selected]
        if chosen and not q:
            wrestlers = chosen + wrestlers  # an empty search keeps the current choice
        else:
            selected = wrestlers[0].pk if q and wrestlers else None  # typing picks the first match
    return render(request, "matches/_wrestler_options.html", {"wrestlers": wrestlers, "selected": selected})
