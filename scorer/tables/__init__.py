"""The evening's tables (Laws 17, 21–28): forming them, claims to enter, the cut for each
rubber, substitutes, leaving and breaking up, the links that follow them, their pages and
their part of the club's file (docs/tables.md)."""
