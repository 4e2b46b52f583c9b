"""Settlements raced as a club's staff would race them, against gunicorn with several
workers, many times over: one opening a sitting before a settlement another is closing,
two closing consecutive settlements, two closing the same one, a payment recorded while a
settlement closes. Whatever the order the database takes them in, no sitting is left open
before a closed one, a settlement brings forward exactly those closed before it, and none
counts a payment made after its sitting ended."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from tests.support.html import Forms, Links
from tests.support.served import ROOT, Answer, Phone

TRIES = 10

SETUP = """
import json
from datetime import timedelta
from decimal import Decimal
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from ledger.desk import services as desk
from ledger.records import LedgerError
from ledger.settlement import services as settlements
from scorer.models import Member

users = get_user_model()
staff = users.objects.create_user("secretary", password="pw", is_staff=True)
sessions = []
for _ in range(4):  # a session a phone: the staff, each at a phone of his own
    session = SessionStore()
    session[SESSION_KEY] = str(staff.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = staff.get_session_auth_hash()
    session.create()
    sessions.append(session.session_key)
members = [
    Member.objects.create(user=users.objects.create_user(short.lower()), name=name,
                          short_name=short)
    for name, short in [("Mrs. Carr", "Carr"), ("Miss Fenwick", "Fenwick"),
                        ("Mr. Dane", "Dane"), ("Col. Hartley", "Hartley")]
]
desk.set_stake(per_hundred=Decimal("0.50"), currency="GBP", smallest_unit=Decimal("0.01"),
                 user=staff, seen="none", at=timezone.now() - timedelta(days=1000))
print(json.dumps({"sessions": sessions, "members": [m.pk for m in members]}))
"""

# Sittings (and a rubber won by We in each of those asked for), given as
# [name, days ago it starts, hours it lasts, with a rubber]; their ids by name.
SITTINGS = """
import json, uuid
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from ledger.desk import services as desk
from ledger.settlement import services as settlements
from scorer.rubbers import reads, writes
from scorer.engine import Deal, Pair, Play, Side, Trump
from scorer.models import Member, Rubber

staff = get_user_model().objects.get(username="secretary")
members = list(Member.objects.order_by("pk"))
now = timezone.now()
made = {}
for name, days_ago, hours, with_rubber in json.loads('''%s'''):
    start = now - timedelta(days=days_ago)
    if with_rubber:
        rubber = writes.start_rubber(table=name, members=members, first_dealer=0, user=staff)
        Rubber.objects.filter(pk=rubber.pk).update(started_at=start + timedelta(minutes=30))
        rubber.refresh_from_db()
        slam = Play(Pair(12, 1), Pair((1, 1), (1, 1)))
        writes.replay(rubber=rubber, deals=[Deal(Side.WE, Trump.NO_TRUMP, play=slam),
            Deal(Side.THEY, Trump.NO_TRUMP, play=slam)], user=staff)
        rubber.refresh_from_db()
        writes.agree(state=reads.rubber_state(rubber), user=staff, key=uuid.uuid4(),
                     revision=rubber.revision, side=None)
    sitting = settlements.open_sitting(name=name, start=start, end=start + timedelta(hours=hours),
                                  user=staff)
    made[name] = sitting.pk
print(json.dumps(made))
"""


@pytest.fixture
def club(serve):
    """A served club of the test's own (settlements close in order, so one test's closed
    sittings would stand in another's way): the secretary signed in on four phones, four
    members, a stake."""
    server = serve(workers=3, threads=4)
    return server, json.loads(server.python(SETUP))


def sittings(server, *wanted) -> dict[str, int]:
    return json.loads(server.python(SITTINGS % json.dumps(wanted)))


def phones(server, made, count) -> list[Phone]:
    found = []
    for session in made["sessions"][:count]:
        phone = Phone(server)
        phone.cookies["sessionid"] = session
        phone.get("/ledger/")  # the CSRF cookie
        found.append(phone)
    return found


def fields(form) -> dict:
    """What a form sends, but for its CSRF token: each phone sends its own."""
    return {k: v for k, v in form["values"].items() if k != "csrfmiddlewaretoken"}


def shown(phone: Phone, page: str, action: str) -> dict:
    form = Forms(phone.get(page).text).form(action)
    assert form is not None, f"no form sending to {action} on {page}"
    return fields(form)


def at_once(*sends) -> list[Answer]:
    """Send each at the same moment, each from a phone of its own; their answers."""
    start = threading.Barrier(len(sends))
    answers: list[Answer | None] = [None] * len(sends)

    def run(n, send):
        start.wait()
        answers[n] = send()

    threads = [threading.Thread(target=run, args=(n, send)) for n, send in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert all(answer is not None for answer in answers), "every request is answered"
    return answers  # type: ignore[return-value]


def said(phone: Phone, answer: Answer) -> str:
    """The page a form's answer leads to, where its message is shown."""
    assert answer.status == 302, answer.text[:300]
    return phone.get(answer.header("Location")).text


def closed(server, pk) -> bool:
    return bool(server.database.rows("SELECT closed_at FROM ledger_sitting WHERE id = ?", pk)[0][0])


def close(phone: Phone, pk: int) -> None:
    """Close a settlement as the secretary does: from its page, asked once more."""
    asked = Links(phone.get(f"/ledger/sittings/{pk}/").text).to("Close this settlement")
    assert asked, f"sitting {pk} is not offered for closing"
    answer = phone.post(asked[0], shown(phone, asked[0], asked[0]))
    assert "Closed: this settlement is now fixed for good." in said(phone, answer)


def open_before_a_closed_one(server) -> list[tuple[str, str]]:
    return server.database.rows(
        "SELECT o.name, c.name FROM ledger_sitting o JOIN ledger_sitting c "
        "ON o.closed_at IS NULL AND c.closed_at IS NOT NULL AND o.start <= c.start"
    )


def test_a_sitting_opened_before_a_settlement_closing_at_once_never_settles_behind_it(club):
    """One of the staff opens a sitting for last week while another closes this week's
    settlement: one of the two is refused, saying why, never both done."""
    server, made = club
    made_now = sittings(server, *([f"Later {n}", 698 - 5 * n, 5, False] for n in range(TRIES)))
    for n in range(TRIES):
        days = 700 - 5 * n
        pk = made_now[f"Later {n}"]
        opener, closer = phones(server, made, 2)
        asked = f"/ledger/sittings/{pk}/close/"
        closing = shown(closer, asked, asked)
        opening = {
            **shown(opener, "/ledger/", "/ledger/sittings/"),
            "name": f"Earlier {n}",
            "start": _day(days),
            "end": _day(days, hours=5),
        }
        opened, closed_it = at_once(
            partial(opener.post, "/ledger/sittings/", opening),
            partial(closer.post, asked, closing),
        )
        earlier = server.database.rows(
            "SELECT id FROM ledger_sitting WHERE name = ?", f"Earlier {n}"
        )
        assert bool(earlier) != closed(server, pk), "exactly one of the two is done"
        assert open_before_a_closed_one(server) == []
        if earlier:  # the opening came first: the closing was refused, in words
            assert "Earlier " in said(closer, closed_it)
            close(closer, earlier[0][0])
            close(closer, pk)
        else:
            assert "is closed, and this sitting would come before it" in said(opener, opened)


# A member of the staff closing a settlement, as a process of its own: it says "ready",
# waits to be told "go", closes, saying "read" once it has read the settlement it fixes,
# then "closed" (or why not) and, asked to hold, keeps its transaction open until told
# "commit".
CLOSER = """
import sys
from django.contrib.auth import get_user_model
from django.db import transaction
from ledger.desk import services as desk
from ledger.settlement import services as settlements
from ledger.models import Sitting
from ledger.records import LedgerError

staff = get_user_model().objects.get(username="secretary")
reading, said = settlements.settlement, []


def settlement(sitting):
    found = reading(sitting)
    if not said:  # the reading it closes on, not the closed settlement it answers with
        said.append(print("read", flush=True))
    return found


settlements.settlement = settlement
print("ready", flush=True)
sys.stdin.readline()
try:
    with transaction.atomic():
        settlements.close(Sitting.objects.get(pk=%d), staff)
        print("closed", flush=True)
        if %r:
            sys.stdin.readline()
except LedgerError as refused:
    print(f"refused: {refused}", flush=True)
"""


def closer(server, pk: int, *, hold: bool) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", "import django; django.setup()\n" + CLOSER % (pk, hold)],
        cwd=ROOT,
        env={**server.env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return process


def heard(process: subprocess.Popen[str]) -> str:
    """The next thing a closer says."""
    assert process.stdout is not None
    return process.stdout.readline()


def tell(process: subprocess.Popen[str], word: str) -> None:
    assert process.stdin is not None
    process.stdin.write(word + "\n")
    process.stdin.flush()


def test_a_settlement_closing_while_the_one_before_it_closes_brings_it_forward(club):
    """One of the staff has closed the first of two settlements, his transaction not yet
    committed, when another closes the second. On PostgreSQL the second sees the first
    still open and is refused at once, saying to close the first first; on SQLite it waits
    for the first's commit, and closes bringing the first forward. Never is the second
    closed without the first's figures."""
    server, made = club
    made_now = sittings(
        server,
        *(
            sitting
            for n in range(TRIES // 2)
            for sitting in (
                [f"First {n}", 500 - 5 * n, 5, True],
                [f"Second {n}", 498 - 5 * n, 5, False],
            )
        ),
    )
    for n in range(TRIES // 2):
        first, second = f"First {n}", f"Second {n}"
        one = closer(server, made_now[first], hold=True)
        other = closer(server, made_now[second], hold=False)
        try:
            assert (heard(one), heard(other)) == ("ready\n", "ready\n")
            tell(one, "go")
            assert (heard(one), heard(one)) == ("read\n", "closed\n")
            tell(other, "go")
            if server.database.kind == "PostgreSQL":
                refused = heard(other)  # nothing holds it up: it answers before the commit
                tell(one, "commit")
                assert refused == (
                    f"refused: {first} comes before {second} and is not closed: close "
                    f"{first}'s settlement first, so that {second}'s brings it forward.\n"
                )
            else:
                tell(one, "commit")  # SQLite: the other waits for this write to be done
                assert (heard(other), heard(other)) == ("read\n", "closed\n")
            assert one.wait(30) == 0, one.stderr
            assert other.wait(30) == 0, other.stderr
        finally:
            for process in (one, other):
                if process.poll() is None:
                    process.kill()
        assert closed(server, made_now[first])
        if not closed(server, made_now[second]):
            close(phones(server, made, 1)[0], made_now[second])
        due = dict(
            server.database.rows(
                "SELECT member_id, due FROM ledger_settlementline WHERE sitting_id = ?",
                made_now[first],
            )
        )
        brought = dict(
            server.database.rows(
                "SELECT member_id, brought_forward FROM ledger_settlementline WHERE sitting_id = ?",
                made_now[second],
            )
        )
        # Nothing was paid before them: the second brings forward all the first fixed.
        assert brought == {member: amount for member, amount in due.items() if amount}
        assert any(brought.values())
        assert open_before_a_closed_one(server) == []


def test_two_staff_closing_one_settlement_at_once_close_it_once(club):
    """A double tap on "Close it for good", and two of the staff each from his own page:
    one closing, its lines and transfers kept once."""
    server, made = club
    made_now = sittings(server, *([f"Once {n}", 300 - 5 * n, 5, True] for n in range(TRIES)))
    for n in range(TRIES):
        pk = made_now[f"Once {n}"]
        taps = phones(server, made, 4)
        asked = f"/ledger/sittings/{pk}/close/"
        forms = [shown(phone, asked, asked) for phone in taps]
        forms[1] = forms[0]  # the same page's form sent twice
        answers = at_once(*(partial(p.post, asked, f) for p, f in zip(taps, forms, strict=True)))
        assert [answer.status for answer in answers] == [302] * 4
        assert closed(server, pk)
        lines = "SELECT count(*) FROM ledger_settlementline WHERE sitting_id = ?"
        assert server.database.rows(lines, pk)[0][0] == 4
        transfers = "SELECT count(*) FROM ledger_transfer WHERE sitting_id = ?"
        assert server.database.rows(transfers, pk)[0][0] == 2


def test_a_payment_recorded_while_a_settlement_closes_is_not_counted_in_it(club):
    """The evening is over; Miss Fenwick pays what it says she owes while the secretary
    closes it. Whichever the database takes first, the settlement closes as shown (the
    payment came after the evening) and the payment pays her transfer."""
    server, made = club
    carr, fenwick = made["members"][:2]
    made_now = sittings(server, *([f"Paid {n}", 100 - 5 * n, 5, True] for n in range(TRIES)))
    for n in range(TRIES):
        name = f"Paid {n}"
        pk = made_now[name]
        closer, payer = phones(server, made, 2)
        asked = f"/ledger/sittings/{pk}/close/"
        # She owes what the evenings before it left unpaid too: the amount is the page's.
        found = re.search(r"Miss Fenwick pays Mrs\. Carr £([\d,.]+)</li>", closer.get(asked).text)
        assert found is not None
        amount = found.group(1).replace(",", "")
        closing = shown(closer, asked, asked)
        paying = {
            **shown(payer, "/ledger/", "/ledger/payments/"),
            "payer": fenwick,
            "payee": carr,
            "amount": amount,
            "method": "cash",
            "note": f"for {name}",
        }
        closed_it, paid = at_once(
            partial(closer.post, asked, closing),
            partial(payer.post, "/ledger/payments/", paying),
        )
        assert "Closed: this settlement is now fixed for good." in said(closer, closed_it)
        assert f"Recorded: Miss Fenwick paid Mrs. Carr £{found.group(1)}." in said(payer, paid)
        settled = closer.get(f"/ledger/sittings/{pk}/").text
        # Fixed as shown, and paid: the line stands with nothing to record after it.
        assert f"Miss Fenwick pays Mrs. Carr £{found.group(1)}</span></li>" in settled
        assert len(Links(settled).to("Record it as paid")) == 1, "Col. Hartley's, still owed"


def _day(days_ago: int, *, hours: int = 0) -> str:
    """A moment so many days ago (and hours after), as the form's datetime-local field
    takes it, by the club's clock (the served site's settings are the tests' own)."""
    moment = timezone.localtime() - timedelta(days=days_ago) + timedelta(hours=hours)
    return moment.strftime("%Y-%m-%dT%H:%M")
