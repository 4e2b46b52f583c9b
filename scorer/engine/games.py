"""The games the club scores, as a registry: Bridge, Three-handed Bridge, Short Whist.

Each game answers the same questions: its name, how its rubbers are read and written, how
the sheet is worked out, what the rubber is worth and to whom, how the money is staked, and
what may still be corrected under which law. The site asks the rubber's game and never
tests which game it is: `find_game(rubber.game).value(sheet, abandoned_counts=...)`.

(Each is a `CardGame`, not a "Game": on the sheet a game is one of the rubber's, won at
thirty or five.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from scorer.engine import reading, words
from scorer.engine.bridge import corrections, interchange, text, three_handed
from scorer.engine.bridge.interchange import Rubber
from scorer.engine.bridge.layout import layout
from scorer.engine.bridge.sheet import Sheet, check_declaration, may_go_unplayed, work_out
from scorer.engine.called import Called, Offer, Record
from scorer.engine.calls import Call, call_of, calls_on_offer
from scorer.engine.errors import RubberError
from scorer.engine.layout import Layout
from scorer.engine.model import (
    PRINTED_LAWS,
    Deal,
    Maker,
    Pair,
    Play,
    Rules,
    Side,
    ThreeHandedRules,
    Trump,
    Unit,
)
from scorer.engine.rulings import Kind, Ruling, Window
from scorer.engine.seats import SEATS, adversaries_of, partner_of, side_of_seat
from scorer.engine.whist import corrections as whist_corrections
from scorer.engine.whist import interchange as whist_interchange
from scorer.engine.whist import laws as whist_laws
from scorer.engine.whist import text as whist_text
from scorer.engine.whist.interchange import WhistRubber
from scorer.engine.whist.layout import layout as whist_layout
from scorer.engine.whist.sheet import WhistDeal, WhistSheet
from scorer.engine.whist.sheet import work_out as work_out_whist

Players = Pair[tuple[str, str]]  # each side's two seats; three playing, We's are one player's


class Staked(StrEnum):
    """How the club's stake is reckoned: so much a hundred points, or so much a point."""

    points: int
    label: str

    def __new__(cls, code: str, points: int, label: str) -> Staked:
        member = str.__new__(cls, code)
        member._value_ = code
        member.points = points
        member.label = label
        return member

    PER_HUNDRED = ("hundred", 100, "a hundred points")
    PER_POINT = ("point", 1, "a point")

    def amount(self, points: int, stake: Decimal) -> Decimal:
        """The money for `points` at `stake` the hundred (or the point)."""
        return Decimal(points) * stake / self.points


@dataclass(frozen=True, slots=True)
class Share:
    """One player's part of the rubber's value: the seats he sits in, counted round the
    table from We's first seat (We 0 and 2, They 1 and 3), the points he gains (negative
    when he loses them), and the seats of his partners and of his adversaries."""

    seats: tuple[int, ...]
    points: int
    partners: tuple[int, ...]
    adversaries: tuple[int, ...]


class Totalled(Protocol):
    @property
    def total(self) -> int: ...


class ScoreSheet(Protocol):
    """What every game's sheet answers, whatever its entries are."""

    @property
    def winner(self) -> Side | None: ...
    @property
    def finished(self) -> bool: ...
    @property
    def games_won(self) -> Pair[int]: ...
    @property
    def net(self) -> Pair[int]: ...
    @property
    def totals(self) -> Pair[Totalled]: ...


class RubberRecord[D, S](Protocol):
    """A rubber as read from its JSON: the rules in force, the deals, the players if named."""

    @property
    def rules(self) -> Rules: ...
    @property
    def deals(self) -> tuple[D, ...]: ...
    @property
    def players(self) -> Players | None: ...
    def sheet(self) -> S: ...


