"""The site as an app on a phone: its name and colours, its icons, the static files its
service worker keeps, the release that names them (docs/offline.md), and signing out
clearing all the phone kept.

The worker keeps the static files under the release's name: a release whose files differ
has another name, and the worker it brings replaces the files kept before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache, wraps
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponseBase
from django.templatetags.static import static
from django.views.decorators.cache import never_cache

NAME = "Bridge scorer"
SHORT_NAME = "Bridge"
# As static/css/site.css has them: the page's paper, light and dark, and its accent.
PAPER = "#fbf8f1"
PAPER_DARK = "#16140f"
ACCENT = "#7a1f1f"

# Each icon's file in static/icons/, its size in pixels, and its purpose in the manifest.
ICONS = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
    ("apple-touch-icon.png", 180, "any"),
    ("favicon-32.png", 32, "any"),
)

# What the table's page needs to draw itself without the network.
KEPT_STATIC = (
    "css/site.css",
    "django_htmx/htmx-2.min.js",
    "js/table.js",
    "js/offline.js",
    "js/wake.js",
    "icons/icon.svg",
    "icons/favicon-32.png",
)
WORKER = "js/sw.js"


def kept_static_urls() -> list[str]:
    return [static(name) for name in KEPT_STATIC]


def release() -> str:
    """The release's name: DJANGO_RELEASE if set, else drawn from the kept files and the
    worker themselves, so that a release that changes any of them is a new one."""
    if settings.RELEASE:
        return str(settings.RELEASE)
    paths = [_path(name) for name in (*KEPT_STATIC, WORKER)]
    return _digest(tuple((str(path), path.stat().st_mtime_ns) for path in paths))


@cache
def _digest(files: tuple[tuple[str, int], ...]) -> str:
    """The files' contents in twelve hex digits; read again only when one is changed."""
    digest = hashlib.sha256()
    for path, _ in files:
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()[:12]


def _path(name: str) -> Path:
    found = finders.find(name)
    if not isinstance(found, str):
        raise FileNotFoundError(f"static file {name} is not found")
    return Path(found)


def worker_source() -> str:
    return _path(WORKER).read_text()


def clears_the_phone(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Signing out tells the browser to drop everything this site kept on the phone: the
    pages its worker kept, the entries not yet sent, and the worker itself; all but the
    storage where the phone keeps another member's entries not yet sent (its script then
    says so, having dropped the pages and the member's own entries itself)."""

    @wraps(view)
    @never_cache
    def signed_out(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        if request.method == "POST":
            spared = request.POST.get("keep") == "others-unsent"
            response["Clear-Site-Data"] = '"cache"' if spared else '"cache", "storage"'
        return response

    return signed_out
