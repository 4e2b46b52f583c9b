"""PBN 2.1: a tolerant reader, a strict writer, and files read back through an independent
reader (endplay, from the package index) to the same cards."""

from __future__ import annotations

import gc
import io
import random
import re

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Card as EndplayCard
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import Maker, Side, Trump
from scorer.engine.cards import (
    MOST_BYTES,
    Board,
    Card,
    Direction,
    Hand,
    PbnError,
    deal_boards,
    elwell_board,
    pbn_bytes,
    pbn_text,
    read_cards,
    read_pbn,
    read_pbn_file,
    read_pbn_stream,
)
from tests.support.cards import random_deal_json, seeded
from tests.support.endplay import PLAYERS
from tests.support.examples import examples

DEAL = "N:AK43.QJ2.T98.765 QJT9.AK3.AK2.432 8765.T98.Q76.AKQ 2.7654.J543.JT98"
NORTH, EAST, SOUTH, WEST = (Hand.parse(h) for h in DEAL[2:].split())
MANDATORY = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
]


def one(text: str) -> Board:
    (board,) = read_pbn(text)
    return board


def by_cards(seed: int, *, revoke_odds: int = 0):
    data = random_deal_json(seeded(seed), revoke_odds=revoke_odds)
    return data, read_cards(data, dealer=Side(data["dealer"]), trump=Trump(data["trump"]))


def played_board(seed: int, number: int = 1, **kwargs) -> Board:
    data, worked = by_cards(seed, **kwargs)
    return elwell_board(worked, number=number, maker=Maker(data["maker"]), doubles=seed % 5)


# -- The writer: PBN 2.1's export format ----------------------------------------------------


