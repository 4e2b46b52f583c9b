"""The hooks a kind of table overrides, and what is worked out from them the same way at
every kind: the forms the panel offers for the next deal, the one-save form's hints, the
undo where it is safe, the phone's choice of one save or two steps, and a refusal's words.

A kind of table is a subclass of `Recording` over its own record (a rubber's state, a
Progressive table's record), as python-chess's variants are of its board: it says where
its forms post, who deals next, what its pairs are called, whether spades may go
unplayed, and which deal may be undone; everything else here is shared.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html

from scorer import engine
from scorer.plumbing import keys
from scorer.plumbing.keys import Submission

# The phone's choice of recording a deal in one save once it is over ("one", the default)
# or its declaration first and its result after the play ("two"): kept on the phone, the
# same at every kind of table (static/js/table.js sets it without asking the server).
STEPS_COOKIE = "scorer_steps"
A_YEAR = 365 * 24 * 60 * 60


@dataclass(frozen=True)
class Addresses:
    """Where the shared forms post, and the number of the deal they record."""

    deal: str
    undo: str
    steps: str
    next_number: int
    # What an undo keeps, as its confirmation says it.
    undo_kept: str = "It is kept in the record of corrections, entered in error."


_FORMS = ("deal", "undo", "steps")


class Recording[R]:
    """A kind of table, over its record `R`. Override the hooks; keep the rest.

    The forms are the kind's to give (the rubber's own, scorer/rubbers/forms/deals.py, at
    each kind so far): a declaration's, a whole deal's (with `declaration()` and
    `result()`), and an undo's, each keyed and carrying the table's revision."""

    declaration_form_class: type[Any]
    deal_form_class: type[Any]
    undo_form_class: type[Any]
    # The kind's addresses: its namespace ("scorer:progressive:"), where `deal`, `undo`
    # and `steps` take the table's `pk`; and what its undo keeps, as its confirmation says.
    routes: str
    undo_kept = Addresses.undo_kept

    def pk(self, record: R) -> int:
        """The table's (or the rubber's) key in its addresses."""
        raise NotImplementedError

    def game(self, record: R) -> engine.CardGame[Any, Any]:
        raise NotImplementedError

    def revision(self, record: R) -> int:
        raise NotImplementedError

    def seats(self, record: R) -> list[str]:
        """Each seat as a choice of dealer: the player's short name."""
        raise NotImplementedError

    def next_dealer(self, record: R) -> int:
        raise NotImplementedError

    def next_number(self, record: R) -> int:
        raise NotImplementedError

    def pair_names(self, record: R) -> engine.Pair[str]:
        raise NotImplementedError

    def spades_unplayed(self, record: R) -> bool:
        """Whether the next deal's spades may go unplayed (the Spade Convention): never,
        unless the kind of table keeps a game's score for it to look at."""
        return False

    def undoable(self, record: R) -> int | None:
        """The deal whose last entry may be undone now, where it is safe; None if none."""
        raise NotImplementedError

    def offers_deal(self, record: R) -> bool:
        """Whether the page offers the next deal: none in progress, and the rubber or the
        round not over."""
        raise NotImplementedError

    # -- Shared: worked out from the hooks, the same at every kind -------------------------

    def addresses(self, record: R) -> Addresses:
        args = [self.pk(record)]
        deal, undo, steps = (reverse(f"{self.routes}{name}", args=args) for name in _FORMS)
        return Addresses(deal, undo, steps, self.next_number(record), self.undo_kept)

    def one_save(self, record: R) -> bool:
        """Whether the page offers a deal recorded whole, once it is over: at the games
        whose trump is made after the deal. At Whist it is turned up before the play."""
        return engine.Record.MAKER in self.game(record).laws.records

    def declaration_form(self, record: R) -> Any:
        return self._next_deal(self.declaration_form_class, record)

    def deal_form(self, record: R) -> Any:
        return self._next_deal(self.deal_form_class, record)

    def _next_deal(self, form: type[Any], record: R) -> Any:
        initial = {"dealer": self.next_dealer(record), "maker": "dealer", "doubles": 0}
        return form(
            initial=initial,
            revision=self.revision(record),
            seats=self.seats(record),
            game=self.game(record),
        )

    def whole_deal(
        self,
        request: HttpRequest,
        record: R,
        *,
        render: Callable[..., HttpResponse],
        write: Callable[..., HttpResponseBase],
        record_deal: Callable[..., R],
    ) -> HttpResponseBase:
        """The whole deal in one save, as the phone sent it: written by the kind's
        `record_deal`; refused by its fields while the page offers the next deal, else in
        sentences above what it does offer."""
        form = self.deal_form_class(request.POST, seats=self.seats(record), game=self.game(record))
        if not form.is_valid():
            if self.offers_deal(record):
                return render(request, record, deal=form, status=422)
            return render(request, record, message=keys.form_refusal(form), status=422)
        act = partial(record_deal, declaration=form.declaration(), result=form.result())
        return write(request, record, form, act)

    def undo_form(self, record: R) -> Any:
        number = self.undoable(record)
        if number is None:
            return None
        return self.undo_form_class(revision=self.revision(record), initial={"number": number})

    def deal_hints(self, record: R) -> dict[str, Any]:
        """What the one-save form needs of the table: the tricks' legend with each side's
        names (the page shows the dealer's side's), who deals after each seat (for a deal
        kept offline), and whether spades may go unplayed."""
        names = self.pair_names(record)
        sides = (f"{side.label} ({names[side]})" for side in engine.SIDES)
        return {
            "tricks_legend": format_html(
                'Tricks won by <span class="by-we">{}</span><span class="by-they">{}</span>',
                *sides,
            ),
            "next_dealers": json.dumps([engine.next_dealer(seat) for seat in engine.SEATS]),
            "spades_unplayed": self.spades_unplayed(record),
        }

    def steps(
        self,
        request: HttpRequest,
        record: R,
        declaration: Any,
        deal: Any,
    ) -> str:
        """Which form the panel shows for the next deal: the one just sent back, or else
        the phone's choice, the one save by default where the game offers it."""
        if not self.one_save(record) or declaration is not None:
            return "two"
        if deal is not None:
            return "one"
        return "two" if request.COOKIES.get(STEPS_COOKIE) == "two" else "one"

    def next_deal(
        self,
        request: HttpRequest,
        record: R,
        declaration: Any = None,
        deal: Any = None,
    ) -> dict[str, Any]:
        """The panel's forms for the next deal (the one sent back, if refused), the phone's
        choice between them, and the hints of the one save."""
        steps = self.steps(request, record, declaration, deal)
        if self.one_save(record):
            deal = deal or self.deal_form(record)
        return {
            "declaration_form": declaration or self.declaration_form(record),
            "deal_form": deal,
            "steps": steps,
            "deal_hints": self.deal_hints(record) if deal is not None else None,
        }

    def undone(
        self,
        request: HttpRequest,
        record: R,
        *,
        render: Callable[..., HttpResponse],
        write: Callable[..., HttpResponseBase],
        undo: Callable[..., R],
        stale: str,
    ) -> HttpResponseBase:
        """The last entry undone, as the phone's undo form asked: written by the kind's
        `undo` (keyed, and refused when stale, as every write is)."""
        form = self.undo_form_class(request.POST)
        if not form.is_valid():
            return render(request, record, message=stale, status=409)
        return write(request, record, form, partial(undo, number=form.cleaned_data["number"]))


def chosen_steps(request: HttpRequest, back: str) -> HttpResponse:
    """The phone's choice, for a phone without JavaScript: kept in its cookie."""
    chosen = "two" if request.POST.get("steps") == "two" else "one"
    response = redirect(back)
    response.set_cookie(
        STEPS_COOKIE, chosen, max_age=A_YEAR, samesite="Lax", secure=request.is_secure()
    )
    return response


def sentence(error: engine.RubberError) -> str:
    """A refusal in words: "Deal 5: …." or the problem as a sentence of its own."""
    problem = error.problem
    if error.deal:
        return f"Deal {error.deal}: {problem}."
    return problem[:1].upper() + problem[1:] + ("" if problem.endswith(".") else ".")


def said_by(key: Any) -> str:
    """What the write with this key did, in words ("" if nothing was kept): the sentence
    its phone is answered with ("Deal 5 recorded: …")."""
    said = Submission.objects.filter(key=key).values_list("said", flat=True).first()
    return said or ""
