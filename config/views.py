import asyncio
import json

from asgiref.sync import sync_to_async
from django.http import (
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponsePermanentRedirect,
    HttpResponseServerError,
    JsonResponse,
)
from django.shortcuts import render
from django.template import loader
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.health import health
from config.limits import capped, streams_full
from matches.sse import sse_comment, sse_message, sse_response
from rules import get_ruleset, ruleset_ids

MAX_STREAM_COUNT = 60


def favicon(request):
    """Browsers ask for /favicon.ico whatever the page says: send them to the one in static/."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


def _reason(exception, default):
    """The reason a view gave (PermissionDenied("Only owners ..."), Http404("No such card.")), or ``default``
    when it gave none in words (the URL resolver's 404 carries a dict of the patterns it tried)."""
    message = exception.args[0] if exception is not None and exception.args else ""
    if not isinstance(message, str) or not message or message.endswith("matches the given query."):
        return default  # get_object_or_404's "No Card matches the given query." names a model, not a reason
    return message


def forbidden(request, exception=None):
    reason = _reason(exception, "Your account may not see or change this.")
    return render(request, "403.html", {"reason": reason}, status=403)


def not_found(request, exception=None):
    reason = _reason(exception, "There is no page at this address.")
    return render(request, "404.html", {"reason": reason, "path": request.path}, status=404)


def server_error(request):
    """A 500 page that needs nothing that could have failed: no database, no session, no context processors."""
    try:
        stylesheet = static("css/kayfabe.css")
    except ValueError:  # the static files' manifest is missing: the plain name is served too
        stylesheet = "/static/css/kayfabe.css"
    return HttpResponseServerError(loader.get_template("500.html").render({"stylesheet": stylesheet}))


def home(request):
    """The dashboard: for everyone, the promotions one may see, what is live, the latest results and title
    changes; for a member, also his wrestlers, his promotions and what waits for him."""
    from promotion import selectors
    from promotion.notices import unread_count

    visible = selectors.promotions_visible_to(request.user)
    context = {
        "rulesets": [get_ruleset(ruleset_id) for ruleset_id in ruleset_ids()],
        "promotions": selectors.promotions_for_home(request.user),
        "live_cards": selectors.live_cards(visible),
        "results": selectors.latest_results(visible),
        "title_changes": selectors.latest_title_changes(visible),
    }
    if request.user.is_authenticated:
        context.update(
            my_wrestlers=selectors.wrestlers_of_user(request.user),
            memberships=list(selectors.memberships_of(request.user)),
            work=selectors.pending_work(request.user),
            unread=unread_count(request.user),
        )
    return render(request, "home.html", context)


@never_cache
@require_GET
def healthz(request):
    report = health()
    return JsonResponse(report, status=200 if report["status"] == "ok" else 503)


@require_GET
async def healthz_stream(request):
    """Health as Server-Sent Events: ``?count=N`` reports (1-60), ``?interval=S`` seconds apart (0-10)."""
    try:
        count = int(request.GET.get("count", "10"))
        interval = float(request.GET.get("interval", "1"))
    except ValueError:
        return HttpResponseBadRequest("count must be an integer and interval a number of seconds")
    if not (1 <= count <= MAX_STREAM_COUNT and 0 <= interval <= 10):
        return HttpResponseBadRequest(f"count must be 1-{MAX_STREAM_COUNT} and interval 0-10 seconds")
    if streams_full(request):
        return HttpResponse("Too many streams open from your address.", status=429, content_type="text/plain")

    async def stream():
        yield sse_comment("kayfabe health stream")
        for n in range(count):
            report = await sync_to_async(health)()
            yield sse_message(json.dumps(report), event="health", id=n + 1)
            if n + 1 < count:
                await asyncio.sleep(interval)

    return sse_response(capped(request, stream()))