@runtime_checkable
class CardGame[D, S: ScoreSheet](Protocol):
    """A game the club scores: D is the kind of deal it records, S the sheet it works out.

    Every question the site asks of a rubber's game; the answers are the game's laws.
    """

    @property
    def code(self) -> str:
        """As stored and written: "bridge", "three-handed", "whist"."""
        ...

    @property
    def name(self) -> str:
        """As a player says it: "Three-handed Bridge"."""
        ...

    @property
    def number_of_players(self) -> int: ...
    @property
    def rubber_format(self) -> str: ...
    @property
    def sheet_format(self) -> str: ...
    @property
    def staked(self) -> Staked: ...
    @property
    def reminders(self) -> tuple[str, ...]:
        """The game's own rules in words, for a reminder at the table."""
        ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats players sit in, one each, counted round the table from We's first
        (We 0 and 2, They 1 and 3); three playing, (0, 1, 3): the dummy's seat is its
        holder's."""
        ...

    def player_at(self, seat: int) -> int:
        """The seat of the player who plays `seat`'s cards: his own, or the dummy's holder's."""
        ...

    @property
    def cuts(self) -> tuple[str, ...]:
        """How the table may cut to begin: "deal", "partners" (and deal), or, three
        playing, "dummy" (the dummy and the deal)."""
        ...

    @property
    def declaration_name(self) -> str:
        """What the first step of a deal records: "the declaration", or at Whist "the trump
        turned up"."""
        ...

    def next_seating(self, players: tuple[int, ...]) -> tuple[int, ...]:
        """The players of the next rubber at the same table, in the order of `seats`, given
        this one's: the same; three playing, the dummy passes to the next in the order of
        the cut."""
        ...

    def seat_label(self, seat: int, name: str) -> str:
        """A seat as a choice of dealer: the player's name, or "Dummy (Mrs. Carr)"."""
        ...

    @property
    def units(self) -> tuple[Unit, ...]:
        """What may be scored as a whole: the rubber; three playing, also each game."""
        ...

    @property
    def records(self) -> frozenset[Record]:
        """What the table records of a deal; a form shows only these."""
        ...

    @property
    def trumps(self) -> tuple[Trump, ...]:
        """The makes on offer (the suits turned up, at Whist)."""
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

    def declaration_words(self, called: Called, dealer: str, maker: str) -> str:
        """ "Mrs. Carr dealt and made hearts"; at Whist "Mrs. Carr dealt and turned up hearts"."""
        ...

    def result_words(self, deal: D) -> str:
        """The result in a line: "We 9 tricks; honours We: four"."""
        ...

    def row_words(self, deal: D, maker: str) -> tuple[str, str, str, str]:
        """A deal's make, tricks, honours and extras, for a printed row."""
        ...

    @property
    def above_the_line(self) -> bool:
        """Whether the sheet scores honours above the line, apart from the games (Bridge),
        or keeps one score to each game (Whist): a blank pad is ruled to match."""
        ...

    @property
    def deal_heads(self) -> tuple[str, str]:
        """The printed sheet's heads for a deal's first step and its result: "Dealer; the
        make; doubles", "Tricks; honours"."""
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

    def read_rubber(self, data: object) -> RubberRecord[D, S]: ...
    def loads(self, text: str | bytes) -> RubberRecord[D, S]: ...
    def rubber_json(self, rubber: RubberRecord[D, S]) -> dict[str, Any]: ...
    def work_out(self, deals: Iterable[D], rules: Rules) -> S: ...

    def value(self, sheet: S, *, abandoned_counts: bool) -> int:
        """What the rubber is worth to We if agreed now (negative when They gain)."""
        ...

    def shares(self, value: int) -> tuple[Share, ...]:
        """Each player's part of `value` (the rubber's worth to We); they add up to nothing."""
        ...

    def window(self, sheet: S, number: int, *, next_trump_declared: bool, agreed: bool) -> Window:
        """What may still be corrected in deal `number`."""
        ...

    def kind_of_change(self, old: D, new: D) -> Kind | None: ...
    def law(self, kind: Kind) -> str:
        """The law that governs a kind of correction: "Law 12"."""
        ...

    def kind_words(self, kind: Kind) -> str:
        """A kind of correction as the sheet names it: "tricks", "a wrong score"."""
        ...

    def ruling(
        self, sheet: S, number: int, new: D | None, *, next_trump_declared: bool, agreed: bool
    ) -> Ruling | None:
        """Whether deal `number` may be replaced by `new` (None: removed), under which law."""
        ...

    def changes(self, before: S, after: S) -> list[str]:
        """What a correction changed on the sheet, in words."""
        ...

    def sheet_json(self, sheet: S, players: Players | None = None) -> dict[str, Any]: ...
    def sheet_text(self, sheet: S, players: Players | None = None) -> str: ...
    def outcome(self, sheet: S) -> str:
        """The sheet's last line: points won, or where an unfinished rubber stands."""
        ...

    def standing(self, sheet: S, names: Pair[str] | None = None) -> str:
        """The state of the score in words, for the top of the page; with the sides'
        names for We and They, for a list of rubbers."""
        ...


