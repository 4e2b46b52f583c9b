"""Bad input: whatever is sent to any of the site's forms, the site answers it without a
server error, and a refusal says why and changes nothing.

Hypothesis fills in each form as a phone would (a plausible value in every field), then
damages it: a field left out or sent twice, or given anything at all (empty, very long,
NUL characters, other scripts, numbers out of range or not numbers). Each is sent as a
plain form and under htmx. The import (manage.py import_club) has its own such test, in
test_club_io.py.

The test client raises a view's exception instead of answering 500, so a server error
fails the test with its traceback.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import pytest
from django import forms
from django.contrib.auth import get_user_model
from django.contrib.messages import constants as levels
from django.core import signing
from django.db import transaction
from django.test import Client
from django.test.utils import ContextList
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ledger.desk import services as desk
from ledger.models import Payment, Posting, Sitting, Stake
from ledger.settlement import services as settlements
from scorer import engine
from scorer.models import Acceptance, Club, Correction, Deal, Rubber
from scorer.plumbing import printer as printing
from scorer.plumbing.keys import Submission
from scorer.rubbers import reads, writes
from scorer.rubbers.forms.deals import honour_choices
from scorer.rubbers.live import LIVE_SALT
from tests.support.club import set_aside
from tests.support.examples import examples as scaled
from tests.support.ledger import set_stake
from tests.support.rubbers import deal

# -- What is sent ---------------------------------------------------------------------------

HOSTILE = (
    "",
    " ",
    "\x00",
    "7\x00",
    "x" * 5000,
    "é☃𝄞 中文",
    "\u202e",
    "\r\n",
    "<b>x</b>&amp;",
    "' OR 1=1 --",
    "None",
    "[]",
    "on",
    "-1",
    "0",
    "1.5",
    "1e309",
    "NaN",
    "-inf",
    "0x1f",
    "1_000",
    "²",
    "١٢",
    str(2**63),
    "9" * 40,
)
anything = st.one_of(
    st.sampled_from(HOSTILE), st.text(max_size=20), st.integers().map(str), st.floats().map(str)
)
Fields = dict[str, st.SearchStrategy[str]]
Sent = dict[str, str | list[str]]


def one_of(*values: object) -> st.SearchStrategy[str]:
    return st.sampled_from([str(value) for value in values])


@st.composite
def damaged(draw: st.DrawFn, fields: Fields) -> Sent:
    """A form filled in plausibly, then damaged in up to three places."""
    sent: Sent = {name: draw(values) for name, values in fields.items()}
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from([*fields, "unasked"]))
        damage = draw(st.sampled_from(["left out", "anything", "sent twice"]))
        if damage == "left out":
            sent.pop(name, None)
        elif damage == "anything":
            sent[name] = draw(anything)
        else:
            either = fields.get(name, anything) | anything
            sent[name] = draw(st.lists(either, min_size=2, max_size=3))
    return sent


hows = st.fixed_dictionaries({"htmx": st.booleans(), "urlencoded": st.booleans()})
# The club's clock (DJANGO_TIME_ZONE): its own, or one far ahead of UTC or far behind.
clocks = st.sampled_from(
    ["Europe/London", "Asia/Tokyo", "Pacific/Kiritimati", "America/New_York", "Pacific/Niue"]
).map(ZoneInfo)


def send(client: Client, method: str, url: str, data: Sent, how: dict[str, bool]) -> Any:
    headers = {"HX-Request": "true"} if how["htmx"] else {}
    if method == "GET":
        response = client.get(url, data, headers=headers)
    elif how["urlencoded"]:
        body = urlencode(data, doseq=True)
        kind = "application/x-www-form-urlencoded"
        response = client.post(url, body, content_type=kind, headers=headers)
    else:
        response = client.post(url, data, headers=headers)
    event(f"answered {response.status_code}")  # --hypothesis-show-statistics
    return response


# Each example runs in a savepoint rolled back at its end (`undone`), so what the test's
# function-scoped fixtures made (the club, its members, rubbers, sittings) serves every
# example as it was made.
def fuzz(examples: int) -> Callable[[Any], Any]:
    return settings(
        max_examples=scaled(examples),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )


@contextmanager
def undone() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def phone(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


# -- What is answered -----------------------------------------------------------------------

VOID_ELEMENTS = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
DAMAGED = "This form is damaged"  # for a key or revision not as the site wrote it


class Alerts(HTMLParser):
    """The text of each element that tells the reader what went wrong: one with
    role="alert", or a list of a form's errors."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, int | None]] = []  # each tag, and the alert it is in
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_ELEMENTS:
            return
        named = dict(attrs)
        alert = self.open[-1][1] if self.open else None
        if alert is None and (
            named.get("role") == "alert" or "errorlist" in (named.get("class") or "").split()
        ):
            self.texts.append("")
            alert = len(self.texts) - 1
        self.open.append((tag, alert))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1][1] is not None:
            self.texts[self.open[-1][1]] += data


