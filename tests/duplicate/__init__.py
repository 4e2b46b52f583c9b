"""The Duplicate evening on the site."""
