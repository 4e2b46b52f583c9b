"""The printed documents' addresses (in the app `scorer`'s namespace, scorer/urls.py): a
rubber's sheet, the Printing page and its pads, an evening's results."""

from __future__ import annotations

from django.urls import URLPattern, path

from scorer.printing import views

urlpatterns: list[URLPattern] = [
    path("rubbers/<id:pk>/print/", views.rubber_print, name="rubber_print"),
    path("print/", views.print_page, name="print"),
    path("print/pad/", views.pad_print, name="pad_print"),
    path("evening/", views.evening, name="evening"),
]
