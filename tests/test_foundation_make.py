"""The README's test command (`make test`, which is also .ci/run) fails when pytest runs no
test, and passes the exit code of a real run through."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.harness import REPO_ROOT

MAKE_ENV = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")  # set when this suite runs under `make test`


def make_test(pytest_args: str) -> subprocess.CompletedProcess:
    """`make test` with these pytest arguments, as a user would run it. Given on make's command
    line and without the make variables of an enclosing `make test PYTEST_ARGS=...` (which a
    sub-make would inherit through MAKEFLAGS, over the environment: it ran the whole suite
    again inside this test). VENV: the environment running this suite, so make reuses it."""
    env = {name: value for name, value in os.environ.items() if name not in MAKE_ENV}
    command = ["make", "--no-print-directory", "test", f"VENV={Path(sys.prefix)}",
               f"PYTEST_ARGS={pytest_args}"]
    return subprocess.run(command, cwd=REPO_ROOT, env=env, capture_output=True, text=True,
                          timeout=600)


def test_make_test_fails_when_pytest_runs_no_test() -> None:
    result = make_test("-p no:cacheprovider tests/test_foundation_settings.py -k no_such_test")
    assert result.returncode != 0
    assert "pytest ran no tests" in result.stderr


def test_make_test_passes_when_the_selected_tests_pass() -> None:
    result = make_test("-p no:cacheprovider tests/test_foundation_settings.py -k frozen")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout
