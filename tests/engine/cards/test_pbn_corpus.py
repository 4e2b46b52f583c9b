"""PBN as other programs write it: the real files of tests/data/pbn/, each named in its
SOURCES with the program that wrote it and where it came from. Read by this reader and
by endplay, the independent reader, to the same hands; what is not PBN refused in words
naming the game and the line; what cannot be read of a board's play skipped and said
where only the deals are wanted; none crashes; and written back, every tag and table the
site does not use comes back byte for byte."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Card as EndplayCard
from endplay.types import Deal as EndplayDeal

from scorer.engine.cards import Board, Direction, PbnError, pbn_bytes, pbn_text, read_pbn
from tests.support.endplay import PLAYERS

CORPUS = Path(__file__).parents[2] / "data" / "pbn"

# Read whole, the play wanted: each file, and what its reading skipped and said.
READ = {
    "bigdeal-2.0": (),
    "bigdeal-1.2-100-boards": (),
    "deep-finesse-analyses": (),
    "psbridge-hand-records": (),
    "bridgecomposer-5.57-double-dummy": (),
    "bridgecomposer-5.107.1-club-hand-record": (),
    "bridgecomposer-5.50-comment-with-blank-lines": (),
    "bridgecomposer-5.50-three-boards-crlf": (),
    "bridgecomposer-5.104-practice-deals": (),
    "bridgecomposer-5.25-balancing": (),
    "bridgecomposer-5.103-gib-match": (),
    "csvtopbn-drury": (),
    "realbridge-2021-online-qual": (),
    "endplay-sample": (),
    "endplay-youth-1998": (),
    "pbntools-bbo-history": (),
    "pbntools-kops-club-pairs": (),
    "verifier-valid-2.1": (),
    "verifier-valid-2.0": (),
    # The errors of this file of the verifier's are in OptimumScore, which the site keeps
    # as it came without judging it (PBN 4.9).
    "verifier-errors-2.1": (),
    "dealer-2.0-statistics": (
        "lines 70 to 74, after the last game, are not PBN ('West Big Club; Both Vul; North "
        "Deals'): skipped",
    ),
    "dealer-2.0-refer": (
        "lines 151 to 154, after the last game, are not PBN ('Generated 707 hands'): skipped",
    ),
}
SKIPPED_PLAY = "; its play is skipped and its deal read"
# Refused where the play is wanted; read where only the deals are (hand records, a
# Duplicate evening's boards), what could not be read skipped and said.
DEALS_ONLY = {
    "endplay-bad-first-play": (
        "board 1 (line 24): Play: trick 3 was led by North (the CQ), but East won trick 2 and "
        "leads to trick 3",
        (
            "board 1 (line 24): Play: trick 3 was led by North (the CQ), but East won trick 2 "
            "and leads to trick 3" + SKIPPED_PLAY,
        ),
    ),
    "rpbridge-2012-world-championship": (
        "board 1 (line 22): Play: trick 3 was led by North (the CQ), but East won trick 2 and "
        "leads to trick 3",
        (
            "board 1 (line 22): Play: trick 3 was led by North (the CQ), but East won trick 2 "
            "and leads to trick 3" + SKIPPED_PLAY,
            "board 11 (line 374): Play: trick 3 was led by North (the SJ), but South won trick "
            "2 and leads to trick 3" + SKIPPED_PLAY,
            "board 12 (line 411): Play: trick 4 was led by South (the D5), but East won trick "
            "3 and leads to trick 4" + SKIPPED_PLAY,
            "board 13 (line 451): Play: trick 6 was led by East (the H3), but North won trick "
            "5 and leads to trick 6" + SKIPPED_PLAY,
            "board 14 (line 487): Play: trick 3 was led by West (the D4), but North won trick "
            "2 and leads to trick 3" + SKIPPED_PLAY,
            "board 19 (line 667): Play: trick 4 was led by West (the H8), but North won trick "
            "3 and leads to trick 4" + SKIPPED_PLAY,
            "board 20 (line 709): Play: trick 8 was led by North (the H5), but West won trick "
            "7 and leads to trick 8" + SKIPPED_PLAY,
            "20 games give neither a board number nor a deal (a title, say, or another "
            "table's result of a board before): skipped (games 2, 4, 6 and 17 more)",
        ),
    ),
    "pbntools-bbo-tourney": (
        "board 1 (line 122): Play: the play needs the trump, and the Contract gives none",
        (
            "board 1 (line 122): Play: the play needs the trump, and the Contract gives none"
            + SKIPPED_PLAY,
            "board 6 (line 802): Play: the play needs the trump, and the Contract gives none"
            + SKIPPED_PLAY,
        ),
    ),
    "bridgecomposer-5.103-comment-left-open": (
        "board 1 (line 149): Play: the play needs the trump, and the Contract gives none",
        tuple(
            f"board {board} (line {line}): Play: the play needs the trump, and the Contract "
            "gives none" + SKIPPED_PLAY
            for board, line in ((1, 149), (2, 228), (3, 309), (4, 392))
        ),
    ),
    "verifier-valid-1.0": (
        "game 3 (line 119): Play: a lead out of turn (^L) is not read: the tricks would not "
        "follow from the leads",
        (
            "game 3 (line 119): Play: a lead out of turn (^L) is not read: the tricks would not "
            "follow from the leads" + SKIPPED_PLAY,
            "21 games give neither a board number nor a deal (a title, say, or another "
            "table's result of a board before): skipped (games 5, 6, 7 and 18 more)",
        ),
    ),
}
# Refused, whatever is wanted.
REFUSED = {
    "verifier-errors-1.0": (
        'game 2 (line 11): a tag pair is [Name "value"]: a quoted value, "…" was wanted, not ]'
    ),
    "verifier-errors-2.0": (
        'game 12 (line 97): a tag pair is [Name "value"]: a quoted value, "…" was wanted, not \'"\''
    ),
    "bridgecomposer-5.61-exercise-layouts": (
        "board 1 (line 73): Deal: North's hand holds 0 cards, not 13 (...)"
    ),
    "dealer-2.4-rpdd": "game 1 (line 1): 'n' is neither a tag ([Name \"value\"]) nor a comment",
}
# endplay cannot read these whole (its errors said): their hands are checked against its
# reading of each Deal tag instead.
ENDPLAY_FAILS = {
    "bridgecomposer-5.104-practice-deals": IndexError,
    "bridgecomposer-5.25-balancing": ValueError,
    "verifier-valid-1.0": ValueError,
    "verifier-valid-2.0": KeyError,
    "verifier-valid-2.1": ValueError,
    "dealer-2.0-statistics": Exception,  # PBNDecodeError: Dealer's statistics
    "dealer-2.0-refer": Exception,
    "pbntools-bbo-tourney": RuntimeError,  # a play without a contract
    "bridgecomposer-5.103-comment-left-open": RuntimeError,
}


def data(name: str) -> bytes:
    return (CORPUS / f"{name}.pbn").read_bytes()


def text(name: str) -> str:
    raw = data(name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read(name: str) -> tuple[Board, ...]:
    """A file read as the site reads it: whole where it can, else its deals."""
    return read_pbn(data(name), deals_only=name in DEALS_ONLY)


def test_every_file_of_the_corpus_is_named_in_sources_and_tested_here():
    """Each file's entry (from a line naming it to the blank line after) names the program
    that wrote it, the repository, the path and the commit it came from."""
    entries = (CORPUS / "SOURCES").read_text().split("\n\n")
    files = {path.stem for path in CORPUS.glob("*.pbn")}
    for name in files:
        (entry,) = [
            entry for entry in entries if re.match(rf"(.*, )?{re.escape(name)}\.pbn", entry)
        ]
        assert re.search(r"commit [0-9a-f]{40}\.", entry), name
        assert "Licence:" in entry, name
    assert files == set(READ) | set(DEALS_ONLY) | set(REFUSED)


@pytest.mark.parametrize("name", sorted(READ))
def test_a_file_is_read_whole_saying_what_it_skipped(name):
    boards = read_pbn(data(name))
    assert boards, name
    assert boards.skipped == READ[name]


@pytest.mark.parametrize("name", sorted(DEALS_ONLY))
def test_a_bad_play_is_refused_where_the_play_is_wanted_naming_board_and_line(name):
    refused, _ = DEALS_ONLY[name]
    with pytest.raises(PbnError) as error:
        read_pbn(data(name))
    assert str(error.value) == refused


@pytest.mark.parametrize("name", sorted(DEALS_ONLY))
def test_where_only_the_deals_are_wanted_a_bad_play_is_skipped_and_said_by_board(name):
    _, skipped = DEALS_ONLY[name]
    boards = read_pbn(data(name), deals_only=True)
    assert boards.skipped == skipped
    said = [int(found) for found in re.findall(r"^board (\d+) \(", "\n".join(skipped), re.M)]
    for number in said:  # read as its deal alone: a board of that number, played at a table
        alone = [b for b in boards if b.number == number and not b.play and b.trump is None]
        assert alone, number
        assert all(board.dealt is not None for board in alone), number


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_what_is_not_pbn_is_refused_in_words_naming_the_game_and_line(name):
    for deals_only in (False, True):
        with pytest.raises(PbnError) as error:
            read_pbn(data(name), deals_only=deals_only)
        assert str(error.value) == REFUSED[name]


def hands(board: Board) -> list[set[EndplayCard]]:
    """Our hands by the compass, as endplay's cards; a hand not given, none."""
    return [
        set() if hand is None else {EndplayCard(str(card)) for card in hand} for hand in board.hands
    ]


