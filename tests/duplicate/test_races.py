"""Races at a Duplicate evening, as they happen on a club's server (gunicorn, several
workers, SQLite or PostgreSQL as the suite runs): the two phones of North–South sending the
same board at the same moment, the same form tapped twice at once, and two of the staff
starting the evening at once. Each is played several times over, the requests let go
together by a barrier; the record must come out as if they had come one at a time, and
the database decides."""

from __future__ import annotations

import json
import threading
from functools import partial

import pytest

from tests.support.served import Forms, Phone

TRIES = 4

SETUP = """
import json, random
from django.contrib.auth import get_user_model
from django.utils import timezone
from scorer.club.models import Member
from scorer.models import Place
from scorer.duplicate import writes
from scorer.duplicate.models import DuplicateEvening, DuplicateTable
from scorer.engine.duplicate import Comparison, MovementKind

staff = get_user_model().objects.get(username="secretary")
members = list(Member.objects.order_by("pk"))

def seen(evening):
    evening.refresh_from_db()
    return str(evening.revision)

def gathered(name):
    # Each try's evening stays as its race left it, a state of its own: its members are set
    # aside for the next (the site never does: a member plays at one table at a time).
    Place.objects.filter(member__in=members[:12]).delete()
    evening = writes.open_evening(name=name, day=timezone.localdate(),
        movement=MovementKind.MITCHELL, tables=3, boards_a_round=2,
        comparison=Comparison.AVERAGE, user=staff).evening
    for first, second in zip(members[0:12:2], members[1:12:2]):
        writes.add_pair(evening=evening, first=first, second=second, seen=seen(evening),
                        user=staff)
    return evening

def started(name):
    evening = gathered(name)
    writes.start(evening=evening, boards_from="dealt", seen=seen(evening), user=staff,
                 rng=random.Random(1))
    return evening
"""


@pytest.fixture(scope="module")
def club(serve_module):
    """A served club: two of the staff and twelve members, each signed in on a phone."""
    server = serve_module(workers=3, threads=4)
    sessions = json.loads(
        server.python(
            """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from scorer.club.models import Member

users = get_user_model()

def signed_in(user):
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key

staff = [users.objects.create_user(name, password="pw", is_staff=True)
         for name in ("secretary", "treasurer")]
members = []
for n in range(12):
    user = users.objects.create_user(f"m{n}", password="pw")
    Member.objects.create(user=user, name=f"Member {n}", short_name=f"M{n}")
    members.append(signed_in(user))
print(json.dumps({"staff": [signed_in(user) for user in staff], "members": members}))
"""
        )
    )
    return server, sessions


def phone_of(server, session: str, page: str = "/duplicate/") -> Phone:
    phone = Phone(server)
    phone.cookies["sessionid"] = session
    phone.get(page)  # the CSRF cookie
    return phone


def at_once(*sends):
    """Send each at the same moment, each from a phone of its own; their answers."""
    start = threading.Barrier(len(sends))
    answers: list[object] = [None] * len(sends)

    def run(n, send):
        start.wait()
        answers[n] = send()

    threads = [threading.Thread(target=run, args=(n, send)) for n, send in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def count(server, sql, *params) -> int:
    return int(server.database.rows(sql, *params)[0][0])


def form_on(phone, page, action) -> dict:
    """The form on `page` sending to `action`, without the CSRF token (each phone sends
    its own)."""
    form = Forms(phone.get(page).text).form(action)
    assert form is not None, f"no form sending to {action} on {page}"
    return {k: v for k, v in form["values"].items() if k != "csrfmiddlewaretoken"}


def board_of(server, names):
    made = json.loads(
        server.python(
            SETUP
            + f"""
made = []
for name in {names!r}:
    evening = started(name)
    table = DuplicateTable.objects.get(evening=evening, round=1, number=1)
    made.append(table.pk)
print(json.dumps(made))
"""
        )
    )
    return made


RESULT = "SELECT count(*) FROM scorer_duplicateresult WHERE table_id = ?"
PLAYS = (
    "SELECT count(*) FROM scorer_duplicateplay p JOIN scorer_duplicateresult r "
    "ON r.id = p.result_id WHERE r.table_id = ?"
)


def test_north_south_sending_the_same_board_from_two_phones_record_it_once(club):
    server, sessions = club
    for table in board_of(server, [f"Two phones {n}" for n in range(TRIES)]):
        page = f"/duplicate/tables/{table}/"
        north, south = (phone_of(server, sessions["members"][n], page) for n in (0, 1))
        sends = []
        for phone, tricks in ((north, "9"), (south, "8")):
            values = form_on(phone, page, f"{page}boards/1/record/")
            values.update({"trump": "H", "tricks": tricks})
            sends.append(partial(phone.post, f"{page}boards/1/record/", values, htmx=True))
        answers = at_once(*sends)
        assert sorted(a.status for a in answers) == [200, 409], [a.text[:300] for a in answers]
        assert count(server, RESULT, table) == 1
        assert count(server, PLAYS, table) == 2, "each pair's play of the board, once"
        refused = next(a for a in answers if a.status == 409)
        assert "Board 1 recorded: North dealt and made hearts" in refused.text
        assert "Yours was not saved." in refused.text


def test_the_same_board_tapped_twice_at_once_records_once(club):
    server, sessions = club
    for table in board_of(server, [f"Tapped twice {n}" for n in range(TRIES)]):
        page = f"/duplicate/tables/{table}/"
        phone = phone_of(server, sessions["members"][0], page)
        other = phone_of(server, sessions["members"][0], page)
        values = form_on(phone, page, f"{page}boards/1/record/")
        values.update({"trump": "NT", "tricks": "7"})
        answers = at_once(
            partial(phone.post, f"{page}boards/1/record/", values, htmx=True),
            partial(other.post, f"{page}boards/1/record/", values, htmx=True),
        )
        assert [a.status for a in answers] == [200, 200], [a.text[:300] for a in answers]
        assert count(server, RESULT, table) == 1
        revision = "SELECT revision FROM scorer_duplicatetable WHERE id = ?"
        assert count(server, revision, table) == 1, "one write"


def test_two_staff_starting_the_evening_at_once_start_it_once(club):
    server, sessions = club
    made = json.loads(
        server.python(
            SETUP
            + f"print(json.dumps([gathered(f'Started at once {{n}}').pk for n in range({TRIES})]))"
        )
    )
    for pk in made:
        page = f"/duplicate/{pk}/"
        phones = [phone_of(server, session) for session in sessions["staff"]]
        sends = []
        for phone in phones:
            values = form_on(phone, page, f"{page}start/")
            values["boards_from"] = "dealt"
            sends.append(partial(phone.post, f"{page}start/", values))
        answers = at_once(*sends)
        assert [a.status for a in answers] == [302, 302]
        tables = "SELECT count(*) FROM scorer_duplicatetable WHERE evening_id = ?"
        assert count(server, tables, pk) == 9, "three rounds of three tables, seated once"
        boards = "SELECT count(*) FROM scorer_duplicateboard WHERE evening_id = ?"
        assert count(server, boards, pk) == 6
