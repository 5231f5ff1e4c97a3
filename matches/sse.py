"""Server-Sent Events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html).

One ``data:`` line per line of payload; no newlines in ``id`` or ``event``. Streams go out through an
async generator under ASGI with ``Cache-Control: no-cache`` and ``X-Accel-Buffering: no``.
"""

from django.http import StreamingHttpResponse


def sse_message(data, *, event=None, id=None, retry=None):
    lines = []
    if id is not None:
        lines.append(f"id: {_one_line(str(id), 'id')}")
    if event is not None:
        lines.append(f"event: {_one_line(event, 'event')}")
    if retry is not None:
        lines.append(f"retry: {int(retry)}")
    for line in str(data).splitlines() or [""]:
        lines.append(f"data: {line}")
    return "\n".join(lines) + "\n\n"


def sse_comment(text="keep-alive"):
    return f": {_one_line(text, 'comment')}\n\n"


def _one_line(value, what):
    if "\n" in value or "\r" in value:
        raise ValueError(f"SSE {what} must be one line")
    return value


def sse_response(stream):
    """``stream``: an async generator of str or bytes, sent as it yields."""
    response = StreamingHttpResponse(stream, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
