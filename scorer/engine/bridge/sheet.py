"""Working out the score sheet by replaying the deals in order.

A sheet is never stored: it is a function of the rules in force and the deals, rebuilt
every time (Laws 1–11, 85–96 and the Spade Convention). Each entry carries the items it is
made of, in words, so that a player can see why a number is what it is.

Three playing (`ThreeHandedRules`), the same replay scores each game as a unit of its own
if they so agree, and refuses a redouble by a dealer who has seen the two hands.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from scorer.engine.errors import RubberError
from scorer.engine.layout import Column, Item
from scorer.engine.model import (
    PRINTED_LAWS,
    SIDES,
    Deal,
    Holding,
    Pair,
    Play,
    Rules,
    Side,
    ThreeHandedRules,
    Trump,
    Unit,
)
from scorer.engine.tally import Tally
from scorer.engine.values import (
    GAME,
    GAME_AS_A_UNIT,
    GRAND_SLAM,
    HELD_TO,
    LITTLE_SLAM,
    RUBBER,
    Honours,
    chicane_value,
    most_doubles,
    trick_value,
)
from scorer.engine.words import MINUS, doubled


@dataclass(frozen=True, slots=True)
class Entry:
    """One side's score for one deal: tricks below the line, honours above it."""

    tricks: int
    honours: int
    items: tuple[Item, ...]

    @property
    def explanation(self) -> tuple[str, ...]:
        return tuple(item.text for item in self.items)


EMPTY = Entry(0, 0, ())


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """A deal as it stands on the sheet: its number, the game it lies in, its entries."""

    number: int
    game: int
    deal: Deal
    entries: Pair[Entry]
    won_game: Side | None


@dataclass(frozen=True, slots=True)
class Game:
    """A game begun: the trick points of each side in it, excess included (Law 3)."""

    number: int
    points: Pair[int]
    winner: Side | None
    last_deal: int | None  # the deal that won it


@dataclass(frozen=True, slots=True)
class Totals:
    tricks: int
    honours: int
    rubber: int

    @property
    def total(self) -> int:
        return self.tricks + self.honours + self.rubber


@dataclass(frozen=True, slots=True)
class Sheet(Tally[Game, Totals]):
    """The whole score of a rubber, worked out from its deals."""

    rules: Rules
    deals: tuple[ScoredDeal, ...]
    games: tuple[Game, ...]
    totals: Pair[Totals]
    winner: Side | None  # of the rubber: the first side to win two games (Law 1)


def work_out(deals: Iterable[Deal], rules: Rules = PRINTED_LAWS) -> Sheet:
    """Replay the deals in order and return the sheet; RubberError names the first deal
    that the laws do not allow."""
    scored: list[ScoredDeal] = []
    games: list[Game] = []
    game, points = 1, Pair(0, 0)
    games_won = {Side.WE: 0, Side.THEY: 0}
    tricks_we = tricks_they = honours_we = honours_they = 0
    winner: Side | None = None
    games_to_win = 1 if rules.unit is Unit.GAME else 2
    for number, deal in enumerate(deals, 1):
        if winner is not None:
            raise _nothing_follows(rules, number)
        try:
            entries = score_deal(deal, rules, points)
        except RubberError as error:
            raise error.at(number) from None
        we, they = entries.we, entries.they
        tricks_we += we.tricks
        tricks_they += they.tricks
        honours_we += we.honours
        honours_they += they.honours
        if rules.most_points is not None:
            totals_now = Pair(tricks_we + honours_we, tricks_they + honours_they)
            _check_within(rules.most_points, number, totals_now, bonus(rules))
        points = Pair(points.we + we.tricks, points.they + they.tricks)
        won_game = _game_won_by(points)
        scored.append(ScoredDeal(number, game, deal, entries, won_game))
        if won_game is not None:
            games.append(Game(game, points, won_game, number))
            games_won[won_game] += 1
            if games_won[won_game] == games_to_win:
                winner = won_game
            game, points = game + 1, Pair(0, 0)
    if winner is None:
        games.append(Game(game, points, None, None))
    won = bonus(rules)
    totals = Pair(
        Totals(tricks_we, honours_we, won if winner is Side.WE else 0),
        Totals(tricks_they, honours_they, won if winner is Side.THEY else 0),
    )
    return Sheet(rules, tuple(scored), tuple(games), totals, winner)


def _check_within(most: int, number: int, totals: Pair[int], bonus: int) -> None:
    """A side's total, with the winners' bonus it may yet add, must fit the record."""
    for side in SIDES:
        if totals[side] + bonus > most:
            raise RubberError(
                f"{side.label} would have {totals[side]:,} points, more than the {most:,} "
                "a rubber may hold here: if the doubles were entered wrongly, correct them",
                deal=number,
                field="doubles",
            )


