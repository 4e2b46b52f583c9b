"""A rubber's deals given by their cards (§9) in the club's file: kept with their hands and
play, written back as they came, and a deal in progress with the hands a player entered;
cards that are none, or a result that disagrees with them, refused naming where."""

from __future__ import annotations

import copy
import json
import uuid
from pathlib import Path

import pytest

from ledger.club.document import ImportRefused, export_club, import_club
from scorer import engine
from scorer.engine.cards import Hands, dealt
from scorer.models import Deal, Rubber
from scorer.rubbers import writes
from scorer.rubbers.reads import rubber_state
from tests.support.club import empty_the_club

ILLUSTRATIVE = Path(__file__).parents[1] / "data" / "elwell-illustrative-hands.json"


@pytest.fixture
def elwells_rubber(players):
    """Elwell's illustrative hands as a rubber at Table 1, recorded as a table records
    them, each deal with its cards as his book gives them."""
    source = json.loads(ILLUSTRATIVE.read_text())
    _, record = engine.read_any(source)
    rubber = writes.start_rubber(
        table="Table 1", members=players, first_dealer=0, user=players[0].user
    )
    writes.replay(rubber=rubber, deals=record.deals, user=players[0].user)
    for row, deal in zip(rubber.deals.order_by("number"), record.deals, strict=True):
        row.keep_cards(deal.cards)
        row.save(update_fields=["hands", "play"])
    return rubber, source


def exported_rubber(document, table="Table 1"):
    return next(r for r in document["rubbers"] if r["table"] == table)


def test_a_rubbers_deals_go_out_as_their_cards(elwells_rubber):
    _, source = elwells_rubber
    written = exported_rubber(json.loads(json.dumps(export_club())))
    assert written["deals"] == source["deals"]  # the hands and play; no honours, no chicane
    assert all("honours" not in deal for deal in written["deals"])


def test_a_club_whose_deals_carry_their_cards_comes_back_the_same(elwells_rubber):
    _, source = elwells_rubber
    exported = json.loads(json.dumps(export_club()))
    empty_the_club()
    import_club(exported)
    assert json.loads(json.dumps(export_club())) == exported
    kept = Deal.objects.filter(rubber__table="Table 1").order_by("number")
    assert [deal.hands for deal in kept] == [
        dealt.hands_line(Hands.read(deal["hands"])) for deal in source["deals"]
    ]
    assert [bool(deal.play) for deal in kept] == ["play" in deal for deal in source["deals"]]


def test_the_hands_entered_for_a_deal_in_progress_go_out_and_come_back(rubber):
    user = rubber.started_by
    state = writes.declare(
        state=rubber_state(rubber),
        user=user,
        key=uuid.uuid4(),
        revision=rubber.revision,
        declaration=writes.Declaration(0, engine.Maker.DEALER, engine.Trump.HEARTS, 0),
    )
    assert state.in_progress is not None
    hands = json.loads(ILLUSTRATIVE.read_text())["deals"][0]["hands"]
    Deal.objects.filter(pk=state.in_progress.pk).update(hands=dealt.hands_line(Hands.read(hands)))
    exported = json.loads(json.dumps(export_club()))
    assert exported_rubber(exported)["in_progress"]["hands"] == hands
    empty_the_club()
    import_club(exported)
    assert json.loads(json.dumps(export_club())) == exported
    assert Deal.objects.get(recorded_at__isnull=True).known_hands() == Hands.read(hands)


def test_a_deal_in_progress_without_hands_is_written_as_before(rubber):
    writes.declare(
        state=rubber_state(rubber),
        user=rubber.started_by,
        key=uuid.uuid4(),
        revision=rubber.revision,
        declaration=writes.Declaration(0, engine.Maker.DEALER, engine.Trump.HEARTS, 0),
    )
    assert "hands" not in exported_rubber(export_club())["in_progress"]


def test_hands_in_progress_that_are_none_are_refused_naming_where(rubber):
    writes.declare(
        state=rubber_state(rubber),
        user=rubber.started_by,
        key=uuid.uuid4(),
        revision=rubber.revision,
        declaration=writes.Declaration(0, engine.Maker.DEALER, engine.Trump.HEARTS, 0),
    )
    broken = copy.deepcopy(export_club())
    hands = dict(json.loads(ILLUSTRATIVE.read_text())["deals"][0]["hands"])
    hands["left"] = hands["dealer"]  # the dealer's cards twice
    exported_rubber(broken)["in_progress"]["hands"] = hands
    empty_the_club()
    with pytest.raises(ImportRefused) as refused:
        import_club(broken)
    assert str(refused.value).startswith("rubbers[0].in_progress.hands: the ")
    assert not Rubber.objects.exists()


def test_a_deal_whose_honours_disagree_with_its_hands_is_refused(elwells_rubber):
    broken = copy.deepcopy(export_club())
    deal = exported_rubber(broken)["deals"][0]
    deal["honours"] = {"we": [3, 0], "they": [2, 0]}
    empty_the_club()
    with pytest.raises(ImportRefused, match=r"^rubbers\[0\]: deal 1: honours: the hands give"):
        import_club(broken)
    assert not Rubber.objects.exists()
