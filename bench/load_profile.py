"""Where a node's time goes under load: py-spy samples the server process during the run.

`Profiler(pid, path, seconds)` records collapsed stacks (`py-spy record --format raw`, one line
per stack: `frame;frame;... count`); `summary(path)` turns them into two short tables: the
functions that were on the CPU (self time) and the ones under which the time was spent
(inclusive), both as shares of all samples.
"""

from __future__ import annotations

import collections
import shutil
import subprocess
import sys
from pathlib import Path

TOP = 15


class Profiler:
    def __init__(self, pid: int, path: Path, seconds: float) -> None:
        py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        self.process = subprocess.Popen(
            [py_spy, "record", "--pid", str(pid), "--duration", str(int(seconds)),
             "--rate", "100", "--format", "raw", "--nonblocking", "--output", str(path)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def wait(self, timeout: float = 60.0) -> None:
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _function(frame: str) -> str:
    """`name (path/to/file.py:line)` -> `name (file.py)`."""
    name, _, where = frame.partition(" (")
    file = where.rsplit("/", 1)[-1].split(":", 1)[0].rstrip(")")
    return f"{name} ({file})" if file else name


def summary(path: Path) -> str:
    self_time: collections.Counter[str] = collections.Counter()
    inclusive: collections.Counter[str] = collections.Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        samples = int(count)
        frames = [_function(frame) for frame in stack.split(";")]
        total += samples
        self_time[frames[-1]] += samples
        for function in set(frames):
            inclusive[function] += samples
    if not total:
        return "(no samples)"
    lines = [f"py-spy: {total} samples of the server process"]
    for title, counter in (("on CPU (self)", self_time), ("under (inclusive)", inclusive)):
        lines += ["", f"| {title} | share |", "|---|---|"]
        lines += [f"| {name} | {count / total:.1%} |" for name, count in counter.most_common(TOP)]
    return "\n".join(lines)
