"""Short Whist by the English club code (seeds/003): points, games of five, the rubber.

The trump is the suit of the dealer's last card, turned up: there is no declaration and no
doubling. Within a deal the scores are taken in the code's fixed order (Law 5): revoke
penalties, then tricks, then honours; as soon as a side reaches five the game ends and the
rest of the deal scores nothing. As with Bridge, the sheet is never stored: it is worked out
again from the deals, and each entry carries its items in words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import lru_cache

from scorer.engine.called import Penalty, Revoke
from scorer.engine.errors import RubberError
from scorer.engine.model import SIDES, Pair, Side, Trump
from scorer.engine.tally import Tally
from scorer.engine.words import MINUS

GAME = 5  # Law 2
AT_FOUR = 4  # a side at four when a deal begins scores no honours (Law 4)
HELD_TO = 4  # a side that revoked cannot win the game in that deal (Law 82)
PENALTY = 3  # a revoke's penalty, tricks or points (Law 72)
RUBBER_POINTS = 2  # Law 9
HONOURS = 4  # the ace, king, queen and knave of trumps (Law 3)


@dataclass(frozen=True, slots=True)
class WhistDeal:
    """One deal as the players call it at the end: the dealer's side, the trump turned up,
    the tricks won in play, the honours held by each side, the revokes in the order their
    penalties were claimed."""

    dealer: Side
    trump: Trump
    tricks: Pair[int]
    honours: Pair[int]
    revokes: tuple[Revoke, ...] = ()


class Scoring(StrEnum):
    """The code's order of scoring within a deal (Law 5); each is a figure of the entry."""

    PENALTIES = "penalties"
    TRICKS = "tricks"
    HONOURS = "honours"


@dataclass(frozen=True, slots=True)
class WhistItem:
    """One reason for points in an entry: "2 by cards: 2", "4 honours: 4 (Law 3)"."""

    scoring: Scoring
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class WhistEntry:
    """One side's points in one deal, by the order in which they were scored."""

    penalties: int
    tricks: int
    honours: int
    items: tuple[WhistItem, ...]

    @property
    def points(self) -> int:
        return self.penalties + self.tricks + self.honours

    @property
    def explanation(self) -> tuple[str, ...]:
        return tuple(item.text for item in self.items)


EMPTY = WhistEntry(0, 0, 0, ())


@dataclass(frozen=True, slots=True)
class WhistScoredDeal:
    number: int
    game: int
    deal: WhistDeal
    entries: Pair[WhistEntry]
    won_game: Side | None


class GameValue(IntEnum):
    """What a game is worth to its winners, by the losers' score when it ends (Law 8)."""

    SINGLE = 1
    DOUBLE = 2
    TREBLE = 3

    @property
    def label(self) -> str:
        return self.name.lower()


def game_value(losers: int) -> GameValue:
    """A treble if the losers have not scored, a double if they have one or two, a single
    if three or four (Law 8)."""
    if losers == 0:
        return GameValue.TREBLE
    return GameValue.DOUBLE if losers < 3 else GameValue.SINGLE


@dataclass(frozen=True, slots=True)
class WhistGame:
    """A game begun: each side's score in it (five at most), and, once won, its value."""

    number: int
    points: Pair[int]
    winner: Side | None
    last_deal: int | None
    value: GameValue | None


@dataclass(frozen=True, slots=True)
class WhistTotals:
    """A side's points for the rubber: the values of the games it won, and the rubber's
    two to its winners (Law 9)."""

    games: int
    rubber: int

    @property
    def total(self) -> int:
        return self.games + self.rubber


@dataclass(frozen=True, slots=True)
class WhistSheet(Tally[WhistGame, WhistTotals]):
    """The whole score of a Whist rubber, worked out from its deals."""

    deals: tuple[WhistScoredDeal, ...]
    games: tuple[WhistGame, ...]
    totals: Pair[WhistTotals]
    winner: Side | None  # of the rubber: the first side to win two games (Law 1)


