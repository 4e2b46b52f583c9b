"""Every command that writes a file, given a path it cannot write: a sentence naming the
path and why, and the exit status 1, never a traceback."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, ManagementUtility, call_command
from django.db import connection
from django.test import override_settings


def refused(*args: str) -> CommandError:
    with pytest.raises(CommandError) as raised:
        call_command(*args, stdout=StringIO(), stderr=StringIO())
    assert raised.value.returncode == 1
    return raised.value


@pytest.mark.django_db
def test_export_club_to_a_folder_that_is_not_there_is_refused_in_a_sentence(tmp_path):
    path = tmp_path / "not-there" / "club.json"
    error = refused("export_club", str(path))
    assert str(error) == f"cannot write {path}: No such file or directory"
    assert not path.parent.exists()


@pytest.mark.django_db
def test_export_club_onto_a_folder_is_refused_in_a_sentence(tmp_path):
    assert str(refused("export_club", str(tmp_path))) == f"cannot write {tmp_path}: Is a directory"


@pytest.mark.django_db
def test_export_club_from_the_shell_says_it_on_standard_error_and_exits_1(tmp_path, capsys):
    path = tmp_path / "not-there" / "club.json"
    with pytest.raises(SystemExit) as exited:
        ManagementUtility(["manage.py", "export_club", str(path)]).execute()
    assert exited.value.code == 1
    said = capsys.readouterr()
    assert said.err == f"CommandError: cannot write {path}: No such file or directory\n"
    assert "Traceback" not in said.out + said.err


@pytest.mark.django_db
def test_a_backup_onto_a_folder_is_refused_in_a_sentence(tmp_path):
    error = refused("backup", str(tmp_path))
    if connection.vendor == "sqlite":
        assert str(error) == f"cannot write {tmp_path}: unable to open database file"
    else:
        assert str(error).startswith("pg_dump failed: ")


@pytest.mark.django_db
def test_a_backup_under_a_file_is_refused_in_a_sentence(tmp_path):
    (tmp_path / "a-file").write_text("")
    path = tmp_path / "a-file" / "club.sqlite3"
    error = refused("backup", str(path))
    assert str(error) == f"cannot write {path}: File exists ({path.parent})"


def test_icons_drawn_where_there_is_no_static_folder_are_refused_in_a_sentence(tmp_path):
    with override_settings(BASE_DIR=tmp_path):
        error = refused("draw_icons")
    folder = tmp_path / "static" / "icons"
    assert str(error) == f"cannot write the icons in {folder}: No such file or directory"
