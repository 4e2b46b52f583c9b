"""nginx, as docs/deployment.md sets it in front of gunicorn, closes an idle connection to
the server before gunicorn does: a request sent on a connection gunicorn is closing that
moment is never answered, and nginx sends no POST again."""

from __future__ import annotations

import re
from pathlib import Path

from config import gunicorn

DEPLOYMENT = Path(__file__).parents[2] / "docs" / "deployment.md"


def test_nginx_closes_an_idle_connection_to_gunicorn_first():
    upstream = re.search(r"upstream scorer \{([^}]*)\}", DEPLOYMENT.read_text())
    assert upstream, "docs/deployment.md sets nginx's upstream"
    kept = re.search(r"\bkeepalive\s+\d+;", upstream[1])
    timeout = re.search(r"\bkeepalive_timeout\s+(\d+)s;", upstream[1])
    if kept:
        assert timeout, "an upstream keeping connections says for how long"
        assert int(timeout[1]) < gunicorn.keepalive
