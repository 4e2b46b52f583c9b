"""The secretary adds a member on one page (scorer/club/): his account and his membership
in one keyed write, with a first password or a link for him to set his own; a form sent
again adds him once; a name, a sign-in name or a national number already taken is refused
in words, keeping what was typed; a page shown before another secretary's change is
refused as stale; the members' page is the staff's; and the admin keeps a member's
national number."""

from __future__ import annotations

import html
import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorer.club import writes
from scorer.models import Member
from tests.support.club import make_member

MEMBERS = reverse("scorer:club:members")


@pytest.fixture
def secretary(client, staff):
    client.force_login(staff)
    return client


def form_of(client) -> dict[str, str]:
    """The hidden fields of the page's form, as the page gave them."""
    page = client.get(MEMBERS).content.decode()
    return dict(re.findall(r'<input type="hidden" name="(key|seen)" value="([^"]*)"', page))


def vane(**given) -> dict[str, str]:
    return {
        "name": "Mr. Vane",
        "short_name": "Vane",
        "username": "vane",
        "national_number": "",
        "first": "link",
        "password": "",
        **given,
    }


def signs_in(client, username: str, password: str) -> bool:
    """Signed in by the sign-in page, as a person is."""
    client.logout()
    client.get(reverse("login"))
    answer = client.post(reverse("login"), {"username": username, "password": password})
    return answer.status_code == 302 and client.get("/").context["user"].get_username() == username


def alerts(answer) -> list[str]:
    shown = answer.content.decode()
    found = re.findall(r'role="alert">(?:<ul class="errorlist"[^>]*><li>)?([^<]+)', shown)
    return [html.unescape(said) for said in found]


def test_a_member_added_with_a_first_password_signs_in_with_it(secretary, client):
    sent = {**form_of(secretary), **vane(first="password", password="a-long-one-1905")}
    answer = secretary.post(MEMBERS, sent)
    member = Member.objects.get(name="Mr. Vane")
    assert answer.status_code == 302
    assert answer["Location"] == reverse("scorer:club:member", args=[member.pk])
    assert (member.short_name, member.user.get_username()) == ("Vane", "vane")
    assert member.user.check_password("a-long-one-1905")
    assert not member.user.is_staff
    assert signs_in(client, "vane", "a-long-one-1905")


def test_a_member_given_a_link_sets_his_own_password_by_it_once(secretary, client):
    answer = secretary.post(MEMBERS, {**form_of(secretary), **vane(national_number="100231")})
    member = Member.objects.get(name="Mr. Vane")
    assert member.national_number == "100231"
    assert not member.user.has_usable_password()
    page = secretary.get(answer["Location"]).content.decode()
    link = re.search(r'<p class="link-to-pass"><a href="http://testserver([^"]+)"', page)[1]
    assert "Mr. Vane is a member, signing in as vane." in page
    client.logout()
    form_page = client.get(link, follow=True)
    assert b"you sign in as <strong>vane</strong>" in form_page.content
    set_at = form_page.redirect_chain[-1][0]
    done = client.post(
        set_at, {"new_password1": "his-own-1905", "new_password2": "his-own-1905"}, follow=True
    )
    assert b"Your password is set, and you are signed in." in done.content
    assert done.context["user"].get_username() == "vane"
    assert signs_in(client, "vane", "his-own-1905")
    client.logout()
    again = client.get(link, follow=True)
    assert b"This link has been used, or is too old" in again.content
    shown = secretary.get(reverse("scorer:club:member", args=[member.pk])).content
    assert b"link-to-pass" not in shown, "the link is offered while he has no password"


def test_a_form_sent_again_adds_him_once_and_answers_as_the_first(secretary):
    sent = {**form_of(secretary), **vane()}
    first = secretary.post(MEMBERS, sent)
    again = secretary.post(MEMBERS, sent)
    assert again.status_code == 302
    assert again["Location"] == first["Location"]
    assert Member.objects.filter(name="Mr. Vane").count() == 1