def endplay_hands(deal: EndplayDeal) -> list[set[EndplayCard]]:
    return [set(deal[PLAYERS[direction]]) for direction in Direction]


def no_cards(deal: EndplayDeal) -> bool:
    return all(len(deal[player]) == 0 for player in PLAYERS.values())


READ_BY_ENDPLAY = sorted((set(READ) | set(DEALS_ONLY)) - set(ENDPLAY_FAILS))


@pytest.mark.parametrize("name", READ_BY_ENDPLAY)
def test_a_file_is_read_to_the_same_boards_and_hands_as_endplay_reads(name):
    ours = read(name)
    theirs = [
        board
        for board in endplay_pbn.loads(text(name))
        # where only the deals are wanted, a game with neither number nor deal is skipped
        if not (name in DEALS_ONLY and board.board_num is None and no_cards(board.deal))
    ]
    assert len(ours) == len(theirs)
    for board, their in zip(ours, theirs, strict=True):
        assert board.number == their.board_num
        assert hands(board) == endplay_hands(their.deal)
        if board.dealer is not None and board.tag("Dealer") is None:
            assert PLAYERS[board.dealer] == their.dealer


@pytest.mark.parametrize("name", sorted(ENDPLAY_FAILS))
def test_where_endplay_fails_each_deal_is_read_to_the_hands_endplay_reads_it_to(name):
    with pytest.raises(ENDPLAY_FAILS[name]):
        endplay_pbn.loads(text(name))
    deals = re.findall(r'\[Deal\s*"([^"]*)"\s*\]', re.sub(r"\{[^}]*\}", "", text(name)))
    given = [deal for deal in deals if deal.strip() not in ("", "?", "#")]
    ours = [board for board in read(name) if any(hand is not None for hand in board.hands)]
    assert len(ours) == len(given)
    for board, deal in zip(ours, given, strict=True):
        assert hands(board) == endplay_hands(EndplayDeal(deal))


