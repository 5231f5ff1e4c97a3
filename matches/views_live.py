"""Live pages: the match page, its Server-Sent Events stream (ASGI), the polling fallback, going live."""

import asyncio
import json

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from config.limits import capped, streams_full
from matches import selectors, services, views_interactive, win_probability
from matches.hub import KEEPALIVE_SECONDS, Chunk, Entry, hub_for_loop, read_db, release_connection
from matches.models import Card, CardStatus, Match, MatchStatus
from matches.sse import sse_comment, sse_response
from promotion.models import Role
from promotion.permissions import require
from promotion.selectors import promotion_access
from rules import get_ruleset

POLL_SECONDS = 1.0


def _after(request):
    """The last event id the viewer has: ``?after=N`` or the ``Last-Event-ID`` header, whichever is later."""
    values = [request.GET.get("after"), request.headers.get("Last-Event-ID")]
    after = -1
    for value in values:
        try:
            after = max(after, int(value))
        except (TypeError, ValueError):
            continue
    return after


def _visible(access, card):
    """A draft card and everything on it is seen only by those who book (as its card page, matches/views_booking)."""
    if card.status == CardStatus.DRAFT and not access.can_book:
        raise Http404("No such match.")


def _aired(match):
    """Events are public as they are stored (they are stored at the broadcast pace)."""
    return match.status != MatchStatus.SCHEDULED


def match_page(request, slug, pk):
    access = promotion_access(request.user, slug)
    try:
        match = selectors.match_for_page(access.promotion, pk)
    except Match.DoesNotExist:
        raise Http404("No such match.") from None
    _visible(access, match.card)
    events = selectors.events_after(match.pk) if _aired(match) else []
    last = events[-1] if events else None
    finished = match.status == MatchStatus.FINISHED
    context = {
        "access": access,
        "promotion": access.promotion,
        "match": match,
        "events": events,
        "last_seq": last["seq"] if last else -1,
        "scoreboard": selectors.scoreboard(last),
        "ring": selectors.ring(last, get_ruleset(access.promotion.ruleset).ring_grid()),
        "finished": finished,
        "streaming": not finished and settings.REDIS_URL is not None,
        "polling": not finished and settings.REDIS_URL is None,
        "participants": list(match.participants.all()),
        "win_line": None if match.is_segment else win_probability.plot(match.pk, events, match.title_changed),
    }
    context.update(views_interactive.page_context(match, request.user))  # a match its players play
    if finished:
        context.update(
            recap=selectors.match_recap(match, events),
            plot=selectors.damage_plot(events),
            moments=selectors.key_moments(events),
            replay=_replay_command(match),
            ranking_moves=selectors.ranking_moves(match),
        )
    return render(request, "matches/match.html", context)


def _replay_command(match):
    if match.is_segment:  # a promo: one sheet, or two dueling; its Difficulty as played
        sides = ["side-a.json", "side-b.json"][: len(match.setup["sides"])]
        df = match.setup["stipulation"].get("df")
        return (
            f"python -m rules {match.kind} {match.card.promotion.ruleset} {' '.join(sides)} --seed {match.seed}"
            f"{f' --df {df}' if df else ''} --format jsonl"
        )
    sides = ["side-a.json", "side-b.json"]
    if match.kind == "tag":
        sides = ["a1.json,a2.json", "b1.json,b2.json"]
    return (
        f"python -m rules resolve {match.card.promotion.ruleset} {' '.join(sides)} --seed {match.seed}"
        f"{' --match ' + match.kind if match.kind != 'singles' else ''} --format jsonl"
    )


