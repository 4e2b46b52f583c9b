"""The Whist sheet in words: a deal as the page, the phones following it and the printed
sheet say it; the sheet laid out as Whist players keep it (each game's score to five and
its value, a treble, a double or a single, the games' points, the rubber's two, the totals,
and the points won once the losers' game is deducted); and its last lines. Short Whist
answers the site's questions of words (`roles.Words`) from here."""

from __future__ import annotations

from scorer.engine.called import Called
from scorer.engine.model import Pair, Side
from scorer.engine.tally import game_in_play
from scorer.engine.whist.laws import honours_words, revoke_words
from scorer.engine.whist.layout import layout as layout
from scorer.engine.whist.sheet import WhistDeal, WhistEntry, WhistGame, WhistSheet
from scorer.engine.words import MINUS, game_heading

_MARGIN = 10
_WIDTH = 6

declaration_name = "the trump turned up"
# The printed sheet's heads for a deal's trump turned up and its result: Whist has no make,
# no doubling and no line to score above or below.
deal_heads = ("Dealer; the trump turned up", "Tricks; honours; revokes")
above_the_line = False  # one score to each game


def declaration_words(called: Called, dealer: str, maker: str) -> str:
    """ "Mrs. Carr dealt and turned up hearts" """
    return f"{dealer} dealt and turned up {called.trump.label.lower()}"


def result_words(deal: WhistDeal) -> str:
    """ "We 8 tricks; honours We: three; They revoked: three tricks taken" """
    tricks, honours, revokes = _parts(deal)
    return "; ".join([f"{tricks} tricks", f"honours {honours}", *revokes])


def row_words(deal: WhistDeal, maker: str) -> tuple[str, str, str, str]:
    """A deal's trump turned up, tricks, honours and revokes, for a printed row."""
    tricks, honours, revokes = _parts(deal)
    return f"{deal.trump.label}, turned up", tricks, honours, "; ".join(revokes)


def _parts(deal: WhistDeal) -> tuple[str, str, list[str]]:
    tricks = f"{deal.dealer.label} {deal.tricks[deal.dealer]}"
    return tricks, honours_words(deal.honours), [revoke_words(r) for r in deal.revokes]


def table_of_values() -> tuple[list[str], list[tuple[str, list[str]]], str]:
    """What things are worth at Whist, for the foot of a blank score pad."""
    lines = [
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
    return ["Points"], lines, foot


def entry_figures(sheet: WhistSheet, number: int) -> Pair[str]:
    """Each side's points in deal `number`, for a printed line."""
    entries = sheet.deals[number - 1].entries
    return Pair(figures(entries.we), figures(entries.they))


def figures(entry: WhistEntry) -> str:
    """A side's points in a deal, for a printed line: "3 points", "1 point", "−3 points"
    (three deducted for a revoke), or "" if it scored nothing. Whist keeps one score to
    five: nothing is above or below a line."""
    points = entry.points
    if not points and not entry.items:
        return ""
    figure = f"{MINUS}{-points}" if points < 0 else str(points)
    return f"{figure} point{'' if abs(points) == 1 else 's'}"


def _row(label: str, we: object, they: object, note: str = "") -> str:
    return f"{label:<{_MARGIN}}{we!s:>{_WIDTH}}  |{they!s:>{_WIDTH}}  {note}".rstrip()


def _rule(mark: str) -> str:
    return " " * _MARGIN + mark * (_WIDTH + 2) + "+" + mark * (_WIDTH + 2)


def _game_note(game: WhistGame) -> str:
    if game.winner is None or game.value is None:
        return "in play"
    return f"{game.winner.label}, a {game.value.label}: {int(game.value)}"


def sheet_text(sheet: WhistSheet, players: Pair[tuple[str, str]] | None = None) -> str:
    out = []
    if players is not None:
        out += [f"We: {' and '.join(players.we)}", f"They: {' and '.join(players.they)}", ""]
    out += [_row("", "We", "They"), _rule("-")]
    for game in sheet.games:
        label = game_heading(game.number)
        out.append(_row(label, game.points.we, game.points.they, _game_note(game)))
    out.append(_rule("="))
    totals = sheet.totals
    out.append(_row("Games", totals.we.games, totals.they.games))
    if sheet.winner is not None:
        out.append(
            _row(
                "Rubber", totals.we.rubber or "", totals.they.rubber or "", "rubber points (Law 9)"
            )
        )
    out += [_row("Total", totals.we.total, totals.they.total), "", outcome(sheet)]
    return "\n".join(out) + "\n"


def outcome(sheet: WhistSheet) -> str:
    """The last line of the sheet: points won, the losers' game deducted, or where an
    unfinished rubber stands."""
    winner = sheet.winner
    if winner is None:
        game, won = sheet.game, sheet.games_won
        return (
            f"Rubber in progress: game {game.number}, We {game.points.we}, "
            f"They {game.points.they}; games won: We {won.we}, They {won.they}."
        )
    loser = winner.other
    totals, points = sheet.totals, sheet.net[winner]
    line = (
        f"{totals[winner].total} {MINUS} {totals[loser].total} = {points} points won by "
        f"{winner.label}, winners of the rubber"
    )
    deducted = _losers_game(sheet, loser)
    if deducted is None:
        return line + "."
    return f"{line}, {loser.label}'s {deducted} deducted (Law 10)."


def _losers_game(sheet: WhistSheet, loser: Side) -> str | None:
    for game in sheet.games:
        if game.winner is loser and game.value is not None:
            return game.value.label
    return None


def standing(sheet: WhistSheet, names: Pair[str] | None = None) -> str:
    """The state of the score in words: "Second game: We 3, They 2 — We have a game";
    `names`, the sides' names for We and They, for a list of rubbers."""
    winner = sheet.winner
    if winner is not None:
        won = sheet.games_won
        label = names[winner] if names else winner.label
        return (
            f"{label} won the rubber, {won[winner]} games to {won[winner.other]}, "
            f"and {sheet.net[winner]} points"
        )
    return game_in_play(sheet, names)
