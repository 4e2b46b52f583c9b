"""Three-handed Bridge and Short Whist at the table: starting a rubber of each, their forms,
their sheets, their agreement and what the ledger posts (SCORING.md sections 7 and 8)."""

from __future__ import annotations

import io
import random
import uuid
from decimal import Decimal

import pytest
from django.urls import reverse
from pypdf import PdfReader

from ledger.desk import services as desk
from ledger.models import Posting
from ledger.reports import reads as reports
from scorer import engine
from scorer.models import Club, Deal, Rubber
from scorer.rubbers import reads, writes
from tests.support.deal_forms import declare, result
from tests.support.games import whist
from tests.support.ledger import set_stake
from tests.support.pdf import pages

URL = reverse("scorer:start")


def start_form(seats, **fields):
    data = {"table": "Table 3", "first_dealer": "0", "key": uuid.uuid4()}
    data.update({f"seat_{i}": member.pk for i, member in seats.items()})
    data.update(fields)
    return data


def three(players):
    """Mrs. Carr with the dummy in seat 1 (0), Miss Fenwick and Col. Hartley against her."""
    carr, _, fenwick, hartley = players
    return {0: carr, 1: fenwick, 3: hartley}


def three_handed(players, staff, *, unit=engine.Unit.RUBBER):
    carr, _, fenwick, hartley = players
    return writes.start_rubber(
        table="Table 3",
        members=[carr, fenwick, hartley],
        first_dealer=0,
        user=staff,
        game=engine.THREE_HANDED,
        unit=unit,
    )


def whist_rubber(players, staff):
    return writes.start_rubber(
        table="Table 2", members=players, first_dealer=0, user=staff, game=engine.WHIST
    )


def whist_result(client, rubber, *, tricks=7, honours="easy", revokes=(), **extra):
    data = {"key": uuid.uuid4(), "revision": Rubber.objects.get(pk=rubber.pk).revision}
    data.update({"tricks": tricks, "honours": honours, **extra})
    for n, (by, penalty) in enumerate(revokes, 1):
        data[f"revoke_{n}_by"], data[f"revoke_{n}_penalty"] = by, penalty
    return client.post(reverse("scorer:result", args=[rubber.pk]), data)


# -- Three-handed Bridge: starting ------------------------------------------------------------


def test_three_members_start_a_three_handed_rubber_the_dummys_seat_left_empty(carr, players):
    response = carr.post(URL, start_form(three(players), game="three-handed"))
    rubber = Rubber.objects.get()
    assert response.status_code == 302
    assert rubber.game == "three-handed"
    assert [(s.position, s.member) for s in rubber.seats.all()] == list(three(players).items())
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "Three-handed Bridge" in page
    assert "We: Mrs. Carr with the dummy" in page


def test_a_three_handed_rubber_refuses_a_player_in_the_dummys_seat(carr, players):
    seats = {**three(players), 2: players[1]}
    response = carr.post(URL, start_form(seats, game="three-handed"))
    assert response.status_code == 422
    assert "Three-handed Bridge is played by 3: leave this seat empty." in response.content.decode()
    assert not Rubber.objects.exists()


def test_a_four_handed_game_needs_its_fourth_player(carr, players):
    response = carr.post(URL, start_form(three(players), game="whist"))
    assert response.status_code == 422
    assert "Choose a member for this seat." in response.content.decode()


def test_three_playing_cut_for_the_dummy_not_for_partners(carr, players):
    response = carr.post(
        URL, start_form(three(players), game="three-handed", first_dealer="partners")
    )
    assert response.status_code == 422
    assert (
        "At Three-handed Bridge, cut for dummy, or choose who deals." in response.content.decode()
    )


def test_the_write_itself_refuses_a_cut_the_game_does_not_take_in_words(players, staff):
    """Whoever starts a rubber (the page, the club's file, a table's next rubber), not the
    form alone: three cutting for partners, or four for the dummy, is refused so."""
    carr, _, fenwick, hartley = players
    starts = [
        ([carr, fenwick, hartley], engine.THREE_HANDED, writes.CUT_FOR_PARTNERS),
        ([carr, fenwick, hartley], engine.THREE_HANDED, writes.CUT_FOR_DEAL),
        (players, engine.BRIDGE, writes.CUT_FOR_THE_DUMMY),
        (players, engine.WHIST, writes.CUT_FOR_THE_DUMMY),
    ]
    for members, game, cut in starts:
        allowed = " or ".join(f"cut for {c}" for c in game.seating.cuts)
        with pytest.raises(engine.RubberError, match=rf"At {game.name}, {allowed}, or choose"):
            writes.start_rubber(
                table="Table 3", members=members, first_dealer=cut, user=staff, game=game
            )
    assert not Rubber.objects.exists()


