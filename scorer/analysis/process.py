"""Starting the analyser beside a server: one process a server, whatever its workers.

Each of gunicorn's workers calls `start()` as it starts (config/gunicorn.py). A thread of
the worker's takes the server's lock, a file beside its database (`lock_path`), without
waiting: the one worker that holds it starts the analyser's process (`manage.py analyser
--beside <pid>`, a new interpreter, not a fork), and starts it again should it die; the
others look again now and then. The lock is the kernel's (flock), so it is let go the
moment its worker ends, however it ends, and another worker's thread takes it up; the
analyser it started sees its worker gone and ends too. The queue is in the database, so
nothing is lost between the two.

A worker's own process never imports the solver (`solver.py`): endplay, and the memory it
takes, stay in the analyser's.
"""

from __future__ import annotations

import fcntl
import logging
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

from django.conf import settings
from django.db import connection

logger = logging.getLogger(__name__)

STANDBY_SECONDS = 5.0  # how often a worker without the lock tries it again
RESTART_SECONDS = 5.0  # the pause before an analyser that died is started again

_started = threading.Event()


def lock_path() -> Path:
    """The server's lock: beside an SQLite database, or for PostgreSQL in var/, named by
    the database, so that two sites on one machine (or a test's) each have their own."""
    database = connection.settings_dict
    if database["ENGINE"].endswith("sqlite3"):
        return Path(f"{database['NAME']}-analyser-lock")
    name = f"{database.get('HOST') or 'local'}-{database.get('PORT') or ''}-{database['NAME']}"
    return Path(settings.BASE_DIR) / "var" / f"analyser-{name}.lock"


def try_lock(path: Path) -> IO[bytes] | None:
    """The lock, held for as long as the file returned stays open; None if another
    process holds it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    held = open(path, "ab")  # noqa: SIM115 - held open: the lock lives as long as the file
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        return None
    return held


def start() -> None:
    """Start, once in this process, the thread that keeps the server's analyser going."""
    if not _started.is_set():
        _started.set()
        threading.Thread(target=_keep_going, name="analyser", daemon=True).start()


def _keep_going() -> None:
    """With the lock, the analyser's process, started again if it dies; without it, a
    look again every few seconds."""
    path = lock_path()
    held = None
    while held is None:
        held = try_lock(path)
        if held is None:
            time.sleep(STANDBY_SECONDS)
    while True:
        command = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "analyser"]
        analyser = subprocess.Popen(
            [*command, "--beside", str(os.getpid())], stdin=subprocess.DEVNULL
        )
        status = analyser.wait()
        logger.warning("The analyser ended (status %s); starting another", status)
        time.sleep(RESTART_SECONDS)
