"""The noticeboard on the club's wall (a television or projector at 1920 × 1080) and on a
phone: every table and every rubber in play, in large type, following the play by
itself; and a table's QR code, which leads a member to claim entry there."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scorer.rubbers import writes as rubber_writes
from tests.support.browser import WALL, screenshot, sign_in
from tests.support.club import make_member
from tests.support.rubbers import deal
from tests.support.tables import SIX, form

pytestmark = pytest.mark.django_db(transaction=True)


def an_evening():
    """Table 1 (four of the six) in play, and a rubber begun on its own in the card room."""
    members = [make_member(name, short) for name, short in SIX]
    members += [make_member("Dr. Pryce", "Pryce"), make_member("Mrs. Quill", "Quill")]
    staff = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    form(members[:4], staff)
    apart = rubber_writes.start_rubber(
        table="The card room", members=members[4:], first_dealer=0, user=staff
    )
    return staff, apart


def the_noticeboards_link(page) -> str:
    sign_in(page, "secretary")
    page.get_by_role("link", name="Tonight's tables").click()
    link = page.get_by_role("link", name="The noticeboard, for a screen on the wall")
    href = link.get_attribute("href")
    assert href is not None
    return href


def noticeboard_answer(response) -> bool:
    return "/noticeboard/" in response.url and response.request.headers.get("hx-request") == "true"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_wall_shows_every_table_and_rubber_side_by_side_in_large_type(phone, scheme):
    staff, apart = an_evening()
    href = the_noticeboards_link(phone())
    wall = phone(viewport=WALL, scheme=scheme)
    wall.goto(href)
    table = wall.get_by_role("region", name="Table 1")
    room = wall.get_by_role("region", name="The card room")
    expect(table).to_be_visible()
    expect(room).to_contain_text("We: Ingram & Pryce")
    expect(table).to_contain_text("Scan to watch Table 1, or to claim entry there")
    # Side by side on a landscape screen, in type to read from across the room.
    first, second = table.bounding_box(), room.bounding_box()
    assert first is not None
    assert second is not None
    assert abs(first["y"] - second["y"]) < 1
    assert second["x"] > first["x"] + first["width"]
    size = room.locator(".standing").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 24
    screenshot(wall, f"{scheme}-noticeboard-wall")

    # A deal recorded in the card room reaches the wall by itself, at its next asking.
    rubber_writes.replay(rubber=apart, deals=[deal("NT", (9, 4))], user=staff)
    wall.wait_for_event("response", noticeboard_answer)
    expect(room).to_contain_text(
        "Second game: Ingram & Pryce 0, Lacey & Quill 0 — Ingram & Pryce have a game"
    )
    screenshot(wall, f"{scheme}-noticeboard-wall-after-a-deal")


def test_the_noticeboard_on_a_phone_is_one_column_without_its_qr_codes(phone):
    an_evening()
    href = the_noticeboards_link(phone())
    page = phone()
    page.goto(href)
    table = page.get_by_role("region", name="Table 1")
    room = page.get_by_role("region", name="The card room")
    expect(room).to_be_visible()
    first, second = table.bounding_box(), room.bounding_box()
    assert first is not None
    assert second is not None
    assert second["y"] >= first["y"] + first["height"]
    expect(table.get_by_text("Scan to watch Table 1")).to_be_hidden()
    screenshot(page, "noticeboard-phone")


def test_a_member_claims_entry_from_a_tables_qr_code(phone):
    """Mr. Lacey, sitting out nowhere, scans Table 1's code on the wall: its follow page
    shows the sheet and offers to sign in and claim entry; once signed in, one tap."""
    an_evening()
    secretary = phone()
    sign_in(secretary, "secretary")
    secretary.get_by_role("link", name="Tonight's tables").click()
    secretary.get_by_role("link", name="Table 1").click()
    followed = secretary.get_by_role("link", name="the follow link").get_attribute("href")
    assert followed is not None

    lacey = phone()
    lacey.goto(followed)  # where the QR code leads
    expect(lacey.get_by_role("heading", name="Table 1")).to_be_visible()
    lacey.get_by_role("link", name="Sign in to claim entry at Table 1").click()
    lacey.get_by_label("Username").fill("lacey")
    lacey.get_by_label("Password").fill("pw")
    lacey.get_by_role("button", name="Sign in").click()
    lacey.get_by_role("button", name="Claim entry at Table 1").click()
    expect(lacey.get_by_text("Mr. Lacey claims entry to Table 1")).to_be_visible()
    screenshot(lacey, "follow-claimed")
    lacey.goto(followed)
    expect(lacey.get_by_text("You are waiting to enter Table 1")).to_be_visible()
