"""Every link a person is offered opens for him: a crawl of the demo club from the home
page, following every link of the site's own pages, as a member and as the secretary (who
has no member record), meets no refusal (403), nor any other failure."""

from __future__ import annotations

import io
from collections import deque
from urllib.parse import urljoin, urlsplit

import pytest
from django.core.management import call_command
from django.test import Client

from scorer.plumbing import printer
from tests.support.html import Links

# Django's own admin (the secretary's "Admin") is not the site's pages, and the static
# files are not pages at all.
NOT_CRAWLED = ("/admin/", "/static/")
MOST_PAGES = 400


@pytest.fixture
def demo_club(db, monkeypatch):
    """The club of `make run`; its PDFs made at once (what they say is tested elsewhere)."""
    call_command("seed_demo", stdout=io.StringIO())
    monkeypatch.setattr(printer.printer, "lay_out", lambda html, copies=1: b"%PDF-1.7")


def crawl(client: Client) -> dict[str, tuple[int, str]]:
    """Every page of the site reached by its links from the home page: its answer's status,
    and the page it was reached from."""
    seen: dict[str, tuple[int, str]] = {}
    queue = deque([("/", "")])
    while queue and len(seen) < MOST_PAGES:
        url, source = queue.popleft()
        if url in seen:
            continue
        response = client.get(url)
        seen[url] = (response.status_code, source)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        for _, href in Links(response.content.decode()).links:
            address = urljoin(url, href)
            parts = urlsplit(address)
            if parts.scheme or parts.netloc or not parts.path.startswith("/"):
                continue  # another site's, or no address at all
            if parts.path.startswith(NOT_CRAWLED):
                continue
            page = parts.path + (f"?{parts.query}" if parts.query else "")
            if page not in seen:
                queue.append((page, url))
    return seen


@pytest.mark.parametrize("username", ["carr", "secretary"])
def test_no_link_offered_leads_to_a_refusal(demo_club, username):
    from django.contrib.auth import get_user_model

    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    reached = crawl(client)
    assert len(reached) > 20, "the crawl reached the club's pages"
    refused = {url: found for url, found in reached.items() if found[0] not in (200, 302)}
    assert not refused, f"as {username}: {refused}"


def test_the_secretary_is_not_offered_a_statement_of_his_own(demo_club):
    """The secretary keeps the ledger but is no member: its desk offers him no "My
    statement" (it would answer 403)."""
    from django.contrib.auth import get_user_model

    client = Client()
    client.force_login(get_user_model().objects.get(username="secretary"))
    page = client.get("/ledger/").content.decode()
    assert Links(page).to("The club's table"), "the desk's links are there"
    assert not Links(page).to("My statement")