def words(text: str) -> str:
    return " ".join(text.split())


def alerts(body: str) -> list[str]:
    parser = Alerts()
    parser.feed(body)
    return [words(text) for text in parser.texts if text.strip()]


def text_of(body: str) -> str:
    """All the words a page shows."""
    parser = HTMLParser()
    shown: list[str] = []
    parser.handle_data = shown.append  # type: ignore[method-assign]
    parser.feed(body)
    return words(" ".join(shown))


def bound_forms(response: Any) -> list[forms.BaseForm]:
    """The forms filled in from what was sent, among those the page was drawn with."""
    contexts = response.context
    if contexts is None:
        return []
    if not isinstance(contexts, ContextList):
        contexts = [contexts]
    found: list[forms.BaseForm] = []
    for context in contexts:
        for layer in context.dicts:
            for value in layer.values():
                if isinstance(value, forms.BaseForm) and value.is_bound and value not in found:
                    found.append(value)
    return found


def assert_said_why(response: Any) -> list[str]:
    body = response.content.decode()
    said = alerts(body)
    assert said, f"refused ({response.status_code}) without a word why:\n{body[:3000]}"
    return said


def assert_refused_with_reasons(response: Any) -> None:
    """The page says what went wrong, and says every error its forms found."""
    said = assert_said_why(response)
    told = " ".join(said)
    for form in bound_forms(response):
        for field, errors in form.errors.items():
            for error in errors:
                shown = DAMAGED if field in ("key", "revision") else words(error)
                assert shown in told, f"{field}: {error!r} is not shown. Shown: {said}"


def messages_of(response: Any) -> list[tuple[int, str]]:
    stored = response.context["messages"] if response.context else []
    return [(message.level, str(message)) for message in stored]


def recorded() -> tuple[object, ...]:
    """All that a form may change, to see that a refusal changed none of it."""
    return (
        list(Rubber.objects.order_by("pk").values()),
        list(Deal.objects.order_by("pk").values()),
        Correction.objects.count(),
        Acceptance.objects.count(),
        Submission.objects.count(),
        Posting.objects.count(),
        list(Payment.objects.order_by("pk").values_list("pk", flat=True)),
        Stake.objects.count(),
        list(Sitting.objects.order_by("pk").values()),
    )


def revision_of(rubber: Rubber) -> int:
    return Rubber.objects.values_list("revision", flat=True).get(pk=rubber.pk)


# -- The club, with a rubber at each turn where the forms mean something different ---------

UNDER_WAY = [deal("H", (8, 5)), deal("S", (6, 7), dealer="they")]
WON = [deal("NT", (12, 1)), deal("NT", (12, 1), dealer="they")]
# Doubling may go on indefinitely (Law 55): a rubber near the most points the record holds.
DOUBLED = [deal("NT", (12, 1), doubles=17), deal("NT", (12, 1), dealer="they")]


