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


class BytesStreamingResponse(StreamingHttpResponse):
    """A stream whose async generator yields bytes, served as they come: Django's own wrapping (two more async
    generators and a conversion per chunk) is a good part of what a chunk costs when a thousand live viewers are
    each sent the same one. A middleware may still replace the content (``streaming_content = ...``) with bytes."""

    def __aiter__(self):
        if not self.is_async:
            return super().__aiter__()
        return self._iterator


def sse_response(stream, *, as_bytes=False):
    """``as_bytes``: ``stream`` is an async generator of bytes (see BytesStreamingResponse); otherwise of str."""
    cls = BytesStreamingResponse if as_bytes else StreamingHttpResponse
    response = cls(stream, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
