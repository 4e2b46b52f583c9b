"""Boards in and out as PBN 2.1, the Portable Bridge Notation (§9; docs/pbn.md).

Reading is tolerant, as PBN's import format is: what dealing programs and dealing machines
write, and what people type. Any first seat in `Deal`, a hand unknown (`-`, the fourth
then found from the other three), lower case, ranks in any order, tags in any order and
several to a line or one across lines, `;` and `{…}` comments (a blank line inside braces
does not end a game), `%` lines, tag values inherited with `#` and `##`, a repeated tag
ignored, auction and supplemental sections skipped, a play's annotations skipped and a
play cut short by `*`, `+` or `-` kept to its last whole trick. What cannot be read as a
deal is refused, naming the board, the line and the tag; so is a file of more than
MOST_BYTES, before it is read.

Writing is PBN 2.1's strict export format: `% PBN 2.1` and `% EXPORT` first; each board's
fifteen mandatory tags in their order, then the supplemental tags in alphabetical order,
then the play; `Deal` from the dealer; a blank line between boards; CR LF ending every
line of at most 255 characters; the text in ISO 8859-1.

What PBN has no tag for, 1905 needs: who made the trump, the number of doubles beyond a
redouble, honours and chicane as counted, revokes. These go in supplemental tags named
`Elwell…` (ElwellMaker, ElwellDoubles, ElwellHonours, ElwellChicane, ElwellRevokes),
documented in docs/pbn.md; a reader that does not know them skips them, as PBN asks.

The package: `board` (the Board, the tags, a rubber's deal as a board), `lexer` (a file's
text split into games and their tags), `reader` (the games read into boards), with
`values` (a tag's value read) and `play_section` (a game's play read into tricks), and
`writer` (boards as PBN).
"""

from __future__ import annotations

from scorer.engine.cards.pbn.board import (
    ELWELL_TAGS,
    MANDATORY,
    SCORING_1905,
    Board,
    Kept,
    dealer_of,
    elwell_board,
)
from scorer.engine.cards.pbn.lexer import LINE
from scorer.engine.cards.pbn.reader import (
    MOST_BYTES,
    Boards,
    read_pbn,
    read_pbn_file,
    read_pbn_stream,
)
from scorer.engine.cards.pbn.writer import HEADER, pbn_bytes, pbn_text

__all__ = [
    "ELWELL_TAGS",
    "HEADER",
    "LINE",
    "MANDATORY",
    "MOST_BYTES",
    "SCORING_1905",
    "Board",
    "Boards",
    "Kept",
    "dealer_of",
    "elwell_board",
    "pbn_bytes",
    "pbn_text",
    "read_pbn",
    "read_pbn_file",
    "read_pbn_stream",
]