@pytest.mark.parametrize("name", sorted(set(READ) | set(DEALS_ONLY)))
def test_written_back_every_tag_and_table_the_site_does_not_use_comes_back_byte_for_byte(name):
    boards = read(name)
    written = pbn_text(boards)
    came = text(name).replace("\r\n", "\n")
    lines_came = came.split("\n")
    for board in boards:
        for block in board.kept:
            lines = [f'[{block.name} "{block.value}"]', *block.lines]
            assert "\r\n".join(lines) in written, (board.number, block.name)
            # the value as written, its escapes in it (or given for every game with "##")
            assert f'"{block.value}"' in came or f'"##{block.value}"' in came, block.name
            for line in block.lines:  # a table's rows, an auction's calls, as they came
                assert line.startswith("[Note ") or as_it_came(line, lines_came), line
    back = read_pbn(written, deals_only=name in DEALS_ONLY)
    assert [key(board) for board in back] == [key(board) for board in boards]


def as_it_came(line: str, lines: list[str]) -> bool:
    """A line of the file, whole, or its words with its comments taken out."""
    return any(came == line or without_comments(came) == line for came in lines)


def without_comments(line: str) -> str:
    return re.sub(r"(\s*(\{[^}]*\}|;.*))+\s*", " ", line).strip()


