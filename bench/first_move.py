"""The first game against the computer: from starting the server to the computer's first move.

Each start is timed from the moment its command starts, in a fresh clone of this repository
(`git clone` of the current commit into a temporary directory, so nothing is compiled yet):

  make run     `make run` in the clone, as a newcomer types it: the clone's venv is created,
               the engine compiled ahead into an empty numba cache (NUMBA_CACHE_DIR: a new
               empty directory), then the server starts and prints its URL.
  image build  `caro-arena compile` with NUMBA_CACHE_DIR=<a new directory>: the Dockerfile's
               build step, which fills the image's cache.
  container    `caro-arena serve` on that cache: a container of the image starting (the
               image's CMD), nothing left to compile.
  before       (with --before REF) `make run` in a clone at REF (e.g. main before this
               change), on an empty cache.

For each server start: when the URL was printed (the page is served), the node's /healthz
`ai` then, when the computer's first move was in a room created right after the URL (the
computer plays first; level --level), and each AI worker's RSS after that move.
Target: the first move within 2 s of the page being served (docs/performance.md).

    .venv/bin/python -m bench.first_move [--level 4] [--workers 2] [--before REF]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from tests.harness import REPO_ROOT, free_port, http_get

MOVE_TIMEOUT_S = 900.0
POLL_S = 0.02
MB = 1_000_000
TARGET_S = 2.0


@dataclass
class Run:
    """One command's output lines, each with the seconds since it started."""

    label: str
    process: subprocess.Popen
    started: float
    lines: list[tuple[float, str]] = field(default_factory=list)

    @classmethod
    def start(cls, label: str, command: list[str], cwd: Path, env: dict[str, str]) -> Run:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   start_new_session=True)
        run = cls(label, process, time.perf_counter())
        threading.Thread(target=run._read, daemon=True).start()
        return run

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            at = time.perf_counter() - self.started
            self.lines.append((at, line.rstrip()))
            print(f"  [{self.label} {at:6.1f} s] {line.rstrip()}", flush=True)

    def wait_line(self, pattern: str, timeout_s: float = MOVE_TIMEOUT_S) -> float:
        """Seconds from the start to the first line matching `pattern`."""
        deadline = time.perf_counter() + timeout_s
        seen = 0
        while time.perf_counter() < deadline:
            for at, line in self.lines[seen:]:
                if re.search(pattern, line):
                    return at
            seen = len(self.lines)
            if self.process.poll() is not None and seen == len(self.lines):
                raise RuntimeError(f"{self.label} ended before printing {pattern!r}")
            time.sleep(POLL_S)
        raise TimeoutError(f"{self.label}: no {pattern!r} within {timeout_s:.0f} s")

    def since_start(self) -> float:
        return time.perf_counter() - self.started

    def workers_rss_mb(self) -> list[float]:
        children = psutil.Process(self.process.pid).children(recursive=True)
        return sorted(child.memory_info().rss / MB for child in children
                      if "--multiprocessing-fork" in child.cmdline())

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)


def post_json(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def first_move(run: Run, port: int, level: int) -> dict[str, float | str]:
    """Wait for the URL, then create a room in which the computer plays first and wait for
    its move; the times are seconds since the command started."""
    base = f"http://127.0.0.1:{port}"
    served = run.wait_line(re.escape(base))
    _status, health = http_get(f"{base}/healthz")
    ai = json.loads(health).get("ai", "(no field)")
    room = post_json(f"{base}/api/rooms", {"variant": "gomoku", "opponent": "ai",
                                           "ai_level": level, "your_side": "second"})
    created = run.since_start()
    deadline = time.perf_counter() + MOVE_TIMEOUT_S
    while time.perf_counter() < deadline:
        _status, body = http_get(f"{base}/api/rooms/{room['room_id']}")
        if json.loads(body)["moves"]:
            moved = run.since_start()
            return {"served": served, "ai": ai, "created": created, "moved": moved,
                    "rss": " / ".join(f"{mb:.0f}" for mb in run.workers_rss_mb())}
        time.sleep(POLL_S)
    raise TimeoutError(f"{run.label}: no AI move within {MOVE_TIMEOUT_S:.0f} s")


def clone(ref: str, into: Path) -> Path:
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(REPO_ROOT), str(into)],
                   check=True)
    subprocess.run(["git", "-C", str(into), "checkout", "--quiet", ref], check=True)
    return into


def server_env(port: int, workers: int, cache: Path, data: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("REDIS_URL", "DATABASE_URL", "VIRTUAL_ENV", "PYTHONPATH")}
    data.mkdir(parents=True, exist_ok=True)
    env.update(HOST="127.0.0.1", PORT=str(port), AI_WORKERS=str(workers), DATA_DIR=str(data),
               NUMBA_CACHE_DIR=str(cache), PYTHONUNBUFFERED="1")
    return env


def serve_and_time(label: str, command: list[str], cwd: Path, env: dict[str, str],
                   level: int) -> dict[str, float | str]:
    run = Run.start(label, command, cwd, env)
    try:
        return first_move(run, int(env["PORT"]), level)
    finally:
        run.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--before", help="also time `make run` at this git ref")
    args = parser.parse_args()
    head = subprocess.run(["git", "-C", str(REPO_ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.strip()
    rows: list[tuple[str, dict[str, float | str]]] = []
    with tempfile.TemporaryDirectory(prefix="caro-first-move-") as tmp:
        root = Path(tmp)
        checkout = clone("HEAD", root / "clone")
        make_run = ["make", "--no-print-directory", "run"]
        env = server_env(free_port(), args.workers, root / "cold-cache", root / "data-1")
        rows.append((f"make run, fresh clone of {head}",
                     serve_and_time("make run", make_run, checkout, env, args.level)))
        caro = str(checkout / ".venv" / "bin" / "caro-arena")
        env = server_env(free_port(), args.workers, root / "image-cache", root / "data-2")
        build = Run.start("image build", [caro, "compile"], checkout, env)
        build.process.wait(timeout=MOVE_TIMEOUT_S)
        compiled = build.since_start()
        rows.append(("container start (image cache)",
                     serve_and_time("container", [caro, "serve"], checkout, env, args.level)))
        if args.before:
            before = clone(args.before, root / "before")
            env = server_env(free_port(), args.workers, root / "before-cache", root / "data-3")
            rows.append((f"make run, fresh clone of {args.before}",
                         serve_and_time("before", make_run, before, env, args.level)))
    print(f"\nlevel {args.level}, {args.workers} AI workers, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.1f}; image build step (`caro-arena compile`, empty "
          f"cache): {compiled:.0f} s\n")
    print("| start | page served (s) | /healthz ai then | first move (s) | "
          "first move after page served (s) | worker RSS after it (MB) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, row in rows:
        after = float(row["moved"]) - float(row["served"])
        verdict = "ok" if after <= TARGET_S else f"over {TARGET_S:.0f} s"
        print(f"| {label} | {row['served']:.1f} | {row['ai']} | {row['moved']:.1f} | "
              f"{after:.1f} ({verdict}) | {row['rss']} |")


if __name__ == "__main__":
    sys.exit(main())
