"""The WSGI entry point for production servers."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# Import every view now (printing brings WeasyPrint, most of a second), so that a
# worker's first phone is not the one kept waiting.
get_resolver().url_patterns  # noqa: B018
