"""The forms a rubber is written with: starting it (`starting`), and each deal's (`deals`).

Forms parse what a phone sends; whether the laws allow it is the rules engine's answer,
given back to the player against the field it concerns."""
