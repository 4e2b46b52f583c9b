"""The addresses of signing in and out, under accounts/ (config/urls.py), named as Django
names its own ("login", "logout", "password_change")."""

from __future__ import annotations

from django.contrib.auth import views as auth
from django.urls import URLPattern, path

from scorer.accounts.signing_in import SignInForm
from scorer.accounts.views import FirstPassword, PasswordPage, sign_out_everywhere
from scorer.phone.app import clears_the_phone

# Signing in and out (on this phone, or on all his phones at once), and a member changing
# his own password. No reset by email: the club sends no mail, and the secretary sets a
# forgotten password afresh in the admin. A new member may set his first password by the
# link the secretary gives him (scorer/club/views.py): Django's reset token, once.
urlpatterns: list[URLPattern] = [
    path("login/", auth.LoginView.as_view(authentication_form=SignInForm), name="login"),
    path("logout/", clears_the_phone(auth.LogoutView.as_view()), name="logout"),
    path(
        "logout/everywhere/",
        clears_the_phone(sign_out_everywhere),
        name="logout_everywhere",
    ),
    path("password_change/", PasswordPage.as_view(), name="password_change"),
    path("first-password/<uidb64>/<token>/", FirstPassword.as_view(), name="first_password"),
    path(
        "password_change/done/",
        auth.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]
