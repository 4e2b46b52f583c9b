"""A deal of elwell-rubber/1 given as its cards, worked out into what the sheet scores (§9).

A deal may carry `hands` (and `play`): the honours and chicane are then counted from the
hands, and the tricks won and revokes from the play, never asked for. A deal that gives
them anyway must agree with the cards; the revokes given may be fewer than the play shows
(a revoke not claimed goes unpenalised), never more.

`read_cards(data, dealer=, trump=)` takes the deal's JSON fields and returns a `ByCards`:
`by_cards.play` is the `scorer.engine.model.Play` the sheet scores, exactly what the same
deal given by its counts would give, and `by_cards.worked_out` the `worked_out` object the
sheet writes on that deal, in the input's terms.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorer.engine.cards.cards import Suit, shown
from scorer.engine.cards.errors import CardError
from scorer.engine.cards.hands import Hands, Position
from scorer.engine.cards.honours import chicane_of, honours_of, void_by_hand
from scorer.engine.cards.play import (
    CardPlay,
    Played,
    card_play,
    played_numbers,
    revokes_of,
    tricks_of,
)
from scorer.engine.model import NONE, SIDES, Holding, Pair, Play, Side, Trump

CARD_FIELDS = ("hands", "play")


@dataclass(frozen=True, slots=True)
class ByCards:
    """A deal's cards worked out: the hands, the play if given, and the `Play` the sheet
    scores (tricks from the play or as given, honours and chicane from the hands, revokes
    as given or as the play shows)."""

    hands: Hands
    trump: Trump
    dealer: Side
    play: Play
    played: Played | None  # the play, if given, worked out on numbers

    @property
    def card_play(self) -> CardPlay | None:
        """The play trick by trick, if it was given."""
        if self.played is None:
            return None
        return card_play(self.hands, self.trump, self.played)

    @property
    def worked_out(self) -> dict[str, Any]:
        """What was worked out from the cards, in the input's terms (§9): each side's honours
        as [the dealer or the leader, his partner]; `tricks` and `revokes` only with a play.
        """
        honours = honours_of(self.hands, self.trump, self.dealer)
        data: dict[str, Any] = {
            "honours": {side.value: list(honours[side]) for side in SIDES},
            "chicane": _json(chicane_of(self.hands, self.trump, self.dealer)),
        }
        if self.played is not None:
            data["tricks"] = _json(tricks_of(self.played, self.dealer))
            data["revokes"] = _json(revokes_of(self.played, self.dealer))
        return data


def read_cards(data: Mapping[str, object], *, dealer: Side, trump: Trump) -> ByCards:
    """Work out a deal given by its `hands` (and `play`), checking whatever honours,
    chicane, tricks and revokes it also gives; a CardError names the field otherwise.

    `data` is the deal's JSON object; `dealer` and `trump` are its declaration, read
    already. The error does not know the deal's number: the reader places it
    (`error.at(number)`), as it does its own.
    """
    if "hands" not in data:
        raise CardError("hands is missing", field="hands")
    hands = Hands.read(data["hands"])
    honours = honours_of(hands, trump, dealer)
    chicane = chicane_of(hands, trump, dealer)
    if "honours" in data:
        _agree_honours(honours, _holdings(data), dealer)
    if "chicane" in data:
        _agree_chicane(chicane, _counts(data, "chicane"), hands, trump, dealer)
    played = played_numbers(hands, trump, data["play"]) if "play" in data else None
    if played is None:
        if "tricks" not in data:
            raise CardError(
                "tricks is missing: a deal given by its hands without its play gives its tricks",
                field="tricks",
            )
        tricks = _counts(data, "tricks")
        revokes = _counts(data, "revokes") if "revokes" in data else NONE
    else:
        tricks = tricks_of(played, dealer)
        if "tricks" in data:
            given = _counts(data, "tricks")
            if given != tricks:
                raise CardError(
                    f"tricks: the play gives We {tricks.we} and They {tricks.they}, "
                    f"not {given.we} and {given.they}",
                    field="tricks",
                )
        revokes = revokes_of(played, dealer)
        if "revokes" in data:
            revokes = _fewer_revokes(
                card_play(hands, trump, played), revokes, _counts(data, "revokes"), dealer
            )
    return ByCards(hands, trump, dealer, Play(tricks, honours, chicane, revokes), played)


def _agree_honours(honours: Pair[Holding], given: Pair[Holding], dealer: Side) -> None:
    for side in SIDES:
        held, said = honours[side], given[side]
        if sorted(held) == sorted(said):
            continue  # the order within a side is free
        first, second = (
            ("the dealer", "his partner") if side is dealer else ("the leader", "his partner")
        )
        not_so = f"{sum(said)}" if sum(said) != sum(held) else f"{said[0]} and {said[1]}"
        raise CardError(
            f"honours: the hands give {side.label} {sum(held)} "
            f"({first} {held[0]}, {second} {held[1]}), not {not_so}",
            field="honours",
        )


def _agree_chicane(
    chicane: Pair[int], given: Pair[int], hands: Hands, trump: Trump, dealer: Side
) -> None:
    for side in SIDES:
        if chicane[side] == given[side]:
            continue
        suit = Suit.of(trump)
        if suit is None:
            why = "there is no chicane at no-trump"
        else:
            void = void_by_hand(hands, trump)
            positions = [p for p in Position if p.side(dealer) is side]
            voids = [p for p in positions if void[p]]
            if not voids:
                why = f"both hold {suit.label}"
            elif len(voids) == 2:
                why = f"neither holds {suit.label}"
            else:
                why = f"{voids[0].label} holds no {suit.label}"
        raise CardError(
            f"chicane: the hands give {side.label} {chicane[side]} ({why}), not {given[side]}",
            field="chicane",
        )


def _fewer_revokes(
    card_play: CardPlay, shown_: Pair[int], given: Pair[int], dealer: Side
) -> Pair[int]:
    """The revokes claimed, which may be fewer than the play shows but never more."""
    for side in SIDES:
        if given[side] <= shown_[side]:
            continue
        found = [
            f"{revoke.position.label}'s {revoke.card} in trick {revoke.trick}"
            for revoke in card_play.revokes
            if revoke.penalised and revoke.position.side(dealer) is side
        ]
        count = shown_[side]
        which = (
            f"{count} revoke{'s' if count > 1 else ''} ({'; '.join(found)})"
            if found
            else "no revoke"
        )
        raise CardError(
            f"revokes: the play shows {side.label} {which}, not {given[side]}", field="revokes"
        )
    return given


def _json(pair: Pair[int]) -> dict[str, int]:
    return {"we": pair.we, "they": pair.they}


# -- The shape of the counts a deal gives as well --------------------------------------------


def _sides(data: Mapping[str, object], field: str) -> tuple[object, object]:
    value = data[field]
    if type(value) is dict and len(value) == 2 and "we" in value and "they" in value:
        return value["we"], value["they"]
    raise CardError(
        f"{field} must be an object with 'we' and 'they' (got {shown(value)})", field=field
    )


def _counts(data: Mapping[str, object], field: str) -> Pair[int]:
    we, they = _sides(data, field)
    for side, value in (("we", we), ("they", they)):
        if type(value) is not int:
            raise CardError(
                f"{field}.{side} must be a whole number (got {shown(value)})", field=field
            )
    return Pair(we, they)  # type: ignore[arg-type]


def _holdings(data: Mapping[str, object]) -> Pair[Holding]:
    we, they = _sides(data, "honours")
    return Pair(_holding(we, "we"), _holding(they, "they"))


def _holding(value: object, side: str) -> Holding:
    if type(value) is list and len(value) == 2:
        first, second = value
        if type(first) is int and type(second) is int:
            return (first, second)
    raise CardError(
        f"honours.{side} must be a list of two whole numbers, one for each hand "
        f"(got {shown(value)})",
        field="honours",
    )
