"""The staff's view of the ledger, where Django looks for it: each job's own admin,
registered as it is imported here."""

from __future__ import annotations

from ledger.desk import admin as desk_admin

__all__ = ["desk_admin"]
