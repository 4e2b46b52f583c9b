"""The scorer's addresses, in one namespace (`scorer:`), each feature's own from its
urls.py (a Progressive evening's under /progressive/, in a namespace of its own,
`scorer:progressive:`, a Duplicate evening's under /duplicate/, `scorer:duplicate:`, and
the club's members under /club/, `scorer:club:`).
The ledger's are in ledger/urls.py; signing in is under accounts/, and the app's manifest
and worker at the root (config/urls.py)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from scorer.club import urls as club
from scorer.duplicate import urls as duplicate
from scorer.home import urls as home
from scorer.phone import urls as phone
from scorer.printing import urls as printing
from scorer.progressive import urls as progressive
from scorer.rubbers import urls as rubbers
from scorer.tables import urls as tables

app_name = "scorer"
urlpatterns: list[URLPattern | URLResolver] = [
    *home.urlpatterns,
    *rubbers.urlpatterns,
    *printing.urlpatterns,
    *tables.urlpatterns,
    *phone.urlpatterns,
    path("progressive/", include(progressive)),
    path("duplicate/", include(duplicate)),
    path("club/", include(club)),
]
