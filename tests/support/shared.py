"""What a module's tests only read, made once for the module rather than for each test.

`undone`: the database open to a module's fixture for a moment, in a transaction rolled
back at the end, so that what it makes there (a club, played evenings) leaves nothing
behind and only what it gives back (a club's file, a document) is kept. A test that writes
to the database builds its own; one that reads what is given copies what it changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction


@contextmanager
def undone(django_db_blocker: Any) -> Iterator[None]:
    """The database open inside, every write there rolled back at the end."""
    with django_db_blocker.unblock(), transaction.atomic():
        try:
            yield
        finally:
            transaction.set_rollback(True)
