"""Races at the evening's tables, as they happen on a club's server: two members of the
staff forming tables with the same member at once, a cut at one table while another
forms, two tables taking the same substitute, and two writers seating one member at
once behind the site's back. Whatever the order, nobody is seated in two rubbers in play
at the evening's tables, nobody belongs to two tables, and the database decides."""

from __future__ import annotations

import json
import threading
from functools import partial

import pytest

from tests.support.served import Forms, Phone

TRIES = 5

# Who is seated where, as the database has it: a substitute in his member's seat.
IN_PLAY = """
SELECT count(*) FROM scorer_seat s
  JOIN scorer_rubber r ON r.id = s.rubber_id
 WHERE r.at_table_id IS NOT NULL AND r.agreed_at IS NULL
   AND coalesce(s.substitute_id, s.member_id) = ?"""
BELONGS = "SELECT count(*) FROM scorer_membership WHERE member_id = ? AND left_at IS NULL"
CLAIMS = "SELECT count(*) FROM scorer_candidacy WHERE member_id = ? AND settled_at IS NULL"

SETUP = """
import json, random, uuid
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from scorer.rubbers import reads, writes
from scorer.tables import reads as table_reads
from scorer.tables import writes as table_writes
from scorer.engine import Deal, Pair, Play, Side, Trump
from scorer.models import Member, Rubber

users = get_user_model()
staff = users.objects.get(username="secretary")
made = iter(range(10**6))

def member(prefix):
    n = next(made)
    user = users.objects.create_user(f"{prefix}{n}-{uuid.uuid4().hex[:6]}")
    return Member.objects.create(user=user, name=f"{prefix} {user.username}", short_name=prefix)

def form(name, members, seed=1):
    return table_writes.form_table(name=name, day=timezone.localdate(), candidates=members,
                             user=staff, rng=random.Random(seed))

def finish(table):
    rubber = table.rubbers.get(agreed_at__isnull=True)
    slam = Play(Pair(12, 1), Pair((1, 1), (1, 1)))
    writes.replay(rubber=rubber, deals=[Deal(Side.WE, Trump.NO_TRUMP, play=slam),
        Deal(Side.THEY, Trump.NO_TRUMP, play=slam)], user=staff)
    rubber.refresh_from_db()
    writes.agree(state=reads.rubber_state(rubber), user=staff, key=uuid.uuid4(),
                 revision=rubber.revision, side=None)
    table.refresh_from_db()
"""


@pytest.fixture(scope="module")
def club(serve_module):
    """A served club with two of the staff, each signed in on a phone of his own."""
    server = serve_module(workers=3, threads=4)
    sessions = json.loads(
        server.python(
            """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore

users = get_user_model()
sessions = []
for name in ("secretary", "treasurer"):
    staff = users.objects.create_user(name, password="pw", is_staff=True)
    session = SessionStore()
    session[SESSION_KEY] = str(staff.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = staff.get_session_auth_hash()
    session.create()
    sessions.append(session.session_key)
print(json.dumps(sessions))
"""
        )
    )
    return server, sessions


def staff_phones(server, sessions) -> list[Phone]:
    phones = []
    for session in sessions:
        phone = Phone(server)
        phone.cookies["sessionid"] = session
        phone.get("/tables/")  # the CSRF cookie
        phones.append(phone)
    return phones


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


def keyed(phone, page, action) -> dict:
    """What the form sending to `action` on `page` carries (its key, what it was shown),
    without the CSRF token: each phone sends its own."""
    form = Forms(phone.get(page).text).form(action)
    assert form is not None, f"no form sending to {action} on {page}"
    return {k: v for k, v in form["values"].items() if k != "csrfmiddlewaretoken"}


def forming(phone, name, candidates) -> dict:
    fields = keyed(phone, "/tables/", "/tables/new/")
    return {**fields, "name": name, **{f"candidate_{n}": pk for n, pk in enumerate(candidates)}}


def said(phone, answer) -> str:
    """The page an answer leads to, as the phone then reads it."""
    return phone.get(answer.header("Location")).text


