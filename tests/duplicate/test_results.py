"""The results as they come: every board's traveller (shown to a pair once it has played
the board, to the director always, to everyone once the evening ends), the rankings by
direction in a Mitchell and all together in a Howell, each pair's card, a board's hands;
the noticeboard for the wall; and the evening followed live, an unchanged page costing an
empty answer."""

from __future__ import annotations

from django.urls import reverse

from scorer.duplicate import live, reads, writes
from scorer.duplicate.presenters import signed
from scorer.engine.duplicate import Comparison, MovementKind
from tests.support.duplicate_evenings import (
    entry,
    played_through,
    recorded,
    round_played,
    seen,
    started,
    table_of,
)
from tests.support.evenings import poll_of


def page_of(client, name, *args) -> str:
    answer = client.get(reverse(f"scorer:duplicate:{name}", args=args))
    assert answer.status_code == 200
    return answer.content.decode()


def test_a_travellers_board_is_shown_to_a_pair_once_it_has_played_it(
    client, evening, staff, sixteen
):
    recorded(staff, table_of(evening, 1, 1), 1, entry("H", 9))  # pairs 1 and 5
    recorded(staff, table_of(evening, 1, 2), 5, entry("S", 8))  # pairs 2 and 6
    client.force_login(sixteen[0].user)  # Carr, of pair 1
    travellers = page_of(client, "travellers", evening.pk)
    assert "♥ by North" in travellers
    assert "♠ by North" not in travellers, "board 5 is pair 2's, not yet pair 1's"
    board = page_of(client, "board_page", evening.pk, 5)
    assert "shown once your pair has played it" in board
    assert "Its hands, dealt by the site:" in page_of(client, "board_page", evening.pk, 1)


def test_the_director_sees_every_board_and_its_hands(director, evening, staff):
    recorded(staff, table_of(evening, 1, 2), 5, entry("S", 8))
    board = page_of(director, "board_page", evening.pk, 5)
    assert "Its hands, dealt by the site:" in board
    assert "North (dealer)" in board
    assert "♠ by North" in board


def test_the_traveller_compares_each_result_on_the_board(director, evening, staff):
    round_played(staff, evening, 1)
    # Board 1, round 2 at table 4 (pairs 4 and 7), round 3 at table 3 (pairs 3 and 5).
    recorded(staff, table_of(evening, 2, 4), 1, entry("NT", 9))
    recorded(staff, table_of(evening, 3, 3), 1, entry("NT", 6))
    score = reads.evening_record(evening, reads.WHOLE).score
    assert score is not None
    traveller = score.travellers[0]
    assert len(traveller.results) == 3
    assert traveller.average is not None
    page = page_of(director, "board_page", evening.pk, 1)
    assert f"North–South&#x27;s average net: {signed(traveller.average.ns)}" in page
    for row in traveller.results:
        assert f"<td>{row.ns} v {row.ew}</td>" in page
        assert f"<td>{signed(row.score.ns)}</td><td>{signed(row.score.ew)}</td>" in page


def test_a_mitchell_is_ranked_by_direction(director, evening, staff):
    round_played(staff, evening, 1, entry("H", 10))
    page = page_of(director, "ranking", evening.pk)
    assert "The ranking: North–South" in page
    assert "The ranking: East–West" in page


def test_a_howell_is_ranked_all_together(director, staff, sixteen):
    evening = started(staff, sixteen[:12], tables=3, movement=MovementKind.HOWELL,
                      boards_a_round=2)  # fmt: skip
    round_played(staff, evening, 1)
    page = page_of(director, "ranking", evening.pk)
    assert "<h2>The ranking</h2>" in page
    assert "North–South" not in page.split("<h2>The ranking</h2>")[1].split("</table>")[0]


def test_matchpoints_show_each_pairs_percentage(director, staff, sixteen):
    evening = started(staff, sixteen, comparison=Comparison.MATCHPOINTS)
    round_played(staff, evening, 1)
    round_played(staff, evening, 2)
    page = page_of(director, "ranking", evening.pk)
    assert '<th scope="col">%</th>' in page
    assert "50%" in page


def test_a_pairs_card_lists_its_boards_round_by_round(client, evening, staff, sixteen):
    round_played(staff, evening, 1, entry("H", 10))
    client.force_login(sixteen[0].user)
    card = page_of(client, "card", evening.pk, 1)
    assert "Pair 1&#x27;s card" in card or "Pair 1's card" in card
    assert card.count("to come") == 8, "rounds 2 and 3, four boards each"
    assert "North–South" in card


