"""The desk's addresses (in the ledger's namespace, ledger/urls.py)."""

from __future__ import annotations

from django.urls import URLPattern, path

from ledger.desk import views

urlpatterns: list[URLPattern] = [
    path("stake/", views.set_stake, name="stake"),
    path("table-money/", views.set_table_charge, name="charge"),
    path("table-money/<id:pk>/waive/", views.waive, name="waive"),
    path("payments/", views.record_payment, name="pay"),
    path("payments/<id:pk>/reverse/", views.reverse_payment, name="reverse"),
]
