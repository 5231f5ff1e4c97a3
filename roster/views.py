import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import Context
from django.template.base import render_value_in_context
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
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
        "fragment": request.GET.urlencode(),
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
    """What the wrestler page shows every visitor: league facts, derived values, injuries, sheet, record. Each is
    read only when the template asks for it: not at all when the body's fragment is cached (promotion.pages)."""
    ruleset = get_ruleset(wrestler.promotion.ruleset)
    injuries = lazy(lambda: selectors.wrestler_injuries(wrestler))
    career = lazy(lambda: records.Career(wrestler))
    opponents = lazy(lambda: career().opponents())

    def versus():
        opponent = next((o for o in opponents() if str(o.pk) == vs_id), None)
        return None if opponent is None else {"opponent": opponent, **career().head_to_head(opponent.pk)}

    return {
        "record": lazy(lambda: career().record()),
        "history": lazy(lambda: career().history()),
        "opponents": opponents,
        "versus": lazy(versus),
        "reigns": wrestler.reigns.select_related("title", "title__promotion").order_by("won_week"),
        "promotion": wrestler.promotion,
        "wrestler": wrestler,
        "vs": vs_id,
        # With the league's Fame (Edge). Values rendered in Python: an include per nested value was the slowest
        # part of the page.
        "derived": lazy(
            lambda: [(k, value_html(v)) for k, v in _safe_derived(ruleset, selectors.export_sheet(wrestler)).items()]
        ),
        "sheet": lazy(lambda: [(k, value_html(v)) for k, v in wrestler.sheet.items()]),
        "injuries": injuries,
        "injury_rows": lazy(lambda: selectors.injury_rows(ruleset, injuries())),
    }


_PLAIN = Context(autoescape=True)


def value_html(value):
    """What templates/roster/_value.html renders for a sheet's value (nested lists and dicts), in Python."""
    if isinstance(value, dict):
        items = "".join(
            f"<dt>{conditional_escape(capfirst(str(k)))}</dt><dd>{value_html(v)}</dd>" for k, v in value.items()
        )
        html = f'<dl class="sheet nested">{items}</dl>'
    elif isinstance(value, list | tuple):
        html = '<ul class="plain">' + "".join(f"<li>{value_html(v)}</li>" for v in value) + "</ul>"
    else:
        html = render_value_in_context(value, _PLAIN)
    # Every value and key above was escaped on its way in: the same bytes the template wrote.
    return mark_safe(html + "\n")  # noqa: S308  # nosec B308, B703


def _safe_derived(ruleset, sheet):
    try:
        return ruleset.derived(ruleset.validate_sheet(sheet))
    except (ValueError, TypeError, KeyError):
        return {}


def _editor(request, access, wrestler=None):
    ruleset = get_ruleset(access.promotion.ruleset)
    spec = spec_for(ruleset.id)
    profile = WrestlerProfileForm(
        request.POST or None, initial=wrestler and {"hometown": wrestler.hometown, "bio": wrestler.bio}
    )
    errors, sheet = {}, (wrestler.sheet if wrestler else ruleset.example_sheet())
    if request.method == "POST":
        sheet, errors = sheet_from_post(spec, request.POST)
        if not errors and profile.is_valid():
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
            "derived": _preview(ruleset, sheet) if not errors else {},
        },
        status=422 if errors else 200,
    )


def _preview(ruleset, sheet):
    try:
        return ruleset.derived(ruleset.validate_sheet(sheet))
    except (ValueError, TypeError, KeyError):
        return {}


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
    derived = {}
    if not errors:
        try:
            derived = ruleset.derived(services.validate_sheet(ruleset.id, sheet))
        except services.SheetInvalid as exc:
            errors = exc.errors
    return render(request, "roster/_derived.html", {"derived": derived, "errors": errors})


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
