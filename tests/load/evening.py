"""A club evening against the served site: `make load`, or

    python -m tests.load [--tables 25] [--seconds 180] [--database sqlite|postgres]
                         [--no-pad-printer] [--no-analysis]

Each table's four phones poll the sheet every 2 s; one of them records a deal every 90 s
(its declaration, then its result 45 s later); every 20 s someone prints a rubber's sheet
as a PDF; a member at the first table prints the largest blank pad there is (50 pages,
4 forms a page, Letter) over and over, all evening, unless --no-pad-printer; and another
deals 100 boards on the Printing page, whose analyses (§12) the server's analyser works out
in the background all the while, the page following them every 2 s and dealing 100 more
whenever they are done, unless --no-analysis. gunicorn runs as `make serve` runs it, on
127.0.0.1 only, with a fresh database. Prints requests per second, latency percentiles
for polls, saves, PDFs, pads and the analysis's progress, the boards analysed, and errors.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.html import Forms
from tests.support.served import Answer, Phone, Server, Table, seed_tables


@dataclass(frozen=True)
class Pace:
    """How often each thing happens, in seconds."""

    poll_every: float = 2.0
    deal_every: float = 90.0
    result_after: float = 45.0
    pdf_every: float = 20.0


# The largest pad scorer.forms.PrintForm allows.
LARGEST_PAD = "/print/pad/?per_page=4&pages=50&paper=letter"
# The tables' targets, the 95th percentile of each kind of request, in milliseconds.
TARGETS_P95_MS = {"poll": 30, "save": 150}


@dataclass
class Tally:
    """Every request sent and every answer's time, by kind, and every error with what it
    was."""

    seconds: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    sent: Counter[str] = field(default_factory=Counter)
    # Documents the printer refused in words, as its bounds say it must when it is held
    # longer than its wait (scorer/plumbing/printer.py): a slow machine's, not an error.
    refused: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def sending(self, kind: str) -> None:
        with self.lock:
            self.sent[kind] += 1

    def printed(self, kind: str, answer: Answer) -> None:
        """A document's answer: the PDF, or the printer's refusal in words."""
        from django.utils.html import escape

        from scorer.plumbing.printer import BUSY, STUCK

        if answer.status == 200 and answer.body.startswith(b"%PDF-"):
            return
        if answer.status == 503 and any(escape(said) in answer.text for said in (BUSY, STUCK)):
            with self.lock:
                self.refused[kind] += 1
            return
        self.failed(f"{kind}: {answer.status} {answer.text[:200]}")

    def took(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.seconds[kind].append(seconds)

    def failed(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)

    def requests(self) -> int:
        return sum(len(times) for times in self.seconds.values())


class TablePhone:
    """One phone at a table: it follows the sheet, and the recorder also records deals."""

    def __init__(
        self, server: Server, table: Table, session: str, tally: Tally, timeout: float = 30
    ) -> None:
        self.phone = Phone(server, timeout=timeout)
        self.phone.cookies["sessionid"] = session
        self.table = table
        self.tally = tally
        self.poll = ""
        self.forms: Forms | None = None
        self.random = random.Random(session)

    def open(self) -> None:
        self.tally.sending("page")
        answer = self.phone.get(f"/rubbers/{self.table.rubber}/")
        self.tally.took("page", answer.seconds)
        if answer.status != 200:
            raise RuntimeError(f"rubber page: {answer.status}")
        self._read(answer.text)

    def _read(self, html: str) -> None:
        forms = Forms(html)
        self.poll = forms.attribute("hx-get") or self.poll
        if forms.forms:
            self.forms = forms

    def follow(self) -> None:
        self.tally.sending("poll")
        answer = self.phone.get(self.poll, htmx=True)
        self.tally.took("poll", answer.seconds)
        if answer.status == 200:
            self._read(answer.text)
        elif answer.status != 204:
            self.tally.failed(f"poll {self.poll}: {answer.status}")

    def declare(self) -> None:
        form = self.forms and self.forms.form("/declaration/")
        if not form:
            return  # the rubber is over, or a deal is still under way
        trump = self.random.choice(["S", "C", "D", "H", "NT"])
        self._save(form, maker="dealer", trump=trump, doubles=0)

    def record(self) -> None:
        form = self.forms and self.forms.form("/result/")
        if not form:
            return
        honours = self.random.choice(form["choices"]["honours"])
        self._save(form, tricks=self.random.randint(6, 8), honours=honours)

    def _save(self, form: dict, **values: object) -> None:
        self.tally.sending("save")
        answer = self.phone.post(form["action"], {**form["values"], **values}, htmx=True)
        self.tally.took("save", answer.seconds)
        if answer.status != 200:
            self.tally.failed(f"save {form['action']}: {answer.status} {answer.text[:200]}")
        else:
            self._read(answer.text)

    def print_sheet(self) -> None:
        self.tally.sending("pdf")
        answer = self.phone.get(f"/rubbers/{self.table.rubber}/print/")
        self.tally.took("pdf", answer.seconds)
        self.tally.printed("pdf", answer)


class PadPrinter:
    """A member printing the largest pad, again as soon as the last one has come."""

    def __init__(self, server: Server, session: str, tally: Tally, timeout: float = 30) -> None:
        self.phone = Phone(server, timeout=timeout)
        self.phone.cookies["sessionid"] = session
        self.tally = tally

    def run(self, end: float) -> None:
        while time.monotonic() < end:
            try:
                self.print_pad()
            except Exception as error:
                self.tally.failed(f"{type(error).__name__}: {error}")
        self.phone.close()

    def print_pad(self) -> None:
        self.tally.sending("pad")
        answer = self.phone.get(LARGEST_PAD)
        self.tally.took("pad", answer.seconds)
        self.tally.printed("pad", answer)


ANALYSED_BOARDS = 100  # the most the Printing page deals at once


class Analyst:
    """A member who deals 100 boards on the Printing page and follows their analysis, as
    the page does, every 2 s; and, once they are done, deals 100 more."""

    def __init__(self, server: Server, session: str, tally: Tally, timeout: float = 30) -> None:
        self.phone = Phone(server, timeout=timeout)
        self.phone.cookies["sessionid"] = session
        self.tally = tally
        self.progress = ""
        self.analysed = 0  # boards worked out in the evening, of those dealt
        self.dealt = 0

    def run(self, end: float) -> None:
        try:
            self.phone.get("/print/")  # the page's form, and its CSRF cookie
            while time.monotonic() < end:
                if not self.progress:
                    self.deal()
                else:
                    time.sleep(2.0)
                    self.follow()
        except Exception as error:
            self.tally.failed(f"{type(error).__name__}: {error}")
        finally:
            self.phone.close()

    def deal(self) -> None:
        self.tally.sending("deal")
        answer = self.phone.post(
            "/print/hand-records/deal/", {"boards": ANALYSED_BOARDS, "first": 1}
        )
        self.tally.took("deal", answer.seconds)
        found = Forms(answer.text).attribute("hx-get") if answer.status == 200 else None
        if not found or "/analysis/" not in found:
            self.tally.failed(f"deal: {answer.status} {answer.text[:200]}")
            raise RuntimeError("the Printing page did not follow the boards' analyses")
        self.progress = found
        self.dealt += ANALYSED_BOARDS

    def follow(self) -> None:
        self.tally.sending("progress")
        answer = self.phone.get(self.progress, htmx=True)
        self.tally.took("progress", answer.seconds)
        if answer.status != 200:
            self.tally.failed(f"progress: {answer.status} {answer.text[:200]}")
            return
        done = re.search(r"analysing board (\d+) of", answer.text)
        if done:
            self.analysed = self.dealt - ANALYSED_BOARDS + int(done[1]) - 1
        else:  # all done: the page stops following; 100 more
            self.analysed, self.progress = self.dealt, ""


def evening(
    server: Server,
    tables: list[Table],
    seconds: float,
    tally: Tally,
    pace: Pace,
    *,
    pad_printer: bool = False,
    analyst: Analyst | None = None,
    timeout: float = 30,
) -> float:
    """Play the evening for `seconds`; returns how long it took, start to last answer.
    `timeout`: how long a phone waits for an answer before it counts as an error."""
    phones = [TablePhone(server, t, s, tally, timeout) for t in tables for s in t.sessions]
    for phone in phones:
        phone.open()
    start = time.monotonic()
    end = start + seconds

    def run(phone: TablePhone, recorder: bool, printer: bool) -> None:
        chance = random.Random(id(phone))
        next_poll = start + chance.uniform(0, pace.poll_every)
        next_deal = start + chance.uniform(0, pace.deal_every) if recorder else float("inf")
        next_result = float("inf")
        next_pdf = start + chance.uniform(0, pace.pdf_every) if printer else float("inf")
        while True:
            now = time.monotonic()
            due = min(next_poll, next_deal, next_result, next_pdf)
            if due >= end:
                return
            if due > now:
                time.sleep(due - now)
            if due == next_deal:
                action, next_deal = phone.declare, next_deal + pace.deal_every
                next_result = due + pace.result_after
            elif due == next_result:
                action, next_result = phone.record, float("inf")
            elif due == next_pdf:
                action, next_pdf = phone.print_sheet, next_pdf + pace.pdf_every
            else:
                action, next_poll = phone.follow, next_poll + pace.poll_every
            try:
                action()
            except Exception as error:  # a refused connection, a timeout: all are errors
                tally.failed(f"{type(error).__name__}: {error}")

    threads = [
        threading.Thread(target=run, args=(phone, i % 4 == 0, i == 1), daemon=True)
        for i, phone in enumerate(phones)
    ]
    if pad_printer:
        printer = PadPrinter(server, tables[0].sessions[3], tally, timeout)
        threads.append(threading.Thread(target=printer.run, args=(end,), daemon=True))
    if analyst is not None:
        threads.append(threading.Thread(target=analyst.run, args=(end,), daemon=True))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for phone in phones:
        phone.phone.close()
    return time.monotonic() - start


def percentile(times: list[float], p: float) -> float:
    if len(times) < 2:
        return times[0] if times else float("nan")
    return statistics.quantiles(times, n=100, method="inclusive")[int(p) - 1]


def processes() -> list[dict[str, str]]:
    """Every process's /proc/<pid>/status, as its fields."""
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            status = (proc / "status").read_text()
        except OSError:
            continue
        fields = (line.split(":", 1) for line in status.splitlines() if ":" in line)
        found.append({name: value.strip() for name, value in fields})
    return found


