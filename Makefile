# `make run` starts the site, `make test` runs every check, `make bench` prints timings.
# Each creates the virtualenv first, from the Python that .python-version names.

VENV := .venv
PY := $(VENV)/bin/python
PYTHON_VERSION := $(shell cat .python-version)
# pyenv's shims answer to python3.12 when .python-version says 3.12.
PYTHON := $(shell command -v python$(PYTHON_VERSION) 2>/dev/null || command -v python3)

# The browser tests drive Debian's Chromium; install it where it is missing.
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test bench lint venv clean

venv: $(VENV)/.installed

$(VENV)/.installed: requirements.txt requirements-dev.txt .python-version
	@$(PYTHON) -c 'import sys; v = sys.version_info; sys.exit(0 if v >= (3, 12) else \
		"Python $(PYTHON_VERSION) is needed; found %d.%d at $(PYTHON)" % v[:2])'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

run: venv
	$(PY) manage.py migrate --no-input
	@echo
	@$(PY) manage.py seed_demo
	@echo
	@echo "  Sign in at http://127.0.0.1:8000/accounts/login/ (Ctrl-C stops the site)."
	@echo
	DJANGO_DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

$(CHROMIUM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium

test: lint $(CHROMIUM)
	$(PY) -m pytest

bench: venv
	$(PY) -m tests.bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
