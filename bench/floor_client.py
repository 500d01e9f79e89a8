"""One generator process of `bench/floor.py`: `games` rooms of two players (each sending a move
every 1-3 s, a move a second per room on average) and `spectators` sockets that only read, for
`duration` seconds; prints how many moves it sent between `window_from` and `window_to` seconds
after its start (the window in which bench/floor.py reads the server's CPU).

    python -m bench.floor_client PORT GAMES SPECTATORS DURATION WINDOW_FROM WINDOW_TO FIRST SEED
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

import websockets

MOVE = json.dumps({"type": "move", "cell": "h8"})
PAUSE_S = (1.0, 3.0)  # between a player's moves: two players make a move a second per room


async def player(url: str, until: float, window: tuple[float, float], rng: random.Random,
                 sent: list[int]) -> None:
    async with websockets.connect(url, compression=None, max_queue=None) as ws:
        reader = asyncio.create_task(read_all(ws))
        await asyncio.sleep(rng.uniform(0, PAUSE_S[1]))
        while (now := time.monotonic()) < until:
            await ws.send(MOVE)
            sent[0] += window[0] <= now < window[1]
            await asyncio.sleep(rng.uniform(*PAUSE_S))
        reader.cancel()


async def spectator(url: str, until: float) -> None:
    async with websockets.connect(url, compression=None, max_queue=None) as ws:
        reader = asyncio.create_task(read_all(ws))
        await asyncio.sleep(max(0.0, until - time.monotonic()))
        reader.cancel()


async def read_all(ws: websockets.ClientConnection) -> None:
    async for _message in ws:
        pass


async def main(port: int, games: int, spectators: int, duration: float,
               window: tuple[float, float], first: int, seed: int) -> int:
    rng = random.Random(seed)
    start = time.monotonic()
    until, window = start + duration, (start + window[0], start + window[1])
    sent = [0]
    rooms = [f"ws://127.0.0.1:{port}/ws?room=r{first + n}" for n in range(games)]
    await asyncio.gather(
        *(player(url, until, window, rng, sent) for url in rooms for _seat in (1, 2)),
        *(spectator(rng.choice(rooms), until) for _ in range(spectators)))
    return sent[0]


if __name__ == "__main__":
    port, games, spectators, duration, window_from, window_to, first, seed = sys.argv[1:9]
    print(asyncio.run(main(int(port), int(games), int(spectators), float(duration),
                           (float(window_from), float(window_to)), int(first), int(seed))))