def rubber_value(sheet: ScoreSheet, *, abandoned_counts: bool) -> int:
    """What the rubber is worth to We if agreed now: the difference of the totals once won
    (Law 11 at Bridge, Law 10 at Whist); if abandoned unwon, the points as they stand, or
    nothing, as the club's rule was when the rubber began."""
    if sheet.finished or abandoned_counts:
        return sheet.net.we
    return 0


def _four_seats(value: int) -> tuple[Share, ...]:
    """Partners opposite: We in seats 0 and 2 gain the value, They in 1 and 3 lose it."""
    return tuple(
        Share(
            (seat,),
            value if side_of_seat(seat) is Side.WE else -value,
            (partner_of(seat),),
            adversaries_of(seat),
        )
        for seat in SEATS
    )


class _Reckoned:
    """What the games reckon alike: a rubber's worth to We, and four players' shares of it
    (Three-handed Bridge has its own)."""

    def value(self, sheet: ScoreSheet, *, abandoned_counts: bool) -> int:
        return rubber_value(sheet, abandoned_counts=abandoned_counts)

    def shares(self, value: int) -> tuple[Share, ...]:
        return _four_seats(value)


class Bridge(_Reckoned):
    """Bridge by the Laws of 1905: four players, rubbers, money by the hundred."""

    code = "bridge"
    name = "Bridge"
    number_of_players = 4
    rubber_format = interchange.RUBBER_FORMAT
    sheet_format = interchange.SHEET_FORMAT
    staked = Staked.PER_HUNDRED
    reminders: tuple[str, ...] = ()
    seats: tuple[int, ...] = SEATS
    units: tuple[Unit, ...] = (Unit.RUBBER,)
    records = frozenset(Record) - {Record.PENALTIES}
    trumps = tuple(Trump)
    cuts: tuple[str, ...] = ("deal", "partners")
    declaration_name = "the declaration"

    def next_seating(self, players: tuple[int, ...]) -> tuple[int, ...]:
        return players

    def player_at(self, seat: int) -> int:
        return seat

    def seat_label(self, seat: int, name: str) -> str:
        return name

    def offers(self, trump: Trump) -> list[Offer]:
        return [Offer(c.code, c.label, c.side, c.words) for c in calls_on_offer(trump)]

    def passed_reminder(self, dealer: int) -> str | None:
        return None

    @staticmethod
    def _declared(called: Called) -> Deal:
        return Deal(called.dealer, called.trump, called.maker, called.doubles)

    def check_declaration(self, called: Called, rules: Rules) -> None:
        check_declaration(self._declared(called), rules)

    def may_go_unplayed(self, called: Called, rules: Rules, standing: Pair[int]) -> bool:
        return may_go_unplayed(self._declared(called), rules, standing)

    def deal_of(self, called: Called) -> Deal:
        declared = self._declared(called)
        if called.played is False:
            return declared
        play = Play(
            tricks=called.tricks_won(),
            honours=called.call.holdings(called.trump),
            chicane=called.chicane,
            revokes=called.revokes,
        )
        return Deal(declared.dealer, declared.trump, declared.maker, declared.doubles, play)

    def called_of(self, deal: Deal) -> Called:
        play = deal.play
        if play is None:
            return Called(deal.dealer, deal.trump, deal.maker, deal.doubles, played=False)
        side, honours = call_of(deal.trump, play.honours)
        return Called(
            deal.dealer,
            deal.trump,
            deal.maker,
            deal.doubles,
            played=True,
            tricks=play.tricks[deal.dealer],
            honours=Call(side, honours).code,
            chicane=play.chicane,
            revokes=play.revokes,
        )

    def declaration_words(self, called: Called, dealer: str, maker: str) -> str:
        return words.declaration(self._declared(called), dealer, maker)

    def result_words(self, deal: Deal) -> str:
        return words.result(deal)

    def row_words(self, deal: Deal, maker: str) -> tuple[str, str, str, str]:
        return (
            words.make(deal, maker),
            words.tricks(deal),
            words.honours(deal),
            "; ".join(words.extras(deal)),
        )

    above_the_line = True
    deal_heads = text.DEAL_HEADS

    def entry_figures(self, sheet: Sheet, number: int) -> Pair[str]:
        entries = sheet.deals[number - 1].entries
        return Pair(text.entry_figures(entries.we), text.entry_figures(entries.they))

    def layout(self, sheet: Sheet) -> Layout:
        return layout(sheet)

    def table_of_values(self) -> tuple[list[str], list[tuple[str, list[str]]], str]:
        heads, rows, foot = words.table_of_values()
        return heads, rows, f"{foot} Honours are not doubled (Law 10)."

    def rules(
        self,
        *,
        doubling_limit: int | None = None,
        spade_convention: bool = False,
        unit: Unit = Unit.RUBBER,
        most_points: int | None = None,
    ) -> Rules:
        if unit is not Unit.RUBBER:
            raise RubberError(
                f"rules.unit: {self.name} is scored by the rubber (Law 1)", field="rules"
            )
        return Rules(doubling_limit, spade_convention, most_points=most_points)

    def read_rubber(self, data: object) -> Rubber:
        rubber = interchange.read_rubber(data)
        self._check_rules(rubber.rules)
        return rubber

    def loads(self, text: str | bytes) -> Rubber:
        rubber = interchange.loads(text)
        self._check_rules(rubber.rules)
        return rubber

    def rubber_json(self, rubber: RubberRecord[Deal, Sheet]) -> dict[str, Any]:
        self._check_rules(rubber.rules)
        return interchange.rubber_json(Rubber(rubber.rules, rubber.deals, rubber.players))

    def _check_rules(self, rules: Rules) -> None:
        if isinstance(rules, ThreeHandedRules):
            raise RubberError(
                "rules.game: this is a rubber of Three-handed Bridge, not of Bridge",
                field="rules",
            )

    def work_out(self, deals: Iterable[Deal], rules: Rules) -> Sheet:
        self._check_rules(rules)
        return work_out(deals, rules)

    def window(
        self, sheet: Sheet, number: int, *, next_trump_declared: bool, agreed: bool
    ) -> Window:
        return corrections.window(
            sheet, number, next_trump_declared=next_trump_declared, agreed=agreed
        )

    def kind_of_change(self, old: Deal, new: Deal) -> Kind | None:
        return corrections.kind_of_change(old, new)

    def law(self, kind: Kind) -> str:
        return corrections.law(kind)

    def kind_words(self, kind: Kind) -> str:
        return kind.value

    def ruling(
        self,
        sheet: Sheet,
        number: int,
        new: Deal | None,
        *,
        next_trump_declared: bool,
        agreed: bool,
    ) -> Ruling | None:
        return corrections.ruling(
            sheet, number, new, next_trump_declared=next_trump_declared, agreed=agreed
        )

    def changes(self, before: Sheet, after: Sheet) -> list[str]:
        return corrections.changes(before, after)

    def sheet_json(self, sheet: Sheet, players: Players | None = None) -> dict[str, Any]:
        return interchange.sheet_json(sheet, players)

    def sheet_text(self, sheet: Sheet, players: Players | None = None) -> str:
        return text.sheet_text(sheet, players)

    def outcome(self, sheet: Sheet) -> str:
        return text.outcome(sheet)

    def standing(self, sheet: Sheet, names: Pair[str] | None = None) -> str:
        return text.standing(sheet, names)


