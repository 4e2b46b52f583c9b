"""The whole site's addresses: the app's manifest and worker at the root, the admin,
signing in (accounts/), the ledger's (ledger/) and the scorer's. Ids in addresses
(<id:pk>) are registered with the scorer's app (scorer/apps.py)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from ledger import urls as ledger
from scorer.phone import views as phone
from scorer.rankings import urls as rankings

urlpatterns = [
    # At the root, so that the worker's scope is the whole site.
    path("sw.js", phone.service_worker, name="service_worker"),
    path("manifest.webmanifest", phone.manifest, name="manifest"),
    path("admin/", admin.site.urls),
    path("accounts/", include("scorer.accounts.urls")),
    # The club's table reads the agreed rubbers, but keeps the ledger's address and name.
    path("ledger/", include(([*ledger.urlpatterns, *rankings.urlpatterns], ledger.app_name))),
    path("", include("scorer.urls")),
]
