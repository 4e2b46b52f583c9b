"""Reading the site's pages as a browser would: the forms on a page and what they send."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit


class Forms(HTMLParser):
    """The forms on a page or partial: each form's action and the values it would send as
    it stands (hidden fields, checked radios, filled inputs), and every radio's choices."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.attributes: list[dict[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.attributes.append({"tag": tag, **a})
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "values": {}, "choices": {}})
        elif tag == "input" and self.forms and "name" in a:
            form = self.forms[-1]
            kind = a.get("type", "text")
            if kind == "radio":
                form["choices"].setdefault(a["name"], []).append(a.get("value", ""))
                if "checked" in a:
                    form["values"][a["name"]] = a.get("value", "")
            elif kind != "submit":
                form["values"][a["name"]] = a.get("value", "")

    def form(self, action_ends: str) -> dict[str, Any] | None:
        for form in self.forms:
            if urlsplit(form["action"]).path.endswith(action_ends):
                return form
        return None

    def attribute(self, name: str) -> str | None:
        for attrs in self.attributes:
            if name in attrs:
                return attrs[name]
        return None


def submit(
    client: Any, page: str, action: str, fields: dict[str, Any] | None = None, **options: Any
) -> Any:
    """Send the form on `page` whose action ends with `action`, as the page has it (its
    hidden key and what it was shown), with `fields` filled in as a person would."""
    html = client.get(page).content.decode()
    form = Forms(html).form(action)
    assert form is not None, f"no form sending to {action} on {page}"
    return client.post(form["action"] or page, {**form["values"], **(fields or {})}, **options)


class Links(HTMLParser):
    """The links on a page: each one's text (its words, spaces made single) and address."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._open: list[tuple[str, list[str]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._open.append((dict(attrs).get("href") or "", []))

    def handle_data(self, data: str) -> None:
        for _, words in self._open:
            words.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open:
            href, words = self._open.pop()
            self.links.append((" ".join("".join(words).split()), href))

    def to(self, text: str) -> list[str]:
        """The addresses of the links that read `text`."""
        return [href for words, href in self.links if words == text]


def follow(client: Any, page: str, text: str) -> str:
    """The address a person reaches from `page` by the one link reading `text`."""
    found = Links(client.get(page).content.decode()).to(text)
    assert len(found) == 1, f"{len(found)} links reading {text!r} on {page}"
    return found[0]