def test_the_export_format_begins_with_its_version_and_export_lines():
    text = pbn_text(deal_boards(2, rng=random.Random(1)))
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n[Event ")


def test_every_line_ends_with_cr_lf_and_holds_at_most_255_characters():
    data = pbn_bytes([played_board(3), *deal_boards(3, rng=random.Random(2))])
    assert data.endswith(b"\r\n")
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert b"\r" not in data.replace(b"\r\n", b"")
    assert b"\t" not in data
    assert all(len(line) + 2 <= 255 for line in data.split(b"\r\n"))


def tags_of(text: str) -> list[list[str]]:
    """Each board's tag names in the order written."""
    games = text.split("\r\n\r\n")
    return [re.findall(r"^\[(\w+) ", game, re.MULTILINE) for game in games]


def test_the_mandatory_tags_come_in_their_order_then_the_others_alphabetically_then_the_play():
    text = pbn_text([played_board(4), *deal_boards(1, first=2, rng=random.Random(3))])
    played, dealt = tags_of(text)
    assert played[:15] == MANDATORY
    assert dealt == MANDATORY
    supplemental = played[15:-1]
    assert supplemental == sorted(supplemental)
    assert set(supplemental) == {
        "ElwellChicane",
        "ElwellDoubles",
        "ElwellHonours",
        "ElwellMaker",
        "ElwellRevokes",
    }
    assert played[-1] == "Play"


def test_boards_are_separated_by_one_empty_line():
    text = pbn_text(deal_boards(3, rng=random.Random(4)))
    assert text.count("\r\n\r\n") == 2
    assert "\r\n\r\n[Event " in text
    assert not text.startswith("\r\n")


def test_the_deal_is_written_from_the_dealer():
    for board in deal_boards(4, rng=random.Random(5)):
        written = re.search(r'\[Deal "(.)', pbn_text([board]))[1]
        assert written == board.dealer.letter


def test_a_dealt_board_gives_its_inappropriate_tags_as_empty_and_no_vulnerability():
    text = pbn_text(deal_boards(1, rng=random.Random(6)))
    for name in ("Event", "Site", "Date", "West", "Scoring", "Declarer", "Contract", "Result"):
        assert f'[{name} ""]' in text
    assert '[Vulnerable "None"]' in text  # 1905 has no vulnerability


def test_a_quote_and_a_backslash_in_a_value_are_escaped_and_read_back():
    board = Board(number=1, dealer=Direction.NORTH, tags=(("Event", 'The "Whist" Club \\ 1905'),))
    text = pbn_text([board])
    assert '[Event "The \\"Whist\\" Club \\\\ 1905"]' in text
    assert one(text).tag("Event") == 'The "Whist" Club \\ 1905'


def test_a_character_pbn_cannot_write_is_written_as_a_question_mark():
    board = Board(number=1, tags=(("Event", "Club ♠ Évreux"),))
    assert b'[Event "Club ? \xc9vreux"]' in pbn_bytes([board])


def test_a_value_too_long_for_a_line_is_refused():
    board = Board(number=4, tags=(("Event", "x" * 300),))
    with pytest.raises(PbnError) as refused:
        pbn_text([board])
    assert str(refused.value) == (
        "board 4: Event: the value is too long for a line of PBN (312 characters; at most 255)"
    )


def test_a_revoke_is_marked_in_the_play():
    """PBN 3.9: '^R' before a card marks a revoke."""
    for seed in range(200):
        _data, worked = by_cards(seed, revoke_odds=6)
        if any(revoke.penalised for revoke in worked.card_play.revokes):
            break
    board = elwell_board(worked, number=1)
    text = pbn_text([board])
    penalised = [r for r in worked.card_play.revokes if r.penalised]
    assert text.count("^R ") == len(penalised)
    assert one(text).play == board.play


def test_a_rubbers_deal_goes_in_with_the_dealer_south_and_its_1905_tags():
    board = played_board(8)
    text = pbn_text([board])
    assert '[Dealer "S"]' in text
    assert '[Declarer "S"]' in text
    assert '[Play "W"]' in text
    doubles = 8 % 5
    assert f'[ElwellDoubles "{doubles}"]' in text
    assert f'[Contract "1{board.trump.value}{"X" * min(doubles, 2)}"]' in text


# -- Read back: by this reader, and by endplay ---------------------------------------------


def test_dealt_boards_read_back_to_the_same_cards():
    boards = deal_boards(8, rng=random.Random(7))
    back = read_pbn(pbn_bytes(boards))
    assert [(b.number, b.dealer, b.hands) for b in back] == [
        (b.number, b.dealer, b.hands) for b in boards
    ]


@settings(max_examples=examples(60))
@given(st.integers(0, 10**6))
def test_a_played_board_reads_back_to_the_same_cards_play_and_counts(seed):
    board = played_board(seed, number=seed % 36 + 1, revoke_odds=20)
    (back,) = read_pbn(pbn_bytes([board]))
    for name in ("number", "dealer", "hands", "trump", "doubles", "declarer", "maker"):
        assert getattr(back, name) == getattr(board, name), name
    for name in ("result", "play", "honours", "chicane", "revokes"):
        assert getattr(back, name) == getattr(board, name), name


def endplay_cards(hand) -> set[EndplayCard]:
    return set(hand)


def ours(hand: Hand) -> set[EndplayCard]:
    return {EndplayCard(str(card)) for card in hand}


def test_endplay_reads_dealt_boards_to_the_same_cards():
    boards = deal_boards(36, rng=random.Random(8))
    read = endplay_pbn.loads(pbn_text(boards))
    assert len(read) == 36
    for board, theirs in zip(boards, read, strict=True):
        assert theirs.board_num == board.number
        assert theirs.dealer == PLAYERS[board.dealer]
        for direction, player in PLAYERS.items():
            assert endplay_cards(theirs.deal[player]) == ours(board.hands[direction])


@settings(max_examples=examples(40))
@given(st.integers(0, 10**6))
def test_endplay_reads_a_played_board_to_the_same_cards_and_play(seed):
    board = played_board(seed)  # no revoke: endplay does not read PBN's '^R'
    (theirs,) = endplay_pbn.loads(pbn_text([board]))
    for direction, player in PLAYERS.items():
        assert endplay_cards(theirs.deal[player]) == ours(board.hands[direction])
    assert theirs.contract.declarer == PLAYERS[Direction.SOUTH]
    assert list(theirs.play) == [EndplayCard(str(card)) for trick in board.play for card in trick]


# -- The reader: what dealing programs, dealing machines and people write ------------------


def test_any_first_seat_gives_the_same_hands():
    east_first = "E:QJT9.AK3.AK2.432 8765.T98.Q76.AKQ 2.7654.J543.JT98 AK43.QJ2.T98.765"
    board = one(f'[Board "1"]\n[Deal "{east_first}"]\n')
    assert board.hands == (NORTH, EAST, SOUTH, WEST)


def test_a_hand_not_given_is_unknown_and_three_given_give_the_fourth():
    board = one(f'[Board "2"]\n[Deal "N:{NORTH} - {SOUTH} {WEST}"]\n')
    assert board.hands[Direction.EAST] is None
    assert board.hand(Direction.EAST) == EAST
    assert board.dealt is not None
    assert board.dealt.dealer == EAST
    two = one(f'[Board "2"]\n[Deal "W:{WEST} - {EAST} -"]\n')
    assert two.hand(Direction.NORTH) is None
    assert two.dealt is None


def test_lower_case_and_ranks_in_any_order_are_read():
    board = one('[Dealer "n"]\n[Deal "n:34ka.2jq.89t.576 qjt9.ak3.ak2.432 8765.t98.q76.akq -"]\n')
    assert board.dealer is Direction.NORTH
    assert board.hands[:3] == (NORTH, EAST, SOUTH)


def test_comments_escapes_and_blank_lines_inside_braces_are_read_past():
    text = f"""% PBN 2.1
%Creator: a dealing machine
; a comment to the end of the line
{{ a comment over lines,

with a blank line inside it }}
[Event "Club night"] ; and a comment after a tag
[Board "5"] {{ and one after another }}
[Deal "{DEAL}"]
"""
    board = one(text)
    assert board.number == 5
    assert board.tag("Event") == "Club night"
    assert board.hands == (NORTH, EAST, SOUTH, WEST)


def test_several_tags_to_a_line_and_a_tag_across_lines_are_read():
    board = one(f'[Board "3"] [Dealer "S"]\n[Deal\n   "{DEAL}"\n]\n')
    assert (board.number, board.dealer, board.hands[0]) == (3, Direction.SOUTH, NORTH)


def test_a_blank_line_ends_a_game_and_a_repeated_tag_is_ignored():
    boards = read_pbn(f'[Board "1"]\n[Board "9"]\n[Deal "{DEAL}"]\n\n  \t\n[Board "2"]\n')
    assert [board.number for board in boards] == [1, 2]


def test_the_dealer_of_a_board_without_one_is_the_boards_rotation():
    boards = read_pbn("".join(f'[Board "{n}"]\n\n' for n in range(1, 6)))
    assert [b.dealer for b in boards] == [
        Direction.NORTH,
        Direction.EAST,
        Direction.SOUTH,
        Direction.WEST,
        Direction.NORTH,
    ]


def test_tag_values_inherited_with_hash_and_double_hash_pbn_4_8():
    text = (
        '[Event "##Club night"]\n[Site "Rooms"]\n[Board "1"]\n\n'
        '[Site "#"]\n[Board "2"]\n\n'
        '[Board "3"]\n'
    )
    boards = read_pbn(text)
    assert [b.tag("Event") for b in boards] == ["Club night"] * 3
    assert [b.tag("Site") for b in boards] == ["Rooms", "Rooms", "?"]


def test_a_file_as_a_dealing_program_writes_it_is_read():
    """BigDeal's and Dealer4's way: unknowns as "?", a Content-type line, the optimum
    tables and double-dummy tags after the deal."""
    text = "\r\n".join(
        [
            "% PBN 2.1",
            "% EXPORT",
            "%Content-type: text/x-pbn; charset=ISO-8859-1",
            "%Creator: BigDeal",
            '[Event "?"]',
            '[Site "?"]',
            '[Date "2024.03.01"]',
            '[Board "17"]',
            '[West "?"]',
            '[North "?"]',
            '[East "?"]',
            '[South "?"]',
            '[Dealer "N"]',
            '[Vulnerable "None"]',
            f'[Deal "{DEAL}"]',
            '[Scoring "?"]',
            '[Declarer "?"]',
            '[Contract "?"]',
            '[Result "?"]',
            '[DoubleDummyTricks "89967899674347643476"]',
            '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
            "N NT 8",
            "N S 9",
            "",
        ]
    )
    board = one(text)
    assert (board.number, board.dealer, board.trump) == (17, Direction.NORTH, None)
    assert board.tag("DoubleDummyTricks") == "89967899674347643476"
    assert board.tag("Vulnerable") == "None"
    assert board.tag("Date") == "2024.03.01"


def test_a_modern_vulnerability_is_kept_as_export_writes_it():
    assert one('[Board "1"]\n[Vulnerable "Both"]\n').tag("Vulnerable") == "All"
    assert '[Vulnerable "All"]' in pbn_text([one('[Board "1"]\n[Vulnerable "Both"]\n')])


def test_a_play_with_annotations_an_auction_and_notes_is_read():
    text = f"""[Board "1"]
[Dealer "N"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "1NT"]
[Auction "N"]
1NT Pass Pass Pass
[Play "E"]
SQ !! =1= S5 $200 S2 SA
[Note "1:from a sequence"]
"""
    board = one(text)
    assert board.play == ((Card.parse("SQ"), Card.parse("S5"), Card.parse("S2"), Card.parse("SA")),)


def test_a_play_cut_short_keeps_its_whole_tricks():
    text = f"""[Board "1"]
[Dealer "N"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "1NT"]
[Result "9"]
[Play "E"]
SQ S5 S2 SA
S9 S6 H4 -
*
"""
    board = one(text)
    assert len(board.play) == 1
    assert board.result == 9


# -- Refusals -------------------------------------------------------------------------------


def refusal(text: str) -> str:
    with pytest.raises(PbnError) as refused:
        read_pbn(text)
    return str(refused.value)


def test_a_deal_with_a_hand_of_fourteen_cards_is_refused():
    broken = DEAL.replace("AK43.QJ2.T98.765", "AK432.QJ2.T98.765")
    assert refusal(f'[Board "3"]\n\n[Board "4"]\n[Deal "{broken}"]\n') == (
        "board 4 (line 4): Deal: North's hand holds 14 cards, not 13 (AK432.QJ2.T98.765)"
    )


def test_a_deal_with_a_card_twice_is_refused():
    broken = DEAL.replace("2.7654", "A.7654")
    assert refusal(f'[Board "1"]\n[Deal "{broken}"]\n') == (
        "board 1 (line 2): Deal: the SA is in both North's hand and West's, and the S2 in none"
    )


def test_an_end_position_is_not_a_deal():
    assert "an end position is not a deal" in refusal('[Deal "N:AK.QJ.T9.87 - - -"]\n')


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('[Deal "AK43.QJ2.T98.765"]', "Deal: 'AK43.QJ2.T98.765' is not a deal: the first seat"),
        ('[Deal "X:- - - -"]', 'Deal: "X" is not a seat (N, E, S or W)'),
        ('[Deal "N:AK43.QJ2.T98.76X - - -"]', 'Deal: North\'s hand: "AK43.QJ2.T98.76X" is not'),
        ('[Board "0"]', "game 1 (line 1): Board: '0' is not a board number"),
        ('[Dealer "Z"]', 'Dealer: "Z" is not a seat'),
        ('[Contract "8Q"]', "Contract: '8Q' is not a contract"),
        ('[Deal "#"]', "Deal: '#' inherits a value, which PBN does not allow for Deal"),
        ('[Event "x"', "a tag pair is not closed"),
        ("Dealer N", "'Dealer' is neither a tag"),
        ('[Play "W"]\nSA S2 S3 S4', "Play: the play needs the trump"),
    ],
)
def test_what_cannot_be_read_is_refused_naming_the_tag(text, says):
    assert says in refusal(text + "\n")


