"""What a process has worked out, kept while what it was worked out from is unchanged: an
evening's scores, a noticeboard as drawn. Each is kept under a key with the version it was
worked out from, and handed back only for that version; a few are kept, the oldest
forgotten first."""

from __future__ import annotations

from threading import Lock

from django.db import connection


class Kept[K, V]:
    """The last `size` values worked out in this process, each with its version."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[K, tuple[object, V]] = {}
        self._lock = Lock()  # the site's threads share it

    def get(self, key: K, version: object) -> V | None:
        """The value kept for `key`, if it was worked out from `version`."""
        with self._lock:
            kept = self._kept.get(key)
        return kept[1] if kept is not None and kept[0] == version else None

    def keep(self, key: K, version: object, value: V) -> None:
        """Keep `value`, worked out from `version`; not while a write's transaction is open,
        since what it read may yet be undone."""
        if connection.in_atomic_block:
            return
        with self._lock:
            self._kept.pop(key, None)  # the newest last: the oldest is forgotten first
            self._kept[key] = (version, value)
            while len(self._kept) > self.size:
                del self._kept[next(iter(self._kept))]

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
