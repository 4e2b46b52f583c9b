"""The laws of a deal and a sheet at Bridge, as the site asks them: what the table records
of a deal, the makes and calls on offer, the declaration judged, the deal a table's record
makes, the rules in force, and the sheet worked out.

Three-handed Bridge keeps all of these but its rules, its reminders and the dummy's
declaration when the make is passed (`three_handed.ThreeHandedLaws`).
"""

from __future__ import annotations

from collections.abc import Iterable

from scorer.engine.bridge import sheet
from scorer.engine.bridge.sheet import Sheet
from scorer.engine.called import Called, Offer, Record
from scorer.engine.calls import Call, call_of, calls_on_offer
from scorer.engine.errors import RubberError
from scorer.engine.model import Deal, Pair, Play, Rules, ThreeHandedRules, Trump, Unit


def declared(called: Called) -> Deal:
    """The declaration a table recorded, as a deal not yet played."""
    return Deal(called.dealer, called.trump, called.maker, called.doubles)


class BridgeLaws:
    """Bridge by the Laws of 1905, four playing."""

    records = frozenset(Record) - {Record.PENALTIES}
    trumps = tuple(Trump)
    reminders: tuple[str, ...] = ()

    def offers(self, trump: Trump) -> list[Offer]:
        return [Offer(c.code, c.label, c.side, c.words) for c in calls_on_offer(trump)]

    def passed_reminder(self, dealer: int) -> str | None:
        return None

    def check_declaration(self, called: Called, rules: Rules) -> None:
        sheet.check_declaration(declared(called), rules)

    def may_go_unplayed(self, called: Called, rules: Rules, standing: Pair[int]) -> bool:
        return sheet.may_go_unplayed(declared(called), rules, standing)

    def deal_of(self, called: Called) -> Deal:
        deal = declared(called)
        if called.played is False:
            return deal
        play = Play(
            tricks=called.tricks_won(),
            honours=called.call.holdings(called.trump),
            chicane=called.chicane,
            revokes=called.revokes,
        )
        return Deal(deal.dealer, deal.trump, deal.maker, deal.doubles, play)

    def called_of(self, deal: Deal) -> Called:
        play = deal.play
        if play is None:
            return Called(deal.dealer, deal.trump, deal.maker, deal.doubles, played=False)
        side, honours = call_of(deal.trump, play.honours)
        return Called(
            deal.dealer,
            deal.trump,
            deal.maker,
            deal.doubles,
            played=True,
            tricks=play.tricks[deal.dealer],
            honours=Call(side, honours).code,
            chicane=play.chicane,
            revokes=play.revokes,
        )

    def rules(
        self,
        *,
        doubling_limit: int | None = None,
        spade_convention: bool = False,
        unit: Unit = Unit.RUBBER,
        most_points: int | None = None,
    ) -> Rules:
        if unit is not Unit.RUBBER:
            raise RubberError("rules.unit: Bridge is scored by the rubber (Law 1)", field="rules")
        return Rules(doubling_limit, spade_convention, most_points=most_points)

    def check_rules(self, rules: Rules) -> None:
        """Refuse the rules of another game's rubber: Three-handed Bridge's are written in
        the same formats."""
        if isinstance(rules, ThreeHandedRules):
            raise RubberError(
                "rules.game: this is a rubber of Three-handed Bridge, not of Bridge",
                field="rules",
            )

    def work_out(self, deals: Iterable[Deal], rules: Rules) -> Sheet:
        self.check_rules(rules)
        return sheet.work_out(deals, rules)
