"""What the site asks of a rubber's game, by role: the laws of a deal and a sheet, the
file format, the words and layout, corrections, money and seating.

Each role is a small protocol. A game (`CardGame`) is its name and code and one answer to
each role, and implements only what it answers: a role is a module of the game's package
where its functions are the answers (`whist.corrections`, `bridge.text`), or a small class
where Three-handed Bridge differs from Bridge (`bridge.laws.BridgeLaws` and
`bridge.three_handed.ThreeHandedLaws`). The site asks the rubber's game and never tests
which game it is: `rubber.game_rules.corrections.window(sheet, number, ...)`.

(Each is a `CardGame`, not a "Game": on the sheet a game is one of the rubber's, won at
thirty or five.)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from scorer.engine.called import Called, Offer, Record
from scorer.engine.layout import Layout
from scorer.engine.model import Pair, Rules, Trump, Unit
from scorer.engine.rulings import Kind, Ruling, Window
from scorer.engine.stakes import Share, Staked
from scorer.engine.tally import ScoreSheet

Players = Pair[tuple[str, str]]  # each side's two seats; three playing, We's are one player's


class RubberRecord[D, S](Protocol):
    """A rubber as read from its JSON: the rules in force, the deals, the players if named."""

    @property
    def rules(self) -> Rules: ...
    @property
    def deals(self) -> tuple[D, ...]: ...
    @property
    def players(self) -> Players | None: ...
    def sheet(self) -> S: ...


class Laws[D, S](Protocol):
    """The laws of a deal and a sheet: what the table records of a deal and may declare,
    the deal it makes of that, the rules in force, and the sheet worked out."""

    @property
    def records(self) -> frozenset[Record]:
        """What the table records of a deal; a form shows only these."""
        ...

    @property
    def trumps(self) -> tuple[Trump, ...]:
        """The makes on offer (the suits turned up, at Whist)."""
        ...

    @property
    def reminders(self) -> tuple[str, ...]:
        """The game's own rules in words, for a reminder at the table."""
        ...

    def offers(self, trump: Trump) -> list[Offer]:
        """The calls of honours a form offers at this trump."""
        ...

    def passed_reminder(self, dealer: int) -> str | None:
        """What the players are reminded of when the dealer at seat `dealer` passes the
        make: three playing, the dummy's compulsory declaration."""
        ...

    def check_declaration(self, called: Called, rules: Rules) -> None:
        """Refuse, naming the field, a declaration the game does not allow."""
        ...

    def may_go_unplayed(self, called: Called, rules: Rules, standing: Pair[int]) -> bool: ...

    def deal_of(self, called: Called) -> D:
        """The deal a table recorded, as this game scores it; RubberError names the field."""
        ...

    def called_of(self, deal: D) -> Called:
        """A deal as a table records it (to replay a file's deals at a table)."""
        ...

    def rules(
        self,
        *,
        doubling_limit: int | None = None,
        spade_convention: bool = False,
        unit: Unit = Unit.RUBBER,
        most_points: int | None = None,
    ) -> Rules:
        """The rules in force for a rubber of this game, from the club's settings (and the
        bound of the record it is kept in); a unit the game does not allow is refused."""
        ...

    def work_out(self, deals: Iterable[D], rules: Rules) -> S: ...


class Format[D, S](Protocol):
    """The game's files: its rubbers read and written, its sheets written."""

    @property
    def rubber_format(self) -> str: ...
    @property
    def sheet_format(self) -> str: ...
    def read_rubber(self, data: object) -> RubberRecord[D, S]: ...
    def loads(self, text: str | bytes) -> RubberRecord[D, S]: ...
    def rubber_json(self, rubber: RubberRecord[D, S]) -> dict[str, Any]: ...
    def sheet_json(self, sheet: S, players: Players | None = None) -> dict[str, Any]: ...


