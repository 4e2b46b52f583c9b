# `make run` starts the site, `make test` runs every check, `make check` the quick loop
# (under two minutes), `make bench` prints timings (`make bench-check`: and fails on a missed
# target). Each creates the virtualenv first, from the Python that .python-version names.

VENV := .venv
# Python keeps what it compiles (the site's modules, pytest's rewritten tests) whatever the
# machine's environment says: compiling them again in every process cost each test run
# some twenty seconds a worker.
unexport PYTHONDONTWRITEBYTECODE
PY := $(VENV)/bin/python
PYTHON_VERSION := $(shell cat .python-version)
# pyenv's shims answer to python3.12 when .python-version says 3.12.
PYTHON := $(shell command -v python$(PYTHON_VERSION) 2>/dev/null || command -v python3)

# The browser tests drive Debian's Chromium, and PDFs are drawn as PNG by poppler's
# pdftoppm for a person to look at; install them where they are missing.
CHROMIUM := /usr/bin/chromium
PDFTOPPM := /usr/bin/pdftoppm
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# PostgreSQL: the installed cluster, a role and a database for the tests.
PG_URL := postgres://scorer:scorer@127.0.0.1:5432/scorer

.PHONY: run serve prepare check properties test test-postgres postgres shuffled backup bench bench-check load lint venv clean

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
	@# The analyser works out the boards' double-dummy tables beside the site, and ends with it.
	$(PY) manage.py analyser & trap 'kill $$! 2>/dev/null' EXIT; \
	  DJANGO_DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

# The club's server: settings from the environment (docs/deployment.md), behind nginx.
serve: prepare
	exec $(VENV)/bin/gunicorn --config config/gunicorn.py config.wsgi

# What a new release needs before it serves: its static files and its migrations, and
# with DJANGO_PRODUCTION=1 Django's deployment checks, any warning stopping it.
prepare: venv
	$(PY) manage.py collectstatic --no-input --verbosity 0
	$(PY) manage.py migrate --no-input
	@if [ "$$DJANGO_PRODUCTION" = 1 ]; then $(PY) manage.py check --deploy --fail-level WARNING; fi

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

$(CHROMIUM) $(PDFTOPPM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium poppler-utils

# The quick loop while working: lint, types, and every test that needs neither a browser
# nor a served site, in parallel, with a tenth of hypothesis's examples.
check: lint
	TESTS_EXAMPLES=quick $(PY) -m pytest -n 2 --dist worksteal -m "not browser and not served"

# The same tests with ten times hypothesis's examples, by hand now and then (a few minutes'
# more of each property).
properties: venv
	TESTS_EXAMPLES=deep $(PY) -m pytest -n 2 --dist worksteal -m "not browser and not served"

# Everything, in parallel: each worker has its own database, live server and ports.
test: lint $(CHROMIUM) $(PDFTOPPM)
	$(PY) -m pytest -n 2 --dist worksteal

# The whole suite again on PostgreSQL (CI runs both), but for the engine's tests, which
# reach no database (tests/conftest.py leaves them out, as deselected).
test-postgres: venv $(CHROMIUM) $(PDFTOPPM) postgres
	DATABASE_URL=$(PG_URL) $(PY) -m pytest -n 2 --dist worksteal

# Start the installed cluster (Debian's pg_ctlcluster) and make the role and database.
postgres:
	@version=$$(pg_lsclusters -h | awk 'NR==1 {print $$1}'); \
	cluster=$$(pg_lsclusters -h | awk 'NR==1 {print $$2}'); \
	test -n "$$version" || { echo "No PostgreSQL cluster is installed"; exit 1; }; \
	pg_lsclusters -h | awk 'NR==1 {print $$4}' | grep -q online || $(SUDO) pg_ctlcluster $$version $$cluster start
	$(SUDO) su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname='scorer'\" | grep -q 1 || psql -qc \"CREATE ROLE scorer LOGIN CREATEDB PASSWORD 'scorer'\""
	$(SUDO) su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname='scorer'\" | grep -q 1 || createdb -O scorer scorer"

# The tests that wait on processes, locks and the machine, shuffled: RUNS runs, each in an
# order of its own (seed 1000 + 7919 n for n from FIRST, to repeat one; a later FIRST gives
# new orders), stopping at the first failure. Run it beside `make bench` to see them hold
# on a loaded machine (docs/testing.md).
RUNS ?= 20
FIRST ?= 1
SHUFFLED := tests/plumbing/test_races.py tests/plumbing/test_faults.py \
	tests/plumbing/test_backup.py tests/plumbing/test_served.py tests/load \
	tests/engine/progressive/test_properties.py tests/engine/whist/test_properties.py \
	tests/engine/duplicate/test_properties.py tests/engine/cards/test_properties.py \
	tests/engine/bridge/test_three_handed_properties.py tests/engine/bridge/test_properties.py \
	tests/tables/test_tables.py tests/tables/test_races_tables.py \
	tests/ledger/settlement/test_races_settlement.py tests/printing/test_printing.py \
	tests/printing/test_printing_bounded.py tests/progressive/test_races.py
shuffled: venv $(CHROMIUM) $(PDFTOPPM)
	@for n in $$(seq $(FIRST) $$(($(FIRST) + $(RUNS) - 1))); do \
	  seed=$$((1000 + n * 7919)); echo "run $$n, --random-order-seed=$$seed, $$(date -u +%T)"; \
	  $(PY) -m pytest -n 2 --dist worksteal -p no:cacheprovider --random-order --random-order-seed=$$seed \
	    $(SHUFFLED) || exit 1; \
	done

# A consistent copy of the database while the site runs (var/backups/).
backup: venv
	$(PY) manage.py backup

bench: venv
	$(PY) -m tests.bench

# The same, failing when any target is missed: for use by hand, not in CI (a shared
# machine's load moves the figures). `make bench-check NAMES="printing table"` runs some.
bench-check: venv
	$(PY) -m tests.bench --check $(NAMES)

# A club evening (25 tables, 3 minutes) against gunicorn on SQLite, then on PostgreSQL.
load: venv postgres
	$(PY) -m tests.load --database sqlite
	DATABASE_URL=$(PG_URL) $(PY) -m tests.load --database postgres

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