class ThreeHanded(Bridge):
    """Bridge for three players: one has the dummy, and with it both of We's seats, for the
    rubber or, if the three agree, for each game scored as a unit of its own."""

    code = "three-handed"
    name = "Three-handed Bridge"
    number_of_players = 3
    reminders = (three_handed.DOUBLING, three_handed.DUMMY_DECLARATION)
    seats = (three_handed.Seat.HOLDER, three_handed.Seat.LEFT, three_handed.Seat.RIGHT)
    units = (Unit.RUBBER, Unit.GAME)
    cuts = ("dummy",)

    def next_seating(self, players: tuple[int, ...]) -> tuple[int, ...]:
        """Each has the dummy in turn, in the order of the cut (seated holder, left, right)."""
        return (*players[1:], *players[:1])

    def player_at(self, seat: int) -> int:
        """The dummy's cards are played by its holder."""
        return three_handed.Seat.HOLDER if seat == three_handed.Seat.DUMMY else seat

    def seat_label(self, seat: int, name: str) -> str:
        return f"Dummy ({name})" if seat == three_handed.Seat.DUMMY else name

    def passed_reminder(self, dealer: int) -> str | None:
        """The holder passing the make passes it to the dummy, whose declaration is
        compulsory; dealing for the dummy, he makes it himself if he passes."""
        return three_handed.DUMMY_DECLARATION if dealer == three_handed.Seat.HOLDER else None

    def rules(
        self,
        *,
        doubling_limit: int | None = None,
        spade_convention: bool = False,
        unit: Unit = Unit.RUBBER,
        most_points: int | None = None,
    ) -> ThreeHandedRules:
        return ThreeHandedRules(doubling_limit, spade_convention, unit, most_points=most_points)

    def _check_rules(self, rules: Rules) -> None:
        if not isinstance(rules, ThreeHandedRules):
            raise RubberError(
                'rules.game: a rubber of Three-handed Bridge says "game": "three-handed"',
                field="rules",
            )

    def work_out(self, deals: Iterable[Deal], rules: Rules) -> Sheet:
        """Bridge's rules as the club has them are Three-handed Bridge's by rubbers."""
        if not isinstance(rules, ThreeHandedRules):
            rules = ThreeHandedRules(
                rules.doubling_limit, rules.spade_convention, most_points=rules.most_points
            )
        return work_out(deals, rules)

    def shares(self, value: int) -> tuple[Share, ...]:
        """The dummy's holder sits in both of We's seats: he gains (or loses) the value
        twice over, and each adversary loses (or gains) it once."""
        return (
            Share((0, 2), 2 * value, (), (1, 3)),
            Share((1,), -value, (3,), (0,)),
            Share((3,), -value, (1,), (0,)),
        )


