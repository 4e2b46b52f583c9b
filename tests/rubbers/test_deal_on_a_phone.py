"""A deal recorded at the table on a phone at 360 × 740, counted by the player's taps: the
whole deal in one save, what it did kept in view with a way to undo it, a refusal in view,
and each deal accepted by the other side where the club asks for it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorer.engine import Side, Trump
from scorer.models import Club, Correction, Deal
from scorer.rubbers import writes
from tests.support.browser import (
    PHONE,
    declare,
    screenshot,
    serious_violations,
    sign_in,
    small_targets_and_text,
    tap,
    tap_honours,
)
from tests.support.rubbers import deal

pytestmark = pytest.mark.django_db(transaction=True)

# Every tap the player makes: a pointer put down anywhere on the page.
COUNT_TAPS = """() => {
  window.taps = 0;
  document.addEventListener("pointerdown", () => { window.taps += 1; }, true);
}"""


def at_the_rubber(phone, rubber, username: str, **options):
    page = phone(**options)
    sign_in(page, username)
    page.goto(f"/rubbers/{rubber.pk}/")
    return page


def in_view(page, locator) -> bool:
    """Whether every element the locator finds is wholly on the phone's screen."""
    boxes = [locator.nth(n).bounding_box() for n in range(locator.count())]
    return bool(boxes) and all(
        box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
        for box in boxes
    )


def record(page) -> None:
    page.get_by_role("button", name="Record the deal").click()


# Each case: its taps before "Record the deal", the most taps it may take, and what the
# deal must be recorded as (the dealer goes round: Carr, Fenwick, Dane, Hartley).
PLAIN = [("The make", "♥ Hearts"), ("Tricks won by", "7"), (Side.WE, "Simple honours")]
DOUBLED = [
    ("The make", "♣ Clubs"),
    ("Doubles", "Doubled"),
    ("Tricks won by", "7"),
    (Side.THEY, "Simple honours"),
]
CHICANE = [
    ("The make", "♦ Diamonds"),
    ("Tricks won by", "7"),
    (Side.WE, "Four in one hand"),
    ("Chicane: They void of trumps", "One hand"),
]
REVOKE = [("The make", "♠ Spades"), ("Tricks won by", "7"), (Side.THEY, "Simple honours")]


def tap_each(page, taps) -> None:
    for where, what in taps:
        if isinstance(where, Side):
            tap_honours(page, where, what)
        else:
            tap(page, where, what)


def taps_to_record(page, number: int, taps, *, revoke_by: str = "") -> int:
    """The taps from the page showing deal `number`'s form to the sheet showing it."""
    expect(page.get_by_role("heading", name=f"Deal {number}: the declaration and")).to_be_visible()
    page.evaluate("window.taps = 0")
    tap_each(page, taps)
    if revoke_by:
        page.get_by_role("button", name=f"One more revoke by {revoke_by}").click()
    record(page)
    expect(page.locator("#notice")).to_contain_text(f"Deal {number} recorded:")
    expect(page.locator("details.deals li")).to_have_count(number)
    return page.evaluate("window.taps")


def test_a_deal_takes_four_taps_doubled_five_with_chicane_six_with_a_revoke_five(
    phone, browser_rubber
):
    page = at_the_rubber(phone, browser_rubber, "carr")
    page.evaluate(COUNT_TAPS)

    assert taps_to_record(page, 1, PLAIN) <= 4
    assert taps_to_record(page, 2, DOUBLED) <= 5
    assert taps_to_record(page, 3, CHICANE) <= 6
    assert taps_to_record(page, 4, REVOKE, revoke_by="We") <= 5

    recorded = Deal.objects.order_by("number")
    assert [d.trump for d in recorded] == [Trump.HEARTS, Trump.CLUBS, Trump.DIAMONDS, Trump.SPADES]
    assert [d.doubles for d in recorded] == [0, 1, 0, 0]
    assert [(d.chicane_we, d.chicane_they) for d in recorded] == [(0, 0), (0, 0), (0, 1), (0, 0)]
    assert [(d.revokes_we, d.revokes_they) for d in recorded] == [(0, 0), (0, 0), (0, 0), (1, 0)]
    assert [d.dealer for d in recorded] == [0, 1, 2, 3]  # the dealer filled in, round the table


def test_revokes_are_counted_with_steppers_and_no_keyboard(phone, browser_rubber):
    page = at_the_rubber(phone, browser_rubber, "carr")
    more = page.get_by_role("button", name="One more revoke by They")
    fewer = page.get_by_role("button", name="One revoke fewer by They")
    count = page.get_by_role("spinbutton", name="Revokes by They")
    fewer.click()  # never below none
    expect(count).to_have_value("0")
    more.click()
    more.click()
    fewer.click()
    expect(count).to_have_value("1")
    assert page.evaluate("document.activeElement.tagName") != "INPUT"  # no keyboard opened


