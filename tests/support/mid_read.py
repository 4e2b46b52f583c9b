"""A save from another phone landing in the middle of a page's reads: between its first
query and the one that reads the rows the save writes."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.db import connection, models


@contextmanager
def saved_mid_read(rows: type[models.Model], save: Callable[[], object]) -> Iterator[list[bool]]:
    """Within it, `save` runs once, just before the first query that reads `rows`' table;
    the list it gives holds True once it has."""
    table = connection.ops.quote_name(rows._meta.db_table)
    landed: list[bool] = []

    def save_first(execute, sql, params, many, context):
        if not landed and f"FROM {table}" in sql:
            landed.append(True)  # before the save, which reads those rows too
            save()
        return execute(sql, params, many, context)

    with connection.execute_wrapper(save_first):
        yield landed


def revisions_carried(page: str, field: str = "revision") -> set[int]:
    """Every revision a page's forms carry (a table's `revision`; an evening's `seen`)."""
    return {int(n) for n in re.findall(rf'name="{field}" value="(\d+)"', page)}