def key(board: Board) -> tuple[object, ...]:
    kept = sorted(board.kept, key=lambda block: block.name)
    fields = (board.number, board.dealer, board.hands, board.trump, board.declarer)
    return (*fields, board.result, board.play, dict(board.tags), kept)


@pytest.mark.parametrize("name", sorted(set(READ) | set(DEALS_ONLY)))
def test_the_bytes_of_a_table_are_the_bytes_that_came(name):
    """In the file's own bytes too, where it is ISO 8859-1, the character set PBN writes."""
    raw = data(name)
    try:
        raw.decode("utf-8")
        return  # a UTF-8 file: its characters came back, in the test above
    except UnicodeDecodeError:
        pass
    written = pbn_bytes(read(name))
    for board in read(name):
        for block in board.kept:
            value = f'"{block.value}"'.encode("latin-1")
            assert value in written, block.name
            assert value in raw or b'"##' + value[1:] in raw, block.name
            raw_lines = raw.decode("latin-1").replace("\r\n", "\n").split("\n")
            for line in block.lines:
                assert line.encode("latin-1") in written
                assert line.startswith("[Note ") or as_it_came(line, raw_lines), line


def test_an_optimum_result_table_comes_back_with_its_backslashes_and_rows():
    (first, _) = read_pbn(data("verifier-valid-2.1"))
    written = pbn_text([first])
    table = re.search(r'\[OptimumResultTable "[^"]*"\]\r\n(?:.+\r\n){20}', written)
    assert table is not None
    assert table[0].replace("\r\n", "\n") in text("verifier-valid-2.1")
    assert '"Declarer;Denomination\\2R;Result\\2R"' in table[0]


def game_pieces(name: str) -> list[tuple[int, str]]:
    """The verifier's files of errors, a game each, as their comments number them."""
    pieces = re.split(r"(?m)^(?=% =+ game \d+ =+)", text(name))
    return [
        (int(found[1]), piece) for piece in pieces if (found := re.match(r"% =+ game (\d+)", piece))
    ]


