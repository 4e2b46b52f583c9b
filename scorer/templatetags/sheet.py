"""A figure on the sheet: on screen its button, and the explanation it opens; printed, the
figure alone, marked if a correction changed it.

A tag rather than an included template: a sheet has a few dozen figures, and an include
for each costs more than the rest of the page. Each text is escaped as it is written in
(html.escape, as Django's own escape does): format_html's care for lazy strings, which a
sheet has none of, made the figures a tenth of a save's whole time.
"""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeString

from scorer.rubbers.presenters import Figure

register = template.Library()

MARK = '<span class="mark" aria-hidden="true">\u2020</span>'
PRINTED_MARK = '<span class="mark">\u2020</span>'


@register.simple_tag
def figure(figure: Figure | None, printed: bool = False) -> SafeString:
    if figure is None:
        return SafeString("")
    cell, corrected = figure.cell, bool(figure.corrections)
    if printed:
        return SafeString(f"{cell.points}{PRINTED_MARK if corrected else ''}")
    id_, heading = escape(figure.id), escape(figure.heading)
    lines = "".join(f"<li>{escape(line)}</li>" for line in (*cell.explanation, *figure.corrections))
    return SafeString(
        f'<button type="button" class="figure{" corrected" if corrected else ""}" '
        f'popovertarget="{id_}" aria-label="{cell.points}: {heading}'
        f'{", corrected" if corrected else ""}, explain">{cell.points}{MARK if corrected else ""}'
        f'</button><div popover id="{id_}" class="explain"><p class="explain-head">{heading}</p>'
        f'<ul>{lines}</ul><button type="button" class="link" popovertarget="{id_}" '
        'popovertargetaction="hide">Close</button></div>'
    )
