# Two commands on a fresh machine with Python 3.11+, make and git:
#   make run    start the server on http://127.0.0.1:8080 (embedded store, no Redis needed)
#   make test   install what the tests need and run the whole suite
# Both create .venv on first use; later runs reinstall only when pyproject.toml changes.

PYTHON ?= python3
VENV ?= .venv
PYTEST_ARGS ?=
# Test processes (pytest-xdist, one test file to a process at a time): most tests wait on sockets,
# browsers and server nodes, so three share two cores well. TEST_WORKERS=0 runs in this process.
# A test process that dies (pytest-timeout ends a hung test's process) ends the run: xdist can
# hang for good when it replaces a dead process under --dist loadfile. --no-loadscope-reorder:
# files go out in the order tests/conftest.py gives (long ones first); xdist's own order, most
# tests first, dealt the browser files (few tests, long ones) out last.
TEST_WORKERS ?= 3
BIN := $(VENV)/bin
# Debian packages the tests drive as real processes (browser, Redis, load balancer, PostgreSQL).
SYSTEM_PACKAGES := redis-server chromium nginx fonts-liberation postgresql

.PHONY: run test lint system-deps bytecode clean

# Every node, AI worker and CLI run imports ~220 of our modules. Where PYTHONDONTWRITEBYTECODE is
# set (as on our CI machines) Python never caches them, and each process compiles them from
# source again: ~0.4 s of CPU per node start, ~250 starts a test run. Compiling them once here
# writes the cache anyway (an edited file is still recompiled in memory, never run stale).
bytecode: $(VENV)/.installed-run
	$(BIN)/python -m compileall -q -j 0 server engine bench tests

# The AI engine is compiled first (numba's cache: 1-3 min on a fresh clone, with a progress
# line; then a check of a second), in a process that exits before the server starts, so no AI
# worker ever compiles (engine/precompile.py).
run: $(VENV)/.installed-run bytecode
	$(BIN)/caro-arena compile
	$(BIN)/caro-arena serve

# pytest's exit code 5 means it ran no test: that is a failure too.
test: $(VENV)/.installed-test system-deps bytecode
	$(BIN)/lint-imports
	@$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --max-worker-restart 0 $(PYTEST_ARGS); status=$$?; \
	if [ $$status -eq 5 ]; then echo "make test: pytest ran no tests; failing" >&2; exit 1; fi; \
	exit $$status

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Caro Arena needs Python 3.11 or newer; set PYTHON=python3.x" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@ $(VENV)/.installed-run

# Installs the missing Debian packages with apt-get when running as root; otherwise says what to run.
system-deps:
	@missing=""; \
	for pkg in $(SYSTEM_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$pkg"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" -ne 0 ]; then \
		echo "make test needs these Debian packages:$$missing" >&2; \
		echo "install them with: sudo apt-get update && sudo apt-get install -y$$missing" >&2; \
		exit 1; \
	fi; \
	echo "installing Debian packages:$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update -q && apt-get install -y -q --no-install-recommends $$missing

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache tests/artifacts *.egg-info
