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

from scorer.engine import corrections, diff, interchange, text, three_handed
from scorer.engine.corrections import Kind, Ruling, Window
from scorer.engine.errors import RubberError
from scorer.engine.interchange import Rubber
from scorer.engine.model import PRINTED_LAWS, Deal, Pair, Rules, Side, ThreeHandedRules, Unit
from scorer.engine.seats import SEATS, adversaries_of, partner_of, side_of_seat
from scorer.engine.sheet import Sheet, work_out
from scorer.engine.whist import WhistDeal, WhistSheet, work_out_whist
from scorer.engine.whist_corrections import (
    whist_kind_of_change,
    whist_law,
    whist_ruling,
    whist_window,
)
from scorer.engine.whist_interchange import (
    WhistRubber,
    loads_whist,
    read_whist_rubber,
    whist_rubber_json,
    whist_sheet_json,
)
from scorer.engine.whist_text import whist_outcome, whist_sheet_text, whist_standing

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
        return diff.changes(before, after)

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
        return read_whist_rubber(data)

    def loads(self, text: str | bytes) -> WhistRubber:
        return loads_whist(text)

    def rubber_json(self, rubber: RubberRecord[WhistDeal, WhistSheet]) -> dict[str, Any]:
        return whist_rubber_json(WhistRubber(rubber.deals, rubber.players))

    def work_out(self, deals: Iterable[WhistDeal], rules: Rules) -> WhistSheet:
        return work_out_whist(deals)

    def window(
        self, sheet: WhistSheet, number: int, *, next_trump_declared: bool, agreed: bool
    ) -> Window:
        return whist_window(sheet, number, next_trump_declared=next_trump_declared, agreed=agreed)

    def kind_of_change(self, old: WhistDeal, new: WhistDeal) -> Kind | None:
        return whist_kind_of_change(old, new)

    def law(self, kind: Kind) -> str:
        return whist_law(kind)

    def ruling(
        self,
        sheet: WhistSheet,
        number: int,
        new: WhistDeal | None,
        *,
        next_trump_declared: bool,
        agreed: bool,
    ) -> Ruling | None:
        return whist_ruling(
            sheet, number, new, next_trump_declared=next_trump_declared, agreed=agreed
        )

    def changes(self, before: WhistSheet, after: WhistSheet) -> list[str]:
        return diff.whist_changes(before, after)

    def sheet_json(self, sheet: WhistSheet, players: Players | None = None) -> dict[str, Any]:
        return whist_sheet_json(sheet, players)

    def sheet_text(self, sheet: WhistSheet, players: Players | None = None) -> str:
        return whist_sheet_text(sheet, players)

    def outcome(self, sheet: WhistSheet) -> str:
        return whist_outcome(sheet)

    def standing(self, sheet: WhistSheet, names: Pair[str] | None = None) -> str:
        return whist_standing(sheet, names)


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
        shown = interchange._show(written)
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
    data = interchange.parse(text)
    return read_any(data)
