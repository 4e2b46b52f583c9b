"""Printing: the specimen rubber's sheet, a 40-rubber evening, the largest blank pad (50
pages, 4 forms a page, Letter), the hand records of 36 boards (each with its line of what
the cards allowed, §12) and their curtain cards as PDF, beside WeasyPrint laying out a page
of one line in the same run; the memory the pad and the hand records take, beside the
one-line page's; and the printer's
bounds, beside Django's minimal view: how soon a document is refused beyond its queue or
after its wait, and a phone's poll while the largest pad is laid out.

Documents are laid out in the printer's process (scorer.plumbing.printer.Printer), so memory is
read for it and for this process, which stands for the worker: each one's peak resident
size while one document is made (the peak reset before it, /proc/<pid>/clear_refs).
Requests go through the whole middleware stack in this process (Django's test client).
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.bench import django_ready, medians, targets

RUNS = 15
EVENING_RUBBERS = 40
TARGETS_MS = {"rubber": 300, "evening": 2000, "pad": 2000, "records": 1000}
BOARDS = 36  # an evening's boards, as `manage.py deal --boards 36` deals them
PAD_TARGET_MB = 200
POLLS = 200
REFUSED_AT_ONCE_TARGET_MS = 100
WAIT = 0.3  # a printer's wait for its turn here (the site's is 10 s)
SLOWEST_POLL_TARGET_MS = 1000
LARGEST_PAD = "/print/pad/?per_page=4&pages=50&paper=letter"
SPECIMEN = Path(__file__).resolve().parents[2] / "scorer" / "data" / "elwell-specimen.json"
# The printer's patience here: a bound, not what is timed (its process runs at a lower
# priority, and on a machine busy with other work a document may wait long for it).
PATIENCE = 600.0


def main() -> None:
    django_ready()
    from django.utils import timezone
    from weasyprint import HTML

    from scorer.analysis import analyser
    from scorer.engine.cards import deal_boards
    from scorer.engine.cards.records import Layout
    from scorer.models import Rubber
    from scorer.plumbing.printer import printer
    from scorer.printing import documents, hand_records
    from scorer.rubbers import reads

    printer.patience = PATIENCE

    specimen, rubbers = _rubbers()
    state = reads.rubber_state(specimen)
    evening = reads.states_of(Rubber.objects.filter(pk__in=[r.pk for r in rubbers]))
    title = f"{timezone.localdate():%A %-d %B %Y}"
    documents.rubber_document(state, [], "A4")  # the printer started, its stylesheet loaded
    boards = deal_boards(BOARDS, rng=random.Random(BOARDS))
    # Each board's analysis worked out first, as the analyser would have by the time they
    # are printed: the hand records carry each board's line of what the cards allowed.
    analyser.tricks_now([board.dealt for board in boards if board.dealt])

    def records() -> bytes:
        return hand_records.records_pdf(boards, layout=Layout.ELWELL, paper="A4")

    def curtain_cards() -> bytes:
        return hand_records.curtain_cards_pdf(boards, layout=Layout.ELWELL, paper="A4")

    timed = medians(
        RUNS,
        one_line=lambda: HTML(string="<p>One line.</p>").write_pdf(),
        rubber=lambda: documents.rubber_document(state, [], "A4"),
        evening=lambda: documents.evening_document(title, evening, "A4"),
        pad=lambda: documents.pad_document(4, 50, "letter"),
        records=records,
        curtain_cards=curtain_cards,
    )
    ms = {name: seconds * 1000 for name, seconds in timed.items()}
    print()
    print(f"Printing, median of {RUNS} runs each")
    print(f"    baseline: WeasyPrint, a page of one line {ms['one_line']:7.1f} ms")
    for name, label in (
        ("rubber", "the specimen rubber's sheet"),
        ("evening", f"an evening of {EVENING_RUBBERS} rubbers"),
        ("pad", "the largest pad: 50 pages, 4 a page"),
        ("records", f"hand records of {BOARDS} boards, 6 a page"),
        ("curtain_cards", f"their curtain cards, {BOARDS * 4}, 8 a page"),
    ):
        target = TARGETS_MS.get(name)
        verdict = ""
        if target is not None:
            said = targets.verdict(ms[name], target, f"printing {label}, ms")
            verdict = f"  (target {target} ms: {said})"
        print(f"    {label:<38}{ms[name]:7.1f} ms  {ms[name] / ms['one_line']:5.1f}×{verdict}")

    one_line = _peaks(lambda: printer.lay_out("<p>One line.</p>"))
    pad = _peaks(lambda: documents.pad_document(4, 50, "letter"))
    records_peak = _peaks(records)
    runs = len(one_line["worker"])
    print(f"Each process's peak memory while one is made, median of {runs} runs each")
    print(f"    {'baseline: a page of one line':<38}{_megabytes(one_line)}")
    most = max(statistics.median(mb) for mb in pad.values())
    verdict = targets.verdict(most, PAD_TARGET_MB, "memory printing the largest pad, MB")
    print(
        f"    {'the largest pad':<38}{_megabytes(pad)}  (target {PAD_TARGET_MB} MB each: {verdict})"
    )
    print(f"    {f'hand records of {BOARDS} boards':<38}{_megabytes(records_peak)}")
    _bounds(specimen)


def _bounds(rubber: Any) -> None:
    """How soon a document is refused beyond the printer's queue, and after waiting its
    turn, beside Django's minimal view; a phone's poll while the printer lays out the
    largest pad again and again, beside one with the printer idle."""
    from django.test import Client

    from scorer.plumbing import printer as printing

    phone = Client()
    phone.force_login(rubber.players.first().user)
    page = phone.get(f"/rubbers/{rubber.pk}/").content.decode()
    found = re.search(r'hx-get="([^"]*/live/[^"]*)"', page)
    assert found, "the rubber's page polls"
    poll = found.group(1).replace("&amp;", "&")

    def refused(printer: printing.Printer) -> None:
        """The largest pad asked for while another document holds `printer`."""
        site_printer, printing.printer = printing.printer, printer
        try:
            with printer.turn():
                assert phone.get(LARGEST_PAD).status_code == 503
        finally:
            printing.printer = site_printer

    def polled() -> None:
        assert phone.get(poll, headers={"HX-Request": "true"}).status_code == 204

    logging.disable(logging.WARNING)  # "printer busy", logged for each refusal
    try:
        timed = medians(
            RUNS,
            minimal=lambda: phone.get("/bench/minimal/"),
            beyond=lambda: refused(
                printing.Printer(waiting=0, wait=WAIT, patience=30, documents=500)
            ),
            waited=lambda: refused(
                printing.Printer(waiting=1, wait=WAIT, patience=30, documents=500)
            ),
        )
    finally:
        logging.disable(logging.NOTSET)
    ms = {name: seconds * 1000 for name, seconds in timed.items()}
    idle = _poll_times(polled)
    busy = _while_printing(lambda: _poll_times(polled))
    print(f"The printer's bounds, median of {RUNS} requests each (polls: of {POLLS})")
    print(f"    {"baseline: Django's minimal view":<38}{ms['minimal']:7.1f} ms")
    at_once = REFUSED_AT_ONCE_TARGET_MS
    verdict = targets.verdict(ms["beyond"], at_once, "refused beyond the queue, ms")
    print(
        f"    {'refused beyond its queue (503)':<38}{ms['beyond']:7.1f} ms  "
        f"{ms['beyond'] / ms['minimal']:5.1f}×  (target {at_once} ms: {verdict})"
    )
    waited = WAIT * 1000 + at_once
    verdict = targets.verdict(ms["waited"], waited, "refused after its wait, ms")
    print(
        f"    {'refused after its wait of ' + f'{WAIT * 1000:.0f} ms (503)':<38}"
        f"{ms['waited']:7.1f} ms  (target {waited:.0f} ms: {verdict})"
    )
    print(f"    {'baseline: a poll, the printer idle':<38}{statistics.median(idle):7.1f} ms")
    slowest = max(busy)
    verdict = targets.verdict(
        slowest, SLOWEST_POLL_TARGET_MS, "the slowest poll while a pad prints, ms"
    )
    print(
        f"    {'a poll while the largest pad prints':<38}{statistics.median(busy):7.1f} ms  "
        f"{statistics.median(busy) / statistics.median(idle):5.1f}×  slowest {slowest:.1f} ms "
        f"(target {SLOWEST_POLL_TARGET_MS} ms: {verdict})"
    )


def _poll_times(poll: Callable[[], None]) -> list[float]:
    """Each of POLLS polls' time, in ms."""
    times = []
    for _ in range(POLLS):
        start = time.perf_counter()
        poll()
        times.append((time.perf_counter() - start) * 1000)
    return times


