"""The ledger's addresses, in one namespace (`ledger:`), each job's own from its urls.py;
config/urls.py adds the club's table (scorer/rankings/urls.py) to them."""

from __future__ import annotations

from django.urls import URLPattern

from ledger.desk import urls as desk
from ledger.reports import urls as reports
from ledger.settlement import urls as settlement

app_name = "ledger"
urlpatterns: list[URLPattern] = [
    *reports.urlpatterns,
    *desk.urlpatterns,
    *settlement.urlpatterns,
]
