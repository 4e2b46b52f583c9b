"""`manage.py seed_demo`: a demo club to try the site with (ledger/club/demo.py), and its
logins printed. Running it again changes nothing and prints the logins again."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from ledger.club import demo
from scorer.club.models import Member


class Command(BaseCommand):
    help = (
        "Create a demo club (staff, ten members, a stake and table money, an open sitting, "
        "a table of five with Elwell's specimen agreed, a table of four with a rubber in "
        "progress and a candidate waiting) and print the logins."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if not Member.objects.exists():
            demo.seed()
        self.stdout.write("Demo logins (username / password):")
        self.stdout.write(f"  staff      {demo.STAFF[0]} / {demo.STAFF[1]}")
        for name, username, password in demo.logins():
            self.stdout.write(f"  {name:<13} {username} / {password}")
