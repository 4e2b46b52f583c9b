"""What every printing process starts from: the printer's processes are forked from a
server process (multiprocessing's forkserver, one to a worker) that has imported Django,
set it up and imported WeasyPrint, so that a new printing process, at a worker's start or
replacing a stuck one, is ready in a moment rather than after a new interpreter's imports.
The forkserver is a fresh interpreter with no other threads, so that forking it is safe
where forking a worker would not be. Fonts and the stylesheet are loaded by each printing
process for itself: WeasyPrint removes a font configuration's files when it is collected."""

from __future__ import annotations

try:
    import django

    django.setup()
    import scorer.plumbing.printer  # noqa: F401  # WeasyPrint and what printing imports
except Exception:  # a forkserver failing to preload forks the plain interpreter
    pass
