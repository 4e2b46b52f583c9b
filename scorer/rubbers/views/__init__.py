"""The rubber's pages, by family, each address's view in the module its page belongs to
(scorer/rubbers/urls.py lists them): `starting`, `rubber` (its page, recording deals,
following it), `corrections`, `agreement`."""