def test_a_played_card_its_player_did_not_hold_is_refused():
    text = f"""[Board "1"]
[Dealer "N"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "1NT"]
[Play "E"]
SQ SA S2 S5
"""
    assert refusal(text) == (
        "board 1 (line 6): Play: trick 1: South played the SA, which he did not hold "
        "(North held it)"
    )


def test_a_result_the_play_does_not_give_is_refused():
    board = played_board(11)
    text = pbn_text([board]).replace(
        f'[Result "{board.result}"]', f'[Result "{13 - board.result}"]'
    )
    assert f"Result: the play gives the declarer {board.result} tricks" in refusal(text)


def test_honours_the_hands_do_not_give_are_refused():
    board = played_board(12)
    text = re.sub(
        r'\[ElwellHonours "S:(\d)',
        lambda m: f'[ElwellHonours "S:{int(m[1]) ^ 1}',
        pbn_text([board]),
    )
    assert "ElwellHonours: the hands give" in refusal(text)


def test_more_than_most_bytes_of_text_is_refused():
    assert refusal(" " * (MOST_BYTES + 1)).startswith(f"the file holds {MOST_BYTES + 1:,} bytes")


def test_a_file_of_100_mb_is_refused_from_its_size_without_reading_it(tmp_path, monkeypatch):
    path = tmp_path / "huge.pbn"
    with open(path, "wb") as file:
        file.truncate(100 * 2**20)  # sparse: nothing is written, and nothing may be read

    def refuse_to_open(*args, **kwargs):
        raise AssertionError("the file was opened")

    monkeypatch.setattr("builtins.open", refuse_to_open)
    with pytest.raises(PbnError) as refused:
        read_pbn_file(path)
    assert str(refused.value) == (
        "the file holds 104,857,600 bytes; a PBN file of boards is read up to "
        f"{MOST_BYTES:,} bytes (16 MiB)"
    )


