"""One load generator process: sets up its share of games and sockets, plays, checks, reports.

The parent (bench/load.py) starts several of these so the generator is not limited to one
core. Each one: creates its rooms, opens every socket, reports `ready`, waits for `go`, plays
for `duration_s`, stops moving, lets the last events arrive, compares every client's board with
the stored room, closes its sockets and sends its `Tally` back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

import aiohttp

from bench.load_clients import (
    MAX_HANDSHAKES,
    Client,
    Game,
    SourceAddresses,
    Tally,
    create_room,
    fetch_state,
)
from server.cli import new_event_loop
from server.play.arena import tune_garbage_collector

log = logging.getLogger(__name__)

SETTLE_S = 3.0               # after the run: time for the last moves to reach everyone
SPECTATORS_PER_IDLE_ROOM = 10
SETUP_CONCURRENCY = 20


@dataclass(slots=True, frozen=True)
class WorkerPlan:
    index: int
    http_urls: tuple[str, ...]      # room creations and checks go round robin over these
    ws_urls: tuple[str, ...]        # sockets go round robin over these
    games: int
    spectators: int
    ai_games: int
    idle_sockets: int
    think_s: float
    duration_s: float
    variant: str = "gomoku"
    ai_level: int = 1
    deflate: bool = True            # offer permessage-deflate, as browsers do


class Worker:
    def __init__(self, plan: WorkerPlan) -> None:
        self.plan = plan
        self.tally = Tally()
        self.addresses = SourceAddresses(plan.index)
        self.gate = asyncio.Semaphore(MAX_HANDSHAKES)
        self.setup_gate = asyncio.Semaphore(SETUP_CONCURRENCY)
        self.games: list[tuple[Game, str]] = []
        self.clients: list[Client] = []

    def _urls(self, n: int) -> tuple[str, str]:
        return (self.plan.http_urls[n % len(self.plan.http_urls)],
                self.plan.ws_urls[n % len(self.plan.ws_urls)])

    async def _guard(self, what: str, job) -> Any:
        try:
            async with self.setup_gate:
                return await job
        except Exception as exc:  # noqa: BLE001 - every failure is counted, none is fatal
            self.tally.errors[f"{what}: {type(exc).__name__}"] += 1
            log.warning("%s failed: %r", what, exc)
            return None

    async def _game(self, n: int, ai: bool) -> Game:
        http_url, ws_url = self._urls(n)
        source_ip = self.addresses.take()
        body: dict[str, Any] = {"variant": self.plan.variant, "your_side": "first"}
        if ai:
            body |= {"opponent": "ai", "ai_level": self.plan.ai_level}
        room = await create_room(http_url, source_ip, body)
        game = Game(room["room_id"], self.tally, ai)
        self.games.append((game, http_url))
        seats = [{"token": room["token"]}] if ai else [{"token": room["token"]}, {"name": "p2"}]
        for hello in seats:
            client = Client(game, self.tally, self.plan.think_s, self.plan.deflate)
            await client.connect(ws_url, game.room_id, source_ip, hello, self.gate)
            game.clients.append(client)
            self.clients.append(client)
        return game

    async def _watcher(self, n: int, room_id: str, game: Game | None) -> None:
        _, ws_url = self._urls(n)
        client = Client(None, self.tally, self.plan.think_s, self.plan.deflate)
        await client.connect(ws_url, room_id, self.addresses.take(), {"watch": True}, self.gate)
        self.clients.append(client)
        if game is not None:
            game.clients.append(client)

    async def setup(self) -> None:
        plan = self.plan
        human = await asyncio.gather(*(self._guard("game setup", self._game(n, False))
                                       for n in range(plan.games)))
        await asyncio.gather(*(self._guard("ai game setup", self._game(n, True))
                               for n in range(plan.ai_games)))
        human_games = [g for g in human if g is not None]
        if human_games:
            await asyncio.gather(*(
                self._guard("spectator setup",
                            self._watcher(n, human_games[n % len(human_games)].room_id,
                                          human_games[n % len(human_games)]))
                for n in range(plan.spectators)))
        idle_rooms = -(-plan.idle_sockets // SPECTATORS_PER_IDLE_ROOM)
        rooms = await asyncio.gather(*(self._guard("idle room", create_room(
            self._urls(n)[0], self.addresses.take(), {"variant": plan.variant}))
            for n in range(idle_rooms)))
        room_ids = [r["room_id"] for r in rooms if r is not None]
        if room_ids:
            await asyncio.gather(*(self._guard("idle socket", self._watcher(
                n, room_ids[n % len(room_ids)], None)) for n in range(plan.idle_sockets)))

    async def play(self) -> None:
        started = time.process_time()
        for client in self.clients:
            client.start()
        await asyncio.sleep(self.plan.duration_s)
        for client in self.clients:
            client.playing = False
        self.tally.cpu_s = time.process_time() - started

    async def check(self) -> None:
        """Every client's board against the stored room; moves sent but never seen are errors."""
        await asyncio.sleep(SETTLE_S)
        async with aiohttp.ClientSession() as session:
            for game, http_url in self.games:
                self.tally.errors["move never reached the opponent"] += len(game.sent_at)
                try:
                    state = await fetch_state(session, http_url, game.room_id)
                except (aiohttp.ClientError, TimeoutError) as exc:
                    self.tally.errors[f"check: {type(exc).__name__}"] += 1
                    continue
                for client in game.clients:
                    self.tally.boards_checked += 1
                    if client.moves != state["moves"] or client.game_no != state["game_no"]:
                        self.tally.boards_wrong += 1

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.clients), return_exceptions=True)


def run_worker(plan: WorkerPlan, ready, go, results) -> None:
    """Process entry point: `ready` and `results` are queues, `go` an event (multiprocessing)."""
    logging.basicConfig(level=logging.WARNING)
    # The generator shares the machine with the node it measures: the same fast event loop
    # as the server (server/cli.py) leaves the node more of the CPU.
    with asyncio.Runner(loop_factory=new_event_loop) as runner:
        runner.run(_run(plan, ready, go, results))


async def _run(plan: WorkerPlan, ready, go, results) -> None:
    worker = Worker(plan)
    await worker.setup()
    readers = [asyncio.create_task(c.read()) for c in worker.clients]
    # The generator's own collection pauses would be measured as move latency: the same
    # collector settings as the node (server/play/arena.py).
    tune_garbage_collector()
    ready.put((plan.index, worker.tally.sockets))
    await asyncio.get_running_loop().run_in_executor(None, go.wait)
    await worker.play()
    await worker.check()
    await worker.close()
    for reader in readers:
        reader.cancel()
    results.put(worker.tally)