def megabytes(server: Server, field: str = "VmRSS") -> dict[str, list[int]]:
    """Each gunicorn worker's resident memory now (VmRSS), or its most since it started
    (VmHWM); and each worker's printing process's (scorer.plumbing.printer.Printer)."""
    assert server.process is not None
    every = processes()
    workers = [p for p in every if p.get("PPid") == str(server.process.pid)]
    pids = {worker["Pid"] for worker in workers}
    children = [p for p in every if p.get("PPid") in pids]
    analysers = [p for p in children if _analyser(p["Pid"])]
    printers = [p for p in children if p not in analysers]
    return {
        kind: [int(p.get(field, "0 kB").split()[0]) // 1024 for p in found]
        for kind, found in (("workers", workers), ("printers", printers), ("analyser", analysers))
    }


def _analyser(pid: str) -> bool:
    """The server's analyser: `manage.py analyser`, started beside a worker."""
    try:
        return b"analyser" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def report(
    tally: Tally, took: float, server: Server, tables: int, analyst: Analyst | None = None
) -> str:
    printer = (
        f"; a member printing the largest pad all the while ({LARGEST_PAD})"
        if tally.seconds.get("pad")
        else ""
    )
    lines = [
        f"{tables} tables, {4 * tables} phones, {took:.0f} s on {server.database.kind} "
        f"({len(megabytes(server)['workers'])} gunicorn workers × {server.threads} threads, "
        f"{os.cpu_count()} CPUs){printer}",
        f"  {tally.requests()} requests, {tally.requests() / took:.1f} per second, "
        f"{len(tally.errors)} errors, {sum(tally.refused.values())} documents refused by "
        "the busy printer",
        f"  {'':6} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}",
    ]
    for kind in ("poll", "save", "pdf", "pad", "page", "deal", "progress"):
        times = tally.seconds.get(kind, [])
        if not times:
            continue
        ms = [t * 1000 for t in times]
        lines.append(
            f"  {kind:6} {len(ms):6} {percentile(ms, 50):8.1f} {percentile(ms, 95):8.1f} "
            f"{percentile(ms, 99):8.1f} {max(ms):8.1f}"
        )
    verdicts = []
    for kind, target in TARGETS_P95_MS.items():
        p95 = percentile([t * 1000 for t in tally.seconds.get(kind, [])], 95)
        verdicts.append(f"{kind} p95 {p95:.1f} ms (target {target}: {_verdict(p95, target)})")
    running = [
        what
        for what, kind in (("the pad printer", "pad"), ("the analysis", "progress"))
        if tally.seconds.get(kind) or (kind == "progress" and analyst is not None)
    ]
    during = f"with {' and '.join(running)} running: " if running else ""
    lines.append(f"  {during}{', '.join(verdicts)}")
    if analyst is not None:
        lines.append(
            f"  the analysis: {analyst.analysed} boards worked out of {analyst.dealt} dealt, "
            f"{analyst.analysed / took * 60:.1f} a minute, by the server's analyser "
            "(at the lowest priority)"
        )
    now, most = megabytes(server), megabytes(server, "VmHWM")
    for kind, whose in (
        ("workers", "workers'"),
        ("printers", "printers'"),
        ("analyser", "the analyser's"),
    ):
        lines.append(f"  {whose} memory at the end: {now[kind]} MB, at most {most[kind]} MB")
    for error in tally.errors[:10]:
        lines.append(f"  error: {error}")
    return "\n".join(lines)


def _verdict(figure: float, target: float) -> str:
    return "within" if figure <= target else "OVER"


def play(
    *,
    tables: int,
    seconds: float,
    directory: Path,
    workers: int | None = None,
    pace: Pace = Pace(),
    static_root: Path | None = None,
    pad_printer: bool = False,
    analysis: bool = False,
    timeout: float = 30,
) -> Tally:
    """Serve a fresh club, seat `tables` tables and play, with a member printing pads all
    evening if `pad_printer`, and another dealing boards whose analyses the server works out
    all evening if `analysis`; the server is stopped after."""
    server = Server(directory / "server", static_root or directory / "static", workers=workers)
    try:
        server.prepare()
        server.start()
        seated = seed_tables(server, tables)
        tally = Tally()
        analyst = Analyst(server, seated[0].sessions[2], tally, timeout) if analysis else None
        took = evening(
            server, seated, seconds, tally, pace,
            pad_printer=pad_printer, analyst=analyst, timeout=timeout,
        )  # fmt: skip
        print(report(tally, took, server, tables, analyst), flush=True)
        return tally
    finally:
        server.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument(
        "--pad-printer",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="a member printing the largest pad over and over (on unless --no-pad-printer)",
    )
    parser.add_argument(
        "--analysis",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="100 boards' analyses worked out all evening (on unless --no-analysis)",
    )
    parser.add_argument(
        "--database",
        choices=["sqlite", "postgres"],
        default="postgres" if os.environ.get("DATABASE_URL") else "sqlite",
        help="postgres needs DATABASE_URL (a role that may create databases)",
    )
    options = parser.parse_args()
    if options.database == "sqlite":
        os.environ.pop("DATABASE_URL", None)
    elif not os.environ.get("DATABASE_URL"):
        parser.error("--database postgres needs DATABASE_URL")
    with tempfile.TemporaryDirectory(prefix="scorer-load-") as directory:
        tally = play(
            tables=options.tables,
            seconds=options.seconds,
            directory=Path(directory),
            workers=options.workers,
            pad_printer=options.pad_printer,
            analysis=options.analysis,
        )
    return 1 if tally.errors else 0