@pytest.fixture
def tables(club, players, staff):
    def rubber(name, deals=(), *, declare=None, agree=(), spades=False):
        Club.objects.filter(pk=club.pk).update(spade_convention=spades)
        started = writes.start_rubber(table=name, members=players, first_dealer=0, user=staff)
        set_aside(started)  # the same four, in each state side by side
        writes.replay(rubber=started, deals=deals, user=staff)
        if declare:
            state = reads.rubber_state(started)
            declaration = writes.Declaration(
                state.next_dealer, engine.Maker.DEALER, engine.Trump(declare), 0
            )
            writes.declare(
                state=state,
                user=staff,
                key=uuid.uuid4(),
                revision=started.revision,
                declaration=declaration,
            )
        for side in agree:
            writes.agree(
                state=reads.rubber_state(started),
                user=staff,
                key=uuid.uuid4(),
                revision=started.revision,
                side=side,
            )
        return started

    set_stake("0.50", staff)
    made = {
        "new": rubber("New"),
        "declared": rubber("Declared", declare="H"),
        "under way": rubber("Under way", UNDER_WAY),
        "next declared": rubber("Next declared", UNDER_WAY, declare="NT"),
        "won": rubber("Won", WON),
        "half agreed": rubber("Half agreed", WON, agree=[engine.Side.WE]),
        "agreed": rubber("Agreed", WON, agree=[None]),
        "doubled": rubber("Doubled", DOUBLED, agree=[engine.Side.THEY]),
        "spades": rubber("Spades", declare="S", spades=True),
        "by a player": rubber("By a player"),
    }
    # A deal recorded by a player, for the other side to accept; the club asks it to be.
    by_a_player = reads.rubber_state(made["by a player"])
    writes.record_deal(
        state=by_a_player,
        user=players[0].user,
        key=uuid.uuid4(),
        revision=made["by a player"].revision,
        declaration=writes.Declaration(0, engine.Maker.DEALER, engine.Trump.HEARTS, 0),
        result=writes.Result(
            played=True, tricks=8, honours_side=engine.Side.WE, honours=engine.Honours.THREE
        ),
    )
    Club.objects.filter(pk=club.pk).update(spade_convention=False, deals_accepted=True)
    return made


@pytest.fixture
def users(players, staff, stranger):
    """Who sends a form: a player of each side, the secretary, a member not at the table,
    and nobody signed in."""
    return {
        "Carr": players[0].user,
        "Fenwick": players[1].user,
        "secretary": staff,
        "Lacey": stranger.user,
        "nobody": None,
    }


who = st.sampled_from(["Carr", "Carr", "Fenwick", "secretary", "Lacey", "nobody"])
secretary_mostly = st.sampled_from(["secretary", "secretary", "secretary", "Carr", "nobody"])


def assert_sent_to_sign_in(response: Any) -> None:
    login = reverse("login")
    if response.status_code == 200:  # htmx: the browser goes there, whole page
        assert response["HX-Redirect"].startswith(login)
    else:
        assert response.status_code == 302
        assert response["Location"].startswith(login)


# -- Forms sent to a rubber -----------------------------------------------------------------

DECLARATION: Fields = {
    "dealer": one_of(0, 1, 2, 3),
    "maker": one_of("dealer", "partner"),
    "trump": one_of(*(trump.value for trump in engine.Trump)),
    "doubles": one_of(0, 0, 1, 2, 3, 4),
    "more_doubles": one_of("", "", "", 5, 40, 1000),
}
RESULT: Fields = {
    "tricks": one_of(*range(14)),
    "honours": one_of(*sorted({value for t in engine.Trump for value, _ in honour_choices(t)})),
    "chicane_we": one_of(0, 0, 0, 1, 2),
    "chicane_they": one_of(0, 0, 0, 1, 2),
    "revokes_we": one_of(0, 0, 0, 1, 13),
    "revokes_they": one_of(0, 0, 0, 1, 13),
    "not_played": one_of("", "", "", "on"),
}
NUMBER: Fields = {"number": one_of(1, 1, 2, 3, 0, 10**17)}  # the deal undone or accepted
REASON: Fields = {"reason": one_of("miscounted", "miscounted", "x" * 200, "x" * 201, "  ")}
SIDE: Fields = {"side_agreeing": one_of("we", "they", "both")}
# The four hands as the card picker sends them: Elwell's Illustrative Hand No. 6, and lines
# that are no hands (a card twice, twelve cards, three hands, nothing).
SIX = "KJ.AKQJ8.KQ53.52 QT5.764.J972.876 A643.95.A4.AJ943 9872.T32.T86.KQT"
HANDS: Fields = {
    "hands": one_of(SIX, SIX, SIX.replace("QT5", "KT5"), SIX[:-1], SIX.rsplit(" ", 1)[0], "")
}


def keyed(state: reads.RubberState) -> Fields:
    """The key and revision every form to a rubber carries, mostly as the site wrote them."""
    now = state.rubber.revision
    return {"key": st.uuids().map(str), "revision": one_of(now, now, now, now - 1, now + 1)}


def deal_number(draw: st.DrawFn, state: reads.RubberState) -> int:
    recorded = [deal.number for deal in state.recorded]
    return draw(st.sampled_from([*recorded, *recorded, *recorded, 0, len(recorded) + 1, 10**17]))