class Whist(_Reckoned):
    """Short Whist by the English club code: four players, games of five, rubbers of best
    of three, money by the point."""

    code = "whist"
    name = "Short Whist"
    number_of_players = 4
    rubber_format = "whist-rubber/1"
    sheet_format = "whist-sheet/1"
    staked = Staked.PER_POINT
    reminders = (
        "Scores are taken in order: revoke penalties, then tricks, then honours; five points "
        "win the game, and the rest of that deal scores nothing (Laws 2, 5).",
        "A side at four when the deal begins cannot score honours (Law 4).",
        "For each revoke the adversaries take three tricks, or three points off the "
        "revokers' score, or three added to their own; a side that revoked cannot win the "
        "game in that deal (Laws 72, 82).",
    )
    seats: tuple[int, ...] = SEATS
    units: tuple[Unit, ...] = (Unit.RUBBER,)
    records = frozenset(
        {Record.DEALER, Record.TRUMP, Record.TRICKS, Record.HONOURS, Record.PENALTIES}
    )
    trumps = (Trump.SPADES, Trump.CLUBS, Trump.DIAMONDS, Trump.HEARTS)
    cuts: tuple[str, ...] = ("deal", "partners")
    declaration_name = "the trump turned up"

    def next_seating(self, players: tuple[int, ...]) -> tuple[int, ...]:
        return players

    def player_at(self, seat: int) -> int:
        return seat

    def seat_label(self, seat: int, name: str) -> str:
        return name

    def offers(self, trump: Trump) -> list[Offer]:
        return whist_laws.offers(trump)

    def passed_reminder(self, dealer: int) -> str | None:
        return None

    def check_declaration(self, called: Called, rules: Rules) -> None:
        """The trump is the suit of the dealer's last card, turned up: no no-trump, no make
        passed, no doubling."""
        if called.trump is Trump.NO_TRUMP:
            raise RubberError(
                "trump: Whist has no no-trump; the trump is the suit of the card turned up",
                field="trump",
            )
        if called.maker is not Maker.DEALER:
            raise RubberError(
                "maker: Whist has no declaration: the trump is the suit of the card turned up",
                field="maker",
            )
        if called.doubles:
            raise RubberError("doubles: Whist has no doubling", field="doubles")

    def may_go_unplayed(self, called: Called, rules: Rules, standing: Pair[int]) -> bool:
        return False

    def deal_of(self, called: Called) -> WhistDeal:
        self.check_declaration(called, PRINTED_LAWS)
        if called.played is False:
            raise RubberError("played: every deal of Whist is played", field="played")
        return WhistDeal(
            called.dealer,
            called.trump,
            called.tricks_won(),
            whist_laws.honours_held(called.honours),
            called.penalties,
        )

    def called_of(self, deal: WhistDeal) -> Called:
        return Called(
            deal.dealer,
            deal.trump,
            played=True,
            tricks=deal.tricks[deal.dealer],
            honours=whist_laws.call_of(deal.honours),
            penalties=deal.revokes,
        )

    def declaration_words(self, called: Called, dealer: str, maker: str) -> str:
        return f"{dealer} dealt and turned up {called.trump.label.lower()}"

    def result_words(self, deal: WhistDeal) -> str:
        tricks, honours, revokes = self._parts(deal)
        return "; ".join([f"{tricks} tricks", f"honours {honours}", *revokes])

    def row_words(self, deal: WhistDeal, maker: str) -> tuple[str, str, str, str]:
        tricks, honours, revokes = self._parts(deal)
        return f"{deal.trump.label}, turned up", tricks, honours, "; ".join(revokes)

    @staticmethod
    def _parts(deal: WhistDeal) -> tuple[str, str, list[str]]:
        tricks = f"{deal.dealer.label} {deal.tricks[deal.dealer]}"
        return (
            tricks,
            whist_laws.honours_words(deal.honours),
            [whist_laws.revoke_words(r) for r in deal.revokes],
        )

    above_the_line = False
    deal_heads = whist_text.DEAL_HEADS

    def entry_figures(self, sheet: WhistSheet, number: int) -> Pair[str]:
        entries = sheet.deals[number - 1].entries
        return Pair(whist_text.figures(entries.we), whist_text.figures(entries.they))

    def layout(self, sheet: WhistSheet) -> Layout:
        return whist_layout(sheet)

    def table_of_values(self) -> tuple[list[str], list[tuple[str, list[str]]], str]:
        rows = [
            ("Each trick above six", ["1"]),
            ("Four honours", ["4"]),
            ("Three honours", ["2"]),
            ("A treble: the losers at love", ["3"]),
            ("A double: the losers at 1 or 2", ["2"]),
            ("A single: the losers at 3 or 4", ["1"]),
            ("The rubber", ["2"]),
        ]
        foot = (
            "Five points win the game (Law 2): revoke penalties, then tricks, then honours "
            "(Law 5); no honours at four (Law 4). The losers' game is deducted (Law 10)."
        )
        return ["Points"], rows, foot

    def rules(
        self,
        *,
        doubling_limit: int | None = None,
        spade_convention: bool = False,
        unit: Unit = Unit.RUBBER,
        most_points: int | None = None,
    ) -> Rules:
        """Whist has no declaration and no doubling: the club's doubling limit and the
        Spade Convention do not apply to it, and a rubber is worth eight points at most."""
        if unit is not Unit.RUBBER:
            raise RubberError(
                f"rules.unit: {self.name} is scored by the rubber (Law 1)", field="rules"
            )
        return PRINTED_LAWS

    def read_rubber(self, data: object) -> WhistRubber:
        return whist_interchange.read_rubber(data)

    def loads(self, text: str | bytes) -> WhistRubber:
        return whist_interchange.loads(text)

    def rubber_json(self, rubber: RubberRecord[WhistDeal, WhistSheet]) -> dict[str, Any]:
        return whist_interchange.rubber_json(WhistRubber(rubber.deals, rubber.players))

    def work_out(self, deals: Iterable[WhistDeal], rules: Rules) -> WhistSheet:
        return work_out_whist(deals)

    def window(
        self, sheet: WhistSheet, number: int, *, next_trump_declared: bool, agreed: bool
    ) -> Window:
        return whist_corrections.window(
            sheet, number, next_trump_declared=next_trump_declared, agreed=agreed
        )

    def kind_of_change(self, old: WhistDeal, new: WhistDeal) -> Kind | None:
        return whist_corrections.kind_of_change(old, new)

    def law(self, kind: Kind) -> str:
        return whist_corrections.law(kind)

    def kind_words(self, kind: Kind) -> str:
        return whist_corrections.kind_words(kind)

    def ruling(
        self,
        sheet: WhistSheet,
        number: int,
        new: WhistDeal | None,
        *,
        next_trump_declared: bool,
        agreed: bool,
    ) -> Ruling | None:
        return whist_corrections.ruling(
            sheet, number, new, next_trump_declared=next_trump_declared, agreed=agreed
        )

    def changes(self, before: WhistSheet, after: WhistSheet) -> list[str]:
        return whist_corrections.changes(before, after)

    def sheet_json(self, sheet: WhistSheet, players: Players | None = None) -> dict[str, Any]:
        return whist_interchange.sheet_json(sheet, players)

    def sheet_text(self, sheet: WhistSheet, players: Players | None = None) -> str:
        return whist_text.sheet_text(sheet, players)

    def outcome(self, sheet: WhistSheet) -> str:
        return whist_text.outcome(sheet)

    def standing(self, sheet: WhistSheet, names: Pair[str] | None = None) -> str:
        return whist_text.standing(sheet, names)


