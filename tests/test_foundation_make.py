"""The README's commands: `make test` (which is also .ci/run) fails when pytest runs no test,
and passes the exit code of a real run through; `make run` compiles the engine before it
serves."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

from tests.harness import REPO_ROOT, free_port, stop_process

MAKE_ENV = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")  # set when this suite runs under `make test`
RUN_TIMEOUT_S = 120.0  # for each line of `make run`'s output up to its URL


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


def test_make_run_compiles_the_engine_before_it_prints_the_url(tmp_path: Path) -> None:
    """`make run` runs `caro-arena compile` (a no-op on this session's warm cache, which says
    so) to its end before the server starts: no AI worker ever compiles."""
    port = free_port()
    env = {name: value for name, value in os.environ.items() if name not in MAKE_ENV}
    env.update(HOST="127.0.0.1", PORT=str(port), DATA_DIR=str(tmp_path), AI_WORKERS="1")
    process = subprocess.Popen(
        ["make", "--no-print-directory", "run", f"VENV={Path(sys.prefix)}"], cwd=REPO_ROOT,
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, start_new_session=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout],
                     daemon=True).start()
    seen: list[str] = []
    try:
        while not any(f"http://127.0.0.1:{port}" in line for line in seen):
            seen.append(lines.get(timeout=RUN_TIMEOUT_S))
    finally:
        stop_process(process)
    compiled = next(i for i, line in enumerate(seen) if "AI engine: compiled code is up to date"
                    in line)
    assert compiled < len(seen) - 1, "".join(seen)