def rubber_form(name: str, draw: st.DrawFn, state: reads.RubberState) -> tuple[str, Fields]:
    """The address a form is sent to, and the fields the site's page gives it."""
    pk = state.rubber.pk
    if name in ("correction", "remove"):
        number = deal_number(draw, state)
        url = reverse(f"scorer:{name}", args=[pk, number])
        extra = {**DECLARATION, **RESULT} if name == "correction" else {}
        return url, keyed(state) | extra | REASON
    fields = {
        "declaration": DECLARATION,
        "result": RESULT,
        "deal": DECLARATION | RESULT,
        "undo": NUMBER,
        "accept": NUMBER,
        "discard": {},
        "send_hands": HANDS,
        "agree": SIDE,
        "withdraw": SIDE,
    }[name]
    return reverse(f"scorer:{name}", args=[pk]), keyed(state) | fields


# Where each form is sent from, mostly: the rubbers whose page shows it.
RUBBER_FORMS = {
    "declaration": ["new", "declared", "under way", "next declared"],
    "result": ["declared", "next declared", "spades"],
    "deal": ["new", "under way", "spades", "won"],
    "undo": ["declared", "under way", "next declared", "won", "agreed"],
    "accept": ["by a player", "under way", "won", "agreed"],
    "discard": ["declared", "next declared", "spades"],
    "send_hands": ["declared", "next declared", "spades", "under way"],
    "correction": ["under way", "next declared", "won", "half agreed"],
    "remove": ["under way", "next declared", "won", "half agreed"],
    "agree": ["won", "half agreed", "doubled", "new", "under way"],
    "withdraw": ["half agreed"],
}


@pytest.mark.parametrize("name", list(RUBBER_FORMS))
@fuzz(40)
@given(data=st.data())
def test_a_form_sent_to_a_rubber_is_carried_out_or_refused_with_its_reason(
    name, tables, users, data
):
    stage = st.sampled_from(RUBBER_FORMS[name]) | st.sampled_from(sorted(tables))
    rubber = tables[data.draw(stage, label="rubber")]
    sender = data.draw(who, label="sender")
    state = reads.rubber_state_of(rubber.pk)
    url, fields = rubber_form(name, data.draw, state)
    sent = data.draw(damaged(fields), label="sent")
    how = data.draw(hows, label="how")
    with undone():
        before, revision = recorded(), revision_of(rubber)
        response = send(phone(users[sender]), "POST", url, sent, how)
        if sender == "nobody":
            assert_sent_to_sign_in(response)
            assert recorded() == before
        elif response.status_code == 302 or (how["htmx"] and response.status_code == 200):
            if response.status_code == 302:
                assert response["Location"] == reverse("scorer:rubber", args=[rubber.pk])
            assert revision_of(rubber) == revision + 1  # carried out, once
        else:
            assert response.status_code in (403, 404, 409, 422)
            assert_refused_with_reasons(response)
            assert recorded() == before


# -- Starting a rubber ----------------------------------------------------------------------


@fuzz(60)
@given(data=st.data())
def test_starting_a_rubber_starts_it_or_says_why_not(tables, players, stranger, users, data):
    members = one_of(*(member.pk for member in [*players, stranger]))
    fields: Fields = {
        "table": one_of("Table 1", "Table 2", "x" * 40, "x" * 41, "é☃ 中文"),
        **{f"seat_{n}": members for n in range(4)},
        "first_dealer": one_of("cut", "partners", "dummy", 0, 1, 2, 3),
        "game": one_of("", "bridge", "three-handed", "whist", "chess"),
        "unit": one_of("", "rubber", "game", "deal"),
        "key": st.uuids().map(str),
    }
    sender = data.draw(who, label="sender")
    sent = data.draw(damaged(fields), label="sent")
    how = data.draw(hows, label="how")
    with undone():
        before = recorded()
        response = send(phone(users[sender]), "POST", reverse("scorer:start"), sent, how)
        if sender == "nobody":
            assert_sent_to_sign_in(response)
        elif response.status_code == 302:
            started = Rubber.objects.order_by("-pk").first()
            assert response["Location"] == reverse("scorer:rubber", args=[started.pk])
            assert Rubber.objects.count() == len(tables) + 1
            return
        elif response.status_code == 409:  # a player is seated at another table still
            assert "Already seated in a rubber still in play:" in response.content.decode()
        else:
            assert response.status_code == 422
            assert_refused_with_reasons(response)
        assert recorded() == before


