"""A PDF answer read as text, page by page."""

from __future__ import annotations

import io

from pypdf import PdfReader


def pages(response) -> list[str]:
    """The text of each page of a PDF answer, its lines run together (cells wrap)."""
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return [" ".join(page.extract_text().split()) for page in reader.pages]
