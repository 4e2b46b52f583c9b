"""A form's radio fields as chips, from the form's own fields: the choices, the one chosen,
the legend and the errors all come from the field, so no page writes them out by hand.

A tag rather than Django's widget templates: a table's forms have a hundred chips, and a
template for each costs more than the rest of the page. Each text is escaped as it is
written in, as format_html would, without its care for lazy strings (str() reads them),
which cost three times the rest."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from django import forms, template
from django.utils.safestring import SafeString

register = template.Library()


def _html(value: object) -> str:
    """The value as HTML: as it is if it is HTML already (an error list), else escaped."""
    html = getattr(value, "__html__", None)
    return str(html()) if html is not None else escape(str(value))


def chosen(field: forms.BoundField) -> str:
    value = field.value()
    return "" if value is None else str(value)


def _chip_tags(name: str, current: str, choices: Iterable[tuple[object, object]], mark: str) -> str:
    name = _html(name)
    return "".join(
        f'<label class="chip{_html(f" {mark}{value}") if mark else ""}"><input type="radio" '
        f'name="{name}" value="{_html(value)}"{" checked" if str(value) == current else ""}>'
        f"<span>{_html(label)}</span></label>"
        for value, label in choices
    )


@register.simple_tag
def chips(
    field: forms.BoundField, legend: str = "", *, mark: str = "", kind: str = ""
) -> SafeString:
    """The field as a fieldset of chips under its legend (the field's label unless given),
    with its errors. `mark`: a class for each chip, followed by its value ("trump-")."""
    choice_field = field.field
    assert isinstance(choice_field, forms.ChoiceField), f"{field.name} is not a choice"
    # Read back, a field's choices are pairs (Django normalizes them); django-stubs types
    # them as anything the field would take.
    choices: Iterable[tuple[object, object]] = choice_field.choices  # type: ignore[assignment]
    return SafeString(
        f'<fieldset class="chips{_html(f" {kind}") if kind else ""}">'
        f"<legend>{_html(legend or field.label)}</legend>"
        f"{_chip_tags(field.html_name, chosen(field), choices, mark)}{_html(field.errors)}"
        "</fieldset>"
    )


@register.simple_tag
def chip_groups(
    field: forms.BoundField, groups: Iterable[tuple[str, Iterable[tuple[object, object]]]]
) -> SafeString:
    """The field's choices in labelled groups (the honours: We's, They's, aces easy)."""
    current = chosen(field)
    drawn = []
    for label, choices in groups:
        heading = f'<p class="group-label">{_html(label)}</p>' if label else ""
        row = _chip_tags(field.html_name, current, choices, "")
        drawn.append(f'<div class="group">{heading}{row}</div>')
    return SafeString("".join(drawn))
