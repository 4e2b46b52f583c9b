"""The printed documents: a rubber's sheet, blank score pads and an evening's results, what
goes on each, their forms and their pages (docs/printing.md). The printer's process is
plumbing (scorer/plumbing/printer.py)."""
