"""The site as `make serve` runs it: gunicorn, WhiteNoise and the production settings, with
requests as nginx passes them on from the club's phones."""

from __future__ import annotations

import re

import pytest

from tests.support.served import Forms, Phone, seed_tables


@pytest.fixture(scope="module")
def server(serve_module):
    server = serve_module()
    server.manage("seed_demo")
    return server


def test_plain_http_is_sent_to_https(server):
    answer = Phone(server, https=False).get("/ledger/")

    assert answer.status == 301
    assert answer.header("Location") == f"https://127.0.0.1:{server.port}/ledger/"


def test_answers_carry_hsts_and_a_nonce_policy_and_secure_cookies(server):
    phone = Phone(server)
    page = phone.get("/accounts/login/")

    assert page.header("Strict-Transport-Security") == (
        "max-age=31536000; includeSubDomains; preload"
    )
    policy = page.header("Content-Security-Policy")
    nonce = re.search(r"'nonce-([^']+)'", policy)
    assert nonce
    assert f'nonce="{nonce[1]}"' in page.text
    assert "unsafe-inline" not in policy
    cookies = page.headers.get_all("Set-Cookie") + phone.sign_in(
        "carr", "carr-1905"
    ).headers.get_all("Set-Cookie")
    session = next(c for c in cookies if c.startswith("sessionid="))
    csrf = next(c for c in cookies if c.startswith("csrftoken="))
    assert {"Secure", "HttpOnly", "SameSite=Lax"} <= {p.strip() for p in session.split(";")}
    assert "Secure" in {p.strip() for p in csrf.split(";")}


def test_static_files_are_hashed_compressed_and_cached_for_a_year(server):
    page = Phone(server).get("/accounts/login/")
    styles = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page.text)
    assert styles, "the page links its stylesheet under a hashed name"

    answer = Phone(server).get(styles[1], headers={"Accept-Encoding": "gzip, br"})

    assert answer.status == 200
    assert answer.header("Content-Encoding") in {"br", "gzip"}
    assert "immutable" in answer.header("Cache-Control")
    assert "max-age=315360000" in answer.header("Cache-Control")


def test_a_deal_recorded_on_one_phone_reaches_the_others_and_prints(server):
    table = seed_tables(server, 1)[0]
    phones = []
    for session in table.sessions[:2]:
        phone = Phone(server)
        phone.cookies["sessionid"] = session
        phones.append(phone)
    recorder, follower = phones
    page = recorder.get(f"/rubbers/{table.rubber}/")
    poll = Forms(follower.get(f"/rubbers/{table.rubber}/").text).attribute("hx-get")
    assert poll
    assert follower.get(poll, htmx=True).status == 204

    form = Forms(page.text).form("/declaration/")
    assert form, "the first deal's declaration form is shown"
    declared = recorder.post(
        form["action"], {**form["values"], "trump": "NT", "doubles": 0}, htmx=True
    )
    assert declared.status == 200
    form = Forms(declared.text).form("/result/")
    recorded = recorder.post(
        form["action"], {**form["values"], "tricks": 9, "honours": "easy"}, htmx=True
    )

    assert recorded.status == 200
    assert "No-trump, 3 by-cards: 3 × 12 = 36" in recorded.text
    changed = follower.get(poll, htmx=True)
    assert changed.status == 200
    # Told what happened since its page, in words, and from whose phone: the declaration,
    # then the result.
    assert re.search(r"From Player \d+&#x27;s phone: Deal 1 declared:", changed.text)
    assert "Deal 1 recorded:" in changed.text
    pdf = recorder.get(f"/rubbers/{table.rubber}/print/")
    assert pdf.status == 200
    assert pdf.header("Content-Type") == "application/pdf"
    assert pdf.body.startswith(b"%PDF-")


def test_a_worker_grown_past_its_memory_limit_is_replaced(serve):
    server = serve(workers=1, extra_env={"GUNICORN_MAX_WORKER_MB": "1"})
    phone = Phone(server)

    answers = [phone.get("/accounts/login/").status for _ in range(3)]

    assert answers == [200, 200, 200]
    log = server.log.read_text()
    assert "replacing it" in log
    assert log.count("Booting worker") >= 2


def test_a_name_is_locked_from_the_address_nginx_saw_and_no_other(server):
    """nginx appends the phone's address to X-Forwarded-For: wrong passwords for a name
    from one address lock that name there, and nowhere else."""

    def sign_in(address: str, password: str) -> int:
        phone = Phone(server)
        headers = {"X-Forwarded-For": address}
        phone.get("/accounts/login/", headers=headers)
        form = {"username": "carr", "password": password}
        return phone.post("/accounts/login/", form, headers=headers).status

    statuses = [sign_in("198.51.100.9", "wrong") for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    assert sign_in("198.51.100.9", "carr-1905") == 429
    assert sign_in("203.0.113.7", "carr-1905") == 302


def test_a_refused_request_is_one_line_in_the_servers_log(server):
    first, second = seed_tables(server, 2)
    phone = Phone(server)
    phone.cookies["sessionid"] = first.sessions[0]
    assert phone.get(f"/rubbers/{second.rubber}/offline/").status == 403  # not his table
    assert Phone(server).post("/accounts/logout/", {}).status == 403  # no security token

    log = server.log.read_text()
    refused = [line for line in log.splitlines() if " refused (403 Forbidden) " in line]
    assert len(refused) == 2, log[-3000:]
    assert refused[0].startswith(f"GET /rubbers/{second.rubber}/offline/ refused")
    assert refused[0].endswith(": Only the rubber's players and the club's staff record in it.")
    assert refused[1] == (
        "POST /accounts/logout/ refused (403 Forbidden) for a visitor not signed in: "
        "CSRF cookie not set."
    )
    assert "Traceback" not in log
