"""The engine's numba cache, filled once for the test session when it is cold (a fresh clone,
or after an engine source changed).

Compiling takes one to three minutes of one core; left to the first test that needs it (a CLI
or a server node in a subprocess) it ran into that test's timeout, and two processes compiling
at once write the same cache. So the session compiles first, in a process of its own
(`caro-arena compile`, as `make run` does), and no test that uses the shared cache starts before
it is done. Under pytest-xdist the controller starts the compile and each worker waits for it
before each of its first tests; a test marked `own_engine_cache` (tests/client/test_cold_engine.py,
which compiles into an empty cache of its own) does not wait, and is run first, so its compile
uses the core the session's compile leaves idle instead of adding minutes to the run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from engine.precompile import is_warm, stamp_path
from tests.harness import ENGINE_COMPILE_TIMEOUT_S, REPO_ROOT, tail

POLL_S = 0.5
_done = False  # this process has seen the cache warm


def _command() -> tuple[list[str], dict[str, str]]:
    return ([sys.executable, "-m", "server", "compile"],
            {**os.environ, "PYTHONPATH": str(REPO_ROOT)})


def _files() -> tuple[Path, Path]:
    """The background compile's output and exit status, beside the cache it fills."""
    folder = stamp_path().parent
    return folder / "test-session-compile.log", folder / "test-session-compile.status"


def compile_engine_now() -> None:
    """Compile in the foreground when the cache is cold (a session without xdist workers)."""
    if is_warm():
        return
    print("\ncompiling the engine (numba cache is cold) ...", flush=True)
    command, env = _command()
    subprocess.run(command, cwd=REPO_ROOT, env=env, check=True, timeout=ENGINE_COMPILE_TIMEOUT_S)


def start_engine_compile() -> None:
    """Start compiling in the background when the cache is cold (the xdist controller); a
    thread writes the exit status once the compile is over."""
    if is_warm():
        return
    log_path, status_path = _files()
    log_path.parent.mkdir(parents=True, exist_ok=True)
    status_path.unlink(missing_ok=True)
    print("\ncompiling the engine (numba cache is cold) in the background ...", flush=True)
    command, env = _command()
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdout=log,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def record_status() -> None:
        try:
            code = process.wait(timeout=ENGINE_COMPILE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            code = -9
        status_path.write_text(str(code))

    threading.Thread(target=record_status, name="engine-compile", daemon=True).start()


def wait_for_engine_compile() -> None:
    """Return once the shared cache is warm; raise with the compile's output if it failed."""
    global _done
    if _done:
        return
    log_path, status_path = _files()
    deadline = time.monotonic() + ENGINE_COMPILE_TIMEOUT_S
    while not is_warm():
        if status_path.exists():
            raise RuntimeError(f"compiling the engine ended (exit status "
                               f"{status_path.read_text().strip()}) without a warm cache:\n"
                               f"{tail(log_path)}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"compiling the engine took over {ENGINE_COMPILE_TIMEOUT_S} s:\n"
                               f"{tail(log_path)}")
        time.sleep(POLL_S)
    _done = True
