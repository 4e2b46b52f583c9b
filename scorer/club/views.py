"""The club's members, for the secretary (the staff): the list, a member added on the same
page in one form (his account and his membership together), and a member's page with the
link for him to set his first password, while he has none."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.tokens import default_token_generator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.views.decorators.http import require_GET, require_http_methods

from scorer.club import writes
from scorer.club.forms import PASSWORD, AddMemberForm
from scorer.club.models import Member
from scorer.plumbing.keys import Refused, Stale, form_refusal


@staff_member_required
@require_http_methods(["GET", "POST"])
def members(request: HttpRequest) -> HttpResponse:
    """Every member, and the form that adds one; a refusal comes back on this page with
    everything typed but the password, the list as it stands now."""
    if request.method == "GET":
        return _page(request, AddMemberForm(seen=writes.members_seen()))
    form = AddMemberForm(request.POST)
    if not form.is_valid():
        return _page(request, form, form_refusal(form), status=422)
    data = form.cleaned_data
    try:
        member, added = writes.add_member(
            key=data["key"],
            user=request.user,  # type: ignore[arg-type]  # staff_member_required: signed in
            seen=data["seen"],
            name=data["name"],
            short_name=data["short_name"],
            username=data["username"],
            national_number=data["national_number"],
            password=data["password"] if data["first"] == PASSWORD else None,
        )
    except Stale as error:
        # Shown the list as it stands now, with what he typed, to send again if need be.
        typed = {name: value for name, value in data.items() if name != "password"}
        fresh = AddMemberForm(initial={**typed, "seen": writes.members_seen()})
        return _page(request, fresh, str(error), status=409)
    except writes.Taken as error:
        form.add_error(error.field, str(error))  # said beside the field
        return _page(request, form, status=422)
    except Refused as error:
        return _page(request, form, str(error), status=422)
    if added:
        messages.success(
            request, f"{member.name} is a member, signing in as {member.user.get_username()}."
        )
    return redirect("scorer:club:member", member.pk)


def _page(
    request: HttpRequest, form: AddMemberForm, refusal: str = "", *, status: int = 200
) -> HttpResponse:
    members = Member.objects.select_related("user").order_by("name")
    context = {"members": members, "form": form, "refusal": refusal}
    return render(request, "club/members.html", context, status=status)


@staff_member_required
@require_GET
def member(request: HttpRequest, pk: int) -> HttpResponse:
    """A member as the secretary sees him; while he has no password, the link that lets
    him set one (Django's password-reset token: it works once, and for a few days)."""
    found = get_object_or_404(Member.objects.select_related("user"), pk=pk)
    context: dict[str, object] = {"member": found}
    if not found.user.has_usable_password():
        context["link"] = request.build_absolute_uri(first_password_path(found))
        context["until"] = timezone.localtime() + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT)
    return render(request, "club/member.html", context)


def first_password_path(member: Member) -> str:
    user = member.user
    return reverse(
        "first_password",
        args=[
            urlsafe_base64_encode(force_bytes(user.pk)),
            default_token_generator.make_token(user),
        ],
    )
