"""The printer: WeasyPrint laying out a document's HTML as PDF, in a process of each
worker's own.

Laying out is pure Python that would hold a worker's interpreter for as long as it takes,
and the phones' polls and saves wait on that interpreter: so WeasyPrint runs in a process
of the worker's own, at a lower priority, one document at a time. Static files (the
stylesheet, the fonts) are read from disk by the URL fetcher below: fetching them over
HTTP from the site itself would deadlock a server with one worker. What goes on each
document is the printing feature's (scorer/printing/).
"""

from __future__ import annotations

import mimetypes
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import django
import pydyf
from django.conf import settings
from django.contrib.staticfiles import finders
from pebble import ProcessExpired, ProcessPool
from weasyprint import CSS, HTML, Document
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

BASE_URL = "https://printing.invalid/"  # relative links resolve here, then to the disk

BUSY = "The club's printer is busy with another document; try again in a moment. Nothing was lost."
STUCK = (
    "The club's printer could not finish this document; try again in a moment. Nothing was lost."
)


class Busy(Exception):
    """The printer stayed busy past its wait, had no room left in its queue, or could not
    finish the document."""


class Printer:
    """Documents laid out one at a time in a process of this one's own, with a few more
    waiting their turn for `wait` seconds at most; any beyond those are refused at once,
    so that printing never takes all of a worker's threads (four each, `make serve`: one
    printing, two waiting, one for the tables).

    The process is pebble's: a pool of one, started with the first document (or when a
    server's worker starts, config/gunicorn.py), replaced after `documents` of them
    (WeasyPrint keeps a little of each) or when it dies, and ended with this process. A
    document not back within `patience` seconds of its turn is refused and the process
    stopped, whether it was laying the document out or had not even taken it up (pebble's
    own timeout counts only from then): the next document gets a new one."""

    def __init__(self, *, waiting: int, wait: float, patience: float, documents: int) -> None:
        self.room = waiting  # how many documents may wait their turn
        self.wait = wait
        self.patience = patience
        self.documents = documents
        # Notified whenever a document starts or stops waiting or printing.
        self.changed = threading.Condition()
        self.printing = False
        self.waiting = 0
        # Used only with the turn held:
        self.pid: int | None = None  # the process that printed the last document
        self._pool: ProcessPool | None = None

    def start(self) -> None:
        """Start the printing process now, rather than with the first document: a blank
        page laid out, its stylesheet and fonts loaded with it."""
        self.lay_out("")

    @contextmanager
    def turn(self) -> Iterator[None]:
        """The printer to oneself, or Busy."""
        with self.changed:
            if self.printing and self.waiting >= self.room:
                raise Busy(BUSY)
            self.waiting += 1
            self.changed.notify_all()
            try:
                free = self.changed.wait_for(lambda: not self.printing, timeout=self.wait)
            finally:
                self.waiting -= 1
                self.changed.notify_all()
            if not free:
                raise Busy(BUSY)
            self.printing = True
        try:
            yield
        finally:
            with self.changed:
                self.printing = False
                self.changed.notify_all()

    def lay_out(self, html: str, copies: int = 1) -> bytes:
        """The document's HTML as PDF, `copies` times over."""
        return self.run(_lay_out, html, copies)

    def run[*A, R](self, work: Callable[[*A], R], *args: *A) -> R:
        """`work(*args)` done in the printer's process, in its turn as a document is: what
        printing reads as well as what it lays out (a file of boards) is read there, out
        of the worker whose threads answer the tables. `work` is a module's function, and
        what it is given and gives back is pickled on the way."""
        with self.turn():
            done = self._running().schedule(_in_the_printer, (work, args))
            try:
                self.pid, result = done.result(timeout=self.patience)
            except TimeoutError:
                self.stop()
                raise Busy(STUCK) from None
            except (ProcessExpired, BrokenProcessPool):
                # Gone (killed short of memory, say): the pool starts another, or is
                # replaced with the next document.
                self.pid = None
                raise Busy(STUCK) from None
        return result  # type: ignore[no-any-return]  # as `work` gave it

    def stop(self) -> None:
        """Stop the printing process; the next document starts another."""
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]  # pebble leaves it unannotated
            self._pool.join()
            self._pool = None
        self.pid = None

    def _running(self) -> ProcessPool:
        if self._pool is None or not self._pool.active:  # never started, or broken
            self.stop()
            self._pool = ProcessPool(
                max_workers=1,
                max_tasks=self.documents,
                initializer=django.setup,
                # Not a fork of this process, whose other threads may hold locks: a fork
                # of the forkserver, which has done the imports (printing_process.py).
                context=_context(),
            )
        return self._pool


