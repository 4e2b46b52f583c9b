"""The evening's results, on the page and printed: places, each player's won, lost and net,
each round's tables; the tally cards (one a player: his number, a line a round for the
table, his partner, the points won and lost) and each round's table cards (its deals with
their points). Every figure is the engine's, worked out from the rows each time: the
site's evening, written as elwell-progressive/1 and read back by the engine on its own,
comes out the same."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scorer.engine.progressive import evening_json, loads_progressive, work_out_evening
from scorer.progressive import reads
from tests.support.evenings import agree, play, seen, tables_of
from tests.support.html import Forms
from tests.support.pdf import pages


@pytest.fixture
def two_rounds(secretary, evening):
    """Round 1: We take 9 tricks at no-trump at each table (36); round 2: at table 1 They
    take 8 at hearts (16 and simple honours, 16), at table 2 the pairs tie at 16."""
    for table in tables_of(evening, 1):
        play(secretary, table, trump="NT", tricks=9)
        agree(secretary, table, "both")
    action = reverse("scorer:progressive:next", args=[evening.pk])
    page = secretary.get(reverse("scorer:progressive:evening", args=[evening.pk]))
    secretary.post(action, Forms(page.content.decode()).form(action)["values"])
    one, two = tables_of(evening, 2)
    play(secretary, one, trump="H", tricks=5, honours="they:THREE")
    play(secretary, two, trump="H", tricks=8, honours="they:THREE")
    for table in (one, two):
        agree(secretary, table, "both")
    return evening


def test_the_site_works_out_its_evening_as_the_engine_reads_it_from_its_file(two_rounds):
    record = reads.evening_record(two_rounds)
    written = json.loads(json.dumps(evening_json(record.as_evening())))
    on_its_own = work_out_evening(loads_progressive(json.dumps(written)), in_progress=True)
    assert record.score is not None
    assert [(s.number, s.won, s.lost, s.place) for s in record.score.standings] == [
        (s.number, s.won, s.lost, s.place) for s in on_its_own.standings
    ]
    assert written["rounds"][1]["tables"][1]["tie"] in ("we", "they")
    assert sum(s.net for s in record.score.standings) == 0


def test_the_results_page_gives_places_won_lost_net_and_each_rounds_tables(secretary, two_rounds):
    html = secretary.get(reverse("scorer:progressive:results", args=[two_rounds.pk]))
    html = html.content.decode()
    record = reads.evening_record(two_rounds)
    assert record.score is not None
    for standing in record.score.by_place:
        net = (
            f"+{standing.net}" if standing.net > 0 else f"−{-standing.net}" if standing.net else "0"
        )
        assert (
            f"<td>{standing.number}</td><td>{standing.name}</td><td>{standing.won}</td>"
            f"<td>{standing.lost}</td><td>{net}</td>" in html
        )
    assert "<h2>Round 1</h2>" in html
    assert "<h2>Round 2</h2>" in html
    assert html.count("move to table") == 4


def test_the_tally_cards_print_one_a_player_with_a_line_a_round(secretary, two_rounds):
    answer = secretary.get(reverse("scorer:progressive:print_tallies", args=[two_rounds.pk]))
    text = " ".join(pages(answer))
    record = reads.evening_record(two_rounds)
    for tally_player in record.players:  # the number large, the name under it
        assert re.search(rf"No\. {tally_player.number} ?{re.escape(tally_player.name)} ", text)
    first = tables_of(two_rounds, 1)[0]
    dealer, partner = (first.seats.get(position=n).player for n in (0, 2))
    heads = "Round Table Partner Won Lost"
    assert re.search(
        rf"{re.escape(dealer.name)} {heads} 1 1 {re.escape(partner.name)} 36 0 2", text
    )
    assert answer["Content-Disposition"].startswith('inline; filename="progressive-tallies-')


def test_a_rounds_table_cards_print_its_deals_with_their_points(secretary, two_rounds):
    url = reverse("scorer:progressive:print_tables", args=[two_rounds.pk])
    text = " ".join(pages(secretary.get(url, {"round": 1})))
    assert "Progressive evening: round 1, table 1" in text
    assert "Progressive evening: round 1, table 2" in text
    assert "The round 36 0" in text
    assert secretary.get(url, {"round": 3}).status_code == 404


def test_the_results_print(secretary, two_rounds):
    url = reverse("scorer:progressive:print_results", args=[two_rounds.pk])
    text = " ".join(pages(secretary.get(url)))
    assert "Progressive evening: the results so far" in text
    assert "Round 2" in text


def test_nothing_prints_before_the_draw(secretary, staff):
    from tests.support.evenings import opened

    gathering = opened(staff)
    assert seen(gathering) == "0"
    url = reverse("scorer:progressive:print_tallies", args=[gathering.pk])
    assert secretary.get(url).status_code == 404
