import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from promotion.models import Role
from promotion.pages import lazy
from promotion.permissions import require
from promotion.selectors import promotion_access
from roster import records, selectors, services
from roster.forms import ReviewForm, RosterFilterForm, StatusForm, WrestlerProfileForm
from roster.models import Wrestler
from roster.sheets import form_tree, row_node, sheet_from_post, spec_for, unplaced_errors
from rules import get_ruleset

PAGE_SIZE = 25


def _wrestler(access, pk):
    """The wrestler (and his owner), with the promotion of ``access``."""
    wrestler = get_object_or_404(Wrestler.objects.select_related("owner"), pk=pk, promotion=access.promotion)
    wrestler.promotion = access.promotion
    return wrestler


def roster(request, slug):
    access = promotion_access(request.user, slug)
    form = RosterFilterForm(request.GET or None)
    query = request.GET.copy()
    page_number = query.pop("page", [None])[-1]
    filters = form.filters()
    # Read only when the results' fragment is not cached (promotion.pages; docs/caching.md).
    page = lazy(lambda: Paginator(selectors.roster(access.promotion, **filters), PAGE_SIZE).get_page(page_number))
    template = "roster/roster.html#results" if request.htmx else "roster/roster.html"
    context = {
        "access": access,
        "promotion": access.promotion,
        "form": form,
        "page": page,
        "query": query.urlencode(),
        # The fragment's key: what the results depend on (the cleaned filters and the page), never the raw query
        # string, so that a stray parameter makes no new cache entry.
        "fragment": f"{sorted(filters.items())}|{page_number if str(page_number).isdigit() else 1}",
    }
    return render(request, template, context)


def wrestler_detail(request, slug, pk):
    access = promotion_access(request.user, slug)
    wrestler = _wrestler(access, pk)
    vs_id = request.GET.get("vs", "")
    vs_id = vs_id if vs_id.isascii() and vs_id.isdigit() and len(vs_id) < 12 else ""
    context = {
        **_wrestler_body(wrestler, vs_id),
        "access": access,
        "can_edit": services.can_edit_wrestler(wrestler, request.user, membership=access.membership),
    }
    if access.can_book:
        context.update(review_form=ReviewForm(), status_form=StatusForm(initial={"status": wrestler.status}))
    return render(request, "roster/wrestler.html", context)


def _wrestler_body(wrestler, vs_id):
    """What the wrestler page shows every visitor: the ruleset's card of his sheet (labels and layout from
    ``Ruleset.wrestler_view``), injuries with the expected return, record, recent form and titles. Each is read only
    when the template asks for it: not at all when the body's fragment is cached (promotion.pages)."""
    ruleset = get_ruleset(wrestler.promotion.ruleset)
    injuries = lazy(lambda: selectors.wrestler_injuries(wrestler))
    career = lazy(lambda: records.Career(wrestler))
    opponents = lazy(lambda: career().opponents())
    history = lazy(lambda: career().history())

    def versus():
        opponent = next((o for o in opponents() if str(o.pk) == vs_id), None)
        return None if opponent is None else {"opponent": opponent, **career().head_to_head(opponent.pk)}

    return {
        "record": lazy(lambda: career().record()),
        "history": history,
        "form": lazy(lambda: [row["result"] for row in history()[:5]]),
        "opponents": opponents,
        "versus": lazy(versus),
        "reigns": wrestler.reigns.select_related("title", "title__promotion").order_by("won_week"),
        "promotion": wrestler.promotion,
        "wrestler": wrestler,
        "vs": vs_id,
        # With the league's Fame (Edge) and injuries: the sheet as the engine plays it.
        "view": lazy(lambda: _safe_view(ruleset, selectors.export_sheet(wrestler))),
        "injuries": injuries,
        "injury_rows": lazy(lambda: selectors.injury_rows(ruleset, injuries())),
        "weeks_out": lazy(lambda: selectors.weeks_out(ruleset, wrestler, injuries())),
    }


def _safe_view(ruleset, sheet):
    """The ruleset's layout of the sheet; None for a sheet it no longer accepts (its raw JSON is downloadable)."""
    try:
        validated = ruleset.validate_sheet(sheet)
        view = ruleset.wrestler_view(validated, ruleset.derived(validated))
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    if view.get("arsenal"):
        columns = view["arsenal"]["columns"]
        for row in view["arsenal"]["rows"]:
            row["pairs"] = list(zip(columns, row["cells"], strict=False))
    return view


