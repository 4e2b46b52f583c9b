"""An evening's noticeboard, for a screen on the wall: for anyone with its link, until the
link is revoked; polled with the version it shows, and answered with nothing while nothing
has changed. Every screen is shown the same page, drawn once for each change of the
evening. Progressive and Duplicate evenings each draw their own (`draw`)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString

from scorer.plumbing.following import BoardState
from scorer.plumbing.kept import Kept

# The noticeboard as drawn: its version (what was read, so that a write since is drawn
# next time) and its HTML.
Drawn = tuple[str, SafeString]


class Noticeboard:
    """The noticeboard of an evening of one kind: `link` reads a link's evening and
    generation, `state` the evening's `BoardState`, `draw` draws the board of an evening
    (its pk, and the link's token for its polling), `page` is the template that holds it;
    `revoked` says where a revoked link's screen gets the new one."""

    def __init__(
        self,
        *,
        link: Callable[[str], tuple[int, int] | None],
        state: Callable[[int], BoardState | None],
        draw: Callable[[int, str], Drawn],
        page: str,
        revoked: str,
    ) -> None:
        self.link, self.state, self.draw = link, state, draw
        self.page, self.revoked = page, revoked
        # By evening, the moment it opened and the generation of its links.
        self._drawn: Kept[tuple[int, str, int], SafeString] = Kept(16)

    def view(self, request: HttpRequest, token: str) -> HttpResponse:
        link = self.link(token)
        state = self.state(link[0]) if link is not None else None
        if link is None or state is None or state.generation != link[1]:
            raise Http404(f"This noticeboard's link has been revoked; {self.revoked}.")
        polled = request.GET.get("version")
        if polled is not None and polled == state.version:
            return HttpResponse(status=204)
        html = self._html(link[0], state, token)
        if polled is not None:
            return HttpResponse(html)
        return render(request, self.page, {"name": state.name, "board": html})

    def _html(self, pk: int, state: BoardState, token: str) -> SafeString:
        key = (pk, state.opened_at, state.generation)
        html = self._drawn.get(key, state.version)
        if html is None:
            drawn, html = self.draw(pk, token)
            self._drawn.keep(key, drawn, html)
        return html