def work_out(deals: Iterable[WhistDeal]) -> WhistSheet:
    """Replay the deals in order and return the sheet; RubberError names the first deal
    that the code does not allow."""
    scored: list[WhistScoredDeal] = []
    games: list[WhistGame] = []
    game, points = 1, Pair(0, 0)
    games_won = {Side.WE: 0, Side.THEY: 0}
    winner: Side | None = None
    for number, deal in enumerate(deals, 1):
        if winner is not None:
            raise RubberError(
                f"the rubber was won at deal {number - 1}, so no deal may follow (Law 1)",
                deal=number,
            )
        try:
            entries, won_game = score_deal(deal, points)
        except RubberError as error:
            raise error.at(number) from None
        points = Pair(points.we + entries.we.points, points.they + entries.they.points)
        scored.append(WhistScoredDeal(number, game, deal, entries, won_game))
        if won_game is not None:
            value = game_value(points[won_game.other])
            games.append(WhistGame(game, points, won_game, number, value))
            games_won[won_game] += 1
            if games_won[won_game] == 2:
                winner = won_game
            game, points = game + 1, Pair(0, 0)
    if winner is None:
        games.append(WhistGame(game, points, None, None, None))
    return WhistSheet(tuple(scored), tuple(games), _totals(games, winner), winner)


def _totals(games: list[WhistGame], winner: Side | None) -> Pair[WhistTotals]:
    """Each side's games at their values, and the rubber's two to its winners (Law 9)."""

    def totals(side: Side) -> WhistTotals:
        values = sum(game.value for game in games if game.winner is side and game.value)
        return WhistTotals(values, RUBBER_POINTS if winner is side else 0)

    return Pair(totals(Side.WE), totals(Side.THEY))


# -- One deal, in the code's order (Laws 2–5, 72, 81, 82) ----------------------------------


@dataclass
class _Tally:
    """The tally of one deal as it is scored: each side's score in the game, its tricks after
    any penalty, and the items written so far."""

    score: dict[Side, int]
    tricks: dict[Side, int]
    most: dict[Side, int]  # five, or four for a side that revoked (Law 82)
    items: dict[Side, list[WhistItem]]
    won: Side | None = None

    def gain(self, side: Side, item: WhistItem) -> None:
        """Add an item's points to a side's score; beyond five, or four for a side that
        revoked, they are lost. Reaching five wins the game (Law 2)."""
        self.items[side].append(item)
        points, room = item.points, self.most[side] - self.score[side]
        if points > room:
            self.items[side].append(_lost(item.scoring, points - room, self.most[side] < GAME))
            points = room
        self.score[side] += points
        if self.score[side] >= GAME:
            self.won = side

    def note(self, side: Side, scoring: Scoring, text: str) -> None:
        self.items[side].append(WhistItem(scoring, 0, text))


# Items depend only on a few small values, and are immutable: each is made once.
@lru_cache(maxsize=64)
def _lost(scoring: Scoring, lost: int, revoked: bool) -> WhistItem:
    if revoked:
        why = (
            f"revoke: held to {HELD_TO}, the game cannot be won in this deal "
            f"(Laws 81, 82) \u2014 {lost} lost"
        )
    else:
        why = f"the game is won at {GAME}: {lost} beyond it lost (Law 2)"
    return WhistItem(scoring, -lost, why)


def _by_cards_words(by_cards: int) -> str:
    return "the odd trick" if by_cards == 1 else f"{by_cards} by cards"


@lru_cache(maxsize=16)
def _by_cards(by_cards: int) -> WhistItem:
    return WhistItem(Scoring.TRICKS, by_cards, f"{_by_cards_words(by_cards)}: {by_cards}")


@lru_cache(maxsize=4)
def _honours_item(held: int) -> WhistItem:
    worth = 4 if held == HONOURS else 2
    return WhistItem(Scoring.HONOURS, worth, f"{held} honours: {worth} (Law 3)")


_ADDED = WhistItem(
    Scoring.PENALTIES, PENALTY, f"their revoke: {PENALTY} added to this side's score (Law 72)"
)
_FIVE_EACH = {Side.WE: GAME, Side.THEY: GAME}


def score_deal(deal: WhistDeal, standing: Pair[int]) -> tuple[Pair[WhistEntry], Side | None]:
    """Both sides' entries for one deal, given each side's score in the game so far, and
    the side that won the game in it (None if neither).

    Raises RubberError (without the deal's number) if the code does not allow the deal.
    """
    _check(deal)
    most = _FIVE_EACH
    if deal.revokes:
        revoked = {revoke.by for revoke in deal.revokes}
        most = {side: HELD_TO if side in revoked else GAME for side in SIDES}
    tally = _Tally(
        score={Side.WE: standing.we, Side.THEY: standing.they},
        tricks={Side.WE: deal.tricks.we, Side.THEY: deal.tricks.they},
        most=most,
        items={Side.WE: [], Side.THEY: []},
    )
    if deal.revokes:
        _penalties(deal.revokes, tally)
    _tricks(tally)
    _honours(deal.honours, standing, tally)
    entries = Pair(_entry(tally.items[Side.WE]), _entry(tally.items[Side.THEY]))
    return entries, tally.won


