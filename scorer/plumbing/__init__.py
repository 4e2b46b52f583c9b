"""The site's plumbing, which every feature and the ledger use and which has no pages:
each write's key (`keys`), the database's guards (`guards`), what a request carries
(`http`), the numbers in addresses (`converters`), what the site does around every request
(`middleware`), a refused request in the log (`refusals`), and the printer's process
(`printer`). It imports no feature."""
