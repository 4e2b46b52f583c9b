"""What tricks, honours, chicane and slams are worth (Laws 4–10, 50, 55, 56)."""

from __future__ import annotations

from enum import Enum

from scorer.engine.model import Holding, Trump

LITTLE_SLAM = 20  # Law 8
GRAND_SLAM = 40  # Law 7
RUBBER = 100  # Law 11
GAME_AS_A_UNIT = 50  # three players scoring by games (Bridge for Three Players)
GAME = 30  # Law 2
# A revoking side cannot score game in that hand (Law 89); trick values are all even.
HELD_TO = 28


def trick_value(trump: Trump, doubles: int) -> int:
    """Each trick above six, doubled, quadrupled and so on (Laws 4, 50)."""
    return trump.trick_value << doubles


def most_doubles(trump: Trump, limit: int | None) -> int | None:
    """How many doubles the club's limit allows: none once a trick is worth more than the
    limit (footnote to Law 56). None means no limit (Law 55)."""
    if limit is None:
        return None
    doubles = 0
    while trick_value(trump, doubles) <= limit:
        doubles += 1
    return doubles


class Honours(Enum):
    """How the side that scores honours held them (Laws 5, 6; aces at no-trump).

    Each holding is valued as a multiple of the trick value with a trump suit, or a fixed
    score at no-trump. The table printed under Law 6 in the 1905 edition gives 64 for
    diamonds, 5 honours with 4 in one hand: a misprint for 9 × 6 = 54.
    """

    THREE = ("3 honours", 2)
    FOUR = ("4 honours", 4)
    FOUR_IN_ONE_HAND = ("4 honours in one hand", 8)
    FIVE = ("5 honours", 5)
    FIVE_FOUR_IN_ONE_HAND = ("5 honours, 4 in one hand", 9)
    FIVE_IN_ONE_HAND = ("5 honours in one hand", 10)
    THREE_ACES = ("3 aces", 30)
    FOUR_ACES = ("4 aces", 40)
    FOUR_ACES_IN_ONE_HAND = ("4 aces in one hand", 100)

    def __init__(self, text: str, value: int) -> None:
        self.text = text
        self._worth = value

    def points(self, trump: Trump) -> int:
        if trump is Trump.NO_TRUMP:
            return self._worth
        return self._worth * trump.trick_value

    @staticmethod
    def of(trump: Trump, holding: Holding) -> Honours | None:
        """The holding of one side, or None when that side scores no honours."""
        held, most = holding[0] + holding[1], max(holding)
        if held < 3:
            return None
        if trump is Trump.NO_TRUMP:
            if held == 3:
                return Honours.THREE_ACES
            return Honours.FOUR_ACES_IN_ONE_HAND if most == 4 else Honours.FOUR_ACES
        if held == 3:
            return Honours.THREE
        if held == 4:
            return Honours.FOUR_IN_ONE_HAND if most == 4 else Honours.FOUR
        if most == 5:
            return Honours.FIVE_IN_ONE_HAND
        return Honours.FIVE_FOUR_IN_ONE_HAND if most == 4 else Honours.FIVE


def chicane_value(trump: Trump, void_hands: int) -> int:
    """Chicane is worth three honours; double chicane four (Law 9)."""
    if void_hands == 0:
        return 0
    return (2 if void_hands == 1 else 4) * trump.trick_value