def test_two_staff_forming_tables_with_the_same_member_at_once_seat_him_once(club):
    """Mr. M sits out at his table; two of the staff each form a fresh table with him and
    three candidates (Law 26) at the same moment. One table forms; the other is refused,
    saying why; he is seated once, belongs to one table and keeps one claim to return."""
    server, sessions = club
    made = json.loads(
        server.python(
            SETUP
            + f"""
tries = []
for n in range({TRIES}):
    home = form(f"Home {{n}}", [member("H") for _ in range(5)])
    resting = next(p.member for p in table_reads.view(home).places if not p.playing)
    tries.append({{"m": resting.pk, "home": home.pk,
                   "a": [member("A").pk for _ in range(3)],
                   "b": [member("B").pk for _ in range(3)]}})
print(json.dumps(tries))
"""
        )
    )
    for n, each in enumerate(made):
        first, second = staff_phones(server, sessions)
        answers = at_once(
            partial(first.post, "/tables/new/", forming(first, f"A {n}", [each["m"], *each["a"]])),
            partial(
                second.post, "/tables/new/", forming(second, f"B {n}", [each["m"], *each["b"]])
            ),
        )
        assert [a.status for a in answers] == [302, 302], [a.text[:300] for a in answers]
        formed = count(
            server, "SELECT count(*) FROM scorer_table WHERE name IN (?, ?)", f"A {n}", f"B {n}"
        )
        assert formed == 1, "one of the two tables forms"
        assert count(server, IN_PLAY, each["m"]) == 1
        assert count(server, BELONGS, each["m"]) == 1
        assert count(server, CLAIMS, each["m"]) == 1, "one claim, to return to his own table"
        home_players = count(
            server,
            "SELECT count(*) FROM scorer_membership WHERE table_id = ? AND left_at IS NULL",
            each["home"],
        )
        assert home_players == 4, "his own table keeps the four of its rubber in play"
        refused = next(
            (phone, a)
            for phone, a in zip((first, second), answers, strict=True)
            if a.header("Location") == "/tables/"
        )
        assert "is playing the rubber in play at" in said(*refused)


def test_a_cut_at_one_table_and_a_table_forming_with_its_claimant_at_once_seat_him_once(club):
    """Mr. M has claimed entry at Table B. One of the staff cuts for B's next rubber while
    another forms Table A with him: whichever the database takes first is done, and the
    other refused in words (the cut's page showed him waiting; the form chose a player of
    B's new rubber). He is seated in one rubber in play, belongs to one table, and his
    claim at B is settled."""
    server, sessions = club
    made = json.loads(
        server.python(
            SETUP
            + f"""
tries = []
for n in range({TRIES}):
    b = form(f"Cut {{n}}", [member("C") for _ in range(4)])
    m = member("M")
    table_writes.claim_entry(table=b, member=m, seen=str(b.revision), user=staff)
    b.refresh_from_db()
    finish(b)
    tries.append({{"m": m.pk, "b": b.pk, "a": [member("F").pk for _ in range(3)]}})
print(json.dumps(tries))
"""
        )
    )
    for n, each in enumerate(made):
        first, second = staff_phones(server, sessions)
        page = f"/tables/{each['b']}/"
        cut = keyed(first, page, f"{page}next/")
        answers = at_once(
            partial(first.post, f"{page}next/", cut),
            partial(
                second.post, "/tables/new/", forming(second, f"Formed {n}", [each["m"], *each["a"]])
            ),
        )
        assert [a.status for a in answers] == [302, 302], [a.text[:300] for a in answers]
        assert count(server, IN_PLAY, each["m"]) == 1, "seated in one rubber in play"
        assert count(server, BELONGS, each["m"]) == 1
        assert count(server, CLAIMS, each["m"]) == 0, "his claim at B is settled"
        at_a = count(server, "SELECT count(*) FROM scorer_table WHERE name = ?", f"Formed {n}")
        cut_at_b = count(
            server,
            "SELECT count(*) FROM scorer_rubber WHERE at_table_id = ? AND agreed_at IS NULL",
            each["b"],
        )
        assert at_a + cut_at_b == 1, "exactly one of the two is done"
        if at_a:  # the cut was made from a page that showed him waiting: refused as stale
            assert "changed since this page was shown" in said(first, answers[0])
        else:
            assert "is playing the rubber in play at Cut" in said(second, answers[1])


def test_two_tables_taking_the_same_substitute_at_once_seat_her_once(club):
    server, sessions = club
    made = json.loads(
        server.python(
            SETUP
            + f"""
tries = []
for n in range({TRIES}):
    a = form(f"Sub A {{n}}", [member("S") for _ in range(4)])
    b = form(f"Sub B {{n}}", [member("T") for _ in range(4)])
    quits = [t.rubbers.get().seats.get(position=0).member_id for t in (a, b)]
    tries.append({{"tables": [a.pk, b.pk], "quits": quits, "sub": member("U").pk}})
print(json.dumps(tries))
"""
        )
    )
    for each in made:
        phones = staff_phones(server, sessions)
        sends = []
        for phone, table, quits in zip(phones, each["tables"], each["quits"], strict=True):
            page = f"/tables/{table}/"
            fields = keyed(phone, page, f"{page}substitute/")
            data = {**fields, "quitting": quits, "substitute": each["sub"], "consent": "on"}
            sends.append(partial(phone.post, f"{page}substitute/", data))
        answers = at_once(*sends)
        assert [a.status for a in answers] == [302, 302], [a.text[:300] for a in answers]
        assert count(server, IN_PLAY, each["sub"]) == 1
        assert (
            count(server, "SELECT count(*) FROM scorer_seat WHERE substitute_id = ?", each["sub"])
            == 1
        )


