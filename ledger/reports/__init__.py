"""The ledger's reports: its index, each member's statement and balance, the house's
account."""