def _editor(request, access, wrestler=None):
    ruleset = get_ruleset(access.promotion.ruleset)
    spec = spec_for(ruleset.id)
    profile = WrestlerProfileForm(
        request.POST or None, initial=wrestler and {"hometown": wrestler.hometown, "bio": wrestler.bio}
    )
    errors, sheet = {}, (wrestler.sheet if wrestler else _starting_sheet(ruleset, request.GET.get("archetype", "")))
    if request.method == "POST":
        sheet, errors = sheet_from_post(spec, request.POST)
        profile_ok = profile.is_valid()  # its errors show beside its fields, with the sheet's
        if errors:
            # Every problem at once: what could not be read as typed, and what the rules say of the rest.
            errors = {**services.sheet_problems(ruleset, sheet), **errors}
        if not errors and profile_ok:
            try:
                if wrestler is None:
                    saved = services.wrestler_create(
                        promotion=access.promotion, by=request.user, sheet=sheet, **profile.cleaned_data
                    )
                else:
                    saved = services.wrestler_update(
                        wrestler=wrestler, by=request.user, sheet=sheet, **profile.cleaned_data
                    )
            except services.SheetInvalid as exc:
                errors = exc.errors
            except ValidationError as exc:
                errors = {k: " ".join(v) for k, v in exc.message_dict.items()}
            else:
                verb = "saved" if wrestler else "created"
                note = " It waits for a promoter's approval." if saved.approval == "pending" else ""
                messages.success(request, f"{saved.ring_name} {verb}.{note}")
                return redirect(saved)
        elif not errors:
            # The profile was refused: still check the sheet, so every problem shows on this one answer.
            errors = services.sheet_problems(ruleset, sheet)
    nodes = form_tree(spec, sheet, errors)
    return render(
        request,
        "roster/edit.html",
        {
            "access": access,
            "promotion": access.promotion,
            "wrestler": wrestler,
            "profile": profile,
            "nodes": nodes,
            "top_errors": unplaced_errors(nodes, errors),
            "nodes_have_errors": bool(errors),
            "derived": _preview(ruleset, sheet) if not errors else None,
            "budget": _budget(ruleset, sheet),
            "archetypes": ruleset.archetypes() if wrestler is None else [],
            "archetype": request.GET.get("archetype", ""),
        },
        status=422 if errors or profile.errors else 200,
    )


def _starting_sheet(ruleset, key):
    """A new wrestler's sheet: the chosen archetype's (its name left for the player), or blank."""
    for archetype_key, _label, sheet in ruleset.archetypes():
        if archetype_key == key:
            return {k: v for k, v in sheet.items() if k != "name"}
    return {}


def _budget(ruleset, sheet):
    try:
        return ruleset.budget(sheet)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


def _preview(ruleset, sheet):
    """The ruleset's labelled view of the sheet being typed (None while it is not valid)."""
    return _safe_view(ruleset, sheet)


@login_required
def wrestler_create(request, slug):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PLAYER,
        "Only players, promoters and owners of this promotion add wrestlers.",
        membership=access.membership,
    )
    return _editor(request, access)


@login_required
def wrestler_edit(request, slug, pk):
    access = promotion_access(request.user, slug)
    wrestler = _wrestler(access, pk)
    if not services.can_edit_wrestler(wrestler, request.user):
        raise PermissionDenied("You cannot edit this wrestler.")
    return _editor(request, access, wrestler)


@login_required
@require_POST
def sheet_preview(request, slug):
    """HTMX: the derived values (and the first problem) of the sheet being typed."""
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PLAYER,
        "Only players, promoters and owners of this promotion build wrestlers.",
        membership=access.membership,
    )
    ruleset = get_ruleset(access.promotion.ruleset)
    sheet, errors = sheet_from_post(spec_for(ruleset.id), request.POST)
    view = None
    if not sheet.get("name"):
        # No name yet: the derived values do not depend on it, and nobody needs telling while typing.
        sheet["name"] = "New wrestler"
    if errors:
        errors = {**services.sheet_problems(ruleset, sheet), **errors}
    else:
        try:
            services.validate_sheet(ruleset.id, sheet)
        except services.SheetInvalid as exc:
            errors = exc.errors
        else:
            view = _preview(ruleset, sheet)
    budget = _budget(ruleset, sheet)
    return render(request, "roster/_derived.html", {"derived": view, "errors": errors, "budget": budget})


@login_required
def sheet_row(request, slug, field):
    """HTMX: one blank row for a list-of-objects field of the sheet (e.g. an arsenal entry)."""
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PLAYER,
        "Only players, promoters and owners of this promotion build wrestlers.",
        membership=access.membership,
    )
    spec = spec_for(access.promotion.ruleset)
    descriptor = spec.get("fields", {}).get(field)
    if not descriptor or descriptor.get("type") != "list" or descriptor.get("of") != "object":
        return HttpResponse("No such list on this sheet.", status=404)
    try:
        index = max(0, min(int(request.GET.get("index", "0")), 59))
    except ValueError:
        return HttpResponse("index must be a number", status=400)
    return render(
        request, "roster/sheet/_row.html", {"row": row_node(descriptor, field, index, {}, {}), "field": field}
    )


def wrestler_export(request, slug, pk):
    access = promotion_access(request.user, slug)
    wrestler = _wrestler(access, pk)
    body = json.dumps(selectors.export_sheet(wrestler), indent=2, ensure_ascii=False)
    response = HttpResponse(body + "\n", content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="wrestler-{wrestler.pk}.json"'
    return response


@login_required
@require_POST
def wrestler_status(request, slug, pk):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PROMOTER,
        "Only promoters and owners change a wrestler's status.",
        membership=access.membership,
    )
    wrestler = _wrestler(access, pk)
    form = StatusForm(request.POST)
    if form.is_valid():
        try:
            services.wrestler_set_status(
                wrestler=wrestler,
                by=request.user,
                status=form.cleaned_data["status"],
                suspended_weeks=form.cleaned_data["suspended_weeks"] or 0,
            )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        else:
            messages.success(request, f"{wrestler.ring_name} is now {form.cleaned_data['status']}.")
    else:
        messages.error(request, "Choose a valid status.")
    return redirect(wrestler)
