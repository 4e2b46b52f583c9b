"""The printed documents' addresses (in the app `scorer`'s namespace, scorer/urls.py): a
rubber's sheet, the Printing page and its pads, an evening's results, hand records."""

from __future__ import annotations

from django.urls import URLPattern, path

from scorer.printing import hand_records_views as hand_records
from scorer.printing import views

urlpatterns: list[URLPattern] = [
    path("rubbers/<id:pk>/print/", views.rubber_print, name="rubber_print"),
    path("print/", views.print_page, name="print"),
    path("print/pad/", views.pad_print, name="pad_print"),
    path("print/hand-records/deal/", hand_records.deal, name="hand_records_deal"),
    path("print/hand-records/read/", hand_records.read, name="hand_records_read"),
    path("print/hand-records/document/", hand_records.document, name="hand_records_document"),
    path(
        "print/hand-records/analysis/", hand_records.analysis_progress, name="hand_records_analysis"
    ),
    path("evening/", views.evening, name="evening"),
]