def bonus(rules: Rules) -> int:
    """What the winners add: 100 for the rubber (Law 11); 50 for a game played as a unit
    of its own (Bridge for Three Players)."""
    return GAME_AS_A_UNIT if rules.unit is Unit.GAME else RUBBER


def _nothing_follows(rules: Rules, number: int) -> RubberError:
    if rules.unit is Unit.GAME:
        return RubberError(
            f"the game was won at deal {number - 1} and is scored as a unit of its own, "
            "so no deal may follow (Bridge for Three Players)",
            deal=number,
        )
    return RubberError(
        f"the rubber was won at deal {number - 1}, so no deal may follow (Law 1)", deal=number
    )


def _game_won_by(points: Pair[int]) -> Side | None:
    """Thirty points by tricks win a game (Law 2); only one side can score them in a deal."""
    if points.we >= GAME:
        return Side.WE
    if points.they >= GAME:
        return Side.THEY
    return None


def score_deal(deal: Deal, rules: Rules, standing: Pair[int], *, games: bool = True) -> Pair[Entry]:
    """Both sides' entries for one deal, given each side's trick points in the game so far.

    games=False scores the deal with no game around it (for points alone): a revoking
    side's trick points are then never held to 28, Law 89 having no game to act on.
    Raises RubberError (without the deal's number) if the laws do not allow the deal.
    """
    check_declaration(deal, rules)
    play = deal.play
    if play is None:
        _check_not_played(deal, rules, standing)
        return Pair(_NOT_PLAYED, EMPTY) if deal.declarer is Side.WE else Pair(EMPTY, _NOT_PLAYED)
    _check_play(deal.trump, play)
    items: dict[Side, list[Item]] = {Side.WE: [], Side.THEY: []}
    _trick_items(deal, play, standing, items, games=games)
    _honour_items(deal.trump, play, items)
    return Pair(_entry(items[Side.WE]), _entry(items[Side.THEY]))


# The spade maker "may take two on the score" (Spade Convention II).
_NOT_PLAYED = Entry(2, 0, (Item(Column.TRICKS, 2, "Spades not played (Spade Convention): 2"),))


def _entry(items: list[Item]) -> Entry:
    if not items:
        return EMPTY
    tricks = honours = 0
    for item in items:
        if item.column is Column.TRICKS:
            tricks += item.points
        else:
            honours += item.points
    return Entry(tricks, honours, tuple(items))


# -- Tricks, revokes and the game (Laws 2–4, 50, 85–96) -----------------------------------


def tricks_after_revokes(play: Play) -> Pair[int]:
    """Tricks after each revoke moves three from the revoking side (Law 87), at most
    thirteen for one side's revokes (Law 96); moves on both sides net out and no side
    holds fewer than 0 or more than 13."""
    revokes = play.revokes
    moved = min(13, 3 * revokes.they) - min(13, 3 * revokes.we)
    we = min(13, max(0, play.tricks.we + moved))
    return Pair(we, 13 - we)


def _trick_items(
    deal: Deal, play: Play, standing: Pair[int], items: dict[Side, list[Item]], *, games: bool
) -> None:
    """The side with more than six tricks scores them, whoever declared (Law 4); with
    thirteen tricks in a deal there is always exactly one such side."""
    revokes = play.revokes
    revoked = bool(revokes.we or revokes.they)
    tricks = tricks_after_revokes(play) if revoked else play.tricks
    side = Side.WE if tricks.we > 6 else Side.THEY
    by_cards = (tricks.we if side is Side.WE else tricks.they) - 6
    item = _by_cards(deal.trump, deal.doubles, by_cards)
    items[side].append(item)
    if revoked:
        _revoke_items(revokes, side, standing[side] + item.points, items, games=games)


def _revoke_items(
    revokes: Pair[int],
    scorer: Side,
    toward_game: int,
    items: dict[Side, list[Item]],
    *,
    games: bool,
) -> None:
    for side in SIDES:
        own, theirs = revokes[side], revokes[side.other]
        if own:
            items[side].insert(0, Item(Column.TRICKS, 0, _revoke_text(own, own=True)))
        if theirs:
            items[side].insert(0, Item(Column.TRICKS, 0, _revoke_text(theirs, own=False)))
    lost = toward_game - HELD_TO
    if games and revokes[scorer] and lost > 0:  # Laws 89, 95
        text = f"revoke: held to {HELD_TO} toward game (Law 89) \u2014 {lost} points lost"
        items[scorer].append(Item(Column.TRICKS, -lost, text))


