from __future__ import annotations

from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = "Ledger"

    def ready(self) -> None:
        # The ledger depends on the scorer, never the other way: it listens for agreements and
        # answers what a rubber is played for, and gives its guards to the scorer's machinery.
        from ledger import guards
        from ledger.postings import services
        from scorer.plumbing.guards import register
        from scorer.rubbers import signals

        register(*guards.LEDGER, *guards.SITTINGS_APART, *guards.SETTLED_IN_ORDER)
        signals.rubber_agreed.connect(services.post_agreed, dispatch_uid="ledger.post_agreed")
        signals.rubber_terms.connect(services.terms, dispatch_uid="ledger.terms")
