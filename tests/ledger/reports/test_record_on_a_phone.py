"""A member's record in pictures, on a phone and a wide screen, light and dark, and printed:
reached from his statement by what he sees."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ledger.models import Sitting
from tests.support.browser import SCREENSHOTS, screenshot, sign_in
from tests.support.club import NAMES, make_member
from tests.support.ledger import WON_BY_WE, agreed, set_stake
from tests.support.rubbers import deal

pytestmark = pytest.mark.django_db(transaction=True)

LOST_BY_WE = [deal("NT", (1, 12)), deal("NT", (1, 12), dealer="they")]


def a_season_of_eight_evenings():
    """This season: eight weekly evenings, Mrs. Carr winning some and losing some, with
    Mr. Dane most often and Miss Fenwick twice."""
    from django.contrib.auth import get_user_model

    carr, fenwick, dane, hartley = [make_member(name, short) for name, short in NAMES]
    staff = get_user_model().objects.create_user("secretary", password="pw", is_staff=True)
    zone = timezone.get_current_timezone()
    first = datetime(timezone.localdate().year, 1, 5, 19, 0, tzinfo=zone)
    set_stake("0.50", staff, at=first - timedelta(days=1))
    for week in range(8):
        start = first + timedelta(weeks=week)
        if start > timezone.now():
            break
        Sitting.objects.create(
            name=f"Evening {week + 1}",
            start=start,
            end=start + timedelta(hours=6),
            created_by=staff,
        )
        seated = [carr, fenwick, dane, hartley] if week % 4 else [carr, dane, fenwick, hartley]
        deals = LOST_BY_WE if week % 3 == 1 else WON_BY_WE
        agreed(seated, staff, deals, started=start + timedelta(hours=1))
        agreed([carr, fenwick, dane, hartley], staff, WON_BY_WE, started=start + timedelta(hours=2))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_member_reads_his_season_in_pictures(phone, scheme):
    a_season_of_eight_evenings()
    page = phone(scheme=scheme)
    sign_in(page, "carr")
    page.get_by_role("link", name="Ledger").click()
    page.get_by_role("link", name="Carr's season, in pictures").click()
    expect(page.get_by_role("heading", name="Mrs. Carr's record")).to_be_visible()
    chart = page.get_by_role("img", name="Bridge points after each sitting", exact=False)
    expect(chart).to_be_visible()
    expect(page.get_by_role("img", name="Bridge points with each partner")).to_be_visible()
    expect(page.get_by_role("row", name="Mr. Dane")).to_be_visible()
    screenshot(page, f"{scheme}-record")
    if scheme == "light":
        (SCREENSHOTS / "record.pdf").write_bytes(page.pdf(format="A4", print_background=False))


def test_on_a_wide_screen_each_chart_has_its_table_beside_it(phone):
    a_season_of_eight_evenings()
    page = phone(viewport={"width": 1280, "height": 900})
    sign_in(page, "carr")
    page.goto("/ledger/me/")
    page.get_by_role("link", name="Carr's season, in pictures").click()
    figure = page.locator("figure").first
    chart, table = (
        figure.get_by_role("img").bounding_box(),
        figure.get_by_role("table").bounding_box(),
    )
    assert chart is not None
    assert table is not None
    assert table["x"] >= chart["x"] + chart["width"], "beside it, not under it"
    screenshot(page, "record-wide")