def test_the_cut_for_the_dummy_gives_the_lowest_the_dummy_and_the_deal(players, staff):
    carr, _, fenwick, hartley = players
    rubber = writes.start_rubber(
        table="Table 3",
        members=[carr, fenwick, hartley],
        first_dealer=writes.CUT_FOR_THE_DUMMY,
        user=staff,
        rng=random.Random(3),
        game=engine.THREE_HANDED,
    )
    cut = engine.cut_for_the_dummy(random.Random(3))
    drawn = [[carr, fenwick, hartley][player] for player in cut.order]
    assert [seat.member for seat in rubber.seats.all()] == drawn
    assert [seat.position for seat in rubber.seats.all()] == [0, 1, 3]
    assert rubber.first_dealer == 0
    assert rubber.cut["for"] == "dummy"


def test_a_new_rubber_at_the_same_table_passes_the_dummy_in_the_order_of_the_cut(
    players, staff, client
):
    rubber = three_handed(players, staff)
    client.force_login(players[0].user)
    form = client.get(URL, {"same": rubber.pk}).context["form"]
    carr, _, fenwick, hartley = players
    # Miss Fenwick, second in the cut, has the dummy next; Col. Hartley, Mrs. Carr against her.
    assert [form[f"seat_{seat}"].value() for seat in (0, 1, 3)] == [fenwick.pk, hartley.pk, carr.pk]


# -- Three-handed Bridge: doubling and the dummy's declaration ----------------------------


def test_three_playing_the_dummys_holder_dealing_may_not_redouble(players, staff, client):
    rubber = three_handed(players, staff)
    client.force_login(staff)
    response = declare(client, rubber, dealer=0, doubles=2)
    assert response.status_code == 422
    assert "may not redouble (Bridge for Three Players)" in response.content.decode()
    assert not Deal.objects.exists()


def test_three_playing_the_adversaries_dealing_may_redouble(players, staff, client):
    rubber = three_handed(players, staff)
    client.force_login(staff)
    assert declare(client, rubber, dealer=1, trump="H", doubles=2).status_code == 302
    assert Deal.objects.get().doubles == 2
    assert result(client, rubber, tricks=7, honours="they:THREE").status_code == 302
    # They, dealing, make one by cards at hearts redoubled: 8 × 2 × 2 = 32 (Law 50).
    scored = reads.rubber_state(rubber).sheet.deals[0]
    assert (scored.entries.they.tricks, scored.entries.we.tricks) == (32, 0)


def test_the_declaration_reminds_the_players_of_the_dummys_compulsory_declaration(
    players, staff, client
):
    rubber = three_handed(players, staff)
    client.force_login(staff)
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert 'class="reminder hint" data-dealer="0"' in page
    assert "four aces or three aces make it no-trump" in page
    assert "Only one adversary, the leader, may double" in page
    assert "Dummy (Carr)" in page  # the dummy's deal, made by its holder


def test_the_dummys_deal_is_dealt_by_its_holder_in_the_dummys_seat(players, staff, client):
    rubber = three_handed(players, staff)
    client.force_login(staff)
    for _ in range(2):
        assert declare(client, rubber, trump="S").status_code == 302
        assert result(client, rubber, tricks=6, honours="they:THREE").status_code == 302
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "Deal 3: Dummy (Mrs. Carr) deals." in page


def test_playing_games_a_game_won_ends_the_unit_and_its_winners_add_50(players, staff, client):
    rubber = three_handed(players, staff, unit=engine.Unit.GAME)
    client.force_login(staff)
    declare(client, rubber, trump="NT")
    assert result(client, rubber, tricks=12, honours="easy").status_code == 302
    state = reads.rubber_state(rubber)
    assert state.sheet.finished
    assert state.sheet.totals.we.rubber == 50
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "the game: 50 (Bridge for Three Players)" in page
    assert "winners of the game" in page


