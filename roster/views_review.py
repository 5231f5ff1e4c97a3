"""A promoter's review of a wrestler: the decision first, then what changed in the sheet since it was last
approved (issue 18 item 2)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from promotion.models import Role
from promotion.permissions import require
from promotion.selectors import last_approved_review, promotion_access, sheet_changes
from roster import services
from roster.forms import ReviewForm
from roster.models import Wrestler


@login_required
def review(request, slug, pk):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PROMOTER,
        "Only promoters and owners review wrestlers.",
        membership=access.membership,
    )
    wrestler = get_object_or_404(Wrestler.objects.select_related("owner"), pk=pk, promotion=access.promotion)
    wrestler.promotion = access.promotion
    form = ReviewForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            approve = form.cleaned_data["decision"] == "approve"
            services.wrestler_review(
                wrestler=wrestler, by=request.user, approve=approve, note=form.cleaned_data["note"]
            )
            messages.success(request, f"{wrestler.ring_name} {'approved' if approve else 'rejected'}.")
            after = request.POST.get("next", "")
            if url_has_allowed_host_and_scheme(after, allowed_hosts={request.get_host()}, require_https=False):
                return redirect(after)
            return redirect(wrestler)
        messages.error(request, "Choose approve or reject.")
    last = last_approved_review(wrestler)
    context = {
        "access": access,
        "promotion": access.promotion,
        "wrestler": wrestler,
        "form": form,
        "last": last,
        "changes": sheet_changes(last.sheet if last else {}, wrestler.sheet),
        "next": request.GET.get("next", ""),
    }
    return render(request, "roster/review.html", context, status=422 if form.errors else 200)
