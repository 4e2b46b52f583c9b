"""Signing out: "Sign out" ends this phone's session; "Sign out everywhere" ends every
session of the member's, on all his phones, once, and only from a form of the site's."""

from __future__ import annotations

from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from scorer.plumbing.keys import Submission
from tests.support.html import Forms

PASSWORD_PAGE = reverse("password_change")
EVERYWHERE = reverse("logout_everywhere")


def signed_in(user) -> Client:
    phone = Client()
    phone.force_login(user)
    return phone


def is_signed_in(phone: Client) -> bool:
    return phone.get(reverse("scorer:start")).status_code == 200


def everywhere_form(phone: Client) -> dict[str, str]:
    form = Forms(phone.get(PASSWORD_PAGE).content.decode()).form(EVERYWHERE)
    assert form is not None, "the password page offers to sign out everywhere"
    return form["values"]


def test_signing_out_everywhere_ends_the_members_sessions_on_all_his_phones(players):
    carr = players[0].user
    phone, other_phone, computer = signed_in(carr), signed_in(carr), signed_in(carr)
    fenwick = signed_in(players[1].user)

    response = phone.post(EVERYWHERE, everywhere_form(phone), follow=True)

    assert response.redirect_chain[-1][0] == reverse("scorer:home")
    assert "Signed out everywhere" in response.content.decode()
    assert not any(map(is_signed_in, (phone, other_phone, computer)))
    assert is_signed_in(fenwick)
    assert Session.objects.count() == 1


def test_signing_out_everywhere_clears_this_phone(players):
    phone = signed_in(players[0].user)
    response = phone.post(EVERYWHERE, everywhere_form(phone))
    assert response["Clear-Site-Data"] == '"cache", "storage"'
    assert "no-store" in response["Cache-Control"]


def test_signing_out_ends_this_phones_session_only(players):
    phone, other_phone = signed_in(players[0].user), signed_in(players[0].user)
    phone.post(reverse("logout"))
    assert not is_signed_in(phone)
    assert is_signed_in(other_phone)


def test_the_same_form_sent_twice_is_answered_as_the_first(players):
    phone, other_phone = signed_in(players[0].user), signed_in(players[0].user)
    form = everywhere_form(phone)
    first = phone.post(EVERYWHERE, form)
    again = Client().post(EVERYWHERE, form)  # resent: its session ended with the first
    assert (again.status_code, again["Location"]) == (first.status_code, first["Location"])
    assert Submission.objects.filter(what="sign out everywhere").count() == 1
    assert not is_signed_in(other_phone)


def test_a_phone_not_signed_in_is_asked_to_sign_in(players):
    other_phone = signed_in(players[0].user)
    form = everywhere_form(other_phone)
    response = Client().post(EVERYWHERE, {**form, "key": "6f0c4a55-0c1e-4c39-9a55-1f0c4a550c1e"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert is_signed_in(other_phone)


def test_a_damaged_form_ends_nothing_and_says_why(players):
    phone, other_phone = signed_in(players[0].user), signed_in(players[0].user)
    response = phone.post(EVERYWHERE, {"key": "not a key"}, follow=True)
    assert "This form is damaged: nothing was recorded." in response.content.decode()
    assert is_signed_in(phone)
    assert is_signed_in(other_phone)


def test_signing_out_everywhere_needs_the_forms_security_token(players):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(players[0].user)
    other_phone = signed_in(players[0].user)
    form = everywhere_form(phone)
    response = phone.post(
        EVERYWHERE, {key: v for key, v in form.items() if key != "csrfmiddlewaretoken"}
    )
    assert response.status_code == 403
    assert is_signed_in(phone)
    assert is_signed_in(other_phone)


def test_signing_out_everywhere_is_only_ever_sent(players):
    phone, other_phone = signed_in(players[0].user), signed_in(players[0].user)
    assert phone.get(EVERYWHERE).status_code == 405
    assert is_signed_in(other_phone)


def test_changing_the_password_signs_the_other_phones_out(players):
    phone, other_phone = signed_in(players[0].user), signed_in(players[0].user)
    fields = {
        "old_password": "pw",
        "new_password1": "a longer pass-phrase 1905",
        "new_password2": "a longer pass-phrase 1905",
    }
    assert phone.post(PASSWORD_PAGE, fields).status_code == 302
    assert is_signed_in(phone)
    assert not is_signed_in(other_phone)