class Endless(io.RawIOBase):
    """A stream of PBN comments that never ends, counting what is read of it."""

    def __init__(self):
        self.given = 0

    def readable(self):
        return True

    def readinto(self, buffer):
        buffer[:] = b";" * len(buffer)
        self.given += len(buffer)
        return len(buffer)


def test_a_stream_longer_than_the_limit_is_refused_after_reading_just_past_it():
    stream = Endless()
    with pytest.raises(PbnError, match="more than 16,777,216 bytes"):
        read_pbn_stream(io.BufferedReader(stream, buffer_size=2**16))
    assert stream.given <= MOST_BYTES + 2**17


def test_reading_a_file_leaves_the_garbage_collector_as_it_found_it():
    """The reader pauses the cyclic collector while it reads, and only while it reads,
    whether the file is read or refused."""
    good = pbn_text(deal_boards(2, rng=random.Random(5)))
    read_pbn(good)
    assert gc.isenabled()
    with pytest.raises(PbnError, match="not a seat"):
        read_pbn('[Dealer "Z"]')
    assert gc.isenabled()
    gc.disable()
    try:
        read_pbn(good)
        assert not gc.isenabled()
    finally:
        gc.enable()


# -- PBN as other programs write it (the corpus of real files: test_pbn_corpus.py) ----------


