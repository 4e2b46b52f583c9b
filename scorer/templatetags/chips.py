"""A form's radio fields as chips, from the form's own fields: the choices, the one chosen,
the legend and the errors all come from the field, so no page writes them out by hand.

A tag rather than Django's widget templates: a table's forms have a hundred chips, and a
template for each costs more than the rest of the page."""

from __future__ import annotations

from collections.abc import Iterable

from django import forms, template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

register = template.Library()


def chosen(field: forms.BoundField) -> str:
    value = field.value()
    return "" if value is None else str(value)


def _chip_tags(
    name: str, current: str, choices: Iterable[tuple[object, object]], mark: str
) -> SafeString:
    return format_html_join(
        "",
        '<label class="chip{}"><input type="radio" name="{}" value="{}"{}><span>{}</span></label>',
        (
            (
                f" {mark}{value}" if mark else "",
                name,
                value,
                SafeString(" checked") if str(value) == current else "",
                label,
            )
            for value, label in choices
        ),
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
    return format_html(
        '<fieldset class="chips{}"><legend>{}</legend>{}{}</fieldset>',
        f" {kind}" if kind else "",
        legend or field.label,
        _chip_tags(field.html_name, chosen(field), choices, mark),
        field.errors,
    )


@register.simple_tag
def chip_groups(
    field: forms.BoundField, groups: Iterable[tuple[str, Iterable[tuple[object, object]]]]
) -> SafeString:
    """The field's choices in labelled groups (the honours: We's, They's, aces easy)."""
    current = chosen(field)
    return format_html_join(
        "",
        '<div class="group">{}{}</div>',
        (
            (
                format_html('<p class="group-label">{}</p>', label) if label else "",
                _chip_tags(field.html_name, current, choices, ""),
            )
            for label, choices in groups
        ),
    )