def match_setup_download(request, slug, pk):
    """The exact setup the engine played (sheets and stipulation), for replaying with the CLI; the seed once the
    match is finished."""
    access = promotion_access(request.user, slug)
    match = get_object_or_404(Match.objects.select_related("card"), pk=pk, card__promotion=access.promotion)
    _visible(access, match.card)
    if match.setup is None:
        raise Http404("This match has not started.")
    # The seed decides every die still to come: it is shown once the match is over, never while it is played.
    seed = match.seed if match.status == MatchStatus.FINISHED else None
    body = json.dumps({"seed": seed, **match.setup}, indent=2, ensure_ascii=False)
    response = HttpResponse(body + "\n", content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-setup.json"'
    return response


def render_status(match_status, *, oob=False):
    """The status line under the title; ``oob``: as an out-of-band swap, for the result's SSE message and poll."""
    return render_to_string("matches/_status.html", {"status": match_status, "oob": oob})


def render_line(event):
    return render_to_string("matches/_event.html", {"event": event})


def render_scoreboard(event, grid=None):
    return render_to_string(
        "matches/_scoreboard.html", {"scoreboard": selectors.scoreboard(event), "ring": selectors.ring(event, grid)}
    )


@require_GET
def match_events(request, slug, pk):
    """Polling fallback (embedded mode, or no JavaScript EventSource): new lines after ``?after=N``. With
    ``?format=jsonl``: the raw event log, the events as stored (those ``python -m rules resolve --format jsonl``
    prints for the match's setup and seed, keys in the database's order)."""
    access = promotion_access(request.user, slug)
    match = get_object_or_404(Match.objects.select_related("card"), pk=pk, card__promotion=access.promotion)
    _visible(access, match.card)
    after = _after(request)
    events = selectors.events_after(match.pk, after) if _aired(match) else []
    if request.GET.get("format") == "jsonl":
        return _event_log(match, events)
    finished = bool(events) and events[-1]["type"] == "result"
    if not events and match.status == MatchStatus.FINISHED:
        return HttpResponseStopPolling()
    response = render(
        request,
        "matches/_poll.html",
        {
            "events": events,
            "match": match,
            "last": events[-1] if events else None,
            "scoreboard": selectors.scoreboard(events[-1]) if events else [],
            "ring": selectors.ring(events[-1], get_ruleset(access.promotion.ruleset).ring_grid()) if events else None,
            "after": events[-1]["seq"] if events else after,
            "finished": finished,
            "recap": selectors.recap_at_the_bell(match.pk) if finished else "",
            "win_line": win_probability.render_after(match.pk, events),
        },
    )
    return response


def _event_log(match, events):
    if match.status != MatchStatus.FINISHED:  # the seed would tell the rest of the match before it airs
        events = [{k: v for k, v in event.items() if k != "seed"} for event in events]
    body = "".join(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n" for event in events)
    response = HttpResponse(body, content_type="application/x-ndjson; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-events.jsonl"'
    return response


async def match_stream(request, slug, pk):
    """Server-Sent Events: everything after the viewer's last id from the database, then new events as the
    worker's wake-ups arrive on Redis pub/sub. Ends with an ``end`` event after the result."""
    if request.method != "GET":
        return HttpResponse("GET only", status=405)
    user = await request.auser()
    try:
        access = await sync_to_async(promotion_access)(user, slug)
        match = await Match.objects.select_related("card").aget(pk=pk, card__promotion=access.promotion)
        _visible(access, match.card)
    except (Http404, Match.DoesNotExist):
        raise Http404("No such match.") from None
    if streams_full(request):
        return HttpResponse("Too many live streams open from your address.", status=429, content_type="text/plain")
    after = _after(request)
    finished = match.status == MatchStatus.FINISHED
    # The stream may last minutes: give back the connection the checks above used.
    await sync_to_async(release_connection)()
    if finished and not await read_db(selectors.events_after, match.pk, after, 1):
        return HttpResponse(status=204)  # nothing more will come: EventSource stops reconnecting
    return sse_response(capped(request, _stream(match.pk, after)))


def render_result(event, recap):
    """The result panel with the recap, and the status line flipped to "Finished." (out of band)."""
    return render_to_string("matches/_result.html", {"event": event, "recap": recap}) + render_status(
        MatchStatus.FINISHED, oob=True
    )


def render_entry(event, match_id=None):
    """Everything a viewer sends for one event, rendered once per process: (line, scoreboard, result). Reads the
    database for a result (its recap): call it from a thread, not the event loop."""
    result = None
    if event["type"] == "result":
        result = render_result(event, selectors.recap_at_the_bell(match_id) if match_id is not None else "")
    board = render_scoreboard(event, selectors.ring_grid_of_match(match_id) if match_id is not None else None)
    if match_id is not None:
        board += win_probability.render_for_event(match_id, event)  # the plot, when a chance is worked out after it
    return render_line(event), board, result


def _entries_after(match_id, after):
    """The stored events after ``after``, rendered (in a thread: see render_entry)."""
    return [Entry(e["seq"], e["type"], *render_entry(e, match_id)) for e in selectors.events_after(match_id, after)]


def _messages(entries):
    """One chunk for entries: each line with its id, then the scoreboard of the last (and the result, the end)."""
    return [Chunk(entries).data]


RETRY = b"retry: 2000\n\n"
KEEPALIVE = sse_comment().encode()


async def _stream(match_id, after):
    if not settings.REDIS_URL:
        async for chunk in _stream_polling(match_id, after):
            yield chunk
        return
    hub = hub_for_loop(render_entry)
    channel = hub.join(match_id, KEEPALIVE_SECONDS)  # join before reading: a wake-up from now on is not lost
    try:
        yield RETRY
        await channel.refresh()
        woken = False
        while True:
            chunk = channel.chunk_since(after)
            if chunk is None:  # the channel cannot tell: read the database directly
                entries = await read_db(_entries_after, match_id, after)
                chunk = Chunk(entries) if entries else False
            if chunk:
                yield chunk.data  # the same bytes object for every viewer at this point
                after = chunk.seq
                if chunk.final:
                    return
            elif woken:
                yield KEEPALIVE  # nothing new for a while (the channel's keep-alive tick)
            changed = channel.changed
            await changed.wait()  # no timer per viewer: the channel wakes everyone, news or keep-alive
            woken = True
    finally:
        hub.leave(channel)


async def _stream_polling(match_id, after):
    """Embedded mode (no Redis): read the database every second."""
    yield RETRY
    while True:
        entries = await read_db(_entries_after, match_id, after)
        if entries:
            for message in _messages(entries):
                yield message
            after = entries[-1].seq
            if entries[-1].type == "result":
                return
        await asyncio.sleep(POLL_SECONDS)


@login_required
@require_POST
def card_go_live(request, slug, pk):
    access = promotion_access(request.user, slug)
    require(
        request.user,
        access.promotion,
        Role.PROMOTER,
        "Only promoters and owners take a card live.",
        membership=access.membership,
    )
    card = get_object_or_404(Card, pk=pk, promotion=access.promotion)
    try:
        card, started = services.card_go_live(card=card, by=request.user, confirmed=request.POST.get("confirm", ""))
    except services.GoLiveUnconfirmed as exc:
        count = len(exc.cautions)
        messages.warning(
            request,
            f"{card.name} did not go live: {count} wrestler{'s' if count != 1 else ''} to confirm or replace first.",
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        if started:
            messages.success(request, f"{card.name} is live!")
        else:
            messages.info(request, f"{card.name} is already {card.get_status_display().lower()}.")
    return redirect(card)


def card_progress(request, slug, pk):
    """The card while live: match n of N, the current match, results of the matches that have aired."""
    access = promotion_access(request.user, slug)
    card = get_object_or_404(Card, pk=pk, promotion=access.promotion)
    _visible(access, card)
    matches = list(card.matches.prefetch_related("participants__wrestler").order_by("order"))
    done = [m for m in matches if m.status == MatchStatus.FINISHED]
    current = next((m for m in matches if m.status == MatchStatus.RUNNING), None)
    response = render(
        request,
        "matches/_card_progress.html",
        {"card": card, "promotion": access.promotion, "matches": matches, "done": done, "current": current},
    )
    if card.status == "finished" and request.htmx:
        response.status_code = HttpResponseStopPolling.status_code
    return response
