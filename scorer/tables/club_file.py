"""The evening's tables' part of the club's file, elwell-club/1: each table, who belonged
to it and when, the claims to enter it, and each cut that began one of its rubbers (a
rubber named by its place in `rubbers`). The tables are loaded before the rubbers, which
are begun at them and never moved after (the database's guard); their members, claims and
cuts after, since a cut names the rubber it began."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Annotated, Literal, cast

from pydantic import Field

from scorer.club.club_file import People
from scorer.plumbing.club_format import (
    ImportRefused,
    Moment,
    Name,
    Shape,
    refused_as,
    username,
    username_or_none,
)
from scorer.rubbers.club_file import Draw
from scorer.rubbers.models import Rubber
from scorer.tables.models import ARRIVALS, Candidacy, Membership, Table, TableCut


class MembershipDoc(Shape):
    member: Name
    joined_at: Moment
    left_at: Moment | None
    why_left: Annotated[str, Field(max_length=200)]


class ClaimDoc(Shape):
    member: Name
    claimed_at: Moment
    prior: Annotated[str, Field(max_length=200)]
    settled_at: Moment | None
    settled: Annotated[str, Field(max_length=200)]


class ReasonDoc(Shape):
    member: Name | None  # null: said of the table, not of one member
    said: Annotated[str, Field(min_length=1, max_length=1000)]


# TableCut.FORMED and CUT_OUT, as the file names them.
CutKind = Literal["formed", "cut out"]


class TableCutDoc(Shape):
    rubber: Annotated[int, Field(ge=0)]  # its place in `rubbers`
    kind: CutKind
    # A round of the cut: everyone cutting, up to every candidate of a table formed.
    cards: Annotated[
        list[Annotated[list[Draw], Field(min_length=1, max_length=ARRIVALS)]],
        Field(max_length=60),
    ]
    reasons: Annotated[list[ReasonDoc], Field(max_length=60)]
    departed_by: Name | None
    made_at: Moment


class TableDoc(Shape):
    """A table of an evening: its members, claims and cuts."""

    name: Annotated[str, Field(min_length=1, max_length=40)]
    day: date
    formed_at: Moment
    formed_by: Name
    broken_up_at: Moment | None
    follow: Annotated[int, Field(ge=1, le=2**31 - 1)]
    members: list[MembershipDoc]
    claims: list[ClaimDoc]
    cuts: list[TableCutDoc]


# -- Export -----------------------------------------------------------------------------------


def tables() -> list[Table]:
    """The evening's tables, in the order they were formed: the order the file lists them."""
    return list(Table.objects.order_by("formed_at", "id"))


def table_docs(
    found: Sequence[Table], usernames: dict[int, str], rubbers: Sequence[int]
) -> list[TableDoc]:
    """Each table as the file writes it; `rubbers`: the rubbers' ids in the file's order."""
    index = {pk: n for n, pk in enumerate(rubbers)}
    return [_table(table, usernames, index) for table in found]


def _table(table: Table, usernames: dict[int, str], index: dict[int, int]) -> TableDoc:
    """A table of an evening: who belonged to it and when, the claims to enter it, and
    each cut that began one of its rubbers (a rubber named by its place in the file)."""
    return TableDoc(
        name=table.name,
        day=table.day,
        formed_at=table.formed_at,
        formed_by=username(table.formed_by),
        broken_up_at=table.broken_up_at,
        follow=table.follow,
        members=[
            MembershipDoc(
                member=usernames[m.member_id],
                joined_at=m.joined_at,
                left_at=m.left_at,
                why_left=m.why_left,
            )
            for m in table.memberships.order_by("joined_at", "id")
        ],
        claims=[
            ClaimDoc(
                member=usernames[c.member_id],
                claimed_at=c.claimed_at,
                prior=c.prior,
                settled_at=c.settled_at,
                settled=c.settled,
            )
            for c in table.claims.order_by("claimed_at", "id")
        ],
        cuts=[
            TableCutDoc(
                rubber=index[cut.rubber_id],
                kind=cast(CutKind, cut.kind),
                cards=[
                    [Draw(member=usernames[who], card=card) for who, card in drawn]
                    for drawn in cut.cards
                ],
                reasons=[
                    ReasonDoc(member=usernames[who] if who else None, said=said)
                    for who, said in cut.reasons
                ],
                departed_by=username_or_none(cut.departed_by),
                made_at=cut.made_at,
            )
            for cut in table.cuts.select_related("departed_by").order_by("made_at", "id")
        ],
    )


# -- Import -----------------------------------------------------------------------------------


