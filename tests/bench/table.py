"""Scoring at the table: the server's time for a save and for a poll, and a first load's size.

Requests go through the whole middleware stack in this process (Django's test client, no
network), on a fresh SQLite database, beside two baselines timed in turn with them: Django's
own minimal view (an empty response, no database), and the least a keyed write does (one
key claimed, one row written, committed, a small template: tests/bench/urls.py). A save's
ratio to the second is the figure to follow. The first load is the rubber page's HTML, CSS and
JavaScript, each compressed as a server would send it.
"""

from __future__ import annotations

import gzip
import re
import statistics
import time
import uuid
from pathlib import Path
from typing import Any

from tests.bench import django_ready, targets

ROUNDS = 200
TARGETS = {"poll": 2.0}  # times the minimal view
SAVE_TARGET = 3.0  # times the keyed write
FIRST_LOAD_TARGET_KB = 60


def main() -> None:
    django_ready()
    from django.test import Client

    players, user = _players()
    phone = Client()
    phone.force_login(user)
    medians = _time_requests(phone, players, user)
    print()
    print(f"Scoring at the table: a rubber of 8 deals, median of {ROUNDS} requests each")
    minimal, keyed = medians["minimal"], medians["keyed"]
    print(f"    baseline: Django's minimal view        {minimal:6.2f} ms")
    print(f"    baseline: a keyed write                {keyed:6.2f} ms  {keyed / minimal:4.1f}×")
    print("      (one key claimed, one row written, committed, a small template)")
    ratio = medians["poll"] / minimal
    verdict = targets.verdict(ratio, TARGETS["poll"], "an unchanged poll / minimal view, ×")
    print(
        f"    {'an unchanged poll (204)':<35}{medians['poll']:6.2f} ms  {ratio:4.1f}×  "
        f"(target {TARGETS['poll']:.0f}×: {verdict})"
    )
    ratio = medians["save"] / keyed
    verdict = targets.verdict(ratio, SAVE_TARGET, "a save / the keyed baseline, ×")
    print(
        f"    {'save a result, get the sheet':<35}{medians['save']:6.2f} ms  "
        f"{medians['save'] / minimal:4.1f}×, {ratio:4.1f}× the keyed write "
        f"(target {SAVE_TARGET:.0f}×: {verdict})"
    )
    _first_load(phone, _rubber_of_seven_deals(players, user).pk)


def _players() -> tuple[list[Any], Any]:
    from django.contrib.auth import get_user_model

    from scorer.models import Member

    users = get_user_model()
    players = [
        Member.objects.create(
            user=users.objects.create_user(f"table{n}", password="pw"),
            name=f"Table player {n}",
            short_name=f"P{n}",
        )
        for n in range(4)
    ]
    return players, players[0].user


def _rubber_of_seven_deals(players: list[Any], user: Any) -> Any:
    """Seven deals recorded, the rubber in its second game: the next save makes eight."""
    from scorer.rubbers import writes
    from tests.support.rubbers import deal

    rubber = writes.start_rubber(table="T", members=players, first_dealer=0, user=user)
    deals = [  # part-scores, then We's game at no-trump, then two more part-scores
        deal("S", (8, 5), dealer="we"),
        deal("C", (5, 8), dealer="they"),
        deal("S", (7, 6), dealer="we"),
        deal("C", (6, 7), dealer="they"),
        deal("NT", (13, 0), dealer="we"),
        deal("S", (7, 6), dealer="they"),
        deal("C", (5, 8), dealer="we"),
    ]
    writes.replay(rubber=rubber, deals=deals, user=user)
    return rubber


