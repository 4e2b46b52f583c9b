"""The staff's view of the club's records, where Django looks for it: each feature's own
admin (its admin.py), registered as it is imported here.

The record is changed only by the site's own pages, through the services that keep the
laws (a deal is recorded at the table and corrected under Laws 12 and 13; a rubber is
agreed by its players). Here the staff may read it, change the club's settings and its
members, and delete a rubber started by mistake before any deal was recorded in it.
The database refuses the rest whatever asks (scorer/plumbing/guards.py).
"""

from __future__ import annotations

from scorer.club import admin as club_admin
from scorer.rubbers import admin as rubbers_admin
from scorer.tables import admin as tables_admin

__all__ = ["club_admin", "rubbers_admin", "tables_admin"]
