"""The scorer's addresses, in one namespace (`scorer:`): each feature's own (its urls.py)
and, until they move to their features, those of scorer/views/."""

from django.urls import path

from scorer.rubbers import urls as rubbers
from scorer.tables import urls as tables
from scorer.views import app, printing, site

app_name = "scorer"
urlpatterns = [
    path("", site.home, name="home"),
    *rubbers.urlpatterns,
    path("rubbers/<id:pk>/print/", printing.rubber_print, name="rubber_print"),
    path("print/", printing.print_page, name="print"),
    path("print/pad/", printing.pad_print, name="pad_print"),
    path("evening/", printing.evening, name="evening"),
    *tables.urlpatterns,
    path("resume/", app.resume, name="resume"),
    path("rubbers/<id:pk>/offline/", app.offline_forms, name="offline_forms"),
    path("offline/", app.offline_page, name="offline_page"),
]
