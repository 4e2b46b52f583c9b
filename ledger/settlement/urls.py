"""The settlement's addresses (in the ledger's namespace, ledger/urls.py)."""

from __future__ import annotations

from django.urls import URLPattern, path

from ledger.settlement import views

urlpatterns: list[URLPattern] = [
    path("sittings/", views.open_sitting, name="open"),
    path("sittings/<id:pk>/", views.sitting, name="sitting"),
    path("sittings/<id:pk>/print/", views.sitting_print, name="sitting_print"),
    path("sittings/<id:pk>/close/", views.close_sitting, name="close"),
]