# -- Pages that take a query: printing, the evening, the sheet as it stood, the table ---------


@pytest.fixture
def sittings(tables, staff):
    """An open sitting with the rubbers in it, an earlier one with none, and one closed."""
    now = timezone.now()
    day = timezone.timedelta(days=1)
    made = {
        "open": settlements.open_sitting(
            name="Tonight", start=now - day, end=now + day, user=staff
        ),
        "past": settlements.open_sitting(
            name="Last week", start=now - 8 * day, end=now - 7 * day, user=staff
        ),
        "closed": settlements.open_sitting(
            name="Last month", start=now - 30 * day, end=now - 29 * day, user=staff
        ),
    }
    settlements.close(made["closed"], staff)
    return made


@pytest.fixture
def payments(players, staff, tables):
    paid = desk.record_payment(
        payer=players[1], payee=players[0], amount=Decimal(1), method="cash", note="", user=staff
    )
    mistaken = desk.record_payment(
        payer=players[3], payee=players[2], amount=Decimal(2), method="cash", note="", user=staff
    )
    reversal = desk.record_payment(
        payer=players[2],
        payee=players[3],
        amount=Decimal(2),
        method="cash",
        note="",
        user=staff,
        reverses=mistaken,
    )
    return {"paid": paid, "mistaken": mistaken, "reversal": reversal}


DAYS = ("2026-11-22", "2026-11-01", "2026-02-30", "0001-01-01", "9999-12-31", "22/11/2026", "")
PAPERS = ("A4", "letter", "", "A3")


def pages(name: str, draw: st.DrawFn, tables, sittings, players, users) -> tuple[str, Fields]:
    """A page's address and the query its links and forms send."""
    rubber = tables[draw(st.sampled_from(sorted(tables)), label="rubber")]
    sitting = sittings[draw(st.sampled_from(sorted(sittings)), label="sitting")]
    if name == "rubber":
        return reverse("scorer:rubber", args=[rubber.pk]), {
            "after_deal": one_of("", 1, 2, 3, 99, 2**70, "²"),
            "after_correction": one_of("", 1, 99, 2**70, "²"),
        }
    if name == "live":
        reader = users[draw(st.sampled_from(sorted(users)), label="token for")]
        token = {"rubber": rubber.pk, "user": reader.pk if reader else None}
        return reverse("scorer:live", args=[rubber.pk]), {
            "token": one_of(signing.dumps(token, salt=LIVE_SALT), "", "forged"),
            "revision": one_of(rubber.revision, 0, ""),
        }
    if name == "start":
        return reverse("scorer:start"), {"same": one_of("", rubber.pk, 2**70, "²")}
    if name == "pad print":
        return reverse("scorer:pad_print"), {
            "per_page": one_of(1, 2, 4),
            "pages": one_of(1, 2, 50, 0, 51),
            "paper": one_of(*PAPERS),
        }
    if name == "evening":
        return reverse("scorer:evening"), {
            "day": one_of(timezone.localdate(), *DAYS),
            "table": one_of("", "Won", "Table 9"),
            "paper": one_of(*PAPERS),
            "print": one_of("", "", "1"),
        }
    if name == "rubber print":
        return reverse("scorer:rubber_print", args=[rubber.pk]), {"paper": one_of(*PAPERS)}
    if name == "print":
        return reverse("scorer:print"), {}
    if name == "club table":
        today = timezone.localdate()
        return reverse("ledger:table"), {"start": one_of(today, *DAYS), "end": one_of(today, *DAYS)}
    if name == "sitting":
        return reverse("ledger:sitting", args=[sitting.pk]), {"format": one_of("", "csv")}
    if name == "sitting print":
        return reverse("ledger:sitting_print", args=[sitting.pk]), {"paper": one_of(*PAPERS)}
    if name == "statement":
        member = draw(st.sampled_from([*(m.pk for m in players), 10**17]), label="member")
        return reverse("ledger:member", args=[member]), {}
    assert name == "me"
    return reverse("ledger:me"), {}


PAGES = [
    "rubber",
    "live",
    "start",
    "pad print",
    "evening",
    "rubber print",
    "print",
    "club table",
    "sitting",
    "sitting print",
    "statement",
    "me",
]


