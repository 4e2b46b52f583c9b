"""Faults a club's server meets: killed in the middle of a save, a phone's answer lost to a
timeout, a database locked by a long save, a full disk. Through all of them a save the
phone was told of stays saved, a save sent again is recorded once, and the phone is told
in words what went wrong."""

from __future__ import annotations

import http.client
import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import OperationalError
from django.utils.html import escape

from scorer.plumbing.middleware import BUSY, FULL, UNREACHABLE, trouble
from tests.support.held import Held
from tests.support.served import Database, Forms, Phone, Server, seed_tables, until

# What the phone's network raises when the server goes away mid-answer, or is not there.
LOST = (OSError, http.client.HTTPException)


class Recorder:
    """One phone recording deal after deal at its table, sending a form again (the same
    form, the same key) whenever it is not told the outcome, or told that the database was
    busy and to try again (a save held elsewhere, on a slow machine, for longer than the
    database waits), as a player would tap again."""

    def __init__(
        self,
        server: Server,
        rubber: int,
        session: str,
        seed: int,
        *,
        trumps: str = "SC",
        tricks: tuple[int, int] = (6, 8),
    ) -> None:
        self.trumps, self.tricks = trumps, tricks
        self.phone = Phone(server, timeout=10)
        self.phone.cookies["sessionid"] = session
        self.rubber = rubber
        self.random = random.Random(seed)
        self.played: list[tuple[str, int]] = []
        self.resent = 0
        self.dropped = 0  # sent, and the connection lost before any answer came
        self.page = self._get(f"/rubbers/{rubber}/")

    def _get(self, path: str) -> str:
        while True:
            try:
                answer = self.phone.get(path)
            except LOST:
                time.sleep(0.05)
                continue
            assert answer.status == 200, answer.text[:500]
            return answer.text

    def send(self, form: dict, **values: object) -> str:
        data = {**form["values"], **values}
        while True:
            try:
                answer = self.phone.post(form["action"], data, htmx=True)
            except LOST as error:
                self.resent += 1
                if isinstance(error, http.client.RemoteDisconnected | ConnectionResetError):
                    self.dropped += 1
                time.sleep(0.05)
                continue
            if answer.status == 503 and answer.text == BUSY:
                self.resent += 1
                continue
            assert answer.status == 200, f"{answer.status}: {answer.text[:500]}"
            return answer.text

    def deal(self) -> bool:
        """Declare and record one deal; False when the rubber is over."""
        declaration = Forms(self.page).form("/declaration/")
        if declaration is None:
            return False
        trump = self.random.choice(self.trumps)
        self.page = self.send(declaration, maker="dealer", trump=trump, doubles=0)
        result = Forms(self.page).form("/result/")
        assert result, "the result form follows a declaration"
        tricks = self.random.randint(*self.tricks)
        honours = self.random.choice(result["choices"]["honours"])
        self.page = self.send(result, tricks=tricks, honours=honours)
        self.played.append((trump, tricks))
        return True


def recorded(server: Server, rubber: int) -> list[tuple[str, int]]:
    return [
        (trump, tricks)
        for trump, tricks in server.database.rows(
            "SELECT trump, tricks FROM scorer_deal WHERE rubber_id = ? ORDER BY number", rubber
        )
    ]


def forms_carried_out(server: Server, rubber: int) -> int:
    return server.database.rows(
        "SELECT COUNT(*) FROM scorer_submission WHERE rubber_id = ?", rubber
    )[0][0]


def test_the_server_killed_mid_save_loses_nothing_confirmed_and_records_nothing_twice(
    serve, tmp_path
):
    """Four tables record deal after deal while the server is killed four times, each time
    with a save held where the kill is to land: twice with its deal written and not yet
    committed, twice committed and its answer not yet sent (the phone then sends the same
    form again, as a player taps again)."""
    held = Held(tmp_path / "held")
    server = serve(workers=2, extra_env=held.env)
    tables = seed_tables(server, 4)
    recorders = [Recorder(server, t.rubber, t.sessions[0], seed) for seed, t in enumerate(tables)]
    recording = threading.Event()
    recording.set()
    failures: list[BaseException] = []

    def keep_recording(recorder: Recorder) -> None:
        try:
            while recording.is_set() and recorder.deal():
                pass
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=keep_recording, args=(r,), daemon=True) for r in recorders]
    for thread in threads:
        thread.start()
    try:
        for point in ("written", "committed", "written", "committed"):
            held.arm(point)
            held.wait_until_held(point)
            server.kill()
            held.clear()
            server.start()
    finally:
        recording.clear()
        for thread in threads:
            thread.join(timeout=300)

    assert not failures, failures
    assert not any(thread.is_alive() for thread in threads), "every phone was answered"
    for recorder in recorders:
        assert recorder.played, "every table recorded deals"
        assert recorded(server, recorder.rubber) == recorder.played
        # Each deal is one declaration and one result: a form carried out twice would show.
        assert forms_carried_out(server, recorder.rubber) == 2 * len(recorder.played)


