"""The club's part of the club's file, elwell-club/1: its settings, the accounts (their
password hashes checked before any is taken) and the members, out and back in. The people
it loads are those the rest of the file names, by username (`People`)."""

from __future__ import annotations

from typing import Annotated, Literal, cast, overload

from django.conf import global_settings, settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import BasePasswordHasher
from django.contrib.auth.models import User
from django.utils.module_loading import import_string
from pydantic import AfterValidator, Field

from scorer import engine
from scorer.club.models import Club, Member
from scorer.plumbing.club_format import ImportRefused, Name, Shape


def _a_game(code: str) -> str:
    try:
        return engine.find_game(code).code
    except engine.RubberError as error:
        raise ValueError(str(error).removeprefix("game ")) from None


# The papers the club prints on (`Club.PAPERS`).
Paper = Literal["A4", "letter"]


class ClubSettings(Shape):
    name: Annotated[str, Field(min_length=1, max_length=80)]
    doubling_limit: Annotated[int, Field(ge=1, le=2**31 - 1)] | None
    spade_convention: bool
    abandoned_rubbers_count: bool
    paper: Paper
    game: Annotated[str, AfterValidator(_a_game)] = engine.BRIDGE.code  # absent before games
    members_open_progressive: bool = False  # absent before Progressive evenings
    deals_accepted: bool = False  # absent before deals were accepted


class Account(Shape):
    username: Name
    password: Annotated[str, Field(max_length=128)]
    staff: bool
    superuser: bool
    active: bool


class MemberDoc(Shape):
    username: Name
    name: Annotated[str, Field(min_length=1, max_length=60)]
    short_name: Annotated[str, Field(min_length=1, max_length=16)]
    # Absent in files before national numbers, and for a member who has none.
    national_number: Annotated[str, Field(pattern=r"^[A-Za-z0-9]{1,20}$")] = ""


# -- Export -----------------------------------------------------------------------------------


def club_settings() -> ClubSettings:
    club = Club.get()
    return ClubSettings(
        name=club.name,
        doubling_limit=club.doubling_limit,
        spade_convention=club.spade_convention,
        abandoned_rubbers_count=club.abandoned_rubbers_count,
        paper=cast(Paper, club.paper),  # one of Club.PAPERS, as the database keeps it
        game=club.game,
        members_open_progressive=club.members_open_progressive,
        deals_accepted=club.deals_accepted,
    )


def accounts() -> list[Account]:
    return [
        Account(
            username=user.get_username(),
            password=user.password,  # a hash: keep the file private
            staff=user.is_staff,
            superuser=user.is_superuser,
            active=user.is_active,
        )
        for user in get_user_model().objects.order_by("id")
    ]


def members() -> list[MemberDoc]:
    return [_member_doc(m) for m in Member.objects.select_related("user")]


def _member_doc(member: Member) -> MemberDoc:
    numbered = {"national_number": member.national_number} if member.national_number else {}
    return MemberDoc(
        username=member.user.get_username(),
        name=member.name,
        short_name=member.short_name,
        **numbered,  # written only when he has one, as the file left it out before
    )


def usernames() -> dict[int, str]:
    """Each member's username, by the member's id: how the file names a member."""
    return dict(Member.objects.values_list("pk", "user__username"))


# -- Import -----------------------------------------------------------------------------------


class People:
    """The club's settings, accounts and members written as the site would, refusing what
    it refuses; and the accounts and members loaded, for the rest of the file to name."""

    def __init__(self) -> None:
        self.users: dict[str, User] = {}
        self.members: dict[str, Member] = {}

    def load(self, club: ClubSettings, accounts: list[Account], members: list[MemberDoc]) -> None:
        self._club(club)
        for n, account in enumerate(accounts):
            self._account(account, f"accounts[{n}]")
        for n, member in enumerate(members):
            self._member(member, f"members[{n}]")

    @overload
    def user(self, name: str, where: str) -> User: ...
    @overload
    def user(self, name: None, where: str) -> None: ...
    def user(self, name: str | None, where: str) -> User | None:
        if name is None:
            return None
        if name not in self.users:
            raise ImportRefused(f"{where}: no account {name!r} in the file")
        return self.users[name]

    def member(self, name: str, where: str) -> Member:
        if name not in self.members:
            raise ImportRefused(f"{where}: no member {name!r} in the file")
        return self.members[name]

    def any_user(self) -> User:
        return next(iter(self.users.values()))

    def _club(self, data: ClubSettings) -> None:
        club = Club.get()
        club.name = data.name
        club.doubling_limit = data.doubling_limit
        club.spade_convention = data.spade_convention
        club.abandoned_rubbers_count = data.abandoned_rubbers_count
        club.paper = data.paper
        club.game = data.game
        club.members_open_progressive = data.members_open_progressive
        club.deals_accepted = data.deals_accepted
        club.save()

    def _account(self, data: Account, where: str) -> None:
        username = data.username.strip()
        if username != data.username or username in self.users:
            raise ImportRefused(f"{where}.username must be a new name, without spaces around it")
        _check_password_hash(data.password, f"{where}.password")
        user = get_user_model()(
            username=username,
            password=data.password,
            is_staff=data.staff,
            is_superuser=data.superuser,
            is_active=data.active,
        )
        user.save()
        self.users[username] = user

    def _member(self, data: MemberDoc, where: str) -> None:
        user = self.user(data.username, f"{where}.username")
        name, short = data.name.strip(), data.short_name.strip()
        if not name or not short:
            raise ImportRefused(f"{where}: a name and a short name, not only spaces")
        if data.username in self.members or any(m.name == name for m in self.members.values()):
            raise ImportRefused(f"{where}: {name!r} is in the file twice")
        number = data.national_number
        if number and any(m.national_number == number for m in self.members.values()):
            raise ImportRefused(f"{where}.national_number {number!r} is another member's")
        self.members[data.username] = Member.objects.create(
            user=user, name=name, short_name=short, national_number=number
        )


# -- Password hashes --------------------------------------------------------------------------

# A hash that costs much more to check than the site's own would make every sign-in slow
# enough to stall a worker: refuse work factors beyond this many times the hasher's own.
MOST_WORK = 4


def _check_password_hash(encoded: str, where: str) -> None:
    if encoded.startswith("!"):
        return  # no usable password: the secretary sets one
    algorithm = encoded.split("$", 1)[0]
    hasher = _hashers().get(algorithm)
    if hasher is None:
        raise ImportRefused(f"{where} is not a password hash this site checks ({algorithm!r})")
    try:
        decoded = hasher.decode(encoded)
    except (ValueError, TypeError, IndexError, AttributeError):
        raise ImportRefused(f"{where} is not a well-formed {algorithm} hash") from None
    for setting in ("iterations", "work_factor", "time_cost", "memory_cost", "parallelism"):
        default = getattr(hasher, setting, None)
        used = decoded.get(setting)
        if isinstance(default, int) and isinstance(used, int) and used > MOST_WORK * default:
            raise ImportRefused(
                f"{where}: {used:,} {setting.replace('_', ' ')} is far beyond this site's "
                f"{default:,}; set that member's password afresh instead"
            )


def _hashers() -> dict[str, BasePasswordHasher]:
    found: dict[str, BasePasswordHasher] = {}
    for path in [*settings.PASSWORD_HASHERS, *global_settings.PASSWORD_HASHERS]:
        hasher = import_string(path)()
        found.setdefault(hasher.algorithm, hasher)
    return found
