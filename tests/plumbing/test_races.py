"""Races, as they happen on a club's server: the same form sent twice at once (a double
tap), two members of the staff at once, a sitting closing while one of its rubbers is
agreed. Each is played against gunicorn with several workers, many times over; the record
must come out as if the requests had come one at a time."""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from functools import partial

import pytest
from django.utils.html import escape

from scorer.plumbing.middleware import BUSY
from tests.support.served import Forms, Phone, until

TRIES = 10


@pytest.fixture(scope="module")
def club(serve_module):
    """A served club: a secretary signed in, a stake and table money, both in force for
    days. Each test seats members of its own (`members`): what one test pays, reverses or
    plays is no other test's, whatever order they run in."""
    server = serve_module(workers=3, threads=4)
    made = json.loads(
        server.python(
            """
import json
from datetime import timedelta
from decimal import Decimal
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from ledger.desk import services as desk
from ledger.settlement import services as settlements
from ledger.models import TableCharge

users = get_user_model()
staff = users.objects.create_user("secretary", password="pw", is_staff=True)
session = SessionStore()
session[SESSION_KEY] = str(staff.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = staff.get_session_auth_hash()
session.create()
now = timezone.now()
desk.set_stake(per_hundred=Decimal("0.50"), currency="GBP", smallest_unit=Decimal("0.01"),
                 user=staff, seen="none", at=now - timedelta(days=3))
desk.set_table_charge(basis="rubber", amount=Decimal("0.25"), hundreds=None, user=staff,
                        seen=desk.charge_seen(TableCharge.latest()), at=now - timedelta(days=3))
print(json.dumps({"session": session.session_key}))
"""
        )
    )
    return server, made


def members(server) -> list[int]:
    """Four members new to the club, for one test alone."""
    return json.loads(
        server.python(
            """
import json, uuid
from django.contrib.auth import get_user_model
from scorer.models import Member
made = []
for n in range(4):
    name = uuid.uuid4().hex[:12]
    user = get_user_model().objects.create_user(name)
    made.append(Member.objects.create(user=user, name=f"Member {name}", short_name=name).pk)
print(json.dumps(made))
"""
        )
    )


def secretary(server, made) -> Phone:
    phone = Phone(server, timeout=300)  # a bound for a busy machine, not a timing
    phone.cookies["sessionid"] = made["session"]
    phone.get("/ledger/")  # the CSRF cookie
    return phone


def fields(form) -> dict:
    """What a form sends, but for its CSRF token: each phone sends its own."""
    return {k: v for k, v in form["values"].items() if k != "csrfmiddlewaretoken"}


