"""League pages: contenders and the weekly cycle, week logs, results by week, dice fairness, open data, notices."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from matches.dice import fairness
from matches.models import Match, MatchStatus
from promotion import league
from promotion.export import export_promotion
from promotion.models import Notice, Role, Title, WeekLog
from promotion.notices import mark_all_read, mark_read
from promotion.pages import lazy
from promotion.permissions import require
from promotion.selectors import pending_work, promotion_access, week_title_changes
from rules import get_ruleset


def league_home(request, slug):
    access = promotion_access(request.user, slug)
    promotion = access.promotion
    context = {
        "access": access,
        "promotion": promotion,
        # Read only when their fragments are not cached (promotion.pages; docs/caching.md).
        "boards": lazy(lambda: league.boards(promotion)),
        "weeks": WeekLog.objects.filter(promotion=promotion).order_by("-week")[:12],
        "overdue": lazy(lambda: league.overdue_titles(promotion)),
        "points": league.POINTS,
        "prestige_share": league.PRESTIGE_SHARE,
        "injuries": get_ruleset(promotion.ruleset).injury_summary(),
        "recent_weeks": league.RECENT_WEEKS,
    }
    return render(request, "promotion/league.html", context)


@login_required
@require_POST
def advance(request, slug):
    access = promotion_access(request.user, slug)
    require(request.user, access.promotion, Role.OWNER, "Only owners advance the week.", membership=access.membership)
    try:
        week = int(request.POST.get("week", ""))
    except ValueError:
        messages.error(request, "Which week? Reload the page and try again.")
        return redirect("league:home", slug)
    try:
        log = league.advance_week(promotion=access.promotion, by=request.user, from_week=week)
    except league.AlreadyAdvanced as exc:
        messages.info(request, str(exc))
    else:
        messages.success(request, f"Week {log.week} is over: {len(log.healed)} healed, {len(log.returned)} back.")
        return redirect("league:week", slug, log.week)
    return redirect("league:home", slug)


def week_log(request, slug, week):
    access = promotion_access(request.user, slug)
    log = get_object_or_404(WeekLog, promotion=access.promotion, week=week)
    titles = {str(t.pk): t for t in Title.objects.filter(promotion=access.promotion)}
    rankings = [(titles.get(tid), rows) for tid, rows in log.rankings.items()]
    context = {
        "access": access,
        "promotion": access.promotion,
        "log": log,
        "rankings": rankings,
        "title_changes": week_title_changes(log),
    }
    return render(request, "promotion/week.html", context)


def results(request, slug):
    """Results by card and week, newest first."""
    access = promotion_access(request.user, slug)
    matches = (
        Match.objects.filter(card__promotion=access.promotion, status=MatchStatus.FINISHED)
        .select_related("card", "card__promotion", "title")
        .order_by("-card__week", "-card_id", "order")
    )
    page = Paginator(matches, 50).get_page(request.GET.get("page"))
    return render(request, "promotion/results.html", {"access": access, "promotion": access.promotion, "page": page})


def dice(request, slug):
    access = promotion_access(request.user, slug)
    return render(
        request,
        "promotion/dice.html",
        {"access": access, "promotion": access.promotion, "rows": fairness(access.promotion)},
    )


def export(request, slug):
    access = promotion_access(request.user, slug)
    body = json.dumps(export_promotion(access.promotion), indent=2, ensure_ascii=False)
    response = HttpResponse(body + "\n", content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{access.promotion.slug}.json"'
    return response


@login_required
def notices(request):
    """The inbox: what waits for the user to act (promotion.selectors.pending_work), then his notices."""
    if request.method == "POST":
        mark_all_read(request.user)
        return redirect("notices")
    mine = list(Notice.objects.filter(user=request.user).select_related("promotion")[:100])
    context = {
        "work": pending_work(request.user),
        "notices": mine,
        "unread": sum(1 for n in mine if not n.read),
    }
    return render(request, "promotion/notices.html", context)


@login_required
def notice_open(request, pk):
    """Open one notice: it is read, and the user goes where it points."""
    link = mark_read(request.user, pk)
    if link is None:
        raise Http404("No such notice.")
    return redirect(link)
