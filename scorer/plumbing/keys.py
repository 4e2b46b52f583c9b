"""Every write in the site happens once, and never over a page its sender has not seen.

Each form that writes carries a key of its own. The write claims the key, in its own
transaction, by inserting it where the database keeps keys unique (`Submission`): a double
tap, or a form sent again after a lost answer, finds the key taken, changes nothing, and is
answered as the first was. If the write is refused, its transaction is undone, the claim
with it, and the form may be sent again.

A form also says what it was shown (a rubber's revision, the stake in force, a settlement's
figures); a write whose sender saw something that has since changed is refused as
`Stale`, never applied over it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import IntegrityError, models, transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils import timezone

from scorer.plumbing.http import SignedInRequest


class Submission(models.Model):
    """Every form sent to the site that writes, once. Each form carries a key of its own;
    a double tap or a form sent again over a flaky network finds its key here, changes
    nothing, and is answered as the first was (`answer`, `said`). See `claim`, below."""

    key = models.UUIDField(unique=True)
    # By name, in the app it belongs to: the keys know no feature's models.
    rubber = models.ForeignKey(
        "Rubber", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    what = models.CharField(max_length=20)
    at = models.DateTimeField(default=timezone.now)
    answer = models.CharField(max_length=300, blank=True, help_text="Where the form led.")
    said = models.CharField(max_length=500, blank=True, help_text="What it did, in words.")
    # A write to a rubber: the revision it made. The phones following the rubber are told
    # what the writes since their page said (`said`), in order.
    revision = models.PositiveIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.what} at {self.at:%H:%M:%S}"


class Refused(ValueError):
    """A write the site will not make, in words the person can act on."""


class Stale(Refused):
    """What the form was shown has changed since."""


def claim(
    *, key: uuid.UUID, user: User, what: str, rubber: models.Model | None = None
) -> Submission | None:
    """Take this form's key inside the caller's transaction. Returns None if the form was
    carried out before (by this request's twin: on PostgreSQL the twin waits here for the
    first to finish), else the claim, on which the caller records its answer."""
    rubber_id = None if rubber is None else rubber.pk
    try:
        with transaction.atomic():  # a savepoint: a key seen before fails on its own
            return Submission.objects.create(key=key, rubber_id=rubber_id, user=user, what=what)
    except IntegrityError:
        return None


def first_answer(key: uuid.UUID) -> Submission | None:
    return Submission.objects.filter(key=key).first()


def handled(key: str) -> bool:
    """Whether a form with this key has been carried out already."""
    try:
        return Submission.objects.filter(key=uuid.UUID(key)).exists()
    except ValueError:
        return False


@dataclass(frozen=True)
class Answer:
    """Where a write leads, and what it says."""

    url: str
    said: str


class KeyedForm(forms.Form):
    """A form that writes: it renders its own key, and says what its page showed."""

    key = forms.UUIDField(widget=forms.HiddenInput)
    seen = forms.CharField(max_length=100, required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, seen: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("key", uuid.uuid4())
        kwargs["initial"].setdefault("seen", seen)
        super().__init__(*args, **kwargs)


def carry_out(
    request: SignedInRequest,
    form: KeyedForm,
    *,
    what: str,
    write: Callable[[], Answer],
    back: str,
    refused: Callable[[str], HttpResponse] | None = None,
) -> HttpResponse:
    """Carry out a form's write once and lead on as it says; a form sent again is answered
    as the first was. A refusal says why and leads `back`, with nothing written; or, given
    `refused`, is answered by it (with the write's reason, "" for the form's own errors),
    for a page that shows the form again as it was sent."""
    if not form.is_valid():
        if refused is not None:
            return refused("")
        messages.error(request, form_refusal(form))
        return redirect(back)
    key = form.cleaned_data["key"]
    try:
        with transaction.atomic():
            claimed = claim(key=key, user=request.user, what=what)
            if claimed is None:
                first = first_answer(key)
                assert first is not None, "a key is only taken by a write that was kept"
                answer = Answer(first.answer or back, first.said)
            else:
                answer = write()
                claimed.answer, claimed.said = answer.url[:300], answer.said[:500]
                claimed.save(update_fields=["answer", "said"])
    except Refused as error:
        if refused is not None:
            return refused(str(error))
        messages.error(request, str(error))
        return redirect(back)
    if answer.said:
        messages.success(request, answer.said)
    return redirect(answer.url)


def form_refusal(form: forms.Form) -> str:
    """A form's errors as sentences: "Amount: enter a number." — never Django's `__all__`."""
    parts = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        for error in errors:
            text = str(error).rstrip(".") + "."
            if name == NON_FIELD_ERRORS or name in ("key", "seen"):
                parts.append(text if name not in ("key", "seen") else _EXPIRED)
            else:
                parts.append(
                    f"{label or name.replace('_', ' ').capitalize()}: {text[0].lower()}{text[1:]}"
                )
    return " ".join(dict.fromkeys(parts))


_EXPIRED = "This form is damaged: nothing was recorded. Fill it in again on the page shown."