class Words[D, S](Protocol):
    """The game in words and figures: a deal as the page, the phones and the printed sheet
    say it, where each figure goes, and the sheet's last lines."""

    @property
    def declaration_name(self) -> str:
        """What the first step of a deal records: "the declaration", or at Whist "the trump
        turned up"."""
        ...

    @property
    def deal_heads(self) -> tuple[str, str]:
        """The printed sheet's heads for a deal's first step and its result: "Dealer; the
        make; doubles", "Tricks; honours"."""
        ...

    @property
    def above_the_line(self) -> bool:
        """Whether the sheet scores honours above the line, apart from the games (Bridge),
        or keeps one score to each game (Whist): a blank pad is ruled to match."""
        ...

    def declaration_words(self, called: Called, dealer: str, maker: str) -> str:
        """ "Mrs. Carr dealt and made hearts"; at Whist "Mrs. Carr dealt and turned up hearts"."""
        ...

    def result_words(self, deal: D) -> str:
        """The result in a line: "We 9 tricks; honours We: four"."""
        ...

    def row_words(self, deal: D, maker: str) -> tuple[str, str, str, str]:
        """A deal's make, tricks, honours and extras, for a printed row."""
        ...

    def entry_figures(self, sheet: S, number: int) -> Pair[str]:
        """Each side's figures in deal `number` of the sheet, for a printed line: "24
        below, 8 above"; at Whist "3 points". Empty where a side scored nothing."""
        ...

    def layout(self, sheet: S) -> Layout:
        """Where each figure goes on the sheet, as the game's players keep it."""
        ...

    def table_of_values(self) -> tuple[list[str], list[tuple[str, list[str]]], str]:
        """What things are worth, for the foot of a blank score pad: heads, rows, foot."""
        ...

    def sheet_text(self, sheet: S, players: Players | None = None) -> str: ...

    def outcome(self, sheet: S) -> str:
        """The sheet's last line: points won, or where an unfinished rubber stands."""
        ...

    def standing(self, sheet: S, names: Pair[str] | None = None) -> str:
        """The state of the score in words, for the top of the page; with the sides'
        names for We and They, for a list of rubbers."""
        ...


class Corrections[D, S](Protocol):
    """What may still be corrected, under which law, and what a correction changed."""

    def window(self, sheet: S, number: int, *, next_trump_declared: bool, agreed: bool) -> Window:
        """What may still be corrected in deal `number`."""
        ...

    def ruling(
        self, sheet: S, number: int, new: D | None, *, next_trump_declared: bool, agreed: bool
    ) -> Ruling | None:
        """Whether deal `number` may be replaced by `new` (None: removed), under which law."""
        ...

    def kind_of_change(self, old: D, new: D) -> Kind | None: ...

    def law(self, kind: Kind) -> str:
        """The law that governs a kind of correction: "Law 12"."""
        ...

    def kind_words(self, kind: Kind) -> str:
        """A kind of correction as the sheet names it: "tricks", "a wrong score"."""
        ...

    def changes(self, before: S, after: S) -> list[str]:
        """What a correction changed on the sheet, in words."""
        ...


class Money[S](Protocol):
    """What a rubber is worth, to whom, and how the stake is reckoned."""

    @property
    def staked(self) -> Staked: ...

    def value(self, sheet: S, *, abandoned_counts: bool) -> int:
        """What the rubber is worth to We if agreed now (negative when They gain)."""
        ...

    def shares(self, value: int) -> tuple[Share, ...]:
        """Each player's part of `value` (the rubber's worth to We); they add up to nothing."""
        ...


class Seating(Protocol):
    """Who plays, where they sit, and how the table begins and goes on."""

    @property
    def number_of_players(self) -> int: ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats players sit in, one each, counted round the table from We's first
        (We 0 and 2, They 1 and 3); three playing, (0, 1, 3): the dummy's seat is its
        holder's."""
        ...

    @property
    def cuts(self) -> tuple[str, ...]:
        """How the table may cut to begin: "deal", "partners" (and deal), or, three
        playing, "dummy" (the dummy and the deal)."""
        ...

    @property
    def units(self) -> tuple[Unit, ...]:
        """What may be scored as a whole: the rubber; three playing, also each game."""
        ...

    def player_at(self, seat: int) -> int:
        """The seat of the player who plays `seat`'s cards: his own, or the dummy's holder's."""
        ...

    def seat_label(self, seat: int, name: str) -> str:
        """A seat as a choice of dealer: the player's name, or "Dummy (Mrs. Carr)"."""
        ...

    def next_seating(self, players: tuple[int, ...]) -> tuple[int, ...]:
        """The players of the next rubber at the same table, in the order of `seats`, given
        this one's: the same; three playing, the dummy passes to the next in the order of
        the cut."""
        ...


@dataclass(frozen=True, slots=True)
class CardGame[D, S: ScoreSheet]:
    """A game the club scores: D is the kind of deal it records, S the sheet it works out.

    Its code as stored and written ("bridge", "three-handed", "whist"), its name as a
    player says it ("Three-handed Bridge"), and its answer to each role.
    """

    code: str
    name: str
    laws: Laws[D, S]
    format: Format[D, S]
    words: Words[D, S]
    corrections: Corrections[D, S]
    money: Money[S]
    seating: Seating
