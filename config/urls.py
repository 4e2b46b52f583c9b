from django.contrib import admin
from django.urls import include, path, register_converter

from scorer.phone import views as phone
from scorer.plumbing.converters import Id

# Ids in addresses (<id:pk>): too long for the database, they match nothing (a 404).
register_converter(Id, "id")

urlpatterns = [
    # At the root, so that the worker's scope is the whole site.
    path("sw.js", phone.service_worker, name="service_worker"),
    path("manifest.webmanifest", phone.manifest, name="manifest"),
    path("admin/", admin.site.urls),
    path("accounts/", include("scorer.accounts.urls")),
    path("ledger/", include("ledger.urls")),
    path("", include("scorer.urls")),
]