@cache
def _context() -> multiprocessing.context.BaseContext:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["scorer.plumbing.printing_process"])
    return context


def _in_the_printer(work: Callable[..., Any], args: tuple[Any, ...]) -> tuple[int, Any]:
    """In the printer's process: what `work` gives, and which process did it."""
    _give_way()
    return os.getpid(), work(*args)


@cache
def _give_way() -> None:
    """The printer's process gives way to the site's: a niceness of 10, set once."""
    os.nice(10)


# The longest documents (a 40-rubber evening, the largest pad) take about a second or two:
# ten seconds (the default wait) is a few of them ahead, and anything beyond means the
# machine is struggling; a document not done in thirty (the default patience) is stuck,
# and its process is replaced.
printer = Printer(
    waiting=2,
    wait=settings.PRINTER_WAIT_SECONDS,
    patience=settings.PRINTER_PATIENCE_SECONDS,
    documents=500,
)


class StaticFiles(URLFetcher):  # type: ignore[misc]  # WeasyPrint has no types: Any
    """The site's own static files, from disk; nothing else, from anywhere."""

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = urlsplit(url).path
        prefix = "/" + settings.STATIC_URL.strip("/") + "/"
        if path.startswith(prefix):
            found = finders.find(unquote(path.removeprefix(prefix)))
            if isinstance(found, str):
                kind = mimetypes.guess_type(found)[0] or "application/octet-stream"
                return URLFetcherResponse(
                    url, body=Path(found).read_bytes(), headers={"Content-Type": kind}
                )
        raise ValueError(f"printing reads only the site's own static files, not {url}")


@cache
def _fonts() -> FontConfiguration:
    return FontConfiguration()


@cache
def _stylesheet() -> CSS:
    """The print stylesheet, parsed once per process with its fonts."""
    return CSS(
        url=f"{BASE_URL}static/css/print.css", url_fetcher=StaticFiles(), font_config=_fonts()
    )


def _lay_out(html: str, copies: int) -> bytes:
    """In the printer's process: the HTML laid out, drawn and written as PDF."""
    document = HTML(string=html, base_url=BASE_URL, url_fetcher=StaticFiles()).render(
        stylesheets=[_stylesheet()], font_config=_fonts()
    )
    pdf: bytes = document.write_pdf(finisher=_repeat(copies))
    return pdf


def _repeat(copies: int) -> Callable[[Document, pydyf.PDF], None]:
    """WeasyPrint's last step before the PDF is written (its `finisher`): the pages drawn,
    once, listed `copies` times. Every copy of a page points at its one drawing, so fifty
    pages cost no more than one to make, and the file is hardly larger. (Document.copy
    would list the laid-out pages again, but would draw each copy anew: 80 ms a page of
    pads.) The pages are found among the PDF's objects by their type, /Page as the PDF
    standard names it, and each copy is added with pydyf's add_page: its documented API,
    not the way it happens to keep its list of pages."""

    def finish(document: Document, pdf: pydyf.PDF) -> None:
        drawn = [
            page
            for page in pdf.objects
            if isinstance(page, pydyf.Dictionary) and page.get("Type") == "/Page"
        ]
        for _ in range(copies - 1):
            for page in drawn:
                pdf.add_page(pydyf.Dictionary(page))

    return finish