@pytest.fixture
def unlaid(monkeypatch):
    """Printing as far as WeasyPrint's layout, which takes most of a second a page: what
    the pages print is laid out for real in tests/printing/test_printing.py."""
    monkeypatch.setattr(printing.printer, "lay_out", lambda html, copies=1: b"%PDF-1.7")


@pytest.mark.parametrize("name", PAGES)
@fuzz(25)
@given(data=st.data())
def test_a_page_asked_for_with_any_query_is_shown_or_refused_with_its_reason(
    name, tables, sittings, players, users, unlaid, data
):
    url, fields = pages(name, data.draw, tables, sittings, players, users)
    ledger_page = url.startswith(reverse("ledger:index"))
    sender = data.draw(secretary_mostly if ledger_page else who, label="sender")
    sent = data.draw(damaged(fields), label="sent")
    how = data.draw(hows, label="how")
    clock = data.draw(clocks, label="clock")
    with undone(), timezone.override(clock):
        before = recorded()
        response = send(phone(users[sender]), "GET", url, sent, how)
        if name == "live":  # polled by a page: it answers, or tells the page to stop
            assert response.status_code in (200, 204, 286)
        elif sender == "nobody":
            assert_sent_to_sign_in(response)
        elif response.status_code >= 400:
            assert response.status_code in (400, 403, 404)
            assert_refused_with_reasons(response)
        else:
            assert response.status_code == 200
        assert recorded() == before


# -- The ledger's forms ---------------------------------------------------------------------

MOMENTS = (
    "2026-11-22T19:00",
    "2026-11-23T01:00",
    "2026-11-22 19:00:00",
    "2026-03-29T01:30",  # not a time in London: the clocks go forward past it
    "2026-10-25T01:30",  # twice in London: the clocks go back through it
    "2026-02-30T19:00",
    "0001-01-01T00:00",
    "9999-12-31T23:59",
)


def ledger_form(name, draw, sittings, payments, players) -> tuple[str, Fields]:
    members = one_of(*(member.pk for member in players))
    key = st.uuids().map(str)
    if name == "stake":
        return reverse("ledger:stake"), {
            "key": key,
            "seen": one_of(desk.stake_seen(Stake.latest()), "none", "0", ""),
            "per_hundred": one_of("0.50", "1.25", "0", "-1", "123456.0001", "1234567", "10000"),
            "currency": one_of("GBP", "USD", "£", "GB", "gbp"),
            "smallest_unit": one_of("0.01", "0.05", "1", "0", "0.00001", "100", "101"),
        }
    if name == "open sitting":
        return reverse("ledger:open"), {
            "key": key,
            "name": one_of("Evening of 22 November", "x" * 61),
            "start": one_of(*MOMENTS),
            "end": one_of(*MOMENTS),
        }
    if name == "payment":
        sitting = sittings[draw(st.sampled_from(sorted(sittings)), label="from")]
        return reverse("ledger:pay"), {
            "key": key,
            "payer": members,
            "payee": members,
            "amount": one_of("1.00", "0.50", "0.005", "0", "-1", "99999999.9999", "1e3"),
            "method": one_of("cash", "transfer", "cheque"),
            "note": one_of("", "for Tuesday", "x" * 201),
            "next": one_of(
                "",
                reverse("ledger:sitting", args=[sitting.pk]),
                "https://elsewhere.example/",
                "//elsewhere.example/",
                "javascript:alert(1)",
                "ledger:sitting",
                "later",
                "/\r\nSet-Cookie: x=1",
            ),
        }
    if name == "close":
        sitting = draw(st.sampled_from([*sittings.values(), None]))
        if sitting is None:
            return "/ledger/sittings/" + "9" * 21 + "/close/", {"key": key}
        seen = settlements.settlement(sitting).seen
        return reverse("ledger:close", args=[sitting.pk]), {"key": key, "seen": one_of(seen, "x")}
    assert name == "reverse"
    payment = draw(st.sampled_from([*(p.pk for p in payments.values()), 10**17]))
    return reverse("ledger:reverse", args=[payment]), {"key": key}


LEDGER_FORMS = ["stake", "open sitting", "payment", "close", "reverse"]