# Each game of the verifier's errors whose error is in what the site reads, and what is
# said of it (the game read alone, so the game's line is counted from its own start).
ERRORS_READ_BY_THE_SITE = {
    ("verifier-errors-1.0", 2): 'line 3): a tag pair is [Name "value"]: a quoted value',
    ("verifier-errors-1.0", 3): 'line 3): a tag pair is [Name "value"]: a quoted value',
    ("verifier-errors-1.0", 9): 'line 3): Dealer: "Black" is not a seat',
    ("verifier-errors-1.0", 11): 'line 3): Deal: West\'s hand: "VKQT2.AT.J6542.85" is not',
    ("verifier-errors-1.0", 12): "line 3): Deal: the SK is in both North's hand and West's",
    ("verifier-errors-1.0", 13): "line 3): Deal: North's hand holds 12 cards, not 13",
    ("verifier-errors-1.0", 14): "line 3): Deal: West's hand holds 12 cards, not 13",
    ("verifier-errors-1.0", 15): "line 3): Deal: West's hand holds 12 cards, not 13",
    ("verifier-errors-1.0", 17): "line 3): Deal: West's hand holds 14 cards, not 13",
    ("verifier-errors-1.0", 19): 'line 3): Declarer: "White" is not a seat',
    ("verifier-errors-1.0", 20): "line 3): Contract: '5Hearts' is not a contract",
    ("verifier-errors-1.0", 21): "line 3): Contract: '5NoTrump' is not a contract",
    ("verifier-errors-1.0", 22): "line 3): Result: 'C-2' is not a number of tricks",
    ("verifier-errors-1.0", 23): "line 3): 'bad' is neither a tag",
    ("verifier-errors-1.0", 27): "line 5): Play: the play needs the trump",
    ("verifier-errors-1.0", 45): "line 11): Play: '!!!' is not a card",
    ("verifier-errors-1.0", 46): "line 16): Play: '=a=' is not a card",
    ("verifier-errors-1.0", 47): "line 15): Play: 'HJ?=1=' is not a card",
    ("verifier-errors-1.0", 48): "line 11): Play: 'S1' is not a card",
    ("verifier-errors-1.0", 49): "line 14): Play: a lead out of turn (^L) is not read",
    ("verifier-errors-1.0", 50): "line 11): Play: a lead out of turn (^L) is not read",
    ("verifier-errors-1.0", 62): "line 10): Play: '#' inherits a value",
    ("verifier-errors-1.0", 73): "line 28): Play: 'CS' is not a card",
    ("verifier-errors-1.0", 74): 'line 37): a tag pair is [Name "value"]: a quoted value',
    ("verifier-errors-2.0", 12): 'line 3): a tag pair is [Name "value"]: a quoted value',
    ("verifier-errors-2.0", 13): 'line 2): a tag pair is [Name "value"]: a quoted value',
    ("verifier-errors-2.0", 17): "line 3): a tag pair is not closed before the end",
    ("verifier-errors-2.0", 18): "line 3): ']' is out of place",
    ("verifier-errors-2.0", 20): "line 3): '}' is out of place",
}


# A game whose error is a line longer than PBN's (its value within a string's 255): read,
# and refused in words when written, since export's line holds the tag with CR LF.
TOO_LONG_TO_WRITE = {("verifier-errors-1.0", 68)}


@pytest.mark.parametrize(
    "name", ["verifier-errors-1.0", "verifier-errors-2.0", "verifier-errors-2.1"]
)
def test_each_game_of_the_verifiers_errors_is_refused_in_words_or_kept_as_it_came(name):
    """An error in what the site reads is refused in words naming the game and its line;
    one in what it keeps as it came (an auction's call, a date's form, a table's columns)
    is kept so, and the game is read and written back."""
    for number, piece in game_pieces(name):
        said = ERRORS_READ_BY_THE_SITE.get((name, number))
        if said is None:
            boards = read_pbn(piece)
            if (name, number) in TOO_LONG_TO_WRITE:  # read, and export cannot hold its line
                with pytest.raises(PbnError, match="too long for a line of PBN"):
                    pbn_text(boards)
            else:
                assert len(read_pbn(pbn_text(boards))) == len(boards), number
            continue
        with pytest.raises(PbnError) as error:
            read_pbn(piece)
        assert re.match(r"(game|board) 1 \(", str(error.value)), number
        assert said in str(error.value), (number, str(error.value))
