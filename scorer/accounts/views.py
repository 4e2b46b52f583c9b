"""A member's own account: his password, and signing out everywhere, which ends his
sessions on every phone he has signed in on ("Sign out" ends this phone's alone); and what
is said when a form's security token has expired or a name is locked out of signing in."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import views as auth
from django.contrib.auth.views import redirect_to_login
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from scorer.accounts import signing_in
from scorer.plumbing import keys
from scorer.plumbing.http import HtmxRequest

SIGNED_OUT_EVERYWHERE = (
    "Signed out everywhere: every phone and computer that was signed in as you must sign in again."
)
WHAT = "sign out everywhere"


class SignOutEverywhereForm(keys.KeyedForm):
    """Nothing to fill in: its key makes a double tap one sign-out."""


class FirstPassword(auth.PasswordResetConfirmView):
    """A new member sets his own first password by the link the secretary gave him
    (Django's password-reset token: it works once), and is signed in."""

    template_name = "registration/first_password.html"
    post_reset_login = True
    post_reset_login_backend = "django.contrib.auth.backends.ModelBackend"
    success_url = "/"

    def form_valid(self, form: Any) -> HttpResponse:
        answer = super().form_valid(form)
        messages.success(self.request, "Your password is set, and you are signed in.")
        return answer


class PasswordPage(auth.PasswordChangeView):
    """Django's own, with the form that signs the member out everywhere."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["everywhere"] = SignOutEverywhereForm()
        return context


@require_POST
def sign_out_everywhere(request: HttpRequest) -> HttpResponse:
    """End every session of the member's, this phone's with it: his other phones are
    sent to sign in at their next request."""
    form = SignOutEverywhereForm(request.POST)
    if not request.user.is_authenticated:
        # Sent again after the first ended this session too: answered as the first was.
        if form.is_valid() and keys.first_answer(form.cleaned_data["key"]):
            return signed_out(request)
        return redirect_to_login(reverse("password_change"))
    if not form.is_valid():
        messages.error(request, keys.form_refusal(form))
        return redirect("password_change")
    user = request.user
    with transaction.atomic():
        claimed = keys.claim(key=form.cleaned_data["key"], user=user, what=WHAT)
        if claimed is not None:
            signing_in.end_sessions(user)
    return signed_out(request)


def signed_out(request: HttpRequest) -> HttpResponse:
    logout(request)
    messages.success(request, SIGNED_OUT_EVERYWHERE)
    return redirect("scorer:home")


def csrf_failure(request: HtmxRequest, reason: str = "") -> HttpResponse:
    """A form whose security token has expired (a page left open for hours, cookies
    cleared): say what to do, and reload the page under htmx so that it gets a fresh one."""
    response = render(request, "accounts/csrf_failure.html", status=403)
    if request.htmx:
        response["HX-Refresh"] = "true"
    return response


def sign_in_locked(
    request: HttpRequest, response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """django-axes calls this when a username has had too many wrong passwords."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    return render(
        request,
        "registration/locked.html",
        {"username": username, "minutes": minutes, "limit": settings.AXES_FAILURE_LIMIT},
        status=429,
    )
