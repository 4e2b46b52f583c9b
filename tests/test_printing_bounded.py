"""Printing on the club's server cannot starve the tables: each worker prints one document
at a time, in a process of its own, with two more waiting at most; one beyond those is
refused at once in words, and the phones following a rubber are answered all the while."""

from __future__ import annotations

import threading
import time

from django.utils.html import escape

from scorer.printing import BUSY
from tests.support.html import Forms
from tests.support.served import Phone, seed_tables

LARGEST_PAD = "/print/pad/?per_page=4&pages=50&paper=letter"


def test_four_pads_at_once_print_three_refuse_one_and_the_table_is_answered(serve):
    server = serve(workers=1)  # its four threads: one prints, two wait, one is refused
    table = seed_tables(server, 1)[0]
    follower = Phone(server)
    follower.cookies["sessionid"] = table.sessions[0]
    poll = Forms(follower.get(f"/rubbers/{table.rubber}/").text).attribute("hx-get")
    printers = [Phone(server, timeout=60) for _ in range(4)]
    for phone in printers:
        phone.cookies["sessionid"] = table.sessions[1]
    assert printers[0].get(LARGEST_PAD).status == 200  # the printer's process started

    start = threading.Barrier(len(printers) + 1)
    pads = []

    def print_pad(phone: Phone) -> None:
        start.wait()
        pads.append(phone.get(LARGEST_PAD))

    threads = [threading.Thread(target=print_pad, args=(phone,)) for phone in printers]
    for thread in threads:
        thread.start()
    start.wait()
    polls = []
    while any(thread.is_alive() for thread in threads):
        polls.append(follower.get(poll, htmx=True))
        time.sleep(0.05)
    for thread in threads:
        thread.join()

    printed = [pad for pad in pads if pad.status == 200]
    refused = [pad for pad in pads if pad.status != 200]
    assert len(printed) == 3
    assert all(pad.body.startswith(b"%PDF-") for pad in printed)
    assert [pad.status for pad in refused] == [503]
    assert escape(BUSY) in refused[0].text
    assert refused[0].seconds < min(pad.seconds for pad in printed), "refused at once"
    assert len(polls) >= 5, "the follower polled while the pads printed"
    assert {answer.status for answer in polls} == {204}
    assert max(answer.seconds for answer in polls) < 1.0