def test_a_save_sent_again_after_its_answer_timed_out_is_recorded_once(serve, tmp_path):
    """The first save is held with its deal written and not committed, long enough for the
    phone to give up waiting; the phone sends the form again, and the first save is let
    go only once the second asks for the lock. The second is answered as the first was."""
    held = Held(tmp_path / "held")
    server = serve(extra_env=held.env)
    table = seed_tables(server, 1)[0]
    recorder = Recorder(server, table.rubber, table.sessions[0], 1)
    declaration = Forms(recorder.page).form("/declaration/")
    result = Forms(recorder.send(declaration, trump="S")).form("/result/")
    data = {**result["values"], "tricks": 8, "honours": result["choices"]["honours"][0]}

    held.arm("written")
    recorder.phone.timeout = 1
    with pytest.raises(TimeoutError):
        recorder.phone.post(result["action"], data, htmx=True)
    held.wait_until_held("written")
    asked = held.seen("lock")
    recorder.phone.timeout = 30
    answers = []
    again = threading.Thread(
        target=lambda: answers.append(recorder.phone.post(result["action"], data, htmx=True))
    )
    again.start()
    until(lambda: held.seen("lock") == asked + 1, "the form sent again asking for the lock")
    held.let_go()
    again.join()

    assert answers[0].status == 200
    assert "Deal 2: the declaration" in answers[0].text
    assert recorded(server, table.rubber) == [("S", 8)]
    assert forms_carried_out(server, table.rubber) == 2


def test_a_locked_database_tells_the_phone_and_loses_nothing(serve):
    server = serve()
    table = seed_tables(server, 1)[0]
    recorder = Recorder(server, table.rubber, table.sessions[0], 2)
    declaration = Forms(recorder.page).form("/declaration/")
    declared = Forms(recorder.send(declaration, trump="C"))
    result = declared.form("/result/")
    data = {**result["values"], "tricks": 7, "honours": result["choices"]["honours"][0]}

    with server.database.write_lock():
        refused = recorder.phone.post(result["action"], data, htmx=True)
        whole_page = recorder.phone.post(result["action"], data)
        poll = recorder.phone.get(declared.attribute("hx-get"), htmx=True)

    assert refused.status == 503
    assert refused.header("Content-Type").startswith("text/plain")
    assert refused.text == BUSY
    assert whole_page.status == 503
    assert escape(BUSY) in whole_page.text
    assert "Go back to the form" in whole_page.text
    assert poll.status == 204, "reading goes on while a save holds the lock"
    assert recorded(server, table.rubber) == [("C", None)]

    sent_again = recorder.phone.post(result["action"], data, htmx=True)

    assert sent_again.status == 200
    assert recorded(server, table.rubber) == [("C", 7)]
    assert forms_carried_out(server, table.rubber) == 2


def test_a_full_disk_tells_the_phone_and_loses_nothing(serve, static_root, tmp_path):
    """The server on a disk of its own, 8 MB, which is then filled to the last byte."""
    disk = tmp_path / "disk"
    disk.mkdir()
    server = Server(
        tmp_path / "server",
        static_root,
        workers=1,
        extra_env={"DATABASE_URL": "", "DJANGO_SQLITE_PATH": str(disk / "club.sqlite3")},
    )
    try:
        server.prepare(migrate=False)  # the database is made on the small disk, below
        tables = server.directory / "tables.json"
        server.start(
            before=f"mount -t tmpfs -o size=8m tmpfs {disk}; "
            f"{server.python_command('manage.py', 'migrate', '--no-input', '-v0')}; "
            f"{server.python_command('-m', 'tests.support.served', 'seed', '1')} > {tables}"
        )
        table = json.loads(tables.read_text())[0]
        # The small disk is mounted where only the server sees it; its root shows it here.
        seen = Path(f"/proc/{server.process.pid}/root{disk}")
        recorder = Recorder(server, table["rubber"], table["sessions"][0], 3)
        declaration = Forms(recorder.page).form("/declaration/")
        result = Forms(recorder.send(declaration, trump="S")).form("/result/")
        data = {**result["values"], "tricks": 6, "honours": result["choices"]["honours"][0]}
        filler = seen / "filler"
        inside = Inside(server.process.pid, disk / "club.sqlite3")
        inside.checkpoint()
        _fill(filler)

        refused = recorder.phone.post(result["action"], data, htmx=True)

        assert refused.status == 503
        assert refused.text == FULL
        filler.unlink()
        assert inside.deals() == [["S", None]]
        sent_again = recorder.phone.post(result["action"], data, htmx=True)
        assert sent_again.status == 200
        assert inside.deals() == [["S", 6]]
    finally:
        server.close()