def _while_printing(measure: Callable[[], list[float]]) -> list[float]:
    """`measure`, while another thread has the largest pad printed over and over."""
    from scorer.plumbing.printer import printer
    from scorer.printing import documents

    done = threading.Event()

    def print_pads() -> None:
        while not done.is_set():
            documents.pad_document(4, 50, "letter")

    pads = threading.Thread(target=print_pads)
    pads.start()
    with printer.changed:  # the first under way
        printer.changed.wait_for(lambda: printer.printing)
    try:
        return measure()
    finally:
        done.set()
        pads.join()


def _megabytes(peaks: dict[str, list[float]]) -> str:
    return ", ".join(f"{name} {statistics.median(mb):4.0f} MB" for name, mb in peaks.items())


def _peaks(make: Callable[[], object]) -> dict[str, list[float]]:
    """Each process's peak resident memory, in MB, each time `make` runs."""
    peaks: dict[str, list[float]] = {"printer": [], "worker": []}
    for _ in range(RUNS // 3):
        processes = {"printer": _printers_process(), "worker": os.getpid()}
        for pid in processes.values():
            Path(f"/proc/{pid}/clear_refs").write_text("5")  # the peak, back to the present
        make()
        for name, pid in processes.items():
            peaks[name].append(_status(pid, "VmHWM") / 1024)
    return peaks


def _printers_process() -> int:
    """The printer's process: the one that printed the last document."""
    from scorer.plumbing import printer as printing

    if printing.printer.pid is None:
        raise RuntimeError("the printer's process has not started")
    return printing.printer.pid


def _status(pid: int, field: str) -> int:
    """A figure from /proc/<pid>/status: kB for memory."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise ValueError(f"no {field} for process {pid}")


def _rubbers() -> tuple[Any, list[Any]]:
    """Elwell's specimen, played again at 40 tables, by eight members."""
    from django.contrib.auth import get_user_model

    from scorer.engine import read_rubber
    from scorer.models import Member
    from scorer.rubbers import writes

    users = get_user_model()
    members = [
        Member.objects.create(
            user=users.objects.create_user(f"printing{n}", password="pw"),
            name=f"Member {n}",
            short_name=f"M{n}",
        )
        for n in range(8)
    ]
    deals = read_rubber(json.loads(SPECIMEN.read_text())).deals
    rubbers = []
    for n in range(EVENING_RUBBERS):
        seated = [members[(n + k) % 8] for k in range(4)]
        rubber = writes.start_rubber(
            table=f"Table {n % 10 + 1}", members=seated, first_dealer=0, user=seated[0].user
        )
        writes.replay(rubber=rubber, deals=deals, user=seated[0].user)
        rubbers.append(rubber)
    return rubbers[0], rubbers
