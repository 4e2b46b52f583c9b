"""The secretary's form for adding a member on one page: his name as the club knows him,
a short name, the name he signs in with, his national number if he has one, and either a
first password or a link for him to set his own."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.validators import UnicodeUsernameValidator

from scorer.club.models import NATIONAL_NUMBER
from scorer.plumbing.keys import KeyedForm

PASSWORD, LINK = "password", "link"


class AddMemberForm(KeyedForm):
    name = forms.CharField(
        max_length=60, help_text='As the club knows the member, printed on the sheets: "Mrs. Carr".'
    )
    short_name = forms.CharField(max_length=16, help_text='For narrow columns: "Carr".')
    username = forms.CharField(
        label="Sign-in name",
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="What the member types to sign in: letters, digits and @ . + - _ only.",
    )
    national_number = forms.CharField(
        required=False,
        max_length=20,
        validators=[NATIONAL_NUMBER],
        help_text="The membership number with the national body (the EBU's, the ABF's), if any.",
    )
    first = forms.ChoiceField(
        label="The password",
        choices=[(LINK, "A link to set it"), (PASSWORD, "A first password now")],
        initial=LINK,
        widget=forms.RadioSelect,
    )
    password = forms.CharField(
        label="First password",
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text="Only with a first password: the member may change it once signed in.",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or self.cleaned_data
        if data.get("first") == PASSWORD:
            password = data.get("password") or ""
            if not password:
                self.add_error("password", "Give the first password, or choose a link instead.")
            else:
                try:
                    password_validation.validate_password(password)
                except forms.ValidationError as error:
                    self.add_error("password", error)
        return data