class Inside:
    """SQLite on the server's own disk, opened from within its mount namespace (SQLite
    resolves /proc/PID/root to this machine's root, where the disk is not mounted)."""

    def __init__(self, pid: int, database: Path) -> None:
        self.enter = ["nsenter", "--target", str(pid), "--user", "--mount", "--"]
        self.database = database

    def run(self, sql: str) -> list:
        code = (
            "import json, sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "print(json.dumps(c.execute(sys.argv[2]).fetchall()))"
        )
        done = subprocess.run(
            [*self.enter, sys.executable, "-c", code, str(self.database), sql],
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout)

    def checkpoint(self) -> None:
        """Empty the write-ahead log into the database, so that the next save must grow it."""
        self.run("PRAGMA wal_checkpoint(TRUNCATE)")

    def deals(self) -> list:
        return self.run("SELECT trump, tricks FROM scorer_deal ORDER BY number")


def _fill(path: Path) -> None:
    """Write until the disk refuses, in large pieces and then in bytes, to the last one."""
    with path.open("wb", buffering=0) as filler:
        try:
            while True:
                filler.write(b"\0" * 65536)
        except OSError:
            pass
        try:
            while True:
                filler.write(b"\0")
        except OSError:
            pass


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("database is locked", BUSY),
        ("database table is locked", BUSY),
        ("canceling statement due to lock timeout", BUSY),
        ("database or disk is full", FULL),
        ('could not extend file "base/16384/16500": No space left on device', FULL),
        ("connection to server at 127.0.0.1, port 5432 failed: Connection refused", UNREACHABLE),
    ],
)
def test_what_the_database_said_is_put_in_words_for_the_phone(said, meant):
    assert trouble(OperationalError(said)) == meant


def test_a_backup_taken_while_tables_record_restores_with_every_rubber(serve, tmp_path):
    """Every table has recorded a deal before the backup begins and records another after
    it ends: the copy holds every deal the phones were told of before it began, and is the
    club at one moment."""
    server = serve()
    tables = seed_tables(server, 3)
    # Spades, making six or seven: a game takes some sixty deals, so that no rubber ends
    # before the backup has been taken and another deal recorded after it.
    recorders = [
        Recorder(server, t.rubber, t.sessions[0], seed, trumps="S", tricks=(6, 7))
        for seed, t in enumerate(tables)
    ]
    recording = threading.Event()
    recording.set()
    failures: list[BaseException] = []

    def keep_recording(recorder: Recorder) -> None:
        try:
            while recording.is_set() and recorder.deal():
                pass
        except BaseException as error:
            failures.append(error)

    def each_table_recorded(counts: list[int]) -> bool:
        assert not failures, failures
        return all(len(r.played) > count for r, count in zip(recorders, counts, strict=True))

    threads = [threading.Thread(target=keep_recording, args=(r,), daemon=True) for r in recorders]
    for thread in threads:
        thread.start()
    try:
        until(lambda: each_table_recorded([0] * 3), "a deal recorded at every table")
        confirmed = [len(r.played) for r in recorders]
        backup = tmp_path / ("club.dump" if server.database.postgres else "club.sqlite3")
        server.manage("backup", str(backup))
        during = [len(r.played) for r in recorders]
        until(lambda: each_table_recorded(during), "a deal recorded at every table after it")
    finally:
        recording.clear()
        for thread in threads:
            thread.join(timeout=300)
    assert not failures, failures
    assert not any(thread.is_alive() for thread in threads), "every phone was answered"

    restored = Database(tmp_path)  # a database of its own, as docs/deployment.md restores into
    try:
        if restored.postgres:
            subprocess.run(
                ["pg_restore", "--no-owner", "--dbname", restored.url, str(backup)], check=True
            )
        else:
            restored.path.write_bytes(backup.read_bytes())
        for recorder, count in zip(recorders, confirmed, strict=True):
            deals = [
                (trump, tricks)
                for trump, tricks in restored.rows(
                    "SELECT trump, tricks FROM scorer_deal WHERE rubber_id = ? ORDER BY number",
                    recorder.rubber,
                )
            ]
            # The copy is the club at one moment: each table's deals up to then, the last
            # perhaps declared and not yet played.
            finished = [deal for deal in deals if deal[1] is not None]
            assert finished == recorder.played[: len(finished)]
            assert len(finished) >= count, "every deal confirmed before the backup is in it"
            assert len(deals) - len(finished) <= 1
        assert {row[0] for row in restored.rows("SELECT id FROM scorer_rubber")} == {
            t.rubber for t in tables
        }
    finally:
        restored.drop()
