"""Adding a Duplicate evening's pairs by tapping, on a phone at 360 px, as a rubber's
players are chosen: each player a tap list of the members free to play, tonight's players
first, then the others, each by surname (not by "Col.", "Dr.", "Miss"); a guest by name;
a search; a member chosen once not offered again; without JavaScript, both lists in full.
A member playing elsewhere is not offered, and one sent all the same is refused by where
he is playing."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.duplicate.models import DuplicateEvening, DuplicatePair
from scorer.tables import reads as table_reads
from tests.support.browser import (
    choose,
    screenshot,
    serious_violations,
    sign_in,
    small_targets_and_text,
)
from tests.support.club import make_member
from tests.support.duplicate_evenings import opened
from tests.support.html import submit
from tests.support.tables import form

# By title these would go Col., Col., Dr., Miss, Mr., Mrs.; by surname they do not.
CLUB = [
    ("Mrs. Ashby", "Ashby"),
    ("Col. Baird", "Baird"),
    ("Miss Crane", "Crane"),
    ("Dr. Drew", "Drew"),
    ("Col. Ellis", "Ellis"),
    ("Mr. Ford", "Ford"),
]
EVERYONE_ELSE = [name for name, _ in CLUB]
# Five at a table tonight: four play its rubber, one sits out (tonight's, and free).
TABLE = [
    ("Mr. Vane", "Vane"),
    ("Mrs. Webb", "Webb"),
    ("Dr. Wade", "Wade"),
    ("Miss York", "York"),
    ("Col. Yule", "Yule"),
]
GUEST = "A guest, by name"


@pytest.fixture
def club(staff):
    """The six members, a table of tonight of five, and Friday pairs opened; returns the
    member sitting out at the table and those playing there."""
    for name, short in CLUB:
        make_member(name, short)
    table = form([make_member(name, short) for name, short in TABLE], staff)
    view = table_reads.view(table)
    opened(staff, name="Friday pairs")
    return view.sitting_out[0].member, [seat.member for seat in view.seats]


def shown(page, place: str) -> list[str]:
    group = page.get_by_role("group", name=place, exact=True)
    expect(group).to_be_visible()
    return group.get_by_role("radio").evaluate_all(
        "(radios) => radios.filter((r) => r.checkVisibility()).map((r) => r.labels[0].innerText)"
    )


def said(page, text: str) -> None:
    expect(page.locator("p.message.done").filter(has_text=text)).to_be_visible()


def to_the_evening(page) -> None:
    sign_in(page, "secretary")
    page.get_by_role("link", name="Duplicate evenings").click()
    page.get_by_role("link", name="Friday pairs").click()
    expect(page.get_by_role("heading", name="Add a pair")).to_be_visible()


def looked_at(page, name: str) -> None:
    screenshot(page, f"duplicate-pairs-{name}")
    assert serious_violations(page) == [], name
    assert small_targets_and_text(page) == ([], []), name


@pytest.mark.django_db(transaction=True)
def test_the_director_adds_pairs_by_tapping_tonights_players_first(phone, club):
    resting, playing = club
    page = phone()
    to_the_evening(page)
    first = page.get_by_role("group", name="First player", exact=True)
    assert shown(page, "First player") == [resting.name, *EVERYONE_ELSE, GUEST]
    expect(first.get_by_text("Tonight", exact=True)).to_be_visible()
    expect(first.get_by_text("Everyone else", exact=True)).to_be_visible()
    for member in playing:
        expect(page.get_by_text(member.name, exact=True)).to_have_count(0)
    expect(page.get_by_role("group", name="Second player", exact=True)).to_be_hidden()
    looked_at(page, "choosing")

    choose(page, "First player", resting.name)
    second = shown(page, "Second player")
    assert resting.name not in second
    assert second == [*EVERYONE_ELSE, GUEST]
    search = page.get_by_role("searchbox", name="Find a member")
    search.fill("CRA")
    assert shown(page, "Second player") == ["Miss Crane"]
    search.press("Enter")
    looked_at(page, "chosen")
    page.get_by_role("button", name="Add the pair").click()
    said(page, f"{resting.name} & Miss Crane play as a pair.")

    # A guest by name, with a member; one changed before the pair is added.
    choose(page, "First player", GUEST)
    page.get_by_label("First player, if a guest: the name").fill("Mrs. Hale")
    choose(page, "Second player", "Dr. Drew")
    page.get_by_role("button", name="Change Second player").click()
    choose(page, "Second player", "Col. Baird")
    page.emulate_media(color_scheme="dark")
    looked_at(page, "guest-dark")
    page.get_by_role("button", name="Add the pair").click()
    said(page, "Mrs. Hale & Col. Baird play as a pair.")
    # Those in a pair are offered no more.
    assert shown(page, "First player") == [
        name for name in EVERYONE_ELSE if name not in ("Miss Crane", "Col. Baird")
    ] + [GUEST]
    assert DuplicatePair.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_without_javascript_both_lists_show_in_full(phone, club):
    resting, _ = club
    page = phone(javascript=False)
    to_the_evening(page)
    full = [resting.name, *EVERYONE_ELSE, GUEST]
    assert shown(page, "First player") == full
    assert shown(page, "Second player") == full
    expect(page.get_by_role("searchbox", name="Find a member")).to_be_hidden()
    choose(page, "First player", "Col. Ellis")
    choose(page, "Second player", GUEST)
    page.get_by_label("Second player, if a guest: the name").fill("Mr. Ince")
    screenshot(page, "duplicate-pairs-no-javascript")  # measured with JavaScript, above
    page.get_by_role("button", name="Add the pair").click()
    said(page, "Col. Ellis & Mr. Ince play as a pair.")


def test_a_member_playing_elsewhere_sent_all_the_same_is_refused_by_where(client, staff, club):
    _, playing = club
    client.force_login(staff)
    evening = DuplicateEvening.objects.get()
    page = reverse("scorer:duplicate:evening", args=[evening.pk])
    free = DuplicatePair.objects.count()
    answer = submit(
        client,
        page,
        reverse("scorer:duplicate:add_pair", args=[evening.pk]),
        {"first": playing[0].pk, "second_guest": "Mrs. Hale"},
        follow=True,
    )
    said = [str(message) for message in answer.context["messages"]]
    assert said == [
        f"{playing[0].name} is playing the rubber in play at Table 1: a member plays at one "
        "table at a time. Nothing was changed."
    ]
    assert DuplicatePair.objects.count() == free
