"""Server-Sent Events really stream under ASGI: events arrive one by one, not buffered to the end."""

import json
import time

import httpx
import pytest

pytestmark = pytest.mark.django_db(transaction=True)


async def test_health_stream_arrives_event_by_event(asgi_server):
    arrivals = []
    async with (
        httpx.AsyncClient(base_url=asgi_server, timeout=20) as client,
        client.stream("GET", "/healthz/stream?count=3&interval=0.6") as response,
    ):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        assert response.headers["cache-control"] == "no-cache"
        assert response.headers["x-accel-buffering"] == "no"
        block = {}
        async for line in response.aiter_lines():
            if line == "":
                if "data" in block:
                    arrivals.append((time.monotonic(), block))
                block = {}
                continue
            if line.startswith(":"):
                continue
            key, _, value = line.partition(": ")
            block[key] = value
    assert [b["id"] for _, b in arrivals] == ["1", "2", "3"]
    assert {b["event"] for _, b in arrivals} == {"health"}
    assert json.loads(arrivals[0][1]["data"])["database"]["ok"] is True
    # Streamed, not buffered: the first report reached us well before the last one was produced.
    assert arrivals[-1][0] - arrivals[0][0] >= 0.8
