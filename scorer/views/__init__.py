"""The scorer's pages, by family, each address's view in the module its page belongs to
(scorer/urls.py lists them): `site` (the home page, refusals of the whole site), `table`
(starting a rubber, its page, recording deals, following it), `corrections`, `agreement`,
`printing`. `access` says who may see and write a rubber."""
