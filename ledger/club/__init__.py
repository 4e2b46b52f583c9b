"""The club as a whole: its file, elwell-club/1, composed of every feature's part
(document.py, behind `manage.py export_club` and `import_club`), and the demo club of
`make run` (demo.py, behind `manage.py seed_demo`). The ledger holds it because it is the
one app that sees both the scorer's features and its own jobs."""