def test_the_three_handed_ledger_adds_up_to_nothing_the_holder_twice_over(players, staff):
    set_stake("0.50", staff)
    rubber = three_handed(players, staff, unit=engine.Unit.GAME)
    writes.replay(
        rubber=rubber,
        deals=[
            engine.Deal(
                engine.Side.WE,
                engine.Trump.NO_TRUMP,
                play=engine.Play(engine.Pair(12, 1), engine.Pair((1, 1), (1, 1))),
            )
        ],
        user=staff,
    )
    state = reads.rubber_state(rubber)
    writes.agree(state=state, user=staff, key=uuid.uuid4(), revision=rubber.revision, side=None)
    rubber.refresh_from_db()
    carr, _, fenwick, hartley = players
    value = rubber.agreed_value
    assert value == 72 + 50 + 20  # 6 by cards at no-trump, the game's 50, little slam
    postings = {p.member: p for p in Posting.objects.filter(rubber=rubber)}
    assert [postings[m].points for m in (carr, fenwick, hartley)] == [2 * value, -value, -value]
    assert sum(p.amount for p in postings.values()) == 0
    assert postings[carr].amount == Decimal(2 * value) * Decimal("0.50") / 100
    statement = [row.game for row in reports.statement(carr)]
    assert statement == ["Three-handed Bridge"]


# -- Short Whist ------------------------------------------------------------------------


def test_a_whist_rubber_is_started_by_choosing_the_game(carr, players):
    seats = dict(enumerate(players))
    assert carr.post(URL, start_form(seats, game="whist")).status_code == 302
    assert Rubber.objects.get().game == "whist"


def test_the_club_may_make_whist_the_game_of_the_evening(carr, players):
    club = Club.get()
    club.game = "whist"
    club.save()
    assert carr.post(URL, start_form(dict(enumerate(players)))).status_code == 302
    assert Rubber.objects.get().game == "whist"


def test_at_whist_the_trump_is_turned_up_with_no_make_and_no_doubling(players, staff, client):
    rubber = whist_rubber(players, staff)
    client.force_login(staff)
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "Deal 1: the trump turned up" in page
    assert 'name="maker"' not in page
    assert 'name="doubles"' not in page
    assert 'value="NT"' not in page
    response = declare(client, rubber, trump="NT")
    assert response.status_code == 422
    assert not Deal.objects.exists()


def test_the_whist_result_records_tricks_honours_and_a_revoke_with_its_penalty(
    players, staff, client
):
    rubber = whist_rubber(players, staff)
    client.force_login(staff)
    assert declare(client, rubber, trump="D").status_code == 302
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "Two each" in page
    assert 'name="revoke_1_by"' in page
    assert 'name="chicane_we"' not in page
    response = whist_result(client, rubber, tricks=8, honours="we:THREE", revokes=[("they", "add")])
    assert response.status_code == 302, response.content.decode()[:3000]
    deal = Deal.objects.get()
    assert deal.penalties == [{"by": "they", "penalty": "add"}]
    sheet = reads.rubber_state(rubber).sheet
    # Law 5: the penalty first (3), then the tricks (2): five, the game; honours not scored.
    assert sheet.games[0].points == engine.Pair(5, 0)
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "1st game 5\u20130, a treble" in page
    assert "three honours: not scored, the game being won" not in page  # words are the engine's
    assert "3 honours: not scored, the game being won (Law 5)" in page


def test_a_revoke_without_its_penalty_is_refused_by_name(players, staff, client):
    rubber = whist_rubber(players, staff)
    client.force_login(staff)
    declare(client, rubber, trump="S")
    response = whist_result(client, rubber, revoke_1_by="we")
    assert response.status_code == 422
    assert "Choose the penalty the adversaries took for it." in response.content.decode()