def test_after_a_save_what_changed_is_focused_and_in_view_with_the_sheets_new_figures(
    phone, browser_rubber
):
    # Five part-scores already: the sheet is long, and the form far below it.
    deals = [deal("C", (7, 6), dealer=side) for side in ("we", "they", "we", "they", "we")]
    writes.replay(
        rubber=browser_rubber, deals=deals, user=browser_rubber.seats.get(position=0).member.user
    )
    page = at_the_rubber(phone, browser_rubber, "carr")
    tap(page, "The make", "♥ Hearts")
    tap(page, "Tricks won by", "8")
    tap_honours(page, Side.THEY, "Four")
    record(page)

    notice = page.locator("#notice")
    expect(notice).to_contain_text(
        "Deal 6 recorded: Miss Fenwick dealt and made hearts — They 8 tricks; honours They: four."
    )
    expect(notice).to_be_focused()  # a screen reader says it
    new = page.locator("table.sheet td.new")
    expect(new).to_have_count(2)  # They's honours above the line, their tricks below it
    expect(new.locator("button.figure")).to_have_text(["32", "16"])
    assert in_view(page, notice)
    assert in_view(page, new)
    screenshot(page, "saved-in-view", screen=True)
    page.emulate_media(color_scheme="dark")
    screenshot(page, "saved-in-view-dark", screen=True)


def test_a_refused_save_is_shown_in_view_with_what_was_recorded_instead(phone, browser_rubber):
    carr = at_the_rubber(phone, browser_rubber, "carr")
    dane = at_the_rubber(phone, browser_rubber, "dane")
    tap_each(dane, [("The make", "♣ Clubs"), ("Tricks won by", "8"), (Side.THEY, "Four")])

    tap_each(carr, PLAIN)
    record(carr)
    expect(dane.get_by_text("What you had entered here is kept.")).to_be_visible()
    record(dane)

    refusal = dane.locator("#panel .message")
    expect(refusal).to_have_text(
        "From Mrs. Carr's phone: Deal 1 recorded: Mrs. Carr dealt and made hearts — We 7 "
        "tricks; honours We: simple honours. Yours — Mrs. Carr dealt and made clubs — We 8 "
        "tricks; honours They: four — was not saved."
    )
    expect(refusal).to_be_focused()
    assert in_view(dane, refusal)
    expect(
        dane.get_by_role("heading", name="Deal 2: the declaration and the result")
    ).to_be_visible()
    assert Deal.objects.get().trump == Trump.HEARTS
    screenshot(dane, "refused-in-view", screen=True)


def test_a_refused_declaration_says_the_result_shown_is_for_another_phones(phone, browser_rubber):
    carr = at_the_rubber(phone, browser_rubber, "carr")
    dane = at_the_rubber(phone, browser_rubber, "dane")
    dane.get_by_role("button", name="Declare first, the result after the play").click()
    tap(dane, "The make", "♣ Clubs")

    declare(carr, 1, "H")
    expect(dane.get_by_text("What you had entered here is kept.")).to_be_visible()
    dane.get_by_role("button", name="Save the declaration").click()

    refusal = dane.locator("#panel .message")
    expect(refusal).to_have_text(
        "From Mrs. Carr's phone: Deal 1 declared: Mrs. Carr dealt and made hearts. Yours — "
        "Mrs. Carr dealt and made clubs — was not saved. The form below is for the result of "
        "deal 1 as Mrs. Carr declared it: Mrs. Carr dealt and made hearts."
    )
    expect(refusal).to_be_focused()
    assert in_view(dane, refusal)
    expect(dane.get_by_role("heading", name="Deal 1: the result")).to_be_visible()
    expect(
        dane.get_by_text("Declared from Mrs. Carr's phone: Mrs. Carr dealt and made hearts.")
    ).to_be_visible()


