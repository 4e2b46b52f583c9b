"""Deals as the cards (§9): the fifty-two cards, hands and the deal of four; trick
winners; honours and chicane counted from the hands for the trump declared; the tricks won
and the revokes from the play; boards in and out as PBN 2.1; boards dealt from a secure
shuffle. Plain Python, like the rest of the engine, modelled on python-chess: small frozen
values at the edges, card numbers and bitmasks inside (`cards.py`), its own errors.

A deal of elwell-rubber/1 (and of §10's and §11's formats) given as its cards is read
with `read_cards`. The readers of the interchange formats (`scorer/engine/bridge/interchange.py`,
and through it `manage.py score` and the site's import) call it like this, once they have
read the deal's dealer and trump:

    if "hands" in data:                       # a deal given by its cards
        by_cards = read_cards(data, dealer=dealer, trump=trump)
        play = by_cards.play                  # the model.Play the sheet scores
        worked_out = by_cards.worked_out      # written on that deal of the sheet
    else:
        play = Play(...)                      # the counts, read as before

`read_cards` reads `hands` and `play` and whatever `honours`, `chicane`, `tricks` and
`revokes` the deal also gives, checks they agree with the cards, and returns a `ByCards`:
`.play` is exactly the `Play` the same deal given by its counts reads to, so the sheet is
the same; `.worked_out` is §9's object in the input's terms, `{"honours": {"we": [h, h],
"they": [h, h]}, "chicane": …, "tricks": …, "revokes": …}` (each side's honours as [the
dealer or the leader, his partner]; tricks and revokes only with a play). Its refusals are
`CardError`s (a `RubberError`), naming the field but not the deal: the reader places them
with `error.at(number)` as it does its own ("deal 3: honours: the hands give We 4 (the
dealer 3, his partner 1), not 3"). The reader adds "hands" and "play" to a deal's fields
(`CARD_FIELDS`); a deal with `hands` may then omit `honours` and `chicane`, and with
`play` also `tricks`.

A board of Duplicate (§11), whose hands are known by the compass, is read with
`Hands.at({Direction.NORTH: Hand.parse(...), ...}, dealer)`; `honours_of` and `chicane_of`
then give the counts for each result's trump, and `play_out`/`read_play` its play.
"""

from __future__ import annotations

from scorer.engine.cards.cards import CARDS, Card, Rank, Suit
from scorer.engine.cards.dealing import deal_boards, deal_hands, shuffled
from scorer.engine.cards.errors import CardError, PbnError
from scorer.engine.cards.hands import (
    DIRECTIONS,
    ELWELL_DEALER,
    POSITIONS,
    Direction,
    Hand,
    Hands,
    Position,
)
from scorer.engine.cards.honours import (
    chicane_of,
    honours_by_hand,
    honours_of,
    void_by_hand,
)
from scorer.engine.cards.pbn import (
    MOST_BYTES,
    Board,
    Boards,
    Kept,
    dealer_of,
    elwell_board,
    pbn_bytes,
    pbn_text,
    read_pbn,
    read_pbn_file,
    read_pbn_stream,
)
from scorer.engine.cards.play import CardPlay, Revoke, Trick, play_out, read_play, trick_winner
from scorer.engine.cards.worked import CARD_FIELDS, ByCards, read_cards

__all__ = [
    "CARDS",
    "CARD_FIELDS",
    "DIRECTIONS",
    "ELWELL_DEALER",
    "MOST_BYTES",
    "POSITIONS",
    "Board",
    "Boards",
    "ByCards",
    "Card",
    "CardError",
    "CardPlay",
    "Direction",
    "Hand",
    "Hands",
    "Kept",
    "PbnError",
    "Position",
    "Rank",
    "Revoke",
    "Suit",
    "Trick",
    "chicane_of",
    "deal_boards",
    "deal_hands",
    "dealer_of",
    "elwell_board",
    "honours_by_hand",
    "honours_of",
    "pbn_bytes",
    "pbn_text",
    "play_out",
    "read_cards",
    "read_pbn",
    "read_pbn_file",
    "read_pbn_stream",
    "read_play",
    "shuffled",
    "trick_winner",
    "void_by_hand",
]
