"""The decision panel of an interactive match (matches/interactive.py): what the player whose turn it is may choose,
and the POST that chooses. Every answer is the panel itself, so htmx swaps it in whatever happened; a refusal
carries its reason and its status (403 not yours, 409 stale, 422 not a legal choice)."""

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from matches import interactive
from matches.models import CardStatus, Match, MatchEvent
from promotion.selectors import promotion_access

PANEL = "matches/_decision.html#body"


def _match(request, slug, pk):
    access = promotion_access(request.user, slug)
    match = get_object_or_404(
        Match.objects.select_related("card", "card__promotion"), pk=pk, card__promotion=access.promotion
    )
    if match.card.status == CardStatus.DRAFT and not access.can_book:
        raise Http404("No such match.")
    if not match.interactive:
        raise Http404("This match is played by the tactics.")
    return access, match


def panel_context(match, user, *, refused="", notice=""):
    """The context of templates/matches/_decision.html (the match page includes it too)."""
    state = interactive.panel(match, user)
    over = state.decision is None and MatchEvent.objects.filter(match=match, type="result").exists()
    return {
        "promotion": match.card.promotion,
        "match": match,
        "panel": state,
        "over": over,
        "refused": refused,
        "notice": notice,
        "streaming": settings.REDIS_URL is not None,
    }


def page_context(match, user):
    """What the match page adds for a match the players play: the panel for a player of it, a note for viewers."""
    if not match.interactive:
        return {}
    context = panel_context(match, user)
    context["decision_panel"] = context["panel"].plays and match.status != "finished"
    context["played_by_players"] = True
    return context


@require_http_methods(["GET", "POST"])
def decision(request, slug, pk):
    _access, match = _match(request, slug, pk)
    if request.method == "GET":
        return render(request, PANEL, panel_context(match, request.user))
    if not request.user.is_authenticated:
        return _refused(request, match, "Log in to play your wrestler.", 403)
    try:
        index = int(request.POST.get("index", ""))
    except ValueError:
        return _refused(request, match, "Which decision? The form sent no decision number.", 422)
    hand_over = request.POST.get("hand_over") == "1"
    option = request.POST.get("option", "")[:100]
    try:
        row, made = interactive.decision_make(
            match=match, by=request.user, index=index, option=option, hand_over=hand_over
        )
    except PermissionDenied as exc:
        return _refused(request, match, str(exc), 403)
    except interactive.DecisionRefused as exc:
        return _refused(request, match, " ".join(exc.messages), exc.status)
    if not request.htmx:  # a plain form post (no JavaScript): back to the match page
        return redirect(match)
    notice = interactive.made_text(row) if made else "Already chosen: nothing changed."
    return render(request, PANEL, panel_context(match, request.user, notice=notice))


def _refused(request, match, reason, status):
    context = panel_context(match, request.user, refused=reason)
    return render(request, PANEL, context, status=status)