def _penalties(revokes: tuple[Revoke, ...], tally: _Tally) -> None:
    """Each revoke's penalty, whole and in the order claimed, before any other score
    (Laws 5, 72)."""
    for revoke in revokes:
        revoker, claimants = revoke.by, revoke.by.other
        if tally.won is not None:
            tally.note(
                claimants,
                Scoring.PENALTIES,
                "their revoke: no penalty scored, the game being won (Law 5)",
            )
            continue
        if revoke.penalty is Penalty.TRICKS:
            taken = min(PENALTY, tally.tricks[revoker])
            tally.tricks[revoker] -= taken
            tally.tricks[claimants] += taken
            tricks = "no tricks" if taken == 0 else "1 trick" if taken == 1 else f"{taken} tricks"
            tally.note(revoker, Scoring.PENALTIES, f"revoke: {tricks} to the adversaries (Law 72)")
            tally.note(
                claimants, Scoring.PENALTIES, f"their revoke: {tricks} taken from them (Law 72)"
            )
        elif revoke.penalty is Penalty.ADD:
            tally.note(
                revoker, Scoring.PENALTIES, f"revoke: the adversaries add {PENALTY} (Law 72)"
            )
            tally.gain(claimants, _ADDED)
        else:
            deducted = min(PENALTY, tally.score[revoker])
            tally.score[revoker] -= deducted
            floor = "" if deducted == PENALTY else ", the score going no lower than nothing"
            text = f"revoke: {PENALTY} deducted from this side's score{floor} (Law 72)"
            text += f": {MINUS}{deducted}"
            tally.items[revoker].append(WhistItem(Scoring.PENALTIES, -deducted, text))
            tally.note(
                claimants,
                Scoring.PENALTIES,
                f"their revoke: {PENALTY} deducted from their score (Law 72)",
            )


def _tricks(tally: _Tally) -> None:
    """Each trick above six counts one point to the side that won it (Law 2); with thirteen
    tricks there is always exactly one such side."""
    side = Side.WE if tally.tricks[Side.WE] > 6 else Side.THEY
    by_cards = tally.tricks[side] - 6
    if tally.won is not None:
        words = _by_cards_words(by_cards)
        tally.note(side, Scoring.TRICKS, f"{words}: not scored, the game being won (Law 5)")
        return
    tally.gain(side, _by_cards(by_cards))


def _honours(honours: Pair[int], standing: Pair[int], tally: _Tally) -> None:
    """All four honours score four; any three, two; two, nothing (Law 3). A side at four
    when the deal began cannot score them (Law 4), nor anyone once the game is won (Law 5)."""
    holder = Side.WE if honours.we >= 3 else Side.THEY if honours.they >= 3 else None
    if holder is None:
        return
    words = f"{honours[holder]} honours"
    if standing[holder] == AT_FOUR:
        tally.note(holder, Scoring.HONOURS, f"{words}: not scored at four (Law 4)")
    elif tally.won is not None:
        tally.note(holder, Scoring.HONOURS, f"{words}: not scored, the game being won (Law 5)")
    else:
        tally.gain(holder, _honours_item(honours[holder]))


def _entry(items: list[WhistItem]) -> WhistEntry:
    if not items:
        return EMPTY
    penalties = tricks = honours = 0
    for item in items:
        if item.scoring is Scoring.TRICKS:
            tricks += item.points
        elif item.scoring is Scoring.HONOURS:
            honours += item.points
        else:
            penalties += item.points
    return WhistEntry(penalties, tricks, honours, tuple(items))


# -- What the code refuses ----------------------------------------------------------------


def _check(deal: WhistDeal) -> None:
    if deal.trump is Trump.NO_TRUMP:
        raise RubberError(
            "trump: Whist has no no-trump; the trump is the suit of the card turned up",
            field="trump",
        )
    tricks, honours = deal.tricks, deal.honours
    for side in SIDES:
        if tricks[side] < 0:
            raise RubberError(
                f"tricks cannot be negative (got {tricks[side]} for {side.label})", field="tricks"
            )
    if tricks.we + tricks.they != 13:
        raise RubberError(
            f"tricks must add up to 13 (got {tricks.we} + {tricks.they})", field="tricks"
        )
    for side in SIDES:
        if honours[side] < 0:
            raise RubberError(
                f"honours cannot be negative (got {honours[side]} for {side.label})",
                field="honours",
            )
    if honours.we + honours.they != HONOURS:
        raise RubberError(
            "honours must add up to 4, the ace, king, queen and knave of trumps "
            f"(got {honours.we} + {honours.they})",
            field="honours",
        )
