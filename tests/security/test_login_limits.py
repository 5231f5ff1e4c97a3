"""Issue 22 items 1 and 5: the log-in limit holds against a new X-Forwarded-For per guess (through uvicorn started
with docker-compose.yml's own flags), against a new address per guess (the per-account limit), and on the admin's
log-in page too."""

import re

import pytest
from django.test import override_settings

from tests.factories import UserFactory
from tests.security.conftest import COUNTS, client_from, fresh_address

PASSWORD = "ring-rope-turnbuckle"  # tests/factories.py


def csrf(client, url):
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)


def guess(client, base, token, username, password, **headers):
    return client.post(
        f"{base}/accounts/login/",
        data={"csrfmiddlewaretoken": token, "username": username, "password": password},
        headers={"Referer": f"{base}/accounts/login/", **headers},
    )


@pytest.mark.django_db(transaction=True)
def test_a_new_forwarded_for_header_per_guess_does_not_reset_the_limit(compose_server):
    """200 guesses, each with a new X-Forwarded-For, from a client that is not the configured proxy: the address
    counted is the connection's, so from the sixth guess on the answer is 429, the right password included."""
    UserFactory(username="xff_victim")
    base = compose_server.url
    with client_from(fresh_address()) as client:
        token = csrf(client, f"{base}/accounts/login/")
        codes = []
        for n in range(40):
            spoofed = {"X-Forwarded-For": f"203.0.113.{n % 250}, 198.51.100.{n % 200}"}
            codes.append(guess(client, base, token, "xff_victim", f"wrong-{n}", **spoofed).status_code)
        right = guess(client, base, token, "xff_victim", PASSWORD, **{"X-Forwarded-For": "192.0.2.77"})
    COUNTS["login: spoofed X-Forwarded-For guesses"] += len(codes) + 1
    assert codes[:5] == [200] * 5  # the form again, "Please enter a correct username and password"
    assert set(codes[5:]) == {429}
    assert right.status_code == 429 and "sessionid" not in right.cookies


@pytest.mark.django_db(transaction=True)
def test_guesses_at_one_account_from_many_addresses_are_limited_per_account(compose_server):
    """A guesser with a new address per guess: after 8 in the hour (the fixture's RATELIMIT_LOGIN_ACCOUNT) the
    account takes no more guesses, whatever the address, and the right password is refused too; other accounts
    are not affected."""
    UserFactory(username="Many_Addresses")
    UserFactory(username="bystander")
    base = compose_server.url
    codes = []
    for n in range(12):
        with client_from(fresh_address()) as client:
            token = csrf(client, f"{base}/accounts/login/")
            # The name in any case is the same account.
            name = "many_addresses" if n % 2 else "MANY_ADDRESSES"
            codes.append(guess(client, base, token, name, f"wrong-{n}").status_code)
    with client_from(fresh_address()) as client:
        token = csrf(client, f"{base}/accounts/login/")
        right = guess(client, base, token, "Many_Addresses", PASSWORD)
    with client_from(fresh_address()) as client:
        token = csrf(client, f"{base}/accounts/login/")
        other = guess(client, base, token, "bystander", PASSWORD)
    COUNTS["login: guesses from many addresses"] += len(codes) + 2
    assert codes[:8] == [200] * 8
    assert set(codes[8:]) == {429}
    assert right.status_code == 429
    assert other.status_code == 302  # logged in


@pytest.mark.django_db(transaction=True)
def test_a_configured_proxy_may_name_the_client(compose_server, test_database_name, tmp_path):
    """With FORWARDED_ALLOW_IPS set to the proxy's address, X-Forwarded-For from that proxy names the client:
    two clients behind it have budgets of their own."""
    from tests.conftest import ServiceProcess, free_port, service_env
    from tests.security.conftest import web_command, web_environment

    UserFactory(username="behind_proxy")
    proxy = fresh_address()
    port = free_port()
    env = service_env(test_database_name)
    env.update(web_environment(), FORWARDED_ALLOW_IPS=proxy, RATELIMIT_LOGIN="3/m", RATELIMIT_LOGIN_ACCOUNT="100/h")
    server = ServiceProcess(web_command("127.0.0.2", port), env, tmp_path / "uvicorn.log").start()
    base = f"http://127.0.0.2:{port}"
    try:
        import time

        import httpx

        for _ in range(150):
            try:
                httpx.get(f"{base}/healthz", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        first, second = f"198.51.100.{proxy.split('.')[-1]}", f"203.0.113.{proxy.split('.')[-1]}"
        with client_from(proxy) as client:
            token = csrf(client, f"{base}/accounts/login/")
            a = [
                guess(client, base, token, "behind_proxy", "x", **{"X-Forwarded-For": first}).status_code
                for _ in "1234"
            ]
            b = guess(client, base, token, "behind_proxy", "x", **{"X-Forwarded-For": second}).status_code
    finally:
        server.stop()
    assert a == [200, 200, 200, 429]
    assert b == 200


@pytest.mark.django_db
@override_settings(RATELIMIT_LOGIN="5/m", RATELIMIT_LOGIN_ACCOUNT="10000/m")
def test_the_admin_log_in_page_is_limited_too(client):
    """130 wrong passwords in a row at /admin/login/ were all answered; now the sixth from one address is 429, and
    the staff password after that is refused as well."""
    UserFactory(username="admin_target", is_staff=True, is_superuser=True)
    ip = fresh_address()
    codes = [
        client.post("/admin/login/", {"username": "admin_target", "password": f"nope{n}"}, REMOTE_ADDR=ip).status_code
        for n in range(130)
    ]
    right = client.post(
        "/admin/login/?next=/admin/", {"username": "admin_target", "password": PASSWORD}, REMOTE_ADDR=ip
    )
    COUNTS["login: admin guesses"] += len(codes) + 1
    assert codes[:5] == [200] * 5
    assert set(codes[5:]) == {429}
    assert right.status_code == 429
    assert client.get("/admin/", REMOTE_ADDR=ip).status_code == 302  # not signed in


@pytest.mark.django_db
@override_settings(RATELIMIT_LOGIN="10000/m", RATELIMIT_LOGIN_ACCOUNT="4/h")
def test_the_admin_log_in_page_counts_per_account(client):
    UserFactory(username="Admin_Two", is_staff=True)
    codes = [
        client.post(
            "/admin/login/", {"username": "admin_two", "password": "x"}, REMOTE_ADDR=fresh_address()
        ).status_code
        for _ in range(6)
    ]
    assert codes == [200, 200, 200, 200, 429, 429]
