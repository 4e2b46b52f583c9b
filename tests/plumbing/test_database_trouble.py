"""A phone whose save meets a busy database: it is told so in words, keeps what was typed,
and the same tap once the database is free records the deal once."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection
from playwright.sync_api import expect

from scorer.engine import Side
from scorer.models import Deal
from scorer.plumbing.keys import Submission
from scorer.plumbing.middleware import BUSY
from tests.support.browser import declare, screenshot, sign_in, tap, tap_honours

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def saves_held_up() -> Iterator[None]:
    """Another connection holds the lock every save needs, as a long save would."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        import sqlite3

        # The live server's test database is shared memory; a second connection to it
        # that holds the write transaction makes every save there find it locked.
        holder = sqlite3.connect(settings["NAME"], uri=True, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
    else:
        import psycopg

        holder = psycopg.connect(
            dbname=settings["NAME"],
            user=settings["USER"],
            password=settings["PASSWORD"],
            host=settings["HOST"],
            port=settings["PORT"],
            autocommit=True,
        )
        holder.execute("BEGIN")
        holder.execute("LOCK TABLE scorer_submission IN EXCLUSIVE MODE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_busy_database_is_explained_and_the_form_kept_for_the_next_tap(phone, browser_rubber):
    page = phone()
    sign_in(page, "carr")
    page.goto(f"/rubbers/{browser_rubber.pk}/")
    declare(page, 1, "S")
    tap(page, "Tricks won by", "8")
    tap_honours(page, Side.THEY, "Four")
    save = page.get_by_role("button", name="Save the result")

    with saves_held_up():
        save.click()
        # PostgreSQL waits out its lock timeout (5 s) before it gives up; SQLite's shared
        # test database answers at once.
        expect(page.locator("#network")).to_have_text(BUSY)
        screenshot(page, "database-busy")

    assert not Deal.objects.filter(recorded_at__isnull=False).exists()
    expect(page.locator("input[name=tricks][value='8']")).to_be_checked()
    assert page.locator("input[name=honours]:checked").count() == 1
    save.click()  # tapped again, the database free
    expect(page.get_by_role("heading", name="Deal 2: the declaration")).to_be_visible()
    expect(page.locator("#network")).to_be_hidden()
    deal = Deal.objects.get()
    assert (deal.trump, deal.tricks) == ("S", 8)
    assert Submission.objects.filter(what="result").count() == 1