def test_a_whist_rubber_agreed_posts_its_points_at_so_much_a_point(players, staff):
    desk.set_stake(
        per_hundred=Decimal("0.50"),
        per_point=Decimal("0.10"),
        currency="GBP",
        smallest_unit=Decimal("0.01"),
        user=staff,
        seen="none",
    )
    rubber = whist_rubber(players, staff)
    deals = [whist((13, 0), (4, 0)), whist((13, 0), (4, 0), dealer="they")]
    writes.replay(rubber=rubber, deals=deals, user=staff)
    state = reads.rubber_state(rubber)
    assert state.sheet.finished
    writes.agree(state=state, user=staff, key=uuid.uuid4(), revision=rubber.revision, side=None)
    rubber.refresh_from_db()
    assert rubber.agreed_value == 3 + 3 + 2  # two trebles and the rubber: the most there is
    carr = players[0]
    posting = Posting.objects.get(rubber=rubber, member=carr)
    assert posting.amount == Decimal("0.80")
    assert posting.reason.startswith("Short Whist rubber at Table 2")
    rows = reports.statement(carr)
    assert rows[0].game == "Short Whist"
    assert rows[0].stake == "£0.10 a point"


def test_a_whist_deal_is_corrected_under_law_11_and_honours_claimed_under_law_6(
    players, staff, client
):
    from tests.support.deal_forms import correct

    rubber = whist_rubber(players, staff)
    client.force_login(staff)
    declare(client, rubber, trump="H")
    assert whist_result(client, rubber, tricks=8).status_code == 302
    response = correct(client, rubber, 1, honours="we:FOUR", reason="honours not claimed")
    assert response.status_code == 302, response.content.decode()[:3000]
    correction = rubber.corrections.get()
    assert (correction.kind, correction.law) == ("honours", "Law 6")
    response = correct(client, rubber, 1, tricks=9, reason="tricks miscounted")
    assert response.status_code == 302
    assert rubber.corrections.last().law == "Law 11"
    # The sheet names each in Whist's words, and so does its print.
    page = client.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert "Deal 1</strong>, a claim of honours (Law 6)" in page
    assert "Deal 1</strong>, a wrong score (Law 11)" in page
    printed = client.get(reverse("scorer:rubber_print", args=[rubber.pk]))
    text = " ".join(PdfReader(io.BytesIO(printed.content)).pages[0].extract_text().split())
    assert "Deal 1, a wrong score (Law 11)" in text


def test_a_whist_sheet_prints(players, staff, client):
    rubber = whist_rubber(players, staff)
    writes.replay(rubber=rubber, deals=[whist((9, 4), (3, 1))], user=staff)
    client.force_login(staff)
    response = client.get(reverse("scorer:rubber_print", args=[rubber.pk]))
    assert response.status_code == 200
    [sheet] = pages(response)
    assert "Short Whist." in sheet
    # Nine tricks, three by cards, and three honours to We: two more (Law 3), five in all.
    assert "5 points: 3 by cards: 3; 3 honours: 2 (Law 3)" in sheet
    # Five won the game, They not having scored: a treble (Law 8).
    assert "1st game 5–0, a treble" in sheet
    assert "PROVISIONAL" in sheet  # not yet agreed


def test_blank_pads_are_printed_for_whist_with_its_values(staff, client):
    client.force_login(staff)
    url = reverse("scorer:pad_print")
    response = client.get(url, {"game": "whist", "per_page": 2, "pages": 1, "paper": "A4"})
    assert response.status_code == 200
    [page] = pages(response)
    assert page.count("Short Whist") == 2  # two forms to the page, each a Whist form
    assert "The rubber 2" in page  # its two points to the rubber's winners (Laws 9, 10)
    assert "The losers' game is deducted (Law 10)." in page


def test_a_whist_sheet_says_under_its_totals_that_the_game_in_progress_is_not_in_them(
    carr, players, staff
):
    """The engine's Law 8: a game counts once won, by the losers' score then. The rubber's
    page and its printed sheet show the totals as the engine gives them, and say why the
    points of the game in play are not among them."""
    rubber = whist_rubber(players, staff)
    writes.replay(rubber=rubber, deals=[whist((11, 2)), whist((9, 4))], user=staff)
    note = "The second game, in progress at 3\u20130, is not in the totals"
    page = carr.get(reverse("scorer:rubber", args=[rubber.pk])).content.decode()
    assert '<td class="total">3</td><td class="total">0</td>' in page
    assert note in page
    pdf = carr.get(reverse("scorer:rubber_print", args=[rubber.pk])).content
    printed = " ".join(PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
    assert note in printed