def _revoke_text(revokes: int, *, own: bool) -> str:
    tricks = min(13, 3 * revokes)
    laws = "Laws 87, 96" if 3 * revokes > 13 else "Law 87"
    what = "revoke" if revokes == 1 else f"{revokes} revokes"
    if own:
        return f"{what}: {tricks} tricks to the adversaries ({laws})"
    return f"their {what}: {tricks} tricks to this side ({laws})"


# Items depend only on a few small values, and are immutable: each is made once.
@lru_cache(maxsize=4096)
def _by_cards(trump: Trump, doubles: int, by_cards: int) -> Item:
    """ "Hearts, 3 by-cards, redoubled: 3 × 8 × 4 = 96" """
    points = by_cards * trick_value(trump, doubles)
    noun = "by-card" if by_cards == 1 else "by-cards"
    factors = f"{by_cards} \u00d7 {trump.trick_value}"
    if doubles:
        factors += f" \u00d7 {1 << doubles}"
    text = f"{trump.label}, {by_cards} {noun}{doubled(doubles)}: {factors} = {points}"
    return Item(Column.TRICKS, points, text)


# -- Honours, chicane and slam (Laws 5–10) ------------------------------------------------


@lru_cache(maxsize=64)
def _honours(trump: Trump, honours: Honours) -> Item:
    """ "4 honours in one hand (hearts): 64"; at no-trump, "3 aces: 30" """
    points = honours.points(trump)
    suit = "" if trump is Trump.NO_TRUMP else f" ({trump.label.lower()})"
    return Item(Column.HONOURS, points, f"{honours.text}{suit}: {points}")


_LITTLE_SLAM = Item(Column.HONOURS, LITTLE_SLAM, f"little slam: {LITTLE_SLAM}")
_GRAND_SLAM = Item(Column.HONOURS, GRAND_SLAM, f"grand slam: {GRAND_SLAM}")


def _honour_items(trump: Trump, play: Play, items: dict[Side, list[Item]]) -> None:
    """Honours go to the side that held them, whoever declared (Law 6); at no-trump, aces
    easy score nothing."""
    holder, honours = Side.WE, Honours.of(trump, play.honours.we)
    if honours is None:
        holder, honours = Side.THEY, Honours.of(trump, play.honours.they)
    if honours is not None:
        items[holder].append(_honours(trump, honours))
    tricks = play.tricks  # won in play: penalty tricks do not make a slam (Law 7)
    if tricks.we >= 12 or tricks.they >= 12:
        side = Side.WE if tricks.we >= 12 else Side.THEY
        items[side].append(_GRAND_SLAM if tricks[side] == 13 else _LITTLE_SLAM)
    chicane = play.chicane
    if honours is not None and (chicane.we or chicane.they):
        _chicane_items(trump, chicane, holder, items[holder])


def _chicane_items(trump: Trump, chicane: Pair[int], holder: Side, items: list[Item]) -> None:
    """A chicane adds three honours to the honour score of its side when that side scores
    honours, and otherwise comes off the adversaries' honour score, slam included (Law 9).

    That never takes a score below nothing: a chicane is worth three honours, the least a
    side scores, and a double chicane leaves all five honours to the adversaries.
    """
    own, theirs = chicane[holder], chicane[holder.other]
    if own:
        value = chicane_value(trump, own)
        items.append(Item(Column.HONOURS, value, f"{_chicane_name(own)}: {value}"))
    if theirs:
        value = chicane_value(trump, theirs)
        # Said by who holds it: in the other column, "their chicane" could be either side's.
        text = f"{holder.other.label} hold {_chicane_name(theirs)}: {MINUS}{value}"
        items.append(Item(Column.HONOURS, -value, text))


def _chicane_name(void_hands: int) -> str:
    return "chicane" if void_hands == 1 else "double chicane"


# -- What the laws refuse ----------------------------------------------------------------


