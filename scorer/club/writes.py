"""Adding a member: his account and his membership in one write, keyed and refused when
stale. A name, a sign-in name or a national number already taken is refused in words,
by the database itself when two secretaries add at once."""

from __future__ import annotations

import hashlib
import uuid

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from scorer.club.models import Member
from scorer.plumbing.keys import Refused, Stale, claim, first_answer


class Taken(Refused):
    """A field's value already another's: `field` names the form's field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def members_seen() -> str:
    """The members as a page lists them, in a few letters, for its form to carry back."""
    rows = Member.objects.order_by("pk").values_list("pk", "name", "user__username")
    return hashlib.sha256(repr(list(rows)).encode()).hexdigest()[:16]


@transaction.atomic
def add_member(
    *,
    key: uuid.UUID,
    user: User,
    seen: str,
    name: str,
    short_name: str,
    username: str,
    national_number: str = "",
    password: str | None = None,
) -> tuple[Member, bool]:
    """The member and whether this form added him: a form sent again finds its key taken
    and answers with the member it added. `password` None: none usable yet (he sets his
    own by a link). Refused (nothing written) if the members changed since the page was
    shown, or a name, sign-in name or national number is taken."""
    claimed = claim(key=key, user=user, what="add member")
    if claimed is None:
        first = first_answer(key)
        assert first is not None, "a member added is kept with his form's key"
        assert first.said
        return Member.objects.get(pk=int(first.said)), False
    if members_seen() != seen:
        raise Stale(
            "The members changed since this page was shown (another of the staff added "
            "or changed one): nothing was recorded. The list is as it stands now: add the member "
            "if not in it."
        )
    _refuse_taken(name=name, username=username, national_number=national_number)
    try:
        with transaction.atomic():
            account = get_user_model().objects.create_user(username, password=password)
            member = Member.objects.create(
                user=account, name=name, short_name=short_name, national_number=national_number
            )
    except IntegrityError:
        # Added meanwhile by another write: the database kept them apart; say which.
        _refuse_taken(name=name, username=username, national_number=national_number)
        raise
    claimed.said = str(member.pk)
    claimed.save(update_fields=["said"])
    return member, True


def _refuse_taken(*, name: str, username: str, national_number: str) -> None:
    users = get_user_model().objects
    if users.filter(username__iexact=username).exists():
        raise Taken("username", f"The sign-in name “{username}” is taken: choose another.")
    holder = Member.objects.filter(name__iexact=name).first()
    if holder is not None:
        raise Taken("name", f"{holder.name} is a member already: give the new one another name.")
    if national_number:
        holder = Member.objects.filter(national_number=national_number).first()
        if holder is not None:
            raise Taken("national_number", f"National number {national_number} is {holder.name}'s.")
