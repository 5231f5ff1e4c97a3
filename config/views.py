import asyncio
import json

from asgiref.sync import sync_to_async
from django.http import HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.health import health
from config.limits import capped, streams_full
from matches.sse import sse_comment, sse_message, sse_response
from rules import get_ruleset, ruleset_ids

MAX_STREAM_COUNT = 60


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