class TablesLoader:
    """Who belonged to each table and when, its claims to enter and its cuts, each said in
    words where the laws or the database would refuse it: a member belongs to one table at
    a time, has one claim open at a time, and a cut begins a rubber of its own table."""

    def __init__(self, people: People) -> None:
        self.people = people
        self.tables: list[Table] = []
        self.rubbers: list[Rubber] = []
        self.belongs: dict[str, str] = {}  # username → the place of his open membership
        self.claims: dict[str, str] = {}  # username → the place of his open claim
        self.cut_of: dict[int, str] = {}  # a rubber's place → the place of its cut

    def load_tables(self, tables: list[TableDoc]) -> list[Table]:
        """The tables themselves, before the rubbers begun at them."""
        for n, table in enumerate(tables):
            self.tables.append(self._table(table, f"tables[{n}]"))
        return self.tables

    def _table(self, data: TableDoc, where: str) -> Table:
        if any(t.day == data.day and t.name == data.name for t in self.tables):
            raise ImportRefused(
                f"{where}.name: there is a {data.name} on {data.day.isoformat()} already; "
                "a table's name is its own for the evening"
            )
        if data.broken_up_at is not None and data.broken_up_at < data.formed_at:
            raise ImportRefused(f"{where}.broken_up_at: a table breaks up after it is formed")
        return refused_as(
            where,
            lambda: Table.objects.create(
                name=data.name,
                day=data.day,
                formed_at=data.formed_at,
                formed_by=self.people.user(data.formed_by, f"{where}.formed_by"),
                broken_up_at=data.broken_up_at,
                follow=data.follow,
            ),
        )

    def load(
        self, tables: list[TableDoc], rubbers: list[Rubber], at_tables: list[int | None]
    ) -> None:
        """Who belonged to each table, its claims and its cuts, once its rubbers are in."""
        self.rubbers = rubbers
        for n, (table, data) in enumerate(zip(self.tables, tables, strict=True)):
            where = f"tables[{n}]"
            for m, membership in enumerate(data.members):
                self._membership(table, data, membership, f"{where}.members[{m}]")
            for c, claim in enumerate(data.claims):
                self._claim(table, data, claim, f"{where}.claims[{c}]")
            for c, cut in enumerate(data.cuts):
                self._cut(table, n, cut, at_tables, f"{where}.cuts[{c}]")

    def _membership(self, table: Table, data: TableDoc, item: MembershipDoc, place: str) -> None:
        member = self.people.member(item.member, f"{place}.member")
        if item.left_at is None:
            if item.why_left:
                raise ImportRefused(f"{place}.why_left: said of a member who has left (left_at)")
            if data.broken_up_at is not None:
                raise ImportRefused(
                    f"{place}.left_at: {table.name} broke up, and every member left it then"
                )
            if item.member in self.belongs:
                raise ImportRefused(
                    f"{place}: {member.name} belongs to a table still "
                    f"({self.belongs[item.member]}); a member belongs to one table at a time"
                )
            self.belongs[item.member] = place
        elif item.left_at < item.joined_at:
            raise ImportRefused(f"{place}.left_at: a member leaves a table after joining it")
        refused_as(
            place,
            lambda: Membership.objects.create(
                table=table,
                member=member,
                joined_at=item.joined_at,
                left_at=item.left_at,
                why_left=item.why_left,
            ),
        )

    def _claim(self, table: Table, data: TableDoc, item: ClaimDoc, place: str) -> None:
        member = self.people.member(item.member, f"{place}.member")
        if (item.settled_at is None) != (not item.settled):
            raise ImportRefused(f"{place}: settled_at and settled (how) go together")
        if item.settled_at is None:
            if data.broken_up_at is not None:
                raise ImportRefused(
                    f"{place}.settled_at: {table.name} broke up, and every claim to enter it "
                    "was settled then"
                )
            if item.member in self.claims:
                raise ImportRefused(
                    f"{place}: {member.name} has a claim waiting already "
                    f"({self.claims[item.member]}); a member has one claim open at a time"
                )
            self.claims[item.member] = place
        elif item.settled_at < item.claimed_at:
            raise ImportRefused(f"{place}.settled_at: a claim is settled after it is made")
        refused_as(
            place,
            lambda: Candidacy.objects.create(
                table=table,
                member=member,
                claimed_at=item.claimed_at,
                prior=item.prior,
                settled_at=item.settled_at,
                settled=item.settled,
            ),
        )

    def _cut(
        self, table: Table, n: int, item: TableCutDoc, at_tables: list[int | None], place: str
    ) -> None:
        if item.rubber >= len(self.rubbers) or at_tables[item.rubber] != n:
            raise ImportRefused(
                f"{place}.rubber must be the place in `rubbers` of a rubber played at "
                f"{table.name} (its at_table {n})"
            )
        if item.rubber in self.cut_of:
            raise ImportRefused(
                f"{place}.rubber: rubbers[{item.rubber}] was begun by {self.cut_of[item.rubber]}; "
                "a cut begins one rubber"
            )
        self.cut_of[item.rubber] = place
        member = self.people.member
        cards = [
            [
                [member(d.member, f"{place}.cards[{r}][{k}].member").pk, d.card]
                for k, d in enumerate(drawn)
            ]
            for r, drawn in enumerate(item.cards)
        ]
        reasons = [
            [
                0 if why.member is None else member(why.member, f"{place}.reasons[{k}].member").pk,
                why.said,
            ]
            for k, why in enumerate(item.reasons)
        ]
        departed_by = self.people.user(item.departed_by, f"{place}.departed_by")
        refused_as(
            place,
            lambda: TableCut.objects.create(
                table=table,
                rubber=self.rubbers[item.rubber],
                kind=item.kind,
                cards=cards,
                reasons=reasons,
                departed_by=departed_by,
                made_at=item.made_at,
            ),
        )