@pytest.mark.parametrize(
    ("given", "field", "said"),
    [
        (
            {"name": "mrs. carr"},
            "name",
            "Mrs. Carr is a member already: give the new one another name.",
        ),
        ({"username": "carr"}, "username", "The sign-in name “carr” is taken: choose another."),
        (
            {"national_number": "0555002"},
            "national_number",
            "National number 0555002 is Mrs. Carr's.",
        ),
    ],
)
def test_a_name_sign_in_name_or_number_taken_is_refused_in_words(secretary, given, field, said):
    carr = make_member("Mrs. Carr", "Carr")
    Member.objects.filter(pk=carr.pk).update(national_number="0555002")
    sent = {**form_of(secretary), **vane(**given)}
    answer = secretary.post(MEMBERS, sent)
    assert answer.status_code == 422
    assert said in alerts(answer)
    assert Member.objects.count() == 1
    assert not get_user_model().objects.filter(username="vane").exists()
    assert f'value="{sent[field]}"'.encode() in answer.content, "what he typed is kept"


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({"name": "  "}, "Name: this field is required."),
        ({"username": "mr vane"}, "Sign-in name: enter a valid username."),
        (
            {"national_number": "100-231"},
            "National number: a national number is letters and digits",
        ),
        ({"first": "password", "password": ""}, "First password: give the first password"),
        ({"first": "password", "password": "vane"}, "First password: this password is too short"),
    ],
)
def test_a_form_filled_in_wrongly_says_what_is_wrong_and_adds_nobody(secretary, given, said):
    answer = secretary.post(MEMBERS, {**form_of(secretary), **vane(**given)})
    assert answer.status_code == 422
    assert said in answer.content.decode()
    assert not Member.objects.exists()


def test_a_page_shown_before_another_member_was_added_is_refused_as_stale(secretary, staff):
    shown = form_of(secretary)
    writes.add_member(
        key=uuid.uuid4(), user=staff, seen=shown["seen"], name="Mrs. Hale", short_name="Hale",
        username="hale",
    )  # fmt: skip
    answer = secretary.post(MEMBERS, {**shown, **vane(national_number="100231")})
    assert answer.status_code == 409
    assert alerts(answer)[0].startswith("The members changed since this page was shown")
    assert not Member.objects.filter(name="Mr. Vane").exists()
    page = answer.content.decode()
    assert "Mrs. Hale" in page, "the list as it stands now"
    assert 'value="100231"' in page, "what he typed is kept"
    fresh = dict(re.findall(r'<input type="hidden" name="(key|seen)" value="([^"]*)"', page))
    assert secretary.post(MEMBERS, {**fresh, **vane()}).status_code == 302
    assert Member.objects.filter(name="Mr. Vane").exists()


def test_the_members_page_is_the_staffs(client, db):
    member = make_member("Mrs. Carr", "Carr")
    client.force_login(member.user)
    assert client.get(MEMBERS).status_code == 302
    assert client.post(MEMBERS, vane()).status_code == 302
    assert not Member.objects.filter(name="Mr. Vane").exists()
    assert client.get(reverse("scorer:club:member", args=[member.pk])).status_code == 302


def test_the_admin_keeps_a_members_national_number(admin_client, db):
    carr, dane = make_member("Mrs. Carr", "Carr"), make_member("Mr. Dane", "Dane")
    change = reverse("admin:scorer_member_change", args=[carr.pk])
    page = admin_client.get(change).content.decode()
    assert 'name="national_number"' in page
    seen = re.search(r'name="seen" value="([^"]*)"', page)[1]
    fields = {"name": carr.name, "short_name": carr.short_name, "user": carr.user.pk, "seen": seen}
    assert admin_client.post(change, {**fields, "national_number": "0555002"}).status_code == 302
    carr.refresh_from_db()
    assert carr.national_number == "0555002"
    other = reverse("admin:scorer_member_change", args=[dane.pk])
    seen = re.search(r'name="seen" value="([^"]*)"', admin_client.get(other).content.decode())[1]
    refused = admin_client.post(
        other, {"name": dane.name, "short_name": "Dane", "user": dane.user.pk, "seen": seen,
                "national_number": "0555002"},
    )  # fmt: skip
    assert refused.status_code == 200
    assert "That national number is another member&#x27;s." in refused.content.decode()
