"""The rubber at the table: starting it, its page and its poll, its deals declared and
recorded, corrected under Laws 12 and 13, and agreed; its record, read model, writes,
presenters and part of the club's file (docs/table.md)."""
