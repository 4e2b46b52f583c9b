"""The server's log: a refused request is one line saying who asked for what and why it was
refused; a server error keeps its traceback, so that it stands out."""

from __future__ import annotations

import logging

import pytest
from django.test import Client
from django.urls import path, reverse

from config.urls import urlpatterns as site
from scorer.models import Deal
from scorer.plumbing.refusals import OneLine

REQUESTS = ("django.request", "django.security.csrf")


def boom(request):
    raise RuntimeError("the printer caught fire")


# The site's addresses, and one whose view fails, for the last test.
urlpatterns = [path("boom/", boom), *site]


def logged(caplog) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name in REQUESTS]


def test_a_permission_refused_is_one_line_with_method_path_user_and_reason(
    client, stranger, rubber, caplog
):
    client.force_login(stranger.user)
    url = reverse("scorer:declaration", args=[rubber.pk])
    with caplog.at_level(logging.WARNING):
        assert client.post(url, {"trump": "H"}).status_code == 403

    [record] = logged(caplog)
    assert record.levelno == logging.WARNING
    assert record.exc_info is None
    assert record.getMessage() == (
        f"POST {url} refused (403 Forbidden) for lacey: "
        "Only the rubber's four players and the club's staff record deals."
    )
    assert "Traceback" not in caplog.text
    assert not Deal.objects.exists()


def test_logging_set_up_twice_still_gives_the_reason(client, stranger, rubber, caplog):
    """dictConfig run again in one process adds the filter to the loggers a second time."""
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)
    try:
        client.force_login(stranger.user)
        url = reverse("scorer:declaration", args=[rubber.pk])
        with caplog.at_level(logging.WARNING):
            assert client.post(url, {"trump": "H"}).status_code == 403
        [record] = logged(caplog)
        assert record.getMessage().endswith(
            "for lacey: Only the rubber's four players and the club's staff record deals."
        )
    finally:
        for name in REQUESTS:
            found = logging.getLogger(name)
            for extra in [f for f in found.filters if isinstance(f, OneLine)][1:]:
                found.removeFilter(extra)


def test_a_form_with_an_expired_token_is_one_line_with_its_reason(players, rubber, caplog):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(players[0].user)
    url = reverse("scorer:declaration", args=[rubber.pk])
    with caplog.at_level(logging.WARNING):
        assert phone.post(url, {"trump": "H"}).status_code == 403

    [record] = logged(caplog)
    assert record.exc_info is None
    assert record.getMessage() == (
        f"POST {url} refused (403 Forbidden) for carr: CSRF cookie not set."
    )


def test_a_refusal_to_a_visitor_not_signed_in_says_so(db, caplog):
    with caplog.at_level(logging.WARNING):
        Client(enforce_csrf_checks=True).post(reverse("logout"))
    [record] = logged(caplog)
    assert record.getMessage() == (
        "POST /accounts/logout/ refused (403 Forbidden) for a visitor not signed in: "
        "CSRF cookie not set."
    )


def test_what_a_request_carries_cannot_break_the_line(client, stranger, rubber, caplog):
    client.force_login(stranger.user)
    with caplog.at_level(logging.WARNING):
        client.get("/rubbers/%0aFAKE/")
    [record] = logged(caplog)
    assert "\n" not in record.getMessage()
    assert record.getMessage().startswith("GET /rubbers/\\nFAKE/ refused (404 Not Found)")


@pytest.mark.urls(__name__)
def test_a_server_error_keeps_its_traceback(carr, caplog):
    carr.raise_request_exception = False
    with caplog.at_level(logging.WARNING):
        assert carr.get("/boom/").status_code == 500

    [record] = logged(caplog)
    assert record.levelno == logging.ERROR
    assert record.exc_info is not None
    assert "Traceback" in caplog.text
    assert "RuntimeError: the printer caught fire" in caplog.text
