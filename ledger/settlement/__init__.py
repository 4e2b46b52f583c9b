"""Sittings and their settlements: working one out, its page, CSV and PDF, closing it
for good, in the order of the sittings (docs/ledger.md)."""
