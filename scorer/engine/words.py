"""The words the sheet and the table use that are not figures: the games' ordinals, the
doubles as said and as chosen. Every page, printout and message takes them from here."""

from __future__ import annotations

from scorer.engine.calls import NO_TRUMP_CALLS, SUIT_CALLS, Call, call_of
from scorer.engine.model import SIDES, Deal, Maker, Trump
from scorer.engine.values import GRAND_SLAM, LITTLE_SLAM, RUBBER, chicane_value

MINUS = "\u2212"  # the sheet's minus sign, as printed

# As Elwell heads the games on his specimen sheet.
_HEADINGS = ("1st game", "2d game", "3d game")
_ORDINALS = ("first", "second", "third")


def signed(points: int) -> str:
    """A net as the standings print it: +124, 0, −60, the minus a true one."""
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


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


# -- A deal in words ----------------------------------------------------------------------
# The site names the players; the engine says what they did: "Mrs. Carr dealt and passed;
# Mr. Dane made hearts, doubled — We 9 tricks; honours We: four in one hand".

NOT_PLAYED = "not played (Spade Convention)"


def declaration(deal: Deal, dealer: str, maker: str) -> str:
    """ "Mrs. Carr dealt and made hearts", or "Mrs. Carr dealt and passed; Mr. Dane made
    hearts, doubled" (`maker`: the name of the player who made it)."""
    make = f"{deal.trump.label.lower()}{doubled(deal.doubles)}"
    if deal.maker is Maker.DEALER:
        return f"{dealer} dealt and made {make}"
    return f"{dealer} dealt and passed; {maker} made {make}"


def make(deal: Deal, maker: str) -> str:
    """The make for a printed row: "Hearts by Mr. Dane (passed), doubled"."""
    passed = " (passed)" if deal.maker is Maker.PARTNER else ""
    return f"{deal.trump.label} by {maker}{passed}{doubled(deal.doubles)}"


def tricks(deal: Deal) -> str:
    """The tricks the dealer's side won in play: "We 9"; or that it was not played."""
    if deal.play is None:
        return "not played"
    return f"{deal.dealer.label} {deal.play.tricks[deal.dealer]}"


def honours(deal: Deal) -> str:
    """The honours as called: "We: four in one hand", "aces easy"."""
    if deal.play is None:
        return "\u2014"
    side, held = call_of(deal.trump, deal.play.honours)
    return Call(side, held).words


def extras(deal: Deal) -> tuple[str, ...]:
    """Chicane and revokes, if any: "We chicane 1", "They revoked 1"."""
    play = deal.play
    if play is None:
        return ()
    found = [f"{side.label} chicane {play.chicane[side]}" for side in SIDES if play.chicane[side]]
    found += [f"{side.label} revoked {play.revokes[side]}" for side in SIDES if play.revokes[side]]
    return tuple(found)


def result(deal: Deal) -> str:
    """The result in a line: "We 9 tricks; honours We: four; They revoked 1"."""
    if deal.play is None:
        return NOT_PLAYED
    said = [f"{tricks(deal)} tricks", f"honours {honours(deal)}", *extras(deal)]
    return "; ".join(said)


# -- The table of values ------------------------------------------------------------------

SIGNS = {
    Trump.SPADES: "\u2660",
    Trump.CLUBS: "\u2663",
    Trump.DIAMONDS: "\u2666",
    Trump.HEARTS: "\u2665",
}


def trump_choice(trump: Trump) -> str:
    """A make as a choice at the table: "♥ Hearts", "No-trump"."""
    sign = SIGNS.get(trump)
    return f"{sign} {trump.label}" if sign else trump.label


def table_of_values() -> tuple[list[str], list[tuple[str, list[str]]], str]:
    """The table of trick and honour values printed under Law 6, worked out from the
    values themselves (so diamonds, 5 honours with 4 in one hand, reads 54, not the
    1905 edition's misprint): its heads, its rows, and its foot."""
    suits = list(SIGNS)
    heads = [*SIGNS.values(), "NT"]
    rows = [("Each trick above six", [str(t.trick_value) for t in [*suits, Trump.NO_TRUMP]])]
    aces = dict(zip(SUIT_CALLS, NO_TRUMP_CALLS, strict=False))
    for honours in SUIT_CALLS:
        at_no_trump = aces.get(honours)
        no_trump = str(at_no_trump.points(Trump.NO_TRUMP)) if at_no_trump else "\u2014"
        rows.append((honours.text, [str(honours.points(t)) for t in suits] + [no_trump]))
    rows.append(("Chicane", [str(chicane_value(t, 1)) for t in suits] + ["\u2014"]))
    foot = f"Rubber {RUBBER}, Grand Slam {GRAND_SLAM}, Little Slam {LITTLE_SLAM}."
    return heads, rows, foot


def changes(number: int, found: list[str]) -> str:
    """What a correction of deal `number` changed, in a sentence: its own deal's entries
    without naming the deal again ("We 18 → 24 below the line; the first game now ends at
    deal 3"), or that nothing on the sheet changed."""
    own = f"deal {number}: "
    said = [change.removeprefix(own) for change in found if change != f"deal {number} removed"]
    return "; ".join(said) if said else "nothing else on the sheet changed"