def at_once(*sends):
    """Send each at the same moment, each from a phone of its own; their answers. A phone
    told the database was busy (its wait for the others' writes outlasted, on a slow
    machine) sends the same form again, as its member would."""
    start = threading.Barrier(len(sends))
    answers: list[object] = [None] * len(sends)

    def run(n, send):
        start.wait()
        answers[n] = send()
        while answers[n].status == 503 and escape(BUSY) in answers[n].text:
            answers[n] = send()

    threads = [threading.Thread(target=run, args=(n, send)) for n, send in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    return answers


def count(server, sql, *params) -> int:
    return int(server.database.rows(sql, *params)[0][0])


def test_a_double_tap_on_reverse_reverses_a_payment_once(club):
    server, made = club
    payer, payee = members(server)[:2]
    for _ in range(TRIES):
        paid = int(
            server.python(
                f"""
from decimal import Decimal
from django.contrib.auth import get_user_model
from ledger.desk import services as desk
from ledger.settlement import services as settlements
from scorer.models import Member
staff = get_user_model().objects.get(username="secretary")
p = desk.record_payment(
    payer=Member.objects.get(pk={payer}), payee=Member.objects.get(pk={payee}),
    amount=Decimal("1.00"), method="cash", note="", user=staff)
print(p.pk)
"""
            )
        )
        phones = [secretary(server, made) for _ in range(4)]
        # "Reverse" asks once more: the form is on the page it leads to.
        page = phones[0].get(f"/ledger/payments/{paid}/reverse/").text
        form = Forms(page).form(f"/ledger/payments/{paid}/reverse/")
        assert form is not None
        # Two taps of the same button, and two of the staff each with a page of his own.
        keys = [fields(form)["key"]] * 2 + [str(uuid.uuid4()), str(uuid.uuid4())]
        answers = at_once(
            *(
                partial(phone.post, form["action"], {**fields(form), "key": key})
                for phone, key in zip(phones, keys, strict=True)
            )
        )
        assert [answer.status for answer in answers] == [302] * 4, [a.text[:300] for a in answers]
        assert count(server, "SELECT count(*) FROM ledger_payment WHERE reverses_id = ?", paid) == 1
    for member in (payer, payee):
        balance = count(
            server,
            "SELECT coalesce(sum(amount), 0) FROM ledger_posting WHERE member_id = ?",
            member,
        )
        assert balance == 0, "each payment and its one reversal cancel out"


def test_a_double_tap_on_open_it_opens_one_sitting(club):
    server, made = club
    for n in range(TRIES):
        phones = [secretary(server, made) for _ in range(6)]
        form = Forms(phones[0].get("/ledger/").text).form("/ledger/sittings/")
        day = f"2027-01-{n + 1:02}"
        data = {
            **fields(form),
            "name": f"Evening {n}",
            "start": f"{day}T18:00",
            "end": f"{day}T23:00",
        }
        same = [data["key"]] * 3
        others = [str(uuid.uuid4()) for _ in range(3)]
        answers = at_once(
            *(
                partial(phone.post, form["action"], {**data, "key": key})
                for phone, key in zip(phones, same + others, strict=True)
            )
        )
        assert [answer.status for answer in answers] == [302] * 6
        assert (
            count(server, "SELECT count(*) FROM ledger_sitting WHERE name = ?", f"Evening {n}") == 1
        )


def test_a_payment_form_sent_twice_at_once_records_one_payment(club):
    server, made = club
    payer, payee = members(server)[:2]
    for n in range(TRIES):
        phones = [secretary(server, made) for _ in range(3)]
        form = Forms(phones[0].get("/ledger/").text).form("/ledger/payments/")
        data = {
            **fields(form),
            "payer": payer,
            "payee": payee,
            "amount": "0.25",
            "method": "cash",
            "note": f"twice {n}",
        }
        answers = at_once(*(partial(phone.post, form["action"], data) for phone in phones))
        assert [answer.status for answer in answers] == [302] * 3
        assert (
            count(server, "SELECT count(*) FROM ledger_payment WHERE note = ?", f"twice {n}") == 1
        )


def test_a_payment_to_the_house_sent_twice_at_once_records_one_payment(club):
    server, made = club
    payer = members(server)[0]
    for n in range(TRIES):
        phones = [secretary(server, made) for _ in range(3)]
        form = Forms(phones[0].get("/ledger/").text).form("/ledger/payments/")
        data = {
            **fields(form),
            "payer": payer,
            "payee": "house",
            "amount": "0.10",
            "method": "cash",
            "note": f"table money {n}",
        }
        answers = at_once(*(partial(phone.post, form["action"], data) for phone in phones))
        assert [answer.status for answer in answers] == [302] * 3
        note = f"table money {n}"
        assert count(server, "SELECT count(*) FROM ledger_payment WHERE note = ?", note) == 1
        postings = (
            "SELECT count(*) FROM ledger_posting p JOIN ledger_payment m ON m.id = p.payment_id"
        )
        assert count(server, f"{postings} WHERE m.note = ?", note) == 2  # the member's, the house's


def test_a_double_tap_on_waive_it_waives_table_money_once(club):
    """Two taps of "Waive it", and two of the staff each with a page of his own: one
    waiver, posted back to the member and from the house once each."""
    server, made = club
    made_now = json.loads(
        server.python(
            f"""
import json, uuid
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from ledger.settlement import services as settlements
from ledger.models import Posting
from scorer.rubbers import reads, writes
from scorer.engine import Deal, Pair, Play, Side, Trump
from scorer.models import Member, Rubber
staff = get_user_model().objects.get(username="secretary")
now = timezone.now()
sitting = settlements.open_sitting(name="Waivers", start=now - timedelta(days=1, hours=1),
                              end=now - timedelta(days=1) + timedelta(hours=4), user=staff)
members = list(Member.objects.filter(pk__in={members(server)}).order_by("pk"))
charges = []
for n in range({TRIES}):
    rubber = writes.start_rubber(table=f"Waive {{n}}", members=members, first_dealer=0, user=staff)
    Rubber.objects.filter(pk=rubber.pk).update(started_at=now - timedelta(days=1, minutes=n))
    rubber.refresh_from_db()
    slam = Play(Pair(12, 1), Pair((1, 1), (1, 1)))
    writes.replay(rubber=rubber, deals=[Deal(Side.WE, Trump.NO_TRUMP, play=slam),
        Deal(Side.THEY, Trump.NO_TRUMP, play=slam)], user=staff)
    rubber.refresh_from_db()
    writes.agree(state=reads.rubber_state(rubber), user=staff, key=uuid.uuid4(),
                 revision=rubber.revision, side=None)
    charges.append(Posting.objects.get(rubber=rubber, member=members[0], kind="table").pk)
print(json.dumps({{"sitting": sitting.pk, "charges": charges}}))
"""
        )
    )
    here = f"/ledger/sittings/{made_now['sitting']}/"
    for charge in made_now["charges"]:
        phones = [secretary(server, made) for _ in range(4)]
        action = f"/ledger/table-money/{charge}/waive/"
        form = Forms(phones[0].get(here).text).form(action)
        assert form is not None
        data = {**fields(form), "reason": "the host"}
        keys = [data["key"]] * 2 + [str(uuid.uuid4()), str(uuid.uuid4())]
        answers = at_once(
            *(
                partial(phone.post, action, {**data, "key": key})
                for phone, key in zip(phones, keys, strict=True)
            )
        )
        assert [answer.status for answer in answers] == [302] * 4, [a.text[:300] for a in answers]
        waivers = "SELECT count(*) FROM ledger_posting WHERE kind = 'waiver' AND against_id = ?"
        assert count(server, waivers, charge) == 2  # back to the member, and from the house


def test_a_sitting_closing_waits_for_an_agreement_under_way_and_settles_its_rubber(club, tmp_path):
    """The agreement holds its sitting until it is posted; a closing meanwhile waits for
    it, then settles the rubber with the rest. (Without that, the closing could read the
    postings before the agreement and the unagreed rubbers after it, and leave the rubber
    in no settlement.) The agreement is held open until the closing is seen waiting at the
    lock: on PostgreSQL the database says its transaction waits for a lock; on SQLite the
    write lock is held, and the closing has asked for it and not had it."""
    server, _ = club
    made_now = json.loads(
        server.python(
            f"""
import json
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from ledger.settlement import services as settlements
from scorer.rubbers import writes
from scorer.engine import Deal, Pair, Play, Side, Trump
from scorer.models import Member, Rubber
staff = get_user_model().objects.get(username="secretary")
members = list(Member.objects.filter(pk__in={members(server)}).order_by("pk"))
start = timezone.now() - timedelta(days=800)
rubber = writes.start_rubber(table="Race", members=members, first_dealer=0, user=staff)
Rubber.objects.filter(pk=rubber.pk).update(started_at=start + timedelta(hours=1))
slam = Play(Pair(12, 1), Pair((1, 1), (1, 1)))
writes.replay(rubber=rubber, deals=[Deal(Side.WE, Trump.NO_TRUMP, play=slam),
    Deal(Side.THEY, Trump.NO_TRUMP, play=slam)], user=staff)
sitting = settlements.open_sitting(
    name="Race", start=start, end=start + timedelta(hours=5), user=staff
)
print(json.dumps({{"rubber": rubber.pk, "sitting": sitting.pk}}))
"""
        )
    )
    rubber, sitting = made_now["rubber"], made_now["sitting"]
    holding, go = tmp_path / "holding", tmp_path / "go"
    asking, granted, closed = tmp_path / "asking", tmp_path / "granted", tmp_path / "closed"
    agreeing = server.background(
        f"""
import uuid
from pathlib import Path
from django.contrib.auth import get_user_model
from django.db import transaction
from scorer.rubbers import reads, writes
from scorer.models import Rubber
from tests.support.served import wait_for_file
staff = get_user_model().objects.get(username="secretary")
with transaction.atomic():
    rubber = Rubber.objects.get(pk={rubber})
    writes.agree(state=reads.rubber_state(rubber), user=staff, key=uuid.uuid4(),
                   revision=rubber.revision, side=None)
    Path("{holding}").touch()
    wait_for_file(Path("{go}"))
"""
    )
    server.wait_for(holding, agreeing)
    closing = server.background(
        f"""
import os
from pathlib import Path
from django.contrib.auth import get_user_model
from django.db import connection
from ledger.settlement import services as settlements
from ledger.models import Sitting
staff = get_user_model().objects.get(username="secretary")
sitting = Sitting.objects.get(pk={sitting})
asked = []

def at_the_lock(execute, sql, params, many, context):
    # The closing's first statement is the one that takes the lock: SQLite's write lock
    # (its transactions begin IMMEDIATE), PostgreSQL's on the sitting's row (FOR UPDATE).
    if asked:
        return execute(sql, params, many, context)
    asked.append(sql)
    postgres = connection.vendor == "postgresql"
    backend = connection.connection.info.backend_pid if postgres else os.getpid()
    Path("{asking}.new").write_text(str(backend))
    Path("{asking}.new").rename("{asking}")
    try:
        return execute(sql, params, many, context)
    finally:
        Path("{granted}").touch()

with connection.execute_wrapper(at_the_lock):
    settlements.close(sitting, staff)
Path("{closed}").touch()
"""
    )
    server.wait_for(asking, closing)
    waiting_at_the_lock(server, int(asking.read_text()), granted)
    assert not granted.exists(), "the closing waits while the agreement is under way"
    go.touch()
    assert agreeing.wait(300) == 0, agreeing.stderr.read()
    assert closing.wait(300) == 0, closing.stderr.read()
    assert closed.exists()
    lines = server.database.rows(
        "SELECT points_won, points_lost FROM ledger_settlementline "
        "WHERE sitting_id = ? AND member_id IS NOT NULL",  # the house's balance may come too
        sitting,
    )
    assert len(lines) == 4
    assert sum(won for won, _ in lines) > 0, "the rubber agreed first is in the settlement"


def waiting_at_the_lock(server, backend: int, granted) -> None:
    """Returns once the closing is held at the lock the agreement holds; fails at once if it
    got past it. PostgreSQL says which transaction waits for a lock; SQLite does not, but
    its write lock, which the closing must take first, is seen held by another."""
    database = server.database
    if database.postgres:
        until(
            lambda: (
                bool(
                    database.rows(
                        "SELECT 1 FROM pg_stat_activity WHERE pid = ? AND wait_event_type = 'Lock'",
                        backend,
                    )
                )
                or granted.exists()
            ),
            "the closing waiting for a lock",
        )
        return
    probe = database.connect()
    probe.execute("PRAGMA busy_timeout = 0")
    try:
        with pytest.raises(sqlite3.OperationalError, match="database is locked"):
            probe.execute("BEGIN IMMEDIATE")
    finally:
        probe.close()