def test_a_comment_over_lines_closed_at_the_end_of_its_line_does_not_end_the_game():
    """BridgeComposer's commentary: the '}' ends its line, and the game goes on."""
    text = f"""[Board "7"]
{{A comment over lines,
ending here.}}
[Dealer "S"]
[Deal "{DEAL}"]
"""
    (board,) = read_pbn(text)
    assert (board.number, board.dealer, board.hands[0]) == (7, Direction.SOUTH, NORTH)


TABLE = """[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT  6
N  S 10
E  H  2"""


def test_a_table_the_site_does_not_use_is_written_back_as_it_came():
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1NT Pass Pass Pass\n{TABLE}\n'
    (board,) = read_pbn(text)
    written = pbn_text([board]).replace("\r\n", "\n")
    assert TABLE in written
    assert '[Auction "N"]\n1NT Pass Pass Pass\n' in written
    assert board.tag("OptimumResultTable") == "Declarer;Denomination\\2R;Result\\2R"


def test_a_contract_and_result_the_site_does_not_hold_as_such_come_back_as_they_came():
    """A modern contract's level, a result by side: what 1905 has no use for is kept."""
    text = (
        f'[Board "1"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "4HX"]\n[Result "NS 10 EW 3"]\n'
    )
    written = pbn_text(read_pbn(text))
    assert '[Contract "4HX"]' in written
    assert '[Result "NS 10 EW 3"]' in written


