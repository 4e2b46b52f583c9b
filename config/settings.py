"""The site's settings, one module, read from the environment.

Development defaults work with no environment at all (`make run`). A club's server sets
DJANGO_PRODUCTION=1 with DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS: HTTPS only, behind
a proxy (nginx) that sets X-Forwarded-Proto. docs/deployment.md lists the rest.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

PRODUCTION = os.environ.get("DJANGO_PRODUCTION", "") == "1"
DEBUG = os.environ.get("DJANGO_DEBUG", "") == "1" and not PRODUCTION
if PRODUCTION:
    for name in ("DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"):
        if not os.environ.get(name):
            raise ImproperlyConfigured(f"{name} must be set when DJANGO_PRODUCTION=1")
SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY", "development only: never serve the club with this key"
)
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "scorer",
    "ledger",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scorer.plumbing.middleware.HtmxSignIn",
    "scorer.plumbing.middleware.DatabaseTrouble",
    "scorer.plumbing.middleware.PrinterBusy",
    # Last, as django-axes asks: it turns a locked-out sign-in into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

# SQLite by default, set up for several phones saving at once: WAL lets readers go on
# while one writer saves, IMMEDIATE takes the write lock at the start of a transaction
# (no deadlock between two upgrading readers), and a writer waits for the lock.
# synchronous=FULL syncs each commit to disk before the phone is told it is saved, so not
# even a power cut takes back a confirmed save.
# DATABASE_URL (postgres://user:password@host:5432/name) uses PostgreSQL instead.
CONN_MAX_AGE = int(os.environ.get("DJANGO_CONN_MAX_AGE", "600"))
if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=CONN_MAX_AGE, conn_health_checks=True
        )
    }
    # A save waits for a lock no longer than SQLite's busy timeout, then says so.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        "-c lock_timeout=5000 -c statement_timeout=30000"
    )
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("DJANGO_SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # Kept open between requests: opening one costs more than a poll's whole read.
            "CONN_MAX_AGE": CONN_MAX_AGE,
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 5,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Europe/London")
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "var" / "static"))
# The one file the site takes, a PBN file of boards (for hand records, or a Duplicate
# evening's boards), is read up to 1 MiB (scorer.printing.hand_records.MOST_UPLOAD); on the
# Printing page a body larger than that and its form's few fields is refused unread
# (MOST_BODY), and one within it is kept in memory, never written to disk.
FILE_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024 + 64 * 1024

# On a server WhiteNoise serves the collected files under hashed names, cached for a year
# and compressed; elsewhere it serves them straight from the source tree.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = not PRODUCTION
# The release's name, under which phones keep the static files (scorer/phone/app.py). Unset, it
# is drawn from the files themselves, so a release that changes them is a new one.
RELEASE = os.environ.get("DJANGO_RELEASE", "")

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Repeated wrong passwords lock a name from the address they came from, never the name
# everywhere (anyone could then keep any member out) nor the address alone (the whole club
# signs in from one Wi-Fi). The lock lifts by itself, or the secretary lifts it at once:
# `manage.py axes_reset_username NAME`. nginx slows one address trying many names
# (docs/deployment.md: limit_req on the sign-in page).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_SIGN_IN_ATTEMPTS", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_SIGN_IN_LOCK_MINUTES", "15")))
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "scorer.accounts.views.sign_in_locked"
AXES_USERNAME_FORM_FIELD = "username"
# The phone's address: behind nginx on this machine, the one nginx appends to
# X-Forwarded-For; the header is believed from these peers only (scorer/accounts/signing_in.py).
AXES_CLIENT_IP_CALLABLE = "scorer.accounts.signing_in.client_address"
# Each worker's printer (scorer/plumbing/printer.py): how long a document may wait its turn
# before it is refused as busy, and how long its laying out may take before its process is
# deemed stuck and replaced.
PRINTER_WAIT_SECONDS = float(os.environ.get("DJANGO_PRINTER_WAIT_SECONDS", "10"))
PRINTER_PATIENCE_SECONDS = float(os.environ.get("DJANGO_PRINTER_PATIENCE_SECONDS", "30"))
# The analyser's process (scorer/analysis/analyser.py) at the lowest priority there is, so
# that the tables' processes always come first; a machine given to nothing else may say less.
ANALYSER_NICENESS = int(os.environ.get("DJANGO_ANALYSER_NICENESS", "19"))
PROXY_ADDRESSES = ["127.0.0.1", "::1"] if PRODUCTION else []

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scorer:home"
LOGOUT_REDIRECT_URL = "scorer:home"

# Sessions live in the database, shared by every worker: signing out ends the phone's
# session on every worker at once, and "Sign out everywhere" ends all of a member's.
# (A phone's poll reads the session only when the sheet has changed.)
SESSION_ENGINE = "django.contrib.sessions.backends.db"
CSRF_FAILURE_VIEW = "scorer.accounts.views.csrf_failure"

# Scripts and styles come only from the site itself; the one script tag that needs it
# (htmx's) carries the request's nonce. Nothing inline, nothing from elsewhere.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"

# A refused request (a 403, a form whose security token failed, a locked sign-in) is one
# line in the server's log, who asked for what and why; a server error keeps its traceback
# (scorer/plumbing/refusals.py).
LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals": {"()": "scorer.plumbing.refusals.OneLine"}},
    "loggers": {
        "django.request": {"filters": ["refusals"]},
        "django.security.csrf": {"filters": ["refusals"]},
    },
}

if PRODUCTION:
    # nginx ends HTTPS and says so in X-Forwarded-Proto; the site itself speaks only HTTPS.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    LOGGING["handlers"] = {"console": {"class": "logging.StreamHandler"}}
    LOGGING["root"] = {"handlers": ["console"], "level": "WARNING"}
