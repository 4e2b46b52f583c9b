"""A PBN file sent to the Printing page of a club's server (gunicorn, production settings,
on SQLite and on PostgreSQL), as a member's phone sends it: a file beyond the bound is
refused in words before its body is read, the largest file within it is read in the
printer's process, and the worker the tables' polls share is neither grown past its limit
nor replaced."""

from __future__ import annotations

import socket
import uuid
from pathlib import Path

import pytest

from scorer.printing import hand_records
from tests.support.served import HOST, Forms, Phone, seed_tables

READ = "/print/hand-records/read/"
DEAL = "N:AKQJ.T98.765.432 T987.AKQ.J32.765 65.J765.AKQ.JT98 432.432.T984.AKQ"
# The worker's memory may grow by this much reading the largest file a request takes: the
# file itself, the page of its boards; never the parse, which is the printer's.
GROWTH = 60 * 1024 * 1024


@pytest.fixture(scope="module")
def club(serve_module):
    """One worker, so that the upload and the table's polls share it."""
    server = serve_module(workers=1, threads=4)
    table = seed_tables(server, 1)[0]
    return server, table


def phone_of(server, session: str) -> Phone:
    phone = Phone(server)
    phone.cookies["sessionid"] = session
    phone.get("/print/")  # the page's CSRF cookie, as a phone has it from the form
    return phone


def worker(server) -> int:
    """gunicorn's one worker: the arbiter's child (the printer and the analyser are the
    worker's own children)."""
    pid = server.process.pid
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def resident(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def multipart(phone: Phone, content: bytes) -> tuple[bytes, bytes]:
    """The form's body as a browser sends it, and its content type."""
    boundary = uuid.uuid4().hex.encode()
    parts = [
        b"--" + boundary,
        b'Content-Disposition: form-data; name="csrfmiddlewaretoken"',
        b"",
        phone.cookies["csrftoken"].encode(),
        b"--" + boundary,
        b'Content-Disposition: form-data; name="pbn"; filename="club.pbn"',
        b"Content-Type: application/octet-stream",
        b"",
        content,
        b"--" + boundary + b"--",
        b"",
    ]
    return b"\r\n".join(parts), b"multipart/form-data; boundary=" + boundary


def send(server, phone: Phone, content: bytes, *, sent: int | None = None) -> tuple[int, str]:
    """Post the file, sending at most `sent` bytes of the body before reading the answer
    (as a phone on a slow line is still sending when the server has answered)."""
    body, kind = multipart(phone, content)
    origin = f"https://{HOST}:{server.port}"
    cookies = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    head = (
        f"POST {READ} HTTP/1.1\r\nHost: {HOST}:{server.port}\r\nX-Forwarded-Proto: https\r\n"
        f"Origin: {origin}\r\nReferer: {origin}/print/\r\nCookie: {cookies}\r\n"
        f"Content-Type: {kind.decode()}\r\nContent-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    with socket.create_connection((HOST, server.port), timeout=120) as line:
        line.sendall(head + body[: len(body) if sent is None else sent])
        answer = b""
        while chunk := line.recv(65536):
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, answer.partition(b"\r\n\r\n")[2].decode("utf-8", "replace")


def polled(server, session: str, rubber: int) -> int:
    phone = Phone(server)
    phone.cookies["sessionid"] = session
    poll = Forms(phone.get(f"/rubbers/{rubber}/").text).attribute("hx-get")
    assert poll
    return phone.get(poll, htmx=True).status


def test_a_file_of_sixteen_mib_is_refused_in_words_unread(club):
    server, table = club
    before = worker(server)
    phone = phone_of(server, table.sessions[0])

    # Only its first 64 KiB are sent: the answer comes without waiting for the rest.
    status, page = send(server, phone, b"%" * (16 * 2**20), sent=64 * 1024)

    assert status == 413
    assert "The file is larger than 1 MiB, the most a PBN file of boards may be here" in page
    assert worker(server) == before, "the worker goes on, not replaced"
    assert polled(server, table.sessions[1], table.rubber) == 204


def test_the_largest_file_taken_is_read_by_the_printer_and_the_worker_stays_small(club):
    server, table = club
    games = "".join(
        f'[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n\n'
        for n in range(1, hand_records.MOST_GAMES + 1)
    )
    content = ("% PBN 2.1\n\n" + games).encode("latin-1")
    assert len(content) <= hand_records.MOST_UPLOAD
    before = worker(server)
    memory = resident(before)
    phone = phone_of(server, table.sessions[0])

    status, page = send(server, phone, content)

    assert status == 200, page[-2000:]
    assert f"Boards 1 to {hand_records.MOST_GAMES}, from club.pbn." in page
    assert worker(server) == before, "the worker goes on, not replaced"
    assert resident(before) - memory < GROWTH
    assert polled(server, table.sessions[1], table.rubber) == 204


def test_one_game_more_than_the_bound_is_refused_in_words(club):
    server, table = club
    games = "".join(
        f'[Board "{n}"]\n[Deal "{DEAL}"]\n\n' for n in range(1, hand_records.MOST_GAMES + 2)
    )
    phone = phone_of(server, table.sessions[0])

    status, page = send(server, phone, games.encode("latin-1"))

    assert status == 400
    assert "the file holds more than 1,000 games (by their Board tags)" in page
