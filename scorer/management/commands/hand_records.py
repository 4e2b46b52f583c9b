"""`manage.py hand_records boards.pbn --out records.pdf`: a PBN file's boards printed as hand
records, or with --curtain-cards as curtain cards, in Elwell's diagram or by the compass,
on the club's paper or the one asked for; `--boards 37-72` picks which, as a document
holds a hundred at most (docs/printing.md).

The file's deals are read as hand records want them: a board whose play cannot be read is
printed from its deal, and what was skipped is said on the standard error. Hand records
print under each board what the cards allowed (§12): the boards analysed before are read
from the site's database, the others solved here first ("analysing board 12 of 36" as it
goes), and kept there. On the club's server, run it under `nice`: the site's own analyser
gives way to the tables by itself.

Nothing is written unless the whole document is: a file that is not there or cannot be
read, a PBN file with a deal that cannot be read or printed, a range of boards that is none
or too many, or an out file that exists already, is refused with a sentence naming what is
wrong, and leaves no file.
"""

from __future__ import annotations

import os
import re
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorer.analysis import analyser
from scorer.engine.cards import PbnError, read_pbn_file
from scorer.engine.cards.records import Layout
from scorer.printing import documents, hand_records


class Command(BaseCommand):
    help = "Print a PBN file's boards as hand records (or curtain cards), as PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("pbn", metavar="BOARDS.pbn", help="the PBN file of the boards")
        parser.add_argument("--out", required=True, metavar="FILE", help="the PDF to write")
        parser.add_argument(
            "--curtain-cards",
            action="store_true",
            help="curtain cards, a card for each hand, rather than hand records",
        )
        parser.add_argument(
            "--layout",
            choices=[layout.value for layout in Layout],
            default=Layout.ELWELL.value,
            help="Elwell's diagram, the dealer Z at the foot (the default), or North at the top",
        )
        parser.add_argument(
            "--paper",
            choices=list(documents.PAPERS),
            help="the paper (default: the club's)",
        )
        parser.add_argument(
            "--boards",
            metavar="FIRST-LAST",
            help=f"the boards to print, by number (default: all, up to {hand_records.MOST_BOARDS})",
        )

    def handle(
        self,
        *args: Any,
        pbn: str,
        out: str,
        curtain_cards: bool,
        layout: str,
        paper: str | None,
        boards: str | None,
        **options: Any,
    ) -> None:
        if os.path.lexists(out):  # before the work; the write refuses it again
            raise CommandError(_EXISTS.format(out=out))
        span = _span(boards) if boards is not None else None
        try:
            read = read_pbn_file(pbn, deals_only=True)
            printable = hand_records.printable(read)
            if span is None and len(printable) > hand_records.MOST_BOARDS:
                first, last = hand_records.first_picked(printable)
                raise CommandError(
                    f"{pbn}: the file holds {len(printable):,} boards; hand records are "
                    f"printed for {hand_records.MOST_BOARDS} boards at most: choose which "
                    f"with --boards (say --boards {first}-{last})"
                )
            picked = printable if span is None else hand_records.picked(printable, *span)
        except FileNotFoundError:
            raise CommandError(f"{pbn}: no such file") from None
        except OSError as error:
            raise CommandError(f"{pbn}: cannot be read: {error.strerror}") from None
        except (PbnError, hand_records.Unprintable) as error:
            raise CommandError(f"{pbn}: {error}") from None
        for said in read.skipped:
            self.stderr.write(f"{pbn}: skipped: {said}")
        if not curtain_cards:  # each board's line of what the cards allowed, worked out now
            told = self.stderr.write
            analyser.tricks_now([board.dealt for board in picked if board.dealt], told=told)
        make = hand_records.curtain_cards_pdf if curtain_cards else hand_records.records_pdf
        pdf = make(picked, layout=Layout(layout), paper=documents.paper(paper))
        try:
            hand_records.write_new(out, pdf)
        except FileExistsError:
            raise CommandError(_EXISTS.format(out=out)) from None
        except OSError as error:
            raise CommandError(f"cannot write {out}: {error.strerror}") from None
        what = "curtain cards" if curtain_cards else "hand records"
        self.stdout.write(f"Wrote {out}: {what}, {hand_records.title(picked)}.")


_EXISTS = "{out} exists already: choose another name, or remove it first"


def _span(text: str) -> tuple[int, int]:
    """--boards 37-72 (or 37 alone): the first and last board's numbers."""
    found = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if found is None or int(found[1]) < 1 or int(found[2] or found[1]) < int(found[1]):
        raise CommandError(
            f"--boards is the first and the last board's number, as 37-72 (got {text!r})"
        )
    return int(found[1]), int(found[2] or found[1])
