"""The scorer's tests share the club's fixtures (tests/fixtures.py) and send forms with the
helpers in tests/support/deal_forms.py."""