def _time_requests(phone: Any, players: list[Any], user: Any) -> dict[str, float]:
    from scorer.engine import Maker, Trump
    from scorer.rubbers import reads, writes

    def declare_deal_8(rubber: Any) -> dict[str, object]:
        """The deal in progress that a timed save completes (set up untimed)."""
        rubber.refresh_from_db()
        writes.declare(
            state=reads.rubber_state(rubber),
            user=user,
            key=uuid.uuid4(),
            revision=rubber.revision,
            declaration=writes.Declaration(3, Maker.DEALER, Trump.SPADES, 0),
        )
        return {
            "key": uuid.uuid4(),
            "revision": rubber.revision,
            "tricks": 7,
            "honours": "we:THREE",
        }

    def poll_url(rubber: Any) -> str:
        rubber.refresh_from_db()
        page = phone.get(f"/rubbers/{rubber.pk}/").content.decode()
        polled = re.search(r'hx-get="([^"]*/live/[^"]*)"', page)
        assert polled is not None, "the rubber's page polls for its changes"
        return polled.group(1).replace("&amp;", "&")

    times: dict[str, list[float]] = {"minimal": [], "keyed": [], "poll": [], "save": []}
    for _ in range(ROUNDS):
        # A rubber of seven deals each time (made untimed): a recorded deal is never
        # deleted, so the eighth cannot be taken back and saved again.
        rubber = _rubber_of_seven_deals(players, user)
        start = time.perf_counter()
        phone.get("/bench/minimal/")
        times["minimal"].append(time.perf_counter() - start)

        start = time.perf_counter()
        response = phone.post(f"/bench/keyed/{rubber.pk}/", {"key": uuid.uuid4()})
        times["keyed"].append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code

        url = poll_url(rubber)
        start = time.perf_counter()
        response = phone.get(url)
        times["poll"].append(time.perf_counter() - start)
        assert response.status_code == 204, response.status_code

        data = declare_deal_8(rubber)
        start = time.perf_counter()
        response = phone.post(f"/rubbers/{rubber.pk}/result/", data, headers={"HX-Request": "true"})
        times["save"].append(time.perf_counter() - start)
        assert response.status_code == 200, response.content[:500]
    return {name: statistics.median(seconds) * 1000 for name, seconds in times.items()}


def _first_load(phone: Any, pk: int) -> None:
    """What a phone fetches on first opening a rubber's page, compressed: the page as it
    was before it became an app (HTML, CSS, htmx, table.js), then what the app adds (its
    scripts, the manifest, the worker, the offline forms its script fetches at once)."""
    from django.contrib.staticfiles import finders

    def static(name: str) -> bytes:
        found = finders.find(name)
        assert found is not None, f"{name} is not among the static files"
        return Path(found).read_bytes()

    page = [
        ("the page's HTML", phone.get(f"/rubbers/{pk}/").content),
        ("css/site.css", static("css/site.css")),
        ("django_htmx/htmx-2.min.js", static("django_htmx/htmx-2.min.js")),
        ("js/table.js", static("js/table.js")),
    ]
    app = [
        ("js/offline.js", static("js/offline.js")),
        ("js/wake.js", static("js/wake.js")),
        ("icons/icon.svg", static("icons/icon.svg")),
        ("the manifest", phone.get("/manifest.webmanifest").content),
        ("the service worker", phone.get("/sw.js").content),
        ("the offline forms", phone.get(f"/rubbers/{pk}/offline/").content),
    ]
    print("  first load of the rubber page, gzip level 6:")
    totals = []
    for files in (page, app):
        total = 0
        for name, content in files:
            size = len(gzip.compress(content, compresslevel=6))
            total += size
            print(f"    {name:<27} {len(content) / 1024:5.1f} KB, compressed {size / 1024:5.1f} KB")
        totals.append(total)
    everything = sum(totals)
    verdict = targets.verdict(everything / 1024, FIRST_LOAD_TARGET_KB, "a rubber's first load, KB")
    print(f"    baseline: the page alone      compressed {totals[0] / 1024:5.1f} KB")
    print(
        f"    with the app and offline code compressed {everything / 1024:5.1f} KB "
        f"(target {FIRST_LOAD_TARGET_KB} KB: {verdict})"
    )
