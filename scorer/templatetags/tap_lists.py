"""A form's choice of a member as a list of rows to tap (`tap_list`), under the headings the
form groups its members by (`scorer/rubbers/choosing.py`): a radio and its label a row, so
the form posts without JavaScript. With it, `static/js/choosing.js` filters the rows as a
search is typed, opens one list at a time, and offers no member chosen in another."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from django import forms, template
from django.utils.safestring import SafeString

from scorer.rubbers.choosing import Group

register = template.Library()


def _html(value: object) -> str:
    """The value as HTML: as it is if it is HTML already (an error list), else escaped."""
    html = getattr(value, "__html__", None)
    return str(html()) if html is not None else escape(str(value))


def _row(name: str, value: object, label: str, current: str | None, *, attrs: str = "") -> str:
    # Nothing sent is no choice, not the empty one: a place left empty is chosen as such.
    checked = " checked" if current is not None and str(value) == current else ""
    return (
        f'<label class="pick"{attrs}><input type="radio" name="{_html(name)}" '
        f'value="{_html(value)}"{checked}><span>{_html(label)}</span></label>'
    )


@register.simple_tag
def tap_list(
    field: forms.BoundField,
    groups: Iterable[Group],
    *,
    legend: str = "",
    empty: str = "",
    empty_for: str = "",
    note: str = "",
    guest: str = "",
) -> SafeString:
    """The field's members as rows under their groups' headings, with its errors.

    `empty`: a last row choosing nobody, for a place that may be left empty. `empty_for`:
    the codes of the games that leave it empty, which alone offer that row and say `note`
    once one of them is chosen; "" for a place any game may leave empty. `guest`: a last
    row choosing no member, offered as a choice of its own (a guest, by a name given
    beside the list)."""
    choice = field.field
    assert isinstance(choice, forms.ModelChoiceField), f"{field.name} is not a member's choice"
    value = field.value()
    current = None if value is None else str(value)
    rows = []
    for group in groups:
        if group.heading:
            rows.append(f'<p class="group-label">{_html(group.heading)}</p>')
        rows += [
            _row(field.html_name, m.pk, choice.label_from_instance(m), current)
            for m in group.members
        ]
    games = f' data-games="{_html(empty_for)}"' if empty_for else ""
    leaves_empty = f' data-empty-for="{_html(empty_for)}"' if empty_for else ""
    if empty:
        rows.append(_row(field.html_name, "", empty, current, attrs=f" data-empty{games}"))
    if guest:
        rows.append(_row(field.html_name, "", guest, current, attrs=" data-empty data-guest"))
    said = f'<p class="hint"{games}>{_html(note)}</p>' if note else ""
    return SafeString(
        f'<fieldset class="tap-list"{leaves_empty}>'
        f"<legend>{_html(legend or field.label)}</legend>{said}"
        f'<div class="rows">{"".join(rows)}</div>{_html(field.errors)}</fieldset>'
    )
