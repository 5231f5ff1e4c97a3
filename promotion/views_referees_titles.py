"""Referees and titles pages: list, create, edit; a title's page with its lineage; vacate and award."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from config.forms import add_errors
from promotion import titles
from promotion.forms import AwardForm, RefereeForm, TitleForm, VacateForm
from promotion.models import Referee, Role, Title
from promotion.pages import lazy
from promotion.permissions import require
from promotion.selectors import promotion_access


def _context(access, **extra):
    return {"access": access, "promotion": access.promotion, **extra}


def referee_list(request, slug):
    access = promotion_access(request.user, slug)
    return _referees_page(request, access, RefereeForm())


def _referees_page(request, access, form):
    context = _context(access, referees=titles.referees_of(access.promotion), form=form)
    return render(request, "promotion/referees.html", context, status=422 if form.errors else 200)


@login_required
@require_POST
def referee_create(request, slug):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PROMOTER,
        "Only promoters and owners hire referees.",
        membership=access.membership,
    )
    form = RefereeForm(request.POST)
    if form.is_valid():
        try:
            referee = titles.referee_create(promotion=access.promotion, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"{referee.name} joins the referee crew.")
            return redirect("promotion:referees", slug)
    return _referees_page(request, access, form)


@login_required
def referee_edit(request, slug, pk):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PROMOTER,
        "Only promoters and owners edit referees.",
        membership=access.membership,
    )
    referee = get_object_or_404(Referee, pk=pk, promotion=access.promotion)
    form = RefereeForm(request.POST or None, instance=referee)
    if request.method == "POST" and form.is_valid():
        try:
            titles.referee_update(referee=referee, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, "Referee saved.")
            return redirect("promotion:referees", slug)
    context = _context(access, form=form, title=f"Referee: {referee.name}")
    return render(request, "promotion/form.html", context, status=422 if form.errors else 200)


def title_list(request, slug):
    access = promotion_access(request.user, slug)
    return _titles_page(request, access, TitleForm())


def _titles_page(request, access, form):
    context = _context(access, titles=titles.titles_of(access.promotion), form=form)
    return render(request, "promotion/titles.html", context, status=422 if form.errors else 200)


@login_required
@require_POST
def title_create(request, slug):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PROMOTER,
        "Only promoters and owners create titles.",
        membership=access.membership,
    )
    form = TitleForm(request.POST)
    if form.is_valid():
        try:
            title = titles.title_create(promotion=access.promotion, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, f"The {title.name} is created. It is vacant until someone wins it.")
            return redirect(title)
    return _titles_page(request, access, form)


def _title(access, pk):
    """The title, with the promotion of ``access``."""
    title = get_object_or_404(Title, pk=pk, promotion=access.promotion)
    title.promotion = access.promotion
    return title


def title_detail(request, slug, pk):
    access = promotion_access(request.user, slug)
    title = _title(access, pk)

    def lineage():
        rows, span = titles.lineage_table(title, access.promotion.current_week)
        for row in rows:
            for holder in row["holders"]:
                holder.promotion = access.promotion  # the same promotion: no query per champion for his link
        return rows, span

    # Read only when the champion's and the lineage's fragments are not cached (promotion.pages), or for an owner.
    table = lazy(lineage)
    reign = lazy(lambda: next((row["reign"] for row in table()[0] if row["reign"].is_current), None))
    context = _context(
        access, title=title, reign=reign, lineage_rows=lazy(lambda: table()[0]), span=lazy(lambda: table()[1])
    )
    if access.is_owner:
        context.update(vacate_form=VacateForm(), award_form=AwardForm(title=title) if reign() is None else None)
    return render(request, "promotion/title.html", context)


@login_required
def title_edit(request, slug, pk):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PROMOTER,
        "Only promoters and owners edit titles.",
        membership=access.membership,
    )
    title = _title(access, pk)
    form = TitleForm(request.POST or None, instance=title)
    if request.method == "POST" and form.is_valid():
        try:
            title = titles.title_update(title=title, by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, "Title saved.")
            return redirect(title)
    context = _context(access, form=form, title=f"Title: {title.name}")
    return render(request, "promotion/form.html", context, status=422 if form.errors else 200)


def _title_action(request, title, action, success):
    try:
        action()
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, success)
    return redirect(title)


def _end_with_reason(request, slug, pk, service, verb, past, done):
    """Vacate or retire: owners only, with a reason (up to 200 characters)."""
    access = promotion_access(request.user, slug)
    require(request.user, access.promotion, Role.OWNER, f"Only owners {verb} titles.", membership=access.membership)
    title = _title(access, pk)
    form = VacateForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Say why the title is {past} (up to 200 characters).")
        return redirect(title)
    reason = form.cleaned_data["reason"]
    return _title_action(
        request, title, lambda: service(title=title, by=request.user, reason=reason), f"The {title.name} is {done}."
    )


@login_required
@require_POST
def title_vacate(request, slug, pk):
    return _end_with_reason(request, slug, pk, titles.title_vacate, "vacate", "vacated", "vacant")


@login_required
@require_POST
def title_retire(request, slug, pk):
    return _end_with_reason(request, slug, pk, titles.title_retire, "retire", "retired", "retired")


@login_required
@require_POST
def title_award(request, slug, pk):
    access = promotion_access(request.user, slug)
    require(request.user, access.promotion, Role.OWNER, "Only owners award titles.", membership=access.membership)
    title = _title(access, pk)
    form = AwardForm(request.POST, title=title)
    if not form.is_valid():
        messages.error(request, "Choose the new champion" + (" and a partner." if title.division == "tag" else "."))
        return redirect(title)
    ids = form.wrestler_ids()
    return _title_action(
        request,
        title,
        lambda: titles.title_award(title=title, by=request.user, wrestler_ids=ids),
        f"The {title.name} is awarded.",
    )
