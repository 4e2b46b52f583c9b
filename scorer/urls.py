"""The scorer's addresses, in one namespace (`scorer:`): each feature's own (its urls.py)
and, until they move to their features, those of scorer/views/."""

from django.urls import path

from scorer.phone import urls as phone
from scorer.printing import urls as printing
from scorer.rubbers import urls as rubbers
from scorer.tables import urls as tables
from scorer.views import site

app_name = "scorer"
urlpatterns = [
    path("", site.home, name="home"),
    *rubbers.urlpatterns,
    *printing.urlpatterns,
    *tables.urlpatterns,
    *phone.urlpatterns,
]
