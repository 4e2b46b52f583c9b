"""Helpers the tests share: they use the site as a user of its modules would."""
