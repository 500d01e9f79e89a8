"""Analyses kept queued during a load run (bench/load.py ``--analyses N``): N threads each
post one analysis-board search (``POST /api/analyse``, a position of a 60-move gomoku game)
after another, so the node's analysis workers stay busy the whole run while live games play.
Switched off (``set_running(False)``, bench/load_interleave.py) they post no new search and
the switch waits for those in flight to end, so the next arm starts without them; each
search's time in flight is kept (``intervals``), the only time the analysis workers run."""

from __future__ import annotations

import json
import threading
import time
import urllib.request

REQUEST_TIMEOUT_S = 120.0


class AnalysisLoad:
    def __init__(self, http_url: str, game: list[str], in_flight: int) -> None:
        self.url = f"{http_url}/api/analyse"
        self.game = game
        self.done = 0
        self.failed = 0
        self._stop = threading.Event()
        self._idle = threading.Condition()  # guards the counts, notified as a search ends
        self._in_flight = 0
        self._running = threading.Event()
        self._running.set()
        self.intervals: list[tuple[float, float]] = []  # (posted, answered), perf_counter
        self._threads = [threading.Thread(target=self._loop, args=(i,), daemon=True)
                         for i in range(in_flight)]

    def warm(self) -> None:
        """As many searches as will be in flight, waited for: they start the node's analysis
        workers and reach each of them (a worker's start, imports and compiled-code loading
        cost seconds of CPU that do not belong to the run)."""
        threads = [threading.Thread(target=self._post, args=(i,))
                   for i in range(len(self._threads))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=REQUEST_TIMEOUT_S)

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=REQUEST_TIMEOUT_S)

    def set_running(self, running: bool) -> None:
        """Post searches (True), or post no more and wait until those in flight have ended
        (False, bounded by a search's timeout)."""
        with self._idle:
            if running:
                self._running.set()
                return
            self._running.clear()
            self._idle.wait_for(lambda: self._in_flight == 0, timeout=REQUEST_TIMEOUT_S)

    def _enter(self) -> bool:
        """Count a search in flight, unless switched off (checked under the same lock)."""
        with self._idle:
            if not self._running.is_set():
                return False
            self._in_flight += 1
            return True

    def _loop(self, index: int) -> None:
        ply = index
        while not self._stop.is_set():
            if not self._running.wait(timeout=0.1) or not self._enter():
                continue
            posted = time.perf_counter()
            ok = self._post(ply % len(self.game))
            with self._idle:
                self.intervals.append((posted, time.perf_counter()))
                self.done += ok
                self.failed += not ok
                self._in_flight -= 1
                self._idle.notify_all()
            ply += len(self._threads)

    def _post(self, ply: int) -> bool:
        body = json.dumps({"variant": "gomoku", "moves": self.game[:ply]}).encode()
        request = urllib.request.Request(self.url, data=body,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT_S) as response:
                return response.status == 200
        except OSError:
            return False
