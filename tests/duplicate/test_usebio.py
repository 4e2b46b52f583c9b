"""The evening's results for the national body, as USEBIO 1.2 from the evening's page and
its rankings: the demo's evening and a Howell under matchpoints read back, by the tests'
own reader, to the site's pairs, players, national numbers, places and scores; the file is
read as the CSV is, so the director's alone while the evening is played, everyone's once
it has ended; and, in Chromium, a member reaches it by its link once it has."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from scorer.duplicate import reads, writes
from scorer.duplicate.models import DuplicateEvening
from scorer.engine.duplicate import Comparison, MovementKind, figure
from scorer.models import Member
from tests.support.browser import screenshot, sign_in
from tests.support.duplicate_evenings import played_through, round_played, seen, started
from tests.support.usebio import Read, read_usebio

LINK = "The results for the national body (USEBIO file)"


def usebio_of(client, evening: DuplicateEvening):
    return client.get(reverse("scorer:duplicate:results_usebio", args=[evening.pk]))


def assert_it_reads_back_to_the_sites_results(read: Read, evening: DuplicateEvening) -> None:
    """Every pair, its players by name and national number, its place and score; every
    result a line, its pairs and its score on the board: as the site gives them."""
    record = reads.evening_record(evening, reads.WHOLE)
    score = record.score
    assert score is not None
    assert set(read.pairs) == {str(pair.number) for pair in record.pairs}
    for pair in record.pairs:
        written = read.pairs[str(pair.number)]
        assert [(p.name, p.number) for p in written.players] == [
            (p.name, (p.member.national_number or None) if p.member else None) for p in pair.players
        ]
        standing = score.standings[pair.number - 1]
        assert (written.place, written.boards) == (standing.place, standing.boards)
        assert float(written.total) == figure(standing.score)
    results = {(row.board, str(row.ns)): row for t in score.travellers for row in t.results}
    assert len(read.lines) == len(results) == len(record.results)
    for line in read.lines:
        row = results[(line.board, line.ns)]
        assert line.ew == str(row.ew)
        assert tuple(float(p) for p in line.points) == (figure(row.score.ns), figure(row.score.ew))
        assert line.score == ("A5050" if row.net is None else str(row.net.ns))


def test_the_demos_evening_reads_back_to_its_results_and_members_numbers(client, db):
    call_command("seed_demo", stdout=StringIO())
    client.force_login(get_user_model().objects.get(username="secretary"))
    evening = DuplicateEvening.objects.get()
    answer = usebio_of(client, evening)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/xml; charset=utf-8"
    assert answer["Content-Disposition"] == (
        f'attachment; filename="duplicate-results-{evening.day.isoformat()}.xml"'
    )
    read = read_usebio(answer.content)
    assert (read.club, read.description) == ("The Elwell Club", evening.name)
    assert read.date == evening.day.strftime("%d/%m/%Y")
    assert_it_reads_back_to_the_sites_results(read, evening)
    numbers = {p.name: p.number for pair in read.pairs.values() for p in pair.players}
    assert numbers["Mrs. Carr"] == Member.objects.get(short_name="Carr").national_number
    assert numbers["Dr. Pryce"] is None, "a member without a number is written without one"
    assert numbers["Mrs. Hale"] is None, "and so is a guest"
    assert len(read.hands) == 9, "its boards were dealt by the site"


def test_a_howell_under_matchpoints_reads_back_as_matchpoints(client, staff, sixteen):
    for member, number in zip(sixteen[::3], ("0555002", "J123456", "100231"), strict=False):
        Member.objects.filter(pk=member.pk).update(national_number=number)
    evening = started(
        staff, sixteen, movement=MovementKind.HOWELL, comparison=Comparison.MATCHPOINTS, tables=4,
        boards_a_round=2,
    )  # fmt: skip
    played_through(staff, evening)
    client.force_login(staff)
    read = read_usebio(usebio_of(client, evening).content)
    assert (read.event_type, read.scoring, read.winner_type) == ("MP_PAIRS", "MATCH_POINTS", "1")
    assert {p.direction for p in read.pairs.values()} == {""}
    assert_it_reads_back_to_the_sites_results(read, evening)
    assert sum(p.number is not None for pair in read.pairs.values() for p in pair.players) == 3


def test_while_the_evening_is_played_the_file_is_the_directors(client, evening, staff, sixteen):
    round_played(staff, evening, 1)
    client.force_login(sixteen[0].user)
    assert usebio_of(client, evening).status_code == 403
    for page in ("evening", "ranking"):
        shown = client.get(reverse(f"scorer:duplicate:{page}", args=[evening.pk])).content
        assert LINK.encode() not in shown, page
    client.force_login(staff)
    for page in ("evening", "ranking"):
        shown = client.get(reverse(f"scorer:duplicate:{page}", args=[evening.pk])).content
        assert LINK.encode() in shown, page
    read = read_usebio(usebio_of(client, evening).content)
    assert_it_reads_back_to_the_sites_results(read, evening)
    assert len(read.lines) == 16, "round 1's: four tables, four boards each"


def test_once_the_evening_has_ended_the_file_is_everyones(client, evening, staff, sixteen):
    played_through(staff, evening)
    writes.end(evening=evening, seen=seen(evening), user=staff)
    client.force_login(sixteen[15].user)
    assert usebio_of(client, evening).status_code == 200
    for page in ("evening", "ranking"):
        shown = client.get(reverse(f"scorer:duplicate:{page}", args=[evening.pk])).content
        assert LINK.encode() in shown, page


@pytest.mark.django_db(transaction=True)
def test_a_member_takes_the_file_from_the_rankings_by_its_link(phone):
    """The demo's evening has ended: Mrs. Carr goes from her home page to the evening, its
    rankings, and taps the file's link; it reads back to the evening's results."""
    call_command("seed_demo", stdout=StringIO())
    page = phone()
    sign_in(page, "carr", "carr-1905")
    page.get_by_role("link", name="Duplicate evenings").click()
    evening = DuplicateEvening.objects.get()
    page.get_by_role("link", name=evening.name).first.click()
    page.get_by_role("link", name="The rankings").click()
    screenshot(page, "duplicate-rankings-with-files")
    with page.expect_download() as download:
        page.get_by_role("link", name=LINK).click()
    assert download.value.suggested_filename == f"duplicate-results-{evening.day.isoformat()}.xml"
    read = read_usebio(download.value.path().read_bytes())
    assert_it_reads_back_to_the_sites_results(read, evening)
