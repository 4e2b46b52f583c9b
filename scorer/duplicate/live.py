"""Following a Duplicate evening and its tables, as phones follow a rubber
(`scorer/plumbing/following.py`): the pages' tokens, a table's revision, and the
noticeboard's signed, read-only, revocable link."""

from __future__ import annotations

from scorer.duplicate.models import DuplicateTable
from scorer.plumbing.following import EveningFollowing

_following = EveningFollowing("duplicate", DuplicateTable)
token = _following.token
follows = _following.follows
revision_of = _following.revision_of
board_token = _following.board_token
board_link = _following.board_link
