"""Progressive evenings at the site, for the tests: members enough to fill tables, an
evening opened and drawn through the writes, and a table's forms sent as a phone sends
them (a declaration, a result, a whole deal, an agreement, a correction)."""

from __future__ import annotations

import random
import subprocess
import tempfile
import uuid
from pathlib import Path
from typing import Any

from django.urls import reverse
from django.utils import timezone

from scorer.progressive import reads, writes
from scorer.progressive.models import ProgressiveEvening, ProgressiveTable
from tests.support.club import make_member

SURNAMES = (
    "Carr", "Dane", "Eyre", "Fell", "Gale", "Hood", "Ince", "Jupp",
    "Kemp", "Lowe", "Mott", "Nash", "Orme", "Pace", "Quin", "Rudd",
)  # fmt: skip


def members(count: int, *, start: int = 0) -> list[Any]:
    """Members named after the surnames above (then numbered), each signing in as his
    surname in lower case."""
    made = []
    for n in range(start, start + count):
        surname = SURNAMES[n % len(SURNAMES)] + ("" if n < len(SURNAMES) else str(n))
        made.append(make_member(f"Mr. {surname}", surname))
    return made


def opened(user: Any, *, deals_a_round: int = 1, name: str = "Progressive evening") -> Any:
    return writes.open_evening(
        name=name, day=timezone.localdate(), deals_a_round=deals_a_round, user=user
    ).evening


def seen(evening: ProgressiveEvening) -> str:
    return str(ProgressiveEvening.objects.values_list("revision", flat=True).get(pk=evening.pk))


def drawn(user: Any, players: list[Any], *, deals_a_round: int = 1, seed: int = 1905) -> Any:
    """An evening of these members, numbers drawn and round 1 seated (a seeded shuffle and
    cuts, so that a test may rely on them)."""
    evening = opened(user, deals_a_round=deals_a_round)
    for member in players:
        writes.add_member(evening=evening, member=member, seen=seen(evening), user=user)
    writes.draw(evening=evening, seen=seen(evening), user=user, rng=random.Random(seed))
    evening.refresh_from_db()
    return evening


def round_played(user: Any, table: ProgressiveTable, *, trump: str = "NT", tricks: int = 9,
                 honours: str = "") -> None:  # fmt: skip
    """A table's round written as its page writes it, every deal declared by the dealer
    in turn, its pair taking `tricks` (aces easy unless `honours`, as "we:THREE"), then
    agreed by the keepers for both pairs."""
    from scorer.engine import EASY, Call, Maker, Trump
    from scorer.rubbers.writes import Declaration, Result

    for _ in range(table.evening.deals_a_round):
        record = reads.table_record(table.pk)
        made = Trump(trump)  # type: ignore[call-arg]  # by value: mypy#10573
        record = writes.declare(
            record=record, user=user, key=uuid.uuid4(), revision=record.table.revision,
            declaration=Declaration(record.next_dealer, Maker.DEALER, made, 0),
        )  # fmt: skip
        call = Call.parse(honours) if honours else EASY
        writes.record_result(
            record=record, user=user, key=uuid.uuid4(), revision=record.table.revision,
            result=Result(played=True, tricks=tricks, honours_side=call.side,
                          honours=call.honours),
        )  # fmt: skip
    record = reads.table_record(table.pk)
    writes.agree(
        record=record, user=user, key=uuid.uuid4(), revision=record.table.revision, side=None
    )


def tables_of(evening: ProgressiveEvening, round_number: int | None = None) -> list[Any]:
    found = ProgressiveTable.objects.filter(evening=evening)
    last = found.order_by("-round").values_list("round", flat=True).first()
    return list(found.filter(round=round_number or last).order_by("number"))


def revision(table: ProgressiveTable) -> int:
    return ProgressiveTable.objects.values_list("revision", flat=True).get(pk=table.pk)


def _post(client, name: str, table, data: dict[str, Any], htmx: bool = False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        reverse(f"scorer:progressive:{name}", args=[table.pk]), data, headers=headers
    )


def declare(client, table, *, trump="H", dealer=None, maker="dealer", doubles=0, key=None,
            at=None, htmx=False, **extra):  # fmt: skip
    record = reads.table_record(table.pk)
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(table) if at is None else at,
        "dealer": record.next_dealer if dealer is None else dealer,
        "maker": maker,
        "trump": trump,
        "doubles": doubles,
        **extra,
    }
    return _post(client, "declaration", table, data, htmx)


def result(client, table, *, tricks=7, honours="we:THREE", key=None, at=None, htmx=False,
           chicane=(0, 0), revokes=(0, 0), **extra):  # fmt: skip
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(table) if at is None else at,
        "tricks": tricks,
        "honours": honours,
        "chicane_we": chicane[0],
        "chicane_they": chicane[1],
        "revokes_we": revokes[0],
        "revokes_they": revokes[1],
        **extra,
    }
    return _post(client, "result", table, data, htmx)


def play(client, table, *, trump="NT", tricks=7, honours=None, **extra):
    """A whole deal at the table: declared by the dealer in turn, then its result (honours
    by default: aces easy at no-trump, simple honours to We otherwise)."""
    honours = honours or ("easy" if trump == "NT" else "we:THREE")
    declared = declare(client, table, trump=trump)
    assert declared.status_code == 302, declared.content.decode()[:2000]
    recorded = result(client, table, tricks=tricks, honours=honours, **extra)
    assert recorded.status_code == 302, recorded.content.decode()[:2000]
    return recorded


def agree(client, table, side, *, key=None, at=None, url="agree"):
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(table) if at is None else at,
        "side_agreeing": side,
    }
    return _post(client, url, table, data)


def agreed_by_both(client, table):
    """The keepers record that both pairs agreed."""
    response = agree(client, table, "both")
    assert response.status_code == 302, response.content.decode()[:2000]
    return response


def correct(client, table, number, *, reason="miscounted", key=None, at=None, **changes):
    """Send deal `number`'s correction form as its page shows it, with `changes` made."""
    from scorer.progressive.models import ProgressiveDeal
    from scorer.rubbers.forms.deals import CorrectionForm

    deal = ProgressiveDeal.objects.get(table=table, number=number)
    values = CorrectionForm.values_of(deal)  # type: ignore[arg-type]
    data = {k: "" if v is None else v for k, v in values.items()}
    data.update(changes)
    data.update(
        {
            "key": key or uuid.uuid4(),
            "revision": revision(table) if at is None else at,
            "reason": reason,
        }
    )
    return client.post(reverse("scorer:progressive:correction", args=[table.pk, number]), data)


def pdf_as_png(pdf: bytes, name: str) -> list[Path]:
    """A PDF's pages drawn as PNG by pdftoppm, kept in var/screenshots/ for a person to look
    at: name-1.png, name-2.png, …"""
    from tests.support.browser import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob(f"{name}-*.png"):
        old.unlink()
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(pdf)
        file.flush()
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", file.name, str(SCREENSHOTS / name)], check=True
        )
    return sorted(SCREENSHOTS.glob(f"{name}-*.png"))


def poll_of(html: str, element: str = "live") -> str:
    """The address the element with this id polls (its hx-get), as the phone asks it."""
    from tests.support.html import Forms

    found = next(a for a in Forms(html).attributes if a.get("id") == element)
    return found["hx-get"].replace("&amp;", "&")
