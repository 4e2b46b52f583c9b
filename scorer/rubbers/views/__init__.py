"""The rubber's pages, by family, each address's view in the module its page belongs to
(scorer/rubbers/urls.py lists them): `starting`, `rubber` (its page, recording deals,
following it), `hands` (the card picker, and a deal's page), `corrections`, `agreement`."""
