"""A PBN file sent to the Printing page keeps no table waiting: what a request reads is
bounded (its bytes and its games) and refused in words before it is parsed, and a body
past the bound is refused without being read; a file within them is parsed in the
printer's process, not in the worker whose threads answer the tables."""

from __future__ import annotations

import io
import os
from pathlib import Path
from unittest import mock

import pytest
from django.core.handlers.wsgi import LimitedStream
from django.test import RequestFactory
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from scorer.plumbing.printer import printer
from scorer.printing import hand_records, hand_records_views
from tests.support.html import Forms

READ = "/print/hand-records/read/"
DOCUMENT = "/print/hand-records/document/"
# A club's hand record as BridgeComposer 5.107.1 writes it (tests/data/pbn/SOURCES).
CLUB_FILE = Path(__file__).parents[1] / "data" / "pbn"
CLUB_FILE /= "bridgecomposer-5.107.1-club-hand-record.pbn"


def said(response) -> str:
    return response.content.decode()


def read(client, data: bytes, name="club.pbn"):
    upload = io.BytesIO(data)
    upload.name = name
    return client.post(READ, {"pbn": upload})


class Counted(io.BytesIO):
    """A request's body, counting what is read of it."""

    taken = 0

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.taken += len(data)
        return data

    def readline(self, size: int | None = -1) -> bytes:
        data = super().readline(size)
        self.taken += len(data)
        return data


def test_a_body_past_the_bound_is_refused_in_words_and_not_read(players):
    upload = io.BytesIO(b"%" * (hand_records.MOST_BODY + 1))
    upload.name = "club.pbn"
    body = encode_multipart(BOUNDARY, {"pbn": upload})
    request = RequestFactory().generic("POST", READ, body, content_type=MULTIPART_CONTENT)
    counted = Counted(body)
    request._stream = LimitedStream(counted, len(body))
    request.user = players[0].user
    response = hand_records_views.read(request)
    assert response.status_code == 413
    assert (
        "The file is larger than 1 MiB, the most a PBN file of boards may be here: nothing was "
        "read." in said(response)
    )
    assert counted.taken == 0


def games(count: int, tag: str) -> bytes:
    deal = b'[Deal "N:AK43.QJ2.T98.765 QJT9.AK3.AK2.432 8765.T98.Q76.AKQ 2.7654.J543.JT98"]\n'
    board = b'[Board "1"]\n'
    return (board + deal if tag == "both" else (board if tag == "Board" else deal)) * count


@pytest.mark.parametrize("tag", ["Board", "Deal"])
def test_a_file_of_more_games_than_the_bound_is_refused_before_it_is_parsed(carr, tag):
    with mock.patch.object(printer, "run", side_effect=AssertionError("parsed")):
        response = read(carr, games(hand_records.MOST_GAMES + 1, tag))
    assert response.status_code == 400
    assert (
        f"club.pbn: the file holds more than 1,000 games (by their {tag} tags), the most a PBN "
        "file of boards may hold here: nothing was read" in said(response)
    )


def test_a_file_of_the_most_games_is_read(carr):
    response = read(carr, games(hand_records.MOST_GAMES, "both"))
    assert response.status_code == 200
    assert "Board 1, from club.pbn." in said(response)


def test_a_file_is_parsed_in_the_printers_process_never_the_requests(carr, monkeypatch):
    monkeypatch.setattr(printer, "pid", None)
    not_here = AssertionError("a PBN file parsed in the request's process")
    with mock.patch.object(hand_records, "read_pbn", side_effect=not_here):
        page = read(carr, CLUB_FILE.read_bytes(), name=CLUB_FILE.name)
        assert page.status_code == 200
        assert f"from {CLUB_FILE.name}." in said(page)
        assert printer.pid is not None
        assert printer.pid != os.getpid()
        # the boards the page carries back, for a document, are parsed there too
        form = Forms(said(page)).form(DOCUMENT)
        document = carr.post(form["action"], {**form["values"], "document": "pbn"})
    assert document.status_code == 200
    assert document["Content-Disposition"].endswith('.pbn"')
