"""The Duplicate evening on the site (§11; docs/duplicate.md#the-evening-on-the-site): pairs
of members or guests, the boards dealt by the site, read from a PBN file or dealt at the
first table, a Mitchell or a Howell, each board recorded by North–South's phone and
accepted by East–West's, and the travellers, rankings and pairs' cards live.

The record is in `models` (in the scorer app), its guards in `guards`; `reads` builds the
engine's evening from the rows, in one place, and the engine works out everything else
(`scorer.engine.duplicate`); `writes` changes the record, each write keyed and refused
when stale; `presenters` say it in the pages' words; `views` and `urls` are the pages;
`live` their following; `printing` and `exports` what it prints and exports; `club_file`
and `club_load` its part of the club's file.
"""
