"""Bridge by the Laws of 1905, four playing or three: the sheet (`sheet`), the laws of a
deal as the table records it (`laws`), what may still be corrected (`corrections`), the
formats elwell-rubber/1 and elwell-sheet/1 (`interchange`), where each figure goes
(`layout`), the sheet in words (`text`), and the laws that are three players' own
(`three_handed`).

The two Bridges share their sheet, words and corrections; they differ in their laws (the
rules in force, who may redouble, the dummy's declaration), their seating and their shares
of a rubber's value.
"""

from __future__ import annotations

from scorer.engine.bridge import corrections, text, three_handed
from scorer.engine.bridge.interchange import ElwellFormat
from scorer.engine.bridge.laws import BridgeLaws
from scorer.engine.bridge.sheet import Sheet
from scorer.engine.model import Deal
from scorer.engine.roles import CardGame
from scorer.engine.seats import FOUR_PLAYERS
from scorer.engine.stakes import Staked, Stakes

_BRIDGE_LAWS = BridgeLaws()
_THREE_HANDED_LAWS = three_handed.ThreeHandedLaws()

BRIDGE: CardGame[Deal, Sheet] = CardGame(
    code="bridge",
    name="Bridge",
    laws=_BRIDGE_LAWS,
    format=ElwellFormat(_BRIDGE_LAWS),
    words=text,
    corrections=corrections,
    money=Stakes(Staked.PER_HUNDRED),
    seating=FOUR_PLAYERS,
)

THREE_HANDED: CardGame[Deal, Sheet] = CardGame(
    code="three-handed",
    name="Three-handed Bridge",
    laws=_THREE_HANDED_LAWS,
    format=ElwellFormat(_THREE_HANDED_LAWS),
    words=text,
    corrections=corrections,
    money=Stakes(Staked.PER_HUNDRED, three_handed.shares),
    seating=three_handed.THREE_PLAYERS,
)