def test_two_writers_seating_one_member_behind_the_sites_back_are_refused_by_the_database(club):
    """Two connections insert a seat for the same member, each in a rubber in play at a
    table of the evening, the second while the first has not committed: the database lets
    one through. (On PostgreSQL the second waits for the first to commit, then sees it.)"""
    server, _ = club
    made = json.loads(
        server.python(
            SETUP
            + """
from scorer.models import Table
m = member("W")
rubbers = []
for name in ("Raw A", "Raw B"):
    table = Table.objects.create(name=name, day=timezone.localdate(), formed_by=staff)
    rubbers.append(Rubber.objects.create(table=name, at_table=table, started_by=staff,
                                         first_dealer=0).pk)
print(json.dumps({"m": m.pk, "rubbers": rubbers}))
"""
        )
    )
    database = server.database
    insert = "INSERT INTO scorer_seat (rubber_id, member_id, position) VALUES (?, ?, 0)"
    if database.postgres:
        insert = insert.replace("?", "%s")
    first = database.connect()
    try:
        first.execute("BEGIN" if database.postgres else "BEGIN IMMEDIATE")
        first.execute(insert, (made["rubbers"][0], made["m"]))
        outcome: dict[str, object] = {}
        done = threading.Event()

        def seat_again():
            second = database.connect()  # SQLite's connections stay in their own thread
            try:
                second.execute("BEGIN" if database.postgres else "BEGIN IMMEDIATE")
                second.execute(insert, (made["rubbers"][1], made["m"]))
                second.execute("COMMIT")
                outcome["seated"] = True
            except Exception as error:  # the database's refusal, whichever kind
                outcome["refused"] = str(error)
                second.execute("ROLLBACK")
            finally:
                second.close()
                done.set()

        thread = threading.Thread(target=seat_again)
        thread.start()
        if database.postgres:
            # Commit only once the second is inside its insert: waiting on the first, or done.
            watch = database.connect()
            try:
                while (
                    not done.is_set()
                    and not watch.execute(
                        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                        "AND datname = current_database()"
                    ).fetchall()
                ):
                    done.wait(0.01)
            finally:
                watch.close()
        first.execute("COMMIT")
        thread.join(60)
    finally:
        first.close()
    assert "refused" in outcome, "the second seat is refused"
    assert "plays one rubber at a time" in str(outcome["refused"])
    assert count(server, IN_PLAY, made["m"]) == 1


def test_a_table_forming_and_a_progressive_evening_taking_one_member_at_once_place_him_once(club):
    """Across kinds of play: one of the staff forms a table with Mr. M while the other adds
    him to tonight's Progressive evening, at the same moment. One write places him; the
    other is refused, naming where he is playing (scorer/club/places.py)."""
    server, sessions = club
    made = json.loads(
        server.python(
            SETUP
            + f"""
from scorer.progressive import writes as progressive
tries = []
for n in range({TRIES}):
    evening = progressive.open_evening(name=f"Drive {{n}}", day=timezone.localdate(),
                                       deals_a_round=1, user=staff).evening
    tries.append({{"m": member("M").pk, "others": [member("O").pk for _ in range(3)],
                   "evening": evening.pk}})
print(json.dumps(tries))
"""
        )
    )
    for n, each in enumerate(made):
        first, second = staff_phones(server, sessions)
        page = f"/progressive/{each['evening']}/"
        adding = {
            **keyed(second, page, f"{page}players/member/"),
            "member": each["m"],
        }
        answers = at_once(
            partial(
                first.post, "/tables/new/", forming(first, f"P {n}", [each["m"], *each["others"]])
            ),
            partial(second.post, f"{page}players/member/", adding),
        )
        assert [a.status for a in answers] == [302, 302], [a.text[:300] for a in answers]
        formed = count(server, "SELECT count(*) FROM scorer_table WHERE name = ?", f"P {n}")
        added = count(
            server,
            "SELECT count(*) FROM scorer_progressiveplayer WHERE evening_id = ? AND member_id = ?",
            each["evening"],
            each["m"],
        )
        assert formed + added == 1, "one of the two places him"
        assert (
            count(server, "SELECT count(*) FROM scorer_place WHERE member_id = ?", each["m"]) == 1
        )
        refused = said(second, answers[1]) if formed else said(first, answers[0])
        assert "a member plays at one table at a time" in refused, refused[:2000]