def check_declaration(deal: Deal, rules: Rules) -> None:
    """The make and its doubles: any number (Law 55) unless the club sets a limit (the
    footnote to Law 56), and no more than the record holds. Three playing, a dealer who has
    seen the two hands may not redouble: We's dealer is the dummy's holder, dealing for
    himself or for the dummy."""
    if deal.doubles == 0:
        return
    if deal.doubles < 0:
        raise RubberError(f"doubles cannot be negative (got {deal.doubles})", field="doubles")
    most_points = rules.most_points
    if most_points is not None and trick_value(deal.trump, deal.doubles) > most_points:
        raise RubberError(
            f"doubles: doubled {deal.doubles} times, a trick at {deal.trump.label} would be "
            f"worth {trick_value(deal.trump, deal.doubles):,} points, more than the "
            f"{most_points:,} a rubber may hold here",
            field="doubles",
        )
    if deal.doubles > 1 and deal.dealer is Side.WE and isinstance(rules, ThreeHandedRules):
        raise RubberError(
            "doubles: the dealer, the dummy's holder, has seen the two hands and may not "
            f"redouble (Bridge for Three Players) (got {deal.doubles})",
            field="doubles",
        )
    most = most_doubles(deal.trump, rules.doubling_limit)
    if most is None or deal.doubles <= most:
        return
    limit = f"with the club's doubling limit of {rules.doubling_limit}"
    if most == 0:
        reason = (
            f"{deal.trump.label} may not be doubled, a trick being worth {deal.trump.trick_value}"
        )
    else:
        reason = (
            f"{deal.trump.label} may be doubled at most {most} times, "
            f"when a trick is worth {trick_value(deal.trump, most)}"
        )
    raise RubberError(f"doubles: {limit}, {reason} (got {deal.doubles})", field="doubles")


def may_go_unplayed(deal: Deal, rules: Rules, standing: Pair[int]) -> bool:
    """Whether this declaration may go unplayed under the Spade Convention, with each side
    at `standing` in the game."""
    try:
        _check_not_played(deal, rules, standing)
    except RubberError:
        return False
    return True


def _check_not_played(deal: Deal, rules: Rules, standing: Pair[int]) -> None:
    """A spade make goes unplayed only as the Spade Convention allows."""

    def refuse(reason: str) -> RubberError:
        return RubberError(f"played: {reason}", field="played")

    if not rules.spade_convention:
        raise refuse("a deal may go unplayed only under the Spade Convention, not in force")
    if deal.trump is not Trump.SPADES:
        raise refuse("only a spade make may go unplayed (Spade Convention)")
    if deal.doubles:
        raise refuse("a doubled spade make must be played (Spade Convention I)")
    for side in SIDES:
        if standing[side] >= 20:
            raise refuse(
                f"with {side.label} at {standing[side]} in this game, "
                "the hand must be played (Spade Convention I)"
            )


def _check_play(trump: Trump, play: Play) -> None:
    tricks, held, chicane, revokes = play.tricks, play.honours, play.chicane, play.revokes
    if tricks.we < 0 or tricks.they < 0:
        side = Side.WE if tricks.we < 0 else Side.THEY
        raise RubberError(
            f"tricks cannot be negative (got {tricks[side]} for {side.label})", field="tricks"
        )
    if tricks.we + tricks.they != 13:
        raise RubberError(
            f"tricks must add up to 13 (got {tricks.we} + {tricks.they})", field="tricks"
        )
    if min(held.we) < 0 or min(held.they) < 0:
        side = Side.WE if min(held.we) < 0 else Side.THEY
        raise RubberError(
            f"honours cannot be negative (got {list(held[side])} for {side.label})",
            field="honours",
        )
    honours = held.we[0] + held.we[1] + held.they[0] + held.they[1]
    if trump is Trump.NO_TRUMP and honours != 4:
        raise RubberError(
            f"honours: the aces at no-trump must add up to 4 (got {honours})", field="honours"
        )
    if trump is not Trump.NO_TRUMP and honours != 5:
        raise RubberError(f"honours must add up to 5 (got {honours})", field="honours")
    if chicane.we or chicane.they:
        _check_chicane(trump, Side.WE, chicane.we, held.we)
        _check_chicane(trump, Side.THEY, chicane.they, held.they)
    if revokes.we < 0 or revokes.they < 0:
        side = Side.WE if revokes.we < 0 else Side.THEY
        raise RubberError(
            f"revokes cannot be negative (got {revokes[side]} for {side.label})",
            field="revokes",
        )


def _check_chicane(trump: Trump, side: Side, void_hands: int, held: Holding) -> None:
    if not 0 <= void_hands <= 2:
        raise RubberError(
            f"chicane is 0, 1 or 2 hands void of trumps (got {void_hands} for {side.label})",
            field="chicane",
        )
    if void_hands and trump is Trump.NO_TRUMP:
        raise RubberError(
            "chicane: there is no chicane at no-trump, where there are no trumps (Law 9)",
            field="chicane",
        )
    if void_hands > held.count(0):
        hands = "a hand" if void_hands == 1 else "both hands"
        raise RubberError(
            f"chicane: {hands} of {side.label} void of trumps can hold no honours, "
            f"but {side.label} hold honours {list(held)}",
            field="chicane",
        )
