"""What the cards allowed (§12), on the site: each board's double-dummy table by the laws of
1905, worked out once, in the background, and kept with the boards (docs/engine.md, §12).

The solve takes from a tenth of a second to a few seconds a board, so no request ever waits
on it: a write that deals boards, reads a hand record or enters a deal's hands asks for
their analysis (`writes.ask_for`), which puts a row in the database's queue
(`models.Analysis`, keyed by the hands); a process of its own at the lowest priority, one a
server, drains the queue a board at a time (`analyser.py`, started as `process.py` says);
and the pages read what is done (`reads.py`), saying "being analysed" until then. The
solver is DDS, through endplay (`solver.py`, the one module that imports it); the engine
reckons the rest from its numbers (`scorer.engine.what_the_cards_allowed`).
"""