BAD_PLAY = f"""[Board "3"]
[Dealer "S"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "3NT"]
[Play "E"]
SQ SA S2 S5

[Board "4"]
[Deal "{DEAL}"]
"""


def test_a_bad_play_is_refused_where_the_play_is_wanted():
    assert refusal(BAD_PLAY) == (
        "board 3 (line 6): Play: trick 1: South played the SA, which he did not hold "
        "(North held it)"
    )


def test_where_only_the_deals_are_wanted_a_bad_play_is_skipped_saying_so_by_board():
    boards = read_pbn(BAD_PLAY, deals_only=True)
    assert [board.number for board in boards] == [3, 4]
    assert boards[0].hands == (NORTH, EAST, SOUTH, WEST)
    assert (boards[0].play, boards[0].trump, boards[0].declarer) == ((), None, None)
    assert boards.skipped == (
        "board 3 (line 6): Play: trick 1: South played the SA, which he did not hold (North "
        "held it); its play is skipped and its deal read",
    )
    written = pbn_text(boards)  # what it said of its play, written back as it came
    assert '[Contract "3NT"]' in written
    assert '[Play "E"]\r\nSQ SA S2 S5\r\n' in written


DEALER_STATISTICS = f"""[Board "1"]
[Deal "{DEAL}"]

Generated 427 hands
Produced  1 hands
Time needed    0.010 sec
"""


def test_lines_after_the_last_game_that_are_not_pbn_are_skipped_saying_so():
    """As Dealer prints its statistics after its deals."""
    boards = read_pbn(DEALER_STATISTICS)
    assert [board.number for board in boards] == [1]
    assert boards.skipped == (
        "lines 4 to 6, after the last game, are not PBN ('Generated 427 hands'): skipped",
    )


def test_lines_that_are_not_pbn_before_a_game_are_refused():
    assert refusal(DEALER_STATISTICS + '\n[Board "2"]\n') == (
        "game 2 (line 4): 'Generated' is neither a tag ([Name \"value\"]) nor a comment"
    )
    assert refusal("Generated 427 hands\n") == (
        "game 1 (line 1): 'Generated' is neither a tag ([Name \"value\"]) nor a comment"
    )


def test_a_value_over_pbns_255_characters_is_refused_in_words():
    assert refusal(f'[Board "2"]\n[Note "1:{"x" * 300}"]\n') == (
        "board 2 (line 2): Note: the value is too long for PBN (302 characters; a string "
        "holds at most 255)"
    )
    assert len(read_pbn(f'[Board "2"]\n[Note "{"x" * 255}"]\n')) == 1


def test_an_end_position_is_read_and_is_no_deal():
    """PBN 3.10: four hands of as many cards, fewer than thirteen."""
    (board,) = read_pbn(
        '[Deal "N:.6.AKQ987.A9732 A865.KQ5.T.QJT6 J97.J98742.3.K4 QT2.AT.J6542.85"]'
    )
    assert [len(hand) for hand in board.hands] == [12, 12, 12, 12]
    assert board.dealt is None


def test_where_only_the_deals_are_wanted_a_game_with_neither_number_nor_deal_is_skipped():
    """A title, or another table's result given without its board."""
    text = f'[Event "Club night"]\n\n[Board "1"]\n[Deal "{DEAL}"]\n\n[Contract "1NT"]\n'
    boards = read_pbn(text, deals_only=True)
    assert [board.number for board in boards] == [1]
    assert boards.skipped == (
        "2 games give neither a board number nor a deal (a title, say, or another table's "
        "result of a board before): skipped (games 1 and 3)",
    )
    assert len(read_pbn(text)) == 3
