"""The Progressive evening on the site (§10; docs/progressive.md): numbered players at tables
of four, each round a stated number of deals for points, the winners moving on.

The record is in `models` (in the scorer app), its guards in `guards`; `reads` builds the
engine's evening from the rows, in one place, and the engine works out everything else
(`scorer.engine.progressive`); `writes` changes the record, each write keyed and refused
when stale; `presenters` say it in the pages' words; `views` and `urls` are the pages;
`printing` the tally cards, table cards and results as PDF.
"""
