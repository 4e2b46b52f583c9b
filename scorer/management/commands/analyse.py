"""`manage.py analyse boards.pbn --jsonl`: what the cards allowed on each board of a PBN file
(§12): the dealer's side's tricks double dummy for each trump, the net of each make and
the best make; a line of JSON a board with --jsonl, else a line of words.

A board without its four hands (three will do: the fourth is found from them), a game
without a board number and a board given twice with other hands are refused, each in a
sentence naming it, and the others analysed all the same; the command then ends in failure.
A board given more than once with the same hands (a file of results gives it once a table)
is analysed once. Boards analysed before are read from the site's database, the others
solved here and kept there (on the club's server, run it under `nice`: the site's own
analyser gives way to the tables by itself).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorer.analysis import analyser
from scorer.engine import Side, allowed_json, best_words, tricks_words, what_the_cards_allowed
from scorer.engine.cards import Board, Direction, Hands, PbnError, read_pbn_file
from scorer.engine.cards.records import Layout, board_title


class Command(BaseCommand):
    help = "What the cards allowed on each board of a PBN file, by the laws of 1905."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("pbn", metavar="BOARDS.pbn", help="the PBN file of the boards")
        parser.add_argument("--jsonl", action="store_true", help="a line of JSON a board")

    def handle(self, *args: Any, pbn: str, jsonl: bool, **options: Any) -> None:
        try:
            games = read_pbn_file(pbn)
        except FileNotFoundError:
            raise CommandError(f"{pbn}: no such file") from None
        except OSError as error:
            raise CommandError(f"{pbn}: cannot be read: {error.strerror}") from None
        except PbnError as error:
            raise CommandError(f"{pbn}: {error}") from None
        boards, refused = analysable(games)
        for refusal in refused:
            self.stderr.write(f"{pbn}: {refusal}")
        dealt = [hands for _, _, hands in boards]
        tricks = analyser.tricks_now(dealt, told=lambda said: self.stderr.write(said))
        for (number, dealer, hands), five in zip(boards, tricks, strict=True):
            allowed = what_the_cards_allowed(hands, five)
            if jsonl:
                line = json.dumps(allowed_json(allowed, board=number, dealer=dealer))
            else:
                side = Layout.COMPASS.side_name(Side.WE, dealer)
                said = f"{tricks_words(allowed)}; {best_words(allowed, side)}"
                line = f"{board_title(number)}, dealer {dealer.label}: {said}"
            self.stdout.write(line)
        if refused:
            raise CommandError(
                f"{pbn}: {len(refused)} not analysed (above); the others are"
                if boards
                else f"{pbn}: no board could be analysed (above)"
            )


def analysable(games: tuple[Board, ...]) -> tuple[list[tuple[int, Direction, Hands]], list[str]]:
    """The boards that can be analysed, each once, in order of their numbers, and a
    sentence for each game that cannot."""
    found: dict[int, tuple[int, Direction, Hands]] = {}
    refused = []
    for game, board in enumerate(games, 1):
        number, dealer, hands = board.number, board.dealer, board.dealt
        if number is None:
            refused.append(f"game {game} has no board number (its Board tag): not analysed")
        elif hands is None or dealer is None:
            refused.append(
                f"board {number} does not give its four hands (or three, the fourth found "
                "from them): not analysed, its double-dummy table needs every hand"
            )
        elif number in found:
            if found[number][2] != hands:
                refused.append(
                    f"board {number} is given again (game {game}) with other hands: the "
                    f"first (game {found[number][0]}) is analysed"
                )
        else:
            found[number] = (game, dealer, hands)
    boards = [(number, dealer, hands) for number, (_, dealer, hands) in sorted(found.items())]
    return boards, refused
