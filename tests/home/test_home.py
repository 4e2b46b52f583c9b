"""The home page says what the site is and shows Elwell's specimen worked out."""

from __future__ import annotations


def test_it_shows_the_specimen_sheet_worked_out_by_the_engine(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Scoring Bridge by the Laws of 1905" in page
    assert "300 − 148 = 152 points won by We" in page
    assert 'name="viewport"' in page