@pytest.mark.parametrize("name", LEDGER_FORMS)
@fuzz(40)
@given(data=st.data())
def test_a_ledger_form_is_carried_out_or_refused_with_its_reason(
    name, sittings, payments, players, users, data
):
    url, fields = ledger_form(name, data.draw, sittings, payments, players)
    sender = data.draw(secretary_mostly, label="sender")
    sent = data.draw(damaged(fields), label="sent")
    how = data.draw(hows, label="how")
    clock = data.draw(clocks, label="clock")
    with undone(), timezone.override(clock):
        before = recorded()
        client = phone(users[sender])
        response = send(client, "POST", url, sent, how)
        if sender == "nobody" and response.status_code != 404:  # 404: no such address
            assert_sent_to_sign_in(response)
            assert recorded() == before
            return
        if response.status_code != 302:  # not the secretary, or no such sitting or payment
            assert response.status_code in (403, 404)
            assert_refused_with_reasons(response)
            assert recorded() == before
            return
        where = response["Location"]
        assert url_has_allowed_host_and_scheme(where, allowed_hosts=None), where
        changed = recorded() != before
        shown = client.get(where)
        if shown.status_code != 200:  # a page the form did not come from: `next` made up
            return
        said = messages_of(shown)
        errors = [text for level, text in said if level == levels.ERROR]
        if changed:
            assert not errors
        else:
            assert errors, f"nothing was changed, and nothing said why: {said}"
            page = text_of(shown.content.decode())
            assert all(text.strip() and words(text) in page for text in errors), page


# -- Signing in -----------------------------------------------------------------------------


def last(sent: Sent, name: str) -> str | None:
    """The value a view reads from a field: the last, if it was sent more than once."""
    value = sent.get(name)
    return value[-1] if isinstance(value, list) else value


@fuzz(40)
@given(data=st.data())
def test_signing_in_with_anything_signs_in_or_says_why_not(staff, players, data):
    """Wrong names and passwords are refused with a reason; five in a row lock the name
    for a while (django-axes), and the page says so."""
    name = data.draw(one_of("secretary", "carr", "stranger", "ＳＥＣＲＥＴＡＲＹ") | anything)
    fields: Fields = {
        "username": one_of(name),
        "password": one_of("pw", "wrong", "wrong", "wrong", ""),
        "next": one_of("", reverse("ledger:index"), "https://elsewhere.example/"),
    }
    tries = data.draw(st.integers(1, 8), label="tries")
    attempts = [data.draw(damaged(fields), label="sent") for _ in range(tries)]
    how = data.draw(hows, label="how")
    locked: set[str | None] = set()
    with undone():
        client = Client()
        for sent in attempts:
            response = send(client, "POST", reverse("login"), sent, how)
            if response.status_code == 302:
                assert last(sent, "password") == "pw"
                assert last(sent, "username") not in locked
                where = response["Location"]
                assert url_has_allowed_host_and_scheme(where, allowed_hosts=None), where
            elif response.status_code == 429:
                assert any("wrong passwords" in text for text in assert_said_why(response))
                locked.add(last(sent, "username"))
            else:  # in the page's own words, whatever Django's form found wrong
                assert response.status_code == 200
                assert_said_why(response)


# -- Django's own account forms, which the site serves under /accounts/ ---------------------

User = get_user_model()
PASSWORDS = one_of("a new password for Tuesdays", "a new password for Tuesdays", "pw", "carr")


def password_change() -> tuple[str, Fields]:
    return reverse("password_change"), {
        "old_password": one_of("pw", "pw", "wrong"),
        "new_password1": PASSWORDS,
        "new_password2": PASSWORDS,
    }


@fuzz(25)
@given(data=st.data())
def test_a_password_change_is_carried_out_or_refused_with_its_reason(players, data):
    carr = players[0].user
    url, fields = password_change()
    signed_in = data.draw(st.booleans(), label="signed in")
    sent = data.draw(damaged(fields), label="sent")
    how = data.draw(hows, label="how")
    with undone():
        client = phone(User.objects.get(pk=carr.pk) if signed_in else None)
        response = send(client, "POST", url, sent, how)
        if not signed_in:
            assert_sent_to_sign_in(response)
        elif response.status_code == 302:  # changed, to the password typed twice
            assert response["Location"] == reverse("password_change_done")
            assert User.objects.get(pk=carr.pk).check_password(last(sent, "new_password1"))
        else:
            assert response.status_code == 200
            assert_refused_with_reasons(response)


def test_there_is_no_password_reset_by_email(client):
    """The club sends no mail: a reset would fail at the mail server."""
    assert client.get("/accounts/password_reset/").status_code == 404
