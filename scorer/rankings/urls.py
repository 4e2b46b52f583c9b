"""The club's table's address. It is the ledger's page by its address and name
(/ledger/table/, `ledger:table`), as it was before it read the agreed rubbers rather than
the postings: config/urls.py puts it in the ledger's namespace."""

from __future__ import annotations

from django.urls import URLPattern, path

from scorer.rankings import views

urlpatterns: list[URLPattern] = [path("table/", views.club_table, name="table")]
