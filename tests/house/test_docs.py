"""The docs stay true to the repository they describe.

Every relative link in README.md and docs/*.md points at a file of the repository (and, if
it names an anchor, at a heading of that page); every path under the code's folders that
the docs write in backticks exists, so that a rename cannot leave them stale; every page of
docs/ is listed in the README; and the examples written as Python sessions run as shown.
Nothing here reaches the network.
"""

from __future__ import annotations

import doctest
import os
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

# The folders whose files the docs name, and a rename could leave behind.
CODE_FOLDERS = ("scorer", "ledger", "config", "tests", "templates")
CODE_PATH = re.compile(rf"(?<![\w./-])((?:{'|'.join(CODE_FOLDERS)})/[\w./*-]*)")

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([\w-]*)")
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)"
)
REFERENCE_LINK = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)", re.MULTILINE)
HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$")
HTML_ANCHOR = re.compile(r"""<[a-z][^>]*\s(?:id|name)=["']([^"']+)["']""", re.IGNORECASE)
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


@dataclass(frozen=True)
class Page:
    """A Markdown page as a reader sees it: its text outside fenced code blocks, and the
    code written in it."""

    path: Path
    text: str  # outside fenced code blocks, code spans and all
    blocks: list[tuple[str, int, str]]  # each fenced block: its language, first line, text

    @property
    def name(self) -> str:
        return page_id(self.path)

    @property
    def prose(self) -> str:
        """The text with its code spans blanked out: a link written in code is no link."""
        return CODE_SPAN.sub("code", self.text)

    @property
    def code(self) -> list[str]:
        spans = [match[2] for match in CODE_SPAN.finditer(self.text)]
        return spans + [text for _, _, text in self.blocks]

    @property
    def sessions(self) -> list[tuple[int, str]]:
        """The ```pycon blocks: Python sessions, prompts and answers."""
        return [(line, text) for language, line, text in self.blocks if language == "pycon"]


@cache
def read(path: Path) -> Page:
    outside: list[str] = []
    blocks: list[tuple[str, int, str]] = []
    fence = language = ""
    block: list[str] = []
    start = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        opened = FENCE.match(line)
        if not fence and opened:
            fence, language, block, start = opened[1], opened[2], [], number + 1
        elif fence and line.strip().startswith(fence) and not line.strip().strip(fence[0]):
            blocks.append((language, start, "\n".join(block) + "\n"))
            fence = ""
        elif fence:
            block.append(line)
        else:
            outside.append(line)
        if fence or opened:
            outside.append("")  # keep the lines of what follows where they were
    assert not fence, f"{page_id(path)}: a code block opened at line {start - 1} never closes"
    return Page(path, "\n".join(outside), blocks)


def page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its words in lower case, punctuation dropped,
    each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link reads as its text
    text = re.sub(r"<[^>]+>", "", text).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Page) -> set[str]:
    """Every anchor a link may name in the page: each heading's, numbered as GitHub numbers
    repeated ones, and any HTML element's id or name."""
    found: set[str] = set()
    seen: Counter[str] = Counter()
    for line in page.text.splitlines():
        heading = HEADING.match(line)
        if heading:
            base = slug(heading[1])
            found.add(f"{base}-{seen[base]}" if seen[base] else base)
            seen[base] += 1
    found.update(match[1] for match in HTML_ANCHOR.finditer(page.prose))
    return found


def links(page: Page) -> list[str]:
    targets = [match[1] for match in INLINE_LINK.finditer(page.prose)]
    targets += [match[1] for match in REFERENCE_LINK.finditer(page.prose)]
    return [target.strip("<>") for target in targets]


def test_the_docs_are_found():
    assert README.exists()
    assert len(PAGES) > 5, "docs/ holds the documentation's pages"


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_every_relative_link_points_at_a_file_of_the_repository(path):
    broken = []
    for target in links(read(path)):
        if SCHEME.match(target) or target.startswith("//"):
            continue  # a page on the web, not a file of the repository
        location, _, anchor = target.partition("#")
        file = Path(os.path.normpath(path.parent / unquote(location))) if location else path
        if not file.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository, which a clone does not hold")
        elif not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix != ".md":
            broken.append(f"{target}: an anchor is checked only in a Markdown page")
        elif anchor and unquote(anchor) not in anchors(read(file)):
            broken.append(f"{target}: {page_id(file)} has no heading for #{anchor}")
    assert not broken, f"{page_id(path)}: " + "; ".join(broken)


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_every_path_it_names_in_the_code_folders_exists(path):
    named = {found for code in read(path).code for found in CODE_PATH.findall(code)}
    missing = sorted(found for found in named if not _exists(found))
    assert not missing, f"{page_id(path)} names what does not exist: {', '.join(missing)}"


def _exists(named: str) -> bool:
    if "*" in named:
        return any(ROOT.glob(named))
    return (ROOT / named).exists()


def test_every_page_of_the_docs_is_listed_in_the_readme():
    listed = {
        Path(os.path.normpath(ROOT / unquote(target.partition("#")[0])))
        for target in links(read(README))
    }
    unlisted = [page_id(path) for path in PAGES[1:] if path not in listed]
    assert not unlisted, f"README.md does not list {', '.join(unlisted)}"


@pytest.mark.parametrize("path", [p for p in PAGES if read(p).sessions], ids=page_id)
def test_its_python_examples_run_as_shown(path):
    """A page's ```pycon blocks are one session, run as doctest runs a docstring."""
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    names: dict[str, object] = {}
    for line, text in read(path).sessions:
        session = parser.get_doctest(text, names, page_id(path), str(path), line - 1)
        runner.run(session, out=report.append, clear_globs=False)
        names = session.globs
    assert not report, "".join(report)
