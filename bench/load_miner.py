"""The node's own puzzle miner as a background load of a load run (bench/load.py ``--miner``,
with ``--interleave S``).

The node runs with ``PUZZLE_WORKERS=1``: server/puzzles/miner.py mines archived games in one
worker process at nice 19 in Linux's idle scheduling class, stopped by the node's gate while a
live search runs or waits, as on a real node. The bench gives it an archive to mine before the
run: ``BACKLOG`` finished gomoku games (bench/analysis.py's 60-move game in its eight
symmetries, so no position repeats within eight games) written into the node's SQLite store.
It waits until the worker has started and loaded the engine, then switches it off and on.

Off, the worker is frozen (the cgroup v1 freezer), not stopped with SIGSTOP: the gate sends
SIGCONT to the worker whenever a live search ends, which would wake a stopped worker in the
"without" arm, while a frozen one stays put and takes the gate's signals when it thaws. So
the bench needs root and /sys/fs/cgroup/freezer (Linux).
"""

from __future__ import annotations

import logging
import time
import urllib.request
from pathlib import Path

import psutil
import sqlalchemy as sa
from prometheus_client.parser import text_string_to_metric_families

from bench.analysis import sixty_move_game
from bench.load_cluster import METRICS_TIMEOUT_S, cpu_seconds
from server.platform.settings import EMBEDDED_DATABASE
from server.players.store_sql.schema import games
from server.puzzles.miner import MINER_NICE

log = logging.getLogger(__name__)

FREEZER = Path("/sys/fs/cgroup/freezer")
BACKLOG = 80            # games to mine: ~10 s of CPU each, more than a run's "on" arm uses
SIZE = 15
WARM_CPU_S = 5.0        # the worker has imported and loaded the engine, and is mining
WARM_TIMEOUT_S = 300.0  # the miner looks at the archive every 30 s when it found nothing
GAMES_MINED = "caro_puzzle_games_mined"


def symmetric(moves: list[str], symmetry: int) -> list[str]:
    """``moves`` turned by one of the eight symmetries of the 15x15 board."""
    def turn(move: str) -> str:
        col, row = ord(move[0]) - ord("a"), int(move[1:]) - 1
        if symmetry & 1:
            col = SIZE - 1 - col
        if symmetry & 2:
            row = SIZE - 1 - row
        if symmetry & 4:
            col, row = row, col
        return f"{chr(ord('a') + col)}{row + 1}"
    return [turn(move) for move in moves]


def archive_backlog(data_dir: Path, count: int = BACKLOG) -> None:
    """``count`` finished gomoku games in the node's SQLite archive, for its miner."""
    now = int(time.time() * 1000)
    game = sixty_move_game()
    rows = [{"id": f"bench-mine-{n}", "room_id": f"bench-mine-{n}", "game_no": 1,
             "variant": "gomoku", "mode": "human", "rated": False, "players": {},
             "moves": symmetric(game, n % 8), "move_times": [now] * len(game),
             "result": {"winner": None, "reason": "resign"}, "winner": None,
             "termination": "resign", "created_at": now, "finished_at": now,
             "archived_at": now + n} for n in range(count)]
    engine = sa.create_engine(f"sqlite:///{(data_dir / EMBEDDED_DATABASE).resolve()}")
    try:
        with engine.begin() as connection:
            connection.execute(games.insert(), rows)
    finally:
        engine.dispose()


def games_mined(url: str) -> int:
    with urllib.request.urlopen(f"{url}/metrics", timeout=METRICS_TIMEOUT_S) as response:
        text = response.read().decode()
    return sum(int(sample.value) for family in text_string_to_metric_families(text)
               if family.name == GAMES_MINED for sample in family.samples
               if sample.name.endswith("_total"))


class MinerLoad:
    """The miner worker of the node ``server_pid`` (at ``url``), in a freezer cgroup of its own
    while the bench runs."""

    def __init__(self, url: str, server_pid: int, data_dir: Path) -> None:
        if not FREEZER.is_dir():
            raise RuntimeError(f"--miner needs the cgroup v1 freezer at {FREEZER}")
        self.url = url
        self.server_pid = server_pid
        self.data_dir = data_dir
        self.pid: int | None = None
        self.group = FREEZER / f"caro-bench-miner-{server_pid}"
        self._mined_before = 0
        self._cpu_before = 0.0

    def warm(self) -> None:
        """Give the miner its archive and wait until its worker is mining; then freeze it."""
        before = set(self._children())
        archive_backlog(self.data_dir)
        deadline = time.monotonic() + WARM_TIMEOUT_S
        while time.monotonic() < deadline:
            self.pid = self._worker(before)
            if self.pid is not None and cpu_seconds([self.pid]) >= WARM_CPU_S:
                break
            time.sleep(1.0)
        else:
            raise RuntimeError(f"the node's puzzle miner did not start in {WARM_TIMEOUT_S} s")
        self.group.mkdir(exist_ok=True)
        (self.group / "cgroup.procs").write_text(str(self.pid))
        self.set_running(False)
        self._mined_before = games_mined(self.url)
        self._cpu_before = cpu_seconds([self.pid])
        log.info("puzzle miner worker %d warm (%d games mined so far); frozen",
                 self.pid, self._mined_before)

    def _children(self) -> list[psutil.Process]:
        try:
            return psutil.Process(self.server_pid).children()
        except psutil.NoSuchProcess:
            return []

    def _worker(self, before: set[psutil.Process]) -> int | None:
        """The node's new child at the lowest priority: the miner's worker starts with the
        first game to mine (the live and analysis workers run already; on a niced node the
        analysis workers reach nice 19 too, so the priority alone does not tell)."""
        for child in self._children():
            try:
                if child not in before and child.nice() == MINER_NICE:
                    return child.pid
            except psutil.NoSuchProcess:
                continue
        return None

    def set_running(self, running: bool) -> None:
        (self.group / "freezer.state").write_text("THAWED" if running else "FROZEN")

    def summary(self) -> str:
        """What the miner did since it was warm: games mined and its CPU."""
        assert self.pid is not None
        return (f"puzzle miner: {games_mined(self.url) - self._mined_before} games mined, "
                f"{cpu_seconds([self.pid]) - self._cpu_before:.1f} s CPU in the run")

    def close(self) -> None:
        """Thaw the worker, give it back to the root cgroup, remove the bench's."""
        if not self.group.exists():
            return
        self.set_running(True)
        for pid in (self.group / "cgroup.procs").read_text().split():
            (FREEZER / "cgroup.procs").write_text(pid)
        self.group.rmdir()
