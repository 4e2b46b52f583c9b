"""`manage.py analyser`: the process that works out each board's analysis (§12) in the
background, draining the database's queue a board at a time at the lowest priority, until
stopped (docs/engine.md, "What the cards allowed").

Under gunicorn each server starts one by itself (config/gunicorn.py, scorer/analysis/
process.py); `make run` starts one beside `runserver`. Run by hand, it takes the server's
lock first, so that a server never has two.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorer.analysis import analyser, process


class Command(BaseCommand):
    help = "Work out the boards waiting for their double-dummy analysis, until stopped."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--beside",
            type=int,
            metavar="PID",
            help="started by this process, which holds the server's lock: end when it ends",
        )

    def handle(self, *args: Any, beside: int | None, **options: Any) -> None:
        held = None
        if beside is None:
            path = process.lock_path()
            held = process.try_lock(path)
            if held is None:
                self.stderr.write(f"Another analyser holds {path}: waiting for it to end.")
            while held is None:
                time.sleep(process.STANDBY_SECONDS)
                held = process.try_lock(path)
        try:
            analyser.run(beside=beside)
        except KeyboardInterrupt:
            pass  # stopped, as asked; a board it was solving is claimed again by the next
        finally:
            if held is not None:
                held.close()
