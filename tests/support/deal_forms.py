"""Sending the table's forms as a phone does, for the tests: a declaration, a result, a
whole deal (in two steps, or in one save), a correction, undoing the last entry, accepting
a deal."""

from __future__ import annotations

import uuid

from django.urls import reverse

from scorer.models import Rubber
from scorer.rubbers import reads


def revision(rubber: Rubber) -> int:
    return Rubber.objects.values_list("revision", flat=True).get(pk=rubber.pk)


def declare(
    client,
    rubber,
    *,
    trump="H",
    dealer=None,
    maker="dealer",
    doubles=0,
    key=None,
    at=None,
    htmx=False,
    **extra,
):
    state = reads.rubber_state(rubber)
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(rubber) if at is None else at,
        "dealer": state.next_dealer if dealer is None else dealer,
        "maker": maker,
        "trump": trump,
        "doubles": doubles,
        **extra,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("scorer:declaration", args=[rubber.pk]), data, headers=headers)


def result(
    client,
    rubber,
    *,
    tricks=7,
    honours="we:THREE",
    key=None,
    at=None,
    htmx=False,
    chicane=(0, 0),
    revokes=(0, 0),
    **extra,
):
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(rubber) if at is None else at,
        "tricks": tricks,
        "honours": honours,
        "chicane_we": chicane[0],
        "chicane_they": chicane[1],
        "revokes_we": revokes[0],
        "revokes_they": revokes[1],
        **extra,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("scorer:result", args=[rubber.pk]), data, headers=headers)


def whole_deal(
    client,
    rubber,
    *,
    trump="H",
    tricks=7,
    honours=None,
    dealer=None,
    maker="dealer",
    doubles=0,
    chicane=(0, 0),
    revokes=(0, 0),
    key=None,
    at=None,
    htmx=False,
    **extra,
):
    """The whole deal in one save, once it is over (honours by default as `play` gives them)."""
    state = reads.rubber_state(rubber)
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(rubber) if at is None else at,
        "dealer": state.next_dealer if dealer is None else dealer,
        "maker": maker,
        "trump": trump,
        "doubles": doubles,
        "tricks": tricks,
        "honours": ("easy" if trump == "NT" else "we:THREE") if honours is None else honours,
        "chicane_we": chicane[0],
        "chicane_they": chicane[1],
        "revokes_we": revokes[0],
        "revokes_they": revokes[1],
        **extra,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("scorer:deal", args=[rubber.pk]), data, headers=headers)


def undo(client, rubber, number, *, key=None, at=None, htmx=False):
    """Undo the last entry, deal `number`'s (its declaration, while it is in progress)."""
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(rubber) if at is None else at,
        "number": number,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("scorer:undo", args=[rubber.pk]), data, headers=headers)


def accept(client, rubber, number, *, key=None, at=None, htmx=False):
    """Accept deal `number` for the other side."""
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(rubber) if at is None else at,
        "number": number,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("scorer:accept", args=[rubber.pk]), data, headers=headers)


def play(client, rubber, trump="H", tricks=7, honours=None, **result_fields):
    """A whole deal: declared, then its result recorded (honours by default: aces easy at
    no-trump, simple honours to We otherwise)."""
    honours = honours or ("easy" if trump == "NT" else "we:THREE")
    assert declare(client, rubber, trump=trump).status_code == 302
    response = result(client, rubber, tricks=tricks, honours=honours, **result_fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    return response


def correct(client, rubber, number, *, reason="miscounted", key=None, at=None, **changes):
    """Send deal `number`'s correction form as the page shows it, with `changes` made."""
    from scorer.models import Deal
    from scorer.rubbers.forms.deals import CorrectionForm

    deal = Deal.objects.get(rubber=rubber, number=number)
    data = {k: "" if v is None else v for k, v in CorrectionForm.values_of(deal).items()}
    data.update(changes)
    data.update(
        {
            "key": key or uuid.uuid4(),
            "revision": revision(rubber) if at is None else at,
            "reason": reason,
        }
    )
    return client.post(reverse("scorer:correction", args=[rubber.pk, number]), data)


def won(client, rubber):
    """We, They, We: the dealer's side takes 12 at no-trump each time."""
    for _ in range(3):
        play(client, rubber, trump="NT", tricks=12)
    return Rubber.objects.get(pk=rubber.pk)


def agree(client, rubber, side, *, key=None, at=None, url="scorer:agree"):
    data = {
        "key": key or uuid.uuid4(),
        "revision": revision(rubber) if at is None else at,
        "side_agreeing": side,
    }
    return client.post(reverse(url, args=[rubber.pk]), data)
