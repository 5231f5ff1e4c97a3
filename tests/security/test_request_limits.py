"""Issue 22 items 3 and 9 (streams): bodies over MAX_REQUEST_BYTES are refused as they arrive, declared or chunked,
through uvicorn as docker-compose.yml runs it; one client address holds a bounded number of live streams."""

import re
import socket
import time

import pytest

from tests.security.conftest import COUNTS, client_from, fresh_address

LIMIT = 1024 * 1024  # docker-compose.yml's MAX_REQUEST_BYTES default, and the settings' default


def connect(server, address):
    return socket.create_connection(("127.0.0.2", server.port), timeout=10, source_address=(address, 0))


def read_status(sock):
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def head(server, extra):
    return (
        f"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.2:{server.port}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n" + extra + "\r\n"
    ).encode()


@pytest.mark.django_db(transaction=True)
def test_a_declared_body_over_the_limit_is_refused_before_it_is_sent(compose_server):
    """A log-in POST declaring 3 GB gets its 413 after the headers and 64 KB: the server does not wait for (or store)
    the rest. Before, the whole body was read into a temporary file first."""
    with connect(compose_server, fresh_address()) as sock:
        sock.sendall(head(compose_server, "Content-Length: 3000000000\r\n"))
        sock.sendall(b"username=" + b"a" * 65536)
        status = read_status(sock)
    COUNTS["limits: oversized declared bodies"] += 1
    assert status.startswith(b"HTTP/1.1 413"), status[:200]


@pytest.mark.django_db(transaction=True)
def test_a_chunked_body_is_cut_off_at_the_limit(compose_server):
    """A chunked body has no length to check: it is read up to the limit, then refused with 413 while the client
    has more to send (the last chunk is never sent here, so a server that waited for it would never answer)."""
    with connect(compose_server, fresh_address()) as sock:
        sock.sendall(head(compose_server, "Transfer-Encoding: chunked\r\n"))
        piece = b"x" * 65536
        for _ in range(LIMIT // len(piece) + 4):
            sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
        status = read_status(sock)
    COUNTS["limits: oversized chunked bodies"] += 1
    assert status.startswith(b"HTTP/1.1 413"), status[:200]


@pytest.mark.django_db(transaction=True)
def test_a_body_under_the_limit_is_served_as_before(compose_server):
    with client_from(fresh_address()) as client:
        page = client.get(f"{compose_server.url}/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
        data = {"csrfmiddlewaretoken": token, "username": "nobody", "password": "p" * (LIMIT // 2)}
        response = client.post(f"{compose_server.url}/accounts/login/", data=data)
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.text


@pytest.mark.django_db
def test_the_middleware_refuses_a_declared_body_over_the_limit(client, settings):
    """The WSGI entry point and the test client have no ASGI wrapper: the middleware checks Content-Length before
    anything reads the body."""
    settings.KAYFABE_MAX_REQUEST_BYTES = 1000
    response = client.post("/accounts/login/", {"username": "x" * 2000, "password": "y"})
    assert response.status_code == 413
    assert b"at most 1000 bytes" in response.content
    assert client.post("/accounts/login/", {"username": "x", "password": "y"}).status_code == 200


def open_stream(client, url):
    stream = client.stream("GET", url)
    response = stream.__enter__()
    if response.status_code == 200:
        # The first event: the server has started the stream and holds its slot. The iterator is kept on the
        # response: dropping it would close the connection.
        response.chunks = response.iter_raw()
        next(response.chunks)
    return stream, response


@pytest.mark.django_db(transaction=True)
def test_one_address_holds_a_bounded_number_of_streams(compose_server):
    """8,000 streams from one address were accepted; now the fourth at once (the fixture's STREAMS_PER_CLIENT=3) is
    429, another address is still served, and a closed stream frees its slot."""
    url = f"{compose_server.url}/healthz/stream?count=60&interval=10"
    mine, other = fresh_address(), fresh_address()
    with client_from(mine) as client, client_from(other) as elsewhere:
        held = [open_stream(client, url) for _ in range(3)]
        assert [r.status_code for _, r in held] == [200, 200, 200]
        extra, refused = open_stream(client, url)
        assert refused.status_code == 429
        extra.__exit__(None, None, None)
        stranger, served = open_stream(elsewhere, url)
        assert served.status_code == 200
        stranger.__exit__(None, None, None)
        held.pop()[0].__exit__(None, None, None)
        for _ in range(50):  # the server notices the disconnect and gives the slot back
            again, response = open_stream(client, url)
            if response.status_code == 200:
                break
            again.__exit__(None, None, None)
            time.sleep(0.1)
        assert response.status_code == 200
        again.__exit__(None, None, None)
        for stream, _ in held:
            stream.__exit__(None, None, None)
    COUNTS["limits: streams opened from one address"] += 5