def test_the_last_entry_is_undone_with_one_tap_and_a_confirmation(phone, browser_rubber):
    page = at_the_rubber(phone, browser_rubber, "carr")
    tap_each(page, PLAIN)
    record(page)
    page.evaluate(COUNT_TAPS)
    asked = []
    page.once("dialog", lambda dialog: asked.append(dialog.message) or dialog.accept())
    page.locator("#notice").get_by_role("button", name="Undo deal 1").click()

    expect(page.locator("#notice p")).to_have_text(
        "Deal 1 removed (Law 12: entered in error): totals: We 24 → 0."
    )
    assert page.evaluate("window.taps") == 1
    assert asked == ["Undo deal 1? It is kept in the record of corrections, entered in error."]
    expect(page.locator(".corrections")).to_contain_text("“entered in error”")
    expect(
        page.get_by_role("heading", name="Deal 1: the declaration and the result")
    ).to_be_visible()
    assert not Deal.objects.exists()
    correction = Correction.objects.get()
    assert (correction.number, correction.law, correction.reason) == (
        1,
        "Law 12",
        "entered in error",
    )

    # A declaration just saved is undone the same way.
    declare(page, 1, "S")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#notice").get_by_role("button", name="Undo deal 1's declaration").click()
    expect(page.locator("#notice p")).to_have_text(
        "Deal 1: the declaration undone (Law 12: entered in error)."
    )
    expect(page.get_by_role("heading", name="Deal 1: the declaration", exact=True)).to_be_visible()
    assert not Deal.objects.exists()
    assert Correction.objects.count() == 2
    screenshot(page, "undone")


def test_the_other_side_accepts_each_deal_and_the_first_phone_follows(phone, browser_rubber):
    Club.objects.filter(pk=Club.get().pk).update(deals_accepted=True)
    carr = at_the_rubber(phone, browser_rubber, "carr")
    fenwick = at_the_rubber(phone, browser_rubber, "fenwick")
    tap_each(carr, PLAIN)
    record(carr)
    expect(carr.get_by_text("Deal 1: not yet accepted by They.")).to_be_visible()
    expect(carr.get_by_role("button", name="Accept deal 1")).to_have_count(0)  # not hers

    accept = fenwick.get_by_role("button", name="Accept deal 1")
    expect(accept).to_be_visible()
    screenshot(fenwick, "to-accept")
    fenwick.evaluate(COUNT_TAPS)
    accept.click()
    expect(fenwick.get_by_text("Deal 1: accepted by Miss Fenwick for They.")).to_be_visible()
    assert fenwick.evaluate("window.taps") == 1

    expect(carr.locator("#notice")).to_contain_text(
        "From Miss Fenwick's phone: Deal 1 accepted by Miss Fenwick for They."
    )
    expect(carr.get_by_text("Deal 1: accepted by Miss Fenwick for They.")).to_be_visible()
    carr.get_by_text("The deals, one by one").click()
    expect(carr.locator("details.deals li")).to_contain_text("(accepted by Miss Fenwick for They)")
    screenshot(carr, "accepted")
    carr.emulate_media(color_scheme="dark")
    screenshot(carr, "accepted-dark")
    assert serious_violations(carr) == []

    # Corrected, the deal is to be accepted again, by the side that did not correct it.
    carr.get_by_role("link", name="Correct deal 1").click()
    tap(carr, "Tricks won by the dealer", "8")
    carr.get_by_label("Why it is corrected").fill("a trick was miscounted")
    carr.get_by_role("button", name="Correct deal 1").click()
    expect(carr.locator(".message.done")).to_contain_text(
        "Miss Fenwick's acceptance of deal 1 lapsed: it is to be accepted as corrected."
    )
    expect(fenwick.get_by_role("button", name="Accept deal 1")).to_be_visible()


def test_the_one_save_form_reads_well_light_and_dark_and_has_no_serious_violation(
    phone, browser_rubber
):
    Club.objects.filter(pk=Club.get().pk).update(deals_accepted=True)
    writes.replay(
        rubber=browser_rubber,
        deals=[deal("C", (7, 6))],
        user=browser_rubber.seats.get(position=1).member.user,  # for We to accept
    )
    page = at_the_rubber(phone, browser_rubber, "carr")
    tap(page, "The make", "No-trump")  # the aces on offer, and no chicane
    expect(page.get_by_role("radio", name="Aces easy")).to_be_visible()
    expect(page.get_by_role("group", name="Chicane: We void of trumps")).to_be_hidden()
    assert serious_violations(page) == []
    assert small_targets_and_text(page) == ([], [])
    screenshot(page, "whole-deal-no-trump")
    page.emulate_media(color_scheme="dark")
    tap(page, "The make", "♥ Hearts")
    expect(page.get_by_role("radio", name="Aces easy")).to_be_hidden()
    expect(page.get_by_role("group", name="Chicane: We void of trumps")).to_be_visible()
    expect(page.get_by_role("button", name="Accept deal 1")).to_be_visible()
    assert serious_violations(page) == []
    assert small_targets_and_text(page) == ([], [])
    screenshot(page, "whole-deal-dark")
