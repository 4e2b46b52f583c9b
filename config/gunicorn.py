"""gunicorn's settings for the club's server (`make serve`), read from the environment.

Threads serve the phones' polls and saves, which mostly wait on the database. Each
worker lays out its PDFs in a printing process of its own (scorer/plumbing/printer.py), started
with the worker, so that a long document never holds the worker's interpreter from the
tables; and one worker at a time keeps the server's analyser going, the process that works
out the boards' double-dummy tables at the lowest priority (scorer/analysis/process.py).
A worker is replaced after a number of requests, and at once after any request that
leaves it above a memory limit.
"""

from __future__ import annotations

import os
from typing import Any

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", str(min(4, (os.cpu_count() or 1) + 1))))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# A phone polls every 2 s: keeping its connection that long saves a new one each time.
# Whatever keeps connections to the server (nginx's upstream keepalive) must close an idle
# one sooner (docs/deployment.md: 4 s), or a request sent as gunicorn closes it gets no
# answer (gunicorn's issues 1698 and 2676).
keepalive = 5
# The longest request is an evening's PDF; anything far beyond it is stuck.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 30
# The site is loaded once, before the workers are forked: a new worker answers at once,
# and shares the loaded code's memory with the others.
preload_app = True
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10
# nginx on the same machine says whether the phone came over HTTPS.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
# systemd starts, reloads (HUP) and stops the server; no control socket in a home directory.
control_socket_disable = True

MAX_WORKER_BYTES = int(os.environ.get("GUNICORN_MAX_WORKER_MB", "300")) * 1024 * 1024
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def resident_bytes() -> int:
    """The worker's memory now (not its peak): the second field of /proc/self/statm."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE_SIZE


def post_worker_init(worker: Any) -> None:
    """Start the worker's printing process now, in the background: the first PDF then need
    not wait the second or two a new process takes to load its fonts. And keep the server's analyser
    going: the one worker holding its lock starts it (scorer/analysis/process.py)."""
    import threading

    from scorer.analysis import process
    from scorer.plumbing.printer import printer

    threading.Thread(target=printer.start, daemon=True).start()
    process.start()


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """Retire a worker that has grown past the limit: it finishes the requests it holds
    and the arbiter starts a fresh one in its place."""
    if worker.alive and resident_bytes() > MAX_WORKER_BYTES:
        worker.log.info(
            "Worker %s holds %d MB after %s: replacing it",
            worker.pid,
            resident_bytes() // (1024 * 1024),
            environ.get("PATH_INFO", "?"),
        )
        worker.alive = False
