from django.contrib import admin
from django.contrib.auth import views as auth
from django.urls import include, path, register_converter

from scorer.phone import views as phone
from scorer.phone.app import clears_the_phone
from scorer.plumbing.converters import Id
from scorer.views.accounts import PasswordPage, sign_out_everywhere

# Ids in addresses (<id:pk>): too long for the database, they match nothing (a 404).
register_converter(Id, "id")

# Signing in and out (on this phone, or on all his phones at once), and a member changing
# his own password. No reset by email: the club sends no mail, and the secretary sets a
# forgotten password afresh in the admin.
accounts = [
    path("login/", auth.LoginView.as_view(), name="login"),
    path("logout/", clears_the_phone(auth.LogoutView.as_view()), name="logout"),
    path(
        "logout/everywhere/",
        clears_the_phone(sign_out_everywhere),
        name="logout_everywhere",
    ),
    path("password_change/", PasswordPage.as_view(), name="password_change"),
    path(
        "password_change/done/",
        auth.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]

urlpatterns = [
    # At the root, so that the worker's scope is the whole site.
    path("sw.js", phone.service_worker, name="service_worker"),
    path("manifest.webmanifest", phone.manifest, name="manifest"),
    path("admin/", admin.site.urls),
    path("accounts/", include(accounts)),
    path("ledger/", include("ledger.urls")),
    path("", include("scorer.urls")),
]
