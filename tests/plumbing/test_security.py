"""The site as a club's server runs it: production settings, the content security policy,
sign-in throttling by username, and sessions renewed at sign-in and ended at sign-out."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def production_env(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "PYTEST_")) and key != "DATABASE_URL"
    }
    env.update(
        DJANGO_PRODUCTION="1",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="bridge.example.org",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    env.update(extra)
    return env


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# -- Production settings --------------------------------------------------------------------


def test_the_deployment_checks_pass_with_the_production_settings():
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


@pytest.mark.parametrize("missing", ["DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"])
def test_production_refuses_to_start_without_its_secret_or_its_hosts(missing):
    env = production_env()
    del env[missing]
    done = manage("check", env=env)
    assert done.returncode != 0
    assert f"{missing} must be set when DJANGO_PRODUCTION=1" in done.stderr


# -- Content security policy ----------------------------------------------------------------


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {
        name: values
        for name, *values in (part.split() for part in header.split(";") if part.strip())
    }


def test_every_page_has_a_policy_of_scripts_and_styles_from_the_site_only(carr, rubber):
    response = carr.get(reverse("scorer:rubber", args=[rubber.pk]))
    rules = policy(response)
    assert rules["default-src"] == ["'self'"]
    assert rules["style-src"] == ["'self'"]
    assert rules["script-src"][0] == "'self'"
    assert rules["frame-ancestors"] == ["'none'"]
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]


def test_the_htmx_script_carries_the_nonce_of_its_response(carr, rubber):
    nonces = []
    for _ in range(2):
        response = carr.get(reverse("scorer:rubber", args=[rubber.pk]))
        nonce = policy(response)["script-src"][1]
        assert re.fullmatch(r"'nonce-[\w+/=-]{16,}'", nonce)
        page = response.content.decode()
        assert f'nonce="{nonce[7:-1]}"' in page
        nonces.append(nonce)
    assert nonces[0] != nonces[1]


def test_no_page_has_inline_scripts_styles_or_handlers(carr, rubber, staff):
    carr.post(reverse("scorer:declaration", args=[rubber.pk]), {"trump": "H"})
    pages = [
        reverse("scorer:home"),
        reverse("scorer:start"),
        reverse("scorer:rubber", args=[rubber.pk]),
        reverse("scorer:print"),
        reverse("ledger:index"),
        reverse("login"),
    ]
    for url in pages:
        page = carr.get(url).content.decode()
        for script in re.findall(r"<script\b[^>]*>", page):
            assert "src=" in script, f"{url}: inline script {script}"
        assert "<style" not in page, url
        assert not re.search(r"\sstyle=", page), url
        assert not re.search(r"\son[a-z]+=", page), url
        assert not re.search(r"\shx-on", page), url


# -- Sign-in throttling ---------------------------------------------------------------------


def sign_in(client, username, password):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_a_name_is_locked_after_five_wrong_passwords_even_with_the_right_one(players, settings):
    phone = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = sign_in(phone, "carr", "wrong")
        assert response.status_code == 200
        assert "That username and password do not match" in response.content.decode()
    locked = sign_in(phone, "carr", "wrong")
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "“carr” has had 5 wrong passwords in a row from this network" in text
    assert "cannot sign in from here for 15 minutes" in text
    assert "ask the secretary to unlock it" in text
    assert sign_in(phone, "carr", "pw").status_code == 429
    assert "_auth_user_id" not in phone.session


def test_a_locked_name_does_not_lock_the_rest_of_the_club_on_the_same_wifi(players, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        sign_in(Client(REMOTE_ADDR="10.0.0.7"), "carr", "wrong")
    fenwick = Client(REMOTE_ADDR="10.0.0.7")
    assert sign_in(fenwick, "fenwick", "pw").status_code == 302
    assert fenwick.get(reverse("scorer:start")).status_code == 200


def test_wrong_passwords_from_elsewhere_never_lock_a_member_out_of_his_own(players, settings):
    for n in range(settings.AXES_FAILURE_LIMIT + 1):
        sign_in(Client(REMOTE_ADDR=f"10.0.0.{n + 1}"), "carr", "wrong")
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        sign_in(Client(REMOTE_ADDR="10.0.0.66"), "carr", "wrong")
    assert sign_in(Client(REMOTE_ADDR="10.0.0.66"), "carr", "pw").status_code == 429
    own = Client(REMOTE_ADDR="192.0.2.8")
    assert sign_in(own, "carr", "pw").status_code == 302
    assert own.get(reverse("scorer:start")).status_code == 200


def test_behind_the_proxy_the_address_is_the_one_nginx_saw(players, settings):
    """nginx on the same machine appends the address it was reached from to
    X-Forwarded-For; whatever a phone puts before it is not believed."""
    settings.PROXY_ADDRESSES = ["127.0.0.1"]

    def through_nginx(seen_by_nginx: str, sent_by_phone: str = "") -> Client:
        forwarded = f"{sent_by_phone}, {seen_by_nginx}" if sent_by_phone else seen_by_nginx
        return Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)

    for n in range(settings.AXES_FAILURE_LIMIT):
        # One phone pretending to be many: the part it wrote itself changes each time.
        sign_in(through_nginx("198.51.100.9", sent_by_phone=f"10.9.9.{n}"), "carr", "wrong")
    assert sign_in(through_nginx("198.51.100.9"), "carr", "pw").status_code == 429
    assert sign_in(through_nginx("203.0.113.7"), "carr", "pw").status_code == 302


def test_a_forwarded_address_from_anyone_but_the_proxy_is_not_believed(players, settings):
    settings.PROXY_ADDRESSES = ["127.0.0.1"]
    for n in range(settings.AXES_FAILURE_LIMIT):
        phone = Client(REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR=f"10.9.9.{n}")
        sign_in(phone, "carr", "wrong")
    assert sign_in(Client(REMOTE_ADDR="10.0.0.5"), "carr", "pw").status_code == 429


def test_the_secretary_can_unlock_a_name_at_once(players, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        sign_in(Client(), "carr", "wrong")
    call_command("axes_reset_username", "carr", stdout=open(os.devnull, "w"))  # noqa: SIM115
    assert sign_in(Client(), "carr", "pw").status_code == 302


def test_a_good_sign_in_clears_the_count_of_failures(players, settings):
    phone = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        sign_in(phone, "carr", "wrong")
    assert sign_in(phone, "carr", "pw").status_code == 302
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        sign_in(Client(), "carr", "wrong")
    assert sign_in(Client(), "carr", "pw").status_code == 302


# -- Sessions -------------------------------------------------------------------------------


def test_signing_in_gives_a_new_session_and_ends_the_old_one(players):
    phone = Client()
    session = phone.session
    session["seen"] = True
    session.save()
    before = phone.cookies["sessionid"].value
    assert sign_in(phone, "carr", "pw").status_code == 302
    after = phone.cookies["sessionid"].value
    assert after != before
    assert not Session.objects.filter(session_key=before).exists()


def test_signing_out_ends_the_session_for_anyone_holding_its_cookie(players):
    phone = Client()
    sign_in(phone, "carr", "pw")
    key = phone.cookies["sessionid"].value
    copy = Client()
    copy.cookies["sessionid"] = key
    assert copy.get(reverse("scorer:start")).status_code == 200
    phone.post(reverse("logout"))
    assert not Session.objects.filter(session_key=key).exists()
    response = copy.get(reverse("scorer:start"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
