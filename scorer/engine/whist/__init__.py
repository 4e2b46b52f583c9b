"""Short Whist by the English club code: the sheet (`sheet`), the laws of a deal as the
table records it (`laws`), what may still be corrected (`corrections`), the formats
whist-rubber/1 and whist-sheet/1 (`interchange`), where each figure goes (`layout`), and
the sheet in words (`text`). Each of its modules answers one of the site's questions of a
game (`roles`): four players, money by the point."""

from __future__ import annotations

from scorer.engine.roles import CardGame
from scorer.engine.seats import FOUR_PLAYERS
from scorer.engine.stakes import Staked, Stakes
from scorer.engine.whist import corrections, interchange, laws, text
from scorer.engine.whist.sheet import WhistDeal, WhistSheet

WHIST: CardGame[WhistDeal, WhistSheet] = CardGame(
    code="whist",
    name="Short Whist",
    laws=laws,
    format=interchange,
    words=text,
    corrections=corrections,
    money=Stakes(Staked.PER_POINT),
    seating=FOUR_PLAYERS,
)
