"""Compile the engine ahead, in a process of its own, and tell whether that is done.

numba compiles the engine's hot loops on first use and keeps the machine code in an on-disk
cache (``cache=True``). On a cold cache the first process to search compiles everything: one
to two and a half minutes on two busy cores, after which it holds about 1.3 GB for the rest of
its life, where a process that loaded the same code from the cache holds about 230 MB
(docs/performance.md, "The first game against the computer"). So no process that serves
compiles: ``caro-arena compile`` (run by ``make run``, by the Docker image's build, and by a
node that finds its cache cold, each time in a process that exits afterwards) fills the cache,
and the AI workers only load from it.

A complete compile leaves a stamp beside the cache: the engine's sources, numba's and Python's
versions and the CPU the code was compiled for (numba keys its cache by that CPU too, so an
image built on another kind of machine misses), and numba's index files, which must all still
be there. `is_warm()` compares it with the running installation and reads no compiled code.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

import numba
from numba.core import event
from numba.core.registry import cpu_target

from engine.ai import warm_up
from engine.search.cache_guard import numba_cache_dir

ENGINE = Path(os.path.abspath(os.path.dirname(__file__)))  # as numba names the source files
STAMP_NAME = "caro-arena-compiled.json"
REDRAW_S = 1.0  # on a terminal
LOG_EVERY_S = 30.0  # in a log
TITLE = "Compiling the AI engine (first start only, a few minutes)"


def stamp_path() -> Path:
    return numba_cache_dir(ENGINE) / STAMP_NAME


def fingerprint() -> dict[str, Any]:
    """What the cached code was compiled from and for."""
    digest = hashlib.sha256()
    for path in sorted(ENGINE.rglob("*.py")):
        digest.update(str(path.relative_to(ENGINE)).encode())
        digest.update(path.read_bytes())
    triple, cpu, features = cpu_target.target_context.codegen().magic_tuple()
    return {"sources": digest.hexdigest(), "numba": numba.__version__,
            "python": platform.python_version(), "target": triple, "cpu": cpu,
            "cpu_features": hashlib.sha256(features.encode()).hexdigest()}


def index_files() -> list[str]:
    """numba's index files of the engine's compiled functions, one per function."""
    source_dirs = {path.parent for path in ENGINE.rglob("*.py")}
    found = [index for directory in sorted(source_dirs)
             for index in sorted(numba_cache_dir(directory).glob("*.nbi"))]
    return [str(index) for index in found]


def is_warm() -> bool:
    """Whether a complete compile of these sources for this CPU is in the cache."""
    try:
        stamp = json.loads(stamp_path().read_text())
    except (OSError, ValueError):
        return False
    files = stamp.get("index_files") or []
    return stamp.get("fingerprint") == fingerprint() and bool(files) and all(
        Path(name).is_file() for name in files)


class CompileCounter(event.Listener):
    """Counts the functions numba compiles (its event API), for the progress line."""

    def __init__(self) -> None:
        self.count = 0

    def on_start(self, _event: event.Event) -> None:
        pass

    def on_end(self, _event: event.Event) -> None:
        self.count += 1


class ProgressLine:
    """One line: the step, the functions compiled so far and the time it has taken. On a
    terminal it is redrawn in place every second; in a log (a node's) a line is written at
    each step and every half minute between."""

    def __init__(self, out: TextIO, compiled: CompileCounter | None = None) -> None:
        self.out = out
        self.live = out.isatty()
        self.compiled = compiled
        self.started = time.monotonic()
        self.text = ""
        self._stop = threading.Event()
        self._lock = threading.Lock()
        every = REDRAW_S if self.live else LOG_EVERY_S
        threading.Thread(target=self._redraw, args=(every,), daemon=True).start()

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def step(self, done: int, total: int, name: str) -> None:
        with self._lock:
            self.text = f"{TITLE}: {done + 1}/{total} {name}"
            self._write()

    def finish(self, text: str) -> None:
        self._stop.set()
        with self._lock:
            self.text = ""
            self.out.write(f"\r\033[K{text}\n" if self.live else f"{text}\n")
            self.out.flush()

    def _write(self) -> None:
        count = "" if self.compiled is None else f", {self.compiled.count} functions compiled"
        line = f"{self.text}{count} ... {self.elapsed():.0f} s"
        self.out.write(f"\r\033[K{line}" if self.live else f"{line}\n")
        self.out.flush()

    def _redraw(self, every: float) -> None:
        while not self._stop.wait(every):
            with self._lock:
                if self.text:
                    self._write()


def compile_ahead(out: TextIO = sys.stderr) -> float:
    """Compile every searcher into the cache (the steps of ``engine.ai.warm_up``, with a
    progress line on ``out``), then stamp the cache; returns the seconds it took."""
    compiled = CompileCounter()
    progress = ProgressLine(out, compiled)
    with event.install_listener("numba:compile", compiled):
        warm_up(progress.step)
    write_stamp()
    seconds = progress.elapsed()
    progress.finish(f"Compiled the AI engine in {seconds:.0f} s ({compiled.count} functions, "
                    f"cache: {numba_cache_dir(ENGINE)})")
    return seconds


def write_stamp() -> None:
    stamp = {"fingerprint": fingerprint(), "index_files": index_files()}
    path = stamp_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}")
    partial.write_text(json.dumps(stamp, indent=1))
    os.replace(partial, path)


def ensure_compiled(out: TextIO = sys.stderr) -> None:
    """``caro-arena compile``: compile unless the cache is warm already (then say so)."""
    if is_warm():
        print(f"AI engine: compiled code is up to date (cache: {numba_cache_dir(ENGINE)})",
              file=out)
        return
    compile_ahead(out)
