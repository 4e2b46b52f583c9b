"""The postings: the ledger itself, only ever added to, and posting an agreed rubber with
its table money (the ledger's answer to `rubber_agreed`)."""