BRIDGE: CardGame[Deal, Sheet] = Bridge()
THREE_HANDED: CardGame[Deal, Sheet] = ThreeHanded()
WHIST: CardGame[WhistDeal, WhistSheet] = Whist()

GAMES: Mapping[str, CardGame[Any, Any]] = {
    game.code: game for game in (BRIDGE, THREE_HANDED, WHIST)
}


def find_game(code: str) -> CardGame[Any, Any]:
    """The game stored as `code`: "bridge", "three-handed" or "whist"."""
    try:
        return GAMES[code]
    except (KeyError, TypeError):
        known = ", ".join(repr(name) for name in GAMES)
        raise RubberError(f"game must be one of {known} (got {code!r})", field="game") from None


def game_of(data: object) -> CardGame[Any, Any]:
    """The game a parsed rubber is written for, by its format and, for elwell-rubber/1, its
    rules' "game". Anything else is Bridge's to refuse, as it always was."""
    if not isinstance(data, dict):
        return BRIDGE
    written = data.get("format")
    if written == WHIST.rubber_format:
        return WHIST
    if written != BRIDGE.rubber_format:
        formats = f"{BRIDGE.rubber_format!r} or {WHIST.rubber_format!r}"
        shown = reading.show(written)
        raise RubberError(f"format must be {formats} (got {shown})")
    rules = data.get("rules")
    if isinstance(rules, dict) and rules.get("game") == THREE_HANDED.code:
        return THREE_HANDED
    return BRIDGE


def read_any(data: object) -> tuple[CardGame[Any, Any], RubberRecord[Any, Any]]:
    """A rubber of any game from its parsed JSON, with the game it is written for."""
    game = game_of(data)
    return game, game.read_rubber(data)


def loads_any(text: str | bytes) -> tuple[CardGame[Any, Any], RubberRecord[Any, Any]]:
    """A rubber of any game from its JSON text, with the game it is written for."""
    data = reading.parse(text)
    return read_any(data)
