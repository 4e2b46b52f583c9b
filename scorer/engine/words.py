"""The words the sheet and the table use that are not figures: the games' ordinals, the
doubles as said and as chosen. Every page, printout and message takes them from here."""

from __future__ import annotations

# As Elwell heads the games on his specimen sheet.
_HEADINGS = ("1st game", "2d game", "3d game")
_ORDINALS = ("first", "second", "third")


def game_heading(number: int) -> str:
    """ "1st game", "2d game", "3d game": the margin of the sheet."""
    return _HEADINGS[number - 1]


def game_ordinal(number: int) -> str:
    """ "first", "second", "third": as a sentence names a game."""
    return _ORDINALS[number - 1]


def game_title(number: int) -> str:
    """ "First game": a sentence's first words."""
    return _ORDINALS[number - 1].capitalize()


def doubled(doubles: int) -> str:
    """How a make's doubles are said after it: "", ", doubled", ", redoubled", ", doubled
    5 times"."""
    if doubles == 0:
        return ""
    if doubles == 1:
        return ", doubled"
    if doubles == 2:
        return ", redoubled"
    return f", doubled {doubles} times"


def doubles_choice(doubles: int) -> str:
    """A choice of doubles at the table: "Not doubled", "Doubled", "Redoubled", then what
    a trick is multiplied by (×8, ×16)."""
    if doubles == 0:
        return "Not doubled"
    if doubles <= 2:
        return doubled(doubles).removeprefix(", ").capitalize()
    return f"\u00d7{1 << doubles}"
