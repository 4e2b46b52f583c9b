"""A figure on the sheet: on screen its button, and the explanation it opens; printed, the
figure alone, marked if a correction changed it.

A tag rather than an included template: a sheet has a few dozen figures, and an include
for each costs more than the rest of the page.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from scorer.presenters import Figure

register = template.Library()


@register.simple_tag
def figure(figure: Figure | None, printed: bool = False) -> SafeString:
    if figure is None:
        return SafeString("")
    cell = figure.cell
    if printed:
        mark = format_html('<span class="mark">{}</span>', "\u2020") if figure.corrections else ""
        return format_html("{}{}", cell.points, mark)
    lines = format_html_join(
        "", "<li>{}</li>", ((line,) for line in (*cell.explanation, *figure.corrections))
    )
    mark = format_html('<span class="mark" aria-hidden="true">{}</span>', "\u2020")
    return format_html(
        '<button type="button" class="figure{corrected}" popovertarget="{id}" '
        'aria-label="{points}: {heading}{told}, explain">{points}{mark}</button>'
        '<div popover id="{id}" class="explain"><p class="explain-head">{heading}</p>'
        '<ul>{lines}</ul><button type="button" class="link" popovertarget="{id}" '
        'popovertargetaction="hide">Close</button></div>',
        id=figure.id,
        points=cell.points,
        heading=figure.heading,
        lines=lines,
        corrected=" corrected" if figure.corrections else "",
        told=", corrected" if figure.corrections else "",
        mark=mark if figure.corrections else "",
    )
