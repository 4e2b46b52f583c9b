"""The secretary's desk: the stake, table money and its waivers, payments (docs/ledger.md)."""
