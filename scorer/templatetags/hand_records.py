"""The Printing page's section for hand records, its forms drawn by themselves: fresh on
the Printing page, or as they were sent, with what is wrong, on the hand records' page."""

from __future__ import annotations

from typing import Any

from django import template

from scorer.printing.forms import DealForm, PbnForm

register = template.Library()


@register.inclusion_tag("printing/hand_records_section.html")
def hand_records_section(
    deal: DealForm | None = None, pbn: PbnForm | None = None, heading: str = "Hand records"
) -> dict[str, Any]:
    return {"deal": deal or DealForm(), "pbn": pbn or PbnForm(), "heading": heading}