def test_after_the_evening_every_board_is_everyones(client, evening, staff, sixteen):
    played_through(staff, evening)
    writes.end(evening=evening, seen=seen(evening), user=staff)
    client.force_login(sixteen[15].user)  # Rudd, of pair 8
    travellers = page_of(client, "travellers", evening.pk)
    assert "Shown once your pair has played it" not in travellers
    evening_page = page_of(client, "evening", evening.pk)
    assert "The evening has ended: the results are final." in evening_page
    assert reverse("scorer:duplicate:print_boards", args=[evening.pk]) in evening_page


def test_the_hand_records_are_the_directors_until_the_end(client, evening, sixteen):
    client.force_login(sixteen[0].user)
    page = page_of(client, "evening", evening.pk)
    assert reverse("scorer:duplicate:print_boards", args=[evening.pk]) not in page
    assert (
        client.get(reverse("scorer:duplicate:print_boards", args=[evening.pk])).status_code == 403
    )


def test_the_evening_followed_costs_nothing_while_nothing_changes(director, evening, staff):
    page = page_of(director, "evening", evening.pk)
    poll = poll_of(page, "evening-live")
    assert director.get(poll).status_code == 204
    recorded(staff, table_of(evening, 1, 1), 1, entry("H", 9))
    answer = director.get(poll)
    assert answer.status_code == 200
    assert "1 recorded" in answer.content.decode()


def test_a_table_followed_is_told_what_another_phone_did(client, evening, staff, sixteen):
    table = table_of(evening, 1, 1)
    client.force_login(sixteen[8].user)  # East–West's phone
    poll = poll_of(page_of(client, "table", table.pk))
    assert client.get(poll).status_code == 204
    recorded(staff, table, 1, entry("H", 9), accept=False)
    answer = client.get(poll, headers={"HX-Request": "true"})
    html = answer.content.decode()
    assert "From another phone: Board 1 recorded: North dealt and made hearts" in html
    assert "Accept board 1" in html


def test_a_poll_with_a_forged_token_stops(client, evening):
    answer = client.get(reverse("scorer:duplicate:live", args=[evening.pk]) + "?token=forged")
    assert answer.status_code == 286


def test_the_noticeboard_shows_the_rankings_until_its_link_is_revoked(client, evening, staff):
    round_played(staff, evening, 1)
    link = reverse("scorer:duplicate:board", args=[live.board_token(evening)])
    wall = client.get(link)
    assert wall.status_code == 200
    assert "North–South" in wall.content.decode()
    assert "♥ by" not in wall.content.decode(), "no traveller on the wall"
    writes.revoke_board(evening=evening, seen=seen(evening), user=staff)
    assert client.get(link).status_code == 404


def test_the_travellers_and_a_pairs_card_follow_the_results(client, evening, staff, sixteen):
    client.force_login(sixteen[0].user)
    travellers = poll_of(page_of(client, "travellers", evening.pk), "travellers-live")
    card = poll_of(page_of(client, "card", evening.pk, 1), "card-live")
    assert client.get(travellers).status_code == 204
    assert client.get(card).status_code == 204
    recorded(staff, table_of(evening, 1, 1), 1, entry("H", 9))  # pairs 1 and 5
    answer = client.get(travellers)
    assert answer.status_code == 200
    assert "♥ by North" in answer.content.decode()
    answer = client.get(card)
    assert answer.status_code == 200
    assert "to come" in answer.content.decode()


def test_an_evening_pbn_cannot_hold_is_refused_in_words_with_the_way_back(
    director, evening, staff, monkeypatch
):
    """A line of PBN holds 255 characters; an evening whose names would run longer is not
    written at all, and the director reads why, with the evening a tap away."""
    recorded(staff, table_of(evening, 1, 1), 1, entry("H", 9))
    monkeypatch.setattr("scorer.engine.cards.pbn.writer.LINE", 20)
    answer = director.get(reverse("scorer:duplicate:evening_pbn", args=[evening.pk]))
    assert answer.status_code == 422
    page = answer.content.decode()
    assert (
        "The evening cannot be written as a PBN file: board 1: Event: the value is too long" in page
    )
    assert reverse("scorer:duplicate:evening", args=[evening.pk]) in page
